import { type SuccessOnly, type VoiceCall, type VoiceTokenResponse, type CallSignal, type VoiceVia } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';

/** POST /api/voice/token: readies the practitioner's call widget. */
export const fetchVoiceDevice = () => apiRequest<typeof VoiceTokenResponse>('/api/voice/token', { method: 'POST', body: { identity: 'practitioner' } });

/** Rings a booking user (their Vireo page, or their phone); a 401 means the device expired (fetch a new one), not that the session did. */
export const dialVoiceCall = (token: string, bookingUserId: string, via: VoiceVia) =>
  apiRequest<typeof VoiceCall>('/api/voice/calls', { method: 'POST', body: { token, booking_user_id: bookingUserId, via }, signOutOnAuthError: false });

export const answerVoiceCall = (id: string) => apiRequest<typeof VoiceCall>(`/api/voice/calls/${id}/answer`, { method: 'POST', body: {} });

export const endVoiceCall = (id: string, reason: 'hangup' | 'no_answer' = 'hangup') => apiRequest<typeof VoiceCall>(`/api/voice/calls/${id}/end`, { method: 'POST', body: { reason } });

export const sendVoiceSignal = (id: string, signal: CallSignal) => apiRequest<typeof SuccessOnly>(`/api/voice/calls/${id}/signal`, { method: 'POST', body: { signal } });
