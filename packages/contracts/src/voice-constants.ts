/** voice.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** A device token lives this long; the widget fetches a new one before it runs out. */
export const VOICE_TOKEN_SECONDS = 3600;
/** A call not answered within this time is missed (the caller's widget gives up; the server sweeps). */
export const VOICE_RING_SECONDS = 30;

export const VOICE_VIAS = ['app', 'phone'] as const;

/** `failed`: the phone provider could not place or connect the call. */
export const VOICE_CALL_STATUSES = ['ringing', 'answered', 'ended', 'rejected', 'missed', 'cancelled', 'failed'] as const;

export const VOICE_MSG = {
  deviceExpired: 'Your call device has expired. Reload the page.',
  noAccount: 'This customer has no Vireo account to ring. Use the alternative video link instead.',
  over: 'This call has ended.',
  answeredElsewhere: 'This call was answered on another page.',
  noPhoneProvider: 'Phone calls need a voice provider. Ring the customer’s open Vireo page instead.',
  noCustomerPhone: 'This person has no phone number to call.',
  noOwnPhone: 'Add your own phone number to your profile: a phone call rings you first, then connects the customer.',
  phoneFailed: 'The phone call could not be placed. Try again, or ring the customer’s open Vireo page.',
  badSignature: 'The voice provider’s signature does not match.',
} as const;
