import { type VideoTokenResponse, type VideoIdentity } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { ApiError } from '../../lib/apiError';
import { CallRefusal } from './callChannel';

/**
 * POST /api/video/token for this page's participant: the practitioner's side with the session, the
 * customer with their link token (x-short-token) or their own session.
 */
export async function fetchVideoToken(appointmentId: string, identity: VideoIdentity, shortToken: string | null): Promise<string> {
  const answer = await apiRequest<typeof VideoTokenResponse>('/api/video/token', {
    method: 'POST',
    body: { identity, room: appointmentId },
    signOutOnAuthError: identity === 'nurse',
    headers: shortToken ? { 'x-short-token': shortToken } : {},
  });
  return answer.token;
}

/**
 * What a failed token request means for the call page: the server's final word (not this user's
 * appointment: 404, shown as `notYours`; forbidden 403; its call is over 409; the link expired 410)
 * as a `CallRefusal`, so the page stops asking and says why; anything else as it was (retried).
 */
export function tokenRefusal(error: unknown, notYours: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 404) return new CallRefusal(notYours);
  if (error.status === 403 || error.status === 409 || error.status === 410) return new CallRefusal(error.message);
  return error;
}
