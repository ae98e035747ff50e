import { type SessionResponse } from '@vireo/contracts';
import { apiRequest } from '../../../lib/api';

/** Exchanges the one-time login token for a session (a 401 here is shown, not signed out). */
export function exchangeLoginToken(token: string): Promise<SessionResponse> {
  return apiRequest<typeof SessionResponse>(`/api/login/token/${encodeURIComponent(token)}`, {
    signOutOnAuthError: false,
  });
}
