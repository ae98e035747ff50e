import { useQuery } from '@tanstack/react-query';
import { type SessionResponse, type SuccessOnly } from '@vireo/contracts';
import { createContext, useContext } from 'react';
import { apiRequest } from './api';
import { LOGIN_PATH } from './config';
import { hardNavigate } from './navigation';
import { clearStorage, getAuthToken } from './storage';

export const SESSION_QUERY_KEY = ['session'] as const;

function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<typeof SessionResponse>('/api/login/session', { signal });
}

/** The signed-in session; the query only runs while a token is stored. */
export function useSession() {
  const hasToken = getAuthToken() !== null;
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    enabled: hasToken,
    staleTime: 5 * 60_000,
  });
  return { hasToken, ...query };
}

/** Provided by the route gate around every protected page. */
export const SessionContext = createContext<SessionResponse | null>(null);

/** The session of a protected page (the route gate guarantees there is one). */
export function useCurrentSession(): SessionResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentSession is only available on protected pages');
  return session;
}

/** Revokes the session (a failure is ignored), clears storage and goes to /login. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<typeof SuccessOnly>('/api/login/logout', { method: 'POST', signOutOnAuthError: false });
  } catch {
    // The session may already be gone; signing out locally is what matters.
  }
  clearStorage();
  hardNavigate(LOGIN_PATH);
}
