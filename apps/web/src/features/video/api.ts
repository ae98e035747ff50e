import { type VideoTokenResponse, type VideoIdentity } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';

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
