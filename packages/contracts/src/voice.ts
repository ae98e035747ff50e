import { z } from 'zod';
import { Uuid } from './validation';
import { CallSignal, IceServer } from './video';
import { VOICE_VIAS, VOICE_CALL_STATUSES } from './voice-constants';

export * from './voice-constants';

/**
 * The voice service (spec 2 §2.4, §4.3, §7): the practitioner's call widget phones a booking user.
 * `POST /api/voice/token` readies the widget's device. Two providers place calls:
 * - `app` (built in): rings the customer's open Vireo pages, an in-app audio call over WebRTC answered
 *   in the browser. The two browsers exchange their offer, answer and candidates through
 *   `POST /api/voice/calls/{id}/signal`, delivered as live events on the `voice` topic; media goes peer to peer.
 * - `phone` (when a programmable-voice provider is configured): the provider rings the practitioner's
 *   own phone and, once answered, connects the booking user's number (click-to-call); it reports the
 *   call's progress to `POST /api/voice/phone/status`, which the widget hears on the `voice` topic.
 * Nothing is recorded.
 */

export const VoiceTokenRequest = z.object({ identity: z.string().trim().min(1).max(100) });
export type VoiceTokenRequest = z.infer<typeof VoiceTokenRequest>;

export const VoiceTokenResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  identity: z.string(),
  /** Epoch seconds. */
  expires_at: z.number().int(),
  /** `in_app`: calls ring the customer's open Vireo page. */
  provider: z.literal('in_app'),
  /** Whether telephone numbers can be dialled (a programmable-voice provider is configured): `via: 'phone'`. */
  phone_calls: z.boolean(),
  /** The practitioner's own number, which a phone call rings first; null when their profile has none. */
  own_phone: z.string().nullable(),
  ice_servers: z.array(IceServer),
});
export type VoiceTokenResponse = z.infer<typeof VoiceTokenResponse>;
export type VoiceVia = (typeof VOICE_VIAS)[number];

/** `via`: `app` rings the customer's open Vireo page; `phone` dials the booking user's number through the provider. */
export const VoiceDialRequest = z.object({ token: z.string().min(20).max(100), booking_user_id: Uuid, via: z.enum(VOICE_VIAS).default('app') });
export type VoiceDialRequest = z.input<typeof VoiceDialRequest>;
export type VoiceCallStatus = (typeof VOICE_CALL_STATUSES)[number];

export const VoiceCall = z.object({
  id: Uuid,
  status: z.enum(VOICE_CALL_STATUSES),
  via: z.enum(VOICE_VIAS),
  booking_user_id: Uuid,
  /** Epoch seconds. */
  created_at: z.number().int(),
  answered_at: z.number().int().nullable(),
  ended_at: z.number().int().nullable(),
  ice_servers: z.array(IceServer),
});
export type VoiceCall = z.infer<typeof VoiceCall>;

export const VoiceSignalRequest = z.object({ signal: CallSignal });
export type VoiceSignalRequest = z.infer<typeof VoiceSignalRequest>;

/** Why a party ends the call: hang up (or decline, for the customer), or the caller giving up unanswered. */
export const VoiceEndRequest = z.object({ reason: z.enum(['hangup', 'no_answer']).default('hangup') });
export type VoiceEndRequest = z.input<typeof VoiceEndRequest>;

/**
 * The `voice` topic's events, addressed to the call's two users: `voice.ringing` (to the customer,
 * with the caller's name), `voice.answered`, `voice.signal` (to the other party), `voice.ended`.
 */
export const VoiceLiveData = z.object({
  call_id: Uuid,
  caller_name: z.string().optional(),
  signal: /* @__PURE__ */ CallSignal.optional(),
  status: z.enum(VOICE_CALL_STATUSES).optional(),
});
export type VoiceLiveData = z.infer<typeof VoiceLiveData>;
