/** video.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** The spec's identities: the practitioner's side ("nurse") and the customer's ("patient"). */
export const VIDEO_IDENTITIES = ['nurse', 'patient'] as const;

/** A token lives this long; the patient's cookie as long (spec 2 §9: video cookie max age 3600 s). */
export const VIDEO_TOKEN_SECONDS = 3600;
/** The cookie holding the patient's video token (spec 2 §7). */
export const VIDEO_TOKEN_COOKIE = 'vireo_video_token';
/** The practitioner leaving the page becomes PRACTITIONER_LEFT after this long (spec 2 §9), unless on hold or completed. */
export const PRACTITIONER_LEAVE_DELAY_MS = 2_000;
/** Where the join page leaves the chosen devices for the call page. */
export const VIDEO_DEVICES_STORAGE_KEY = 'vireo.video.devices';

// ---- Signalling over the live socket ----

/** Largest SDP accepted (a browser's offer with audio and video is a few kB). */
export const MAX_SDP_CHARS = 24_000;

export const CALL_ERRORS = ['invalid', 'full', 'not_joined', 'not_allowed', 'status'] as const;
export const CALL_PEER_EVENTS = ['joined', 'left', 'paused', 'ended'] as const;
/**
 * Who is in a room: its two seats, the practitioner of record and the customer, and a shift
 * manager listening in as a supervisor (never one of the seats; their leaving changes no status).
 */
export const CALL_ROLES = ['practitioner', 'patient', 'supervisor'] as const;
/** Why a socket is no longer in its call. */
export const CALL_LEFT_REASONS = ['hangup', 'paused', 'left', 'replaced', 'taken_over'] as const;

/** Spec 2 §4.1: the practitioner's end-call warning while a booking user has neither result nor sample_taken. */
export const CALL_END_WARNING = 'You have not submitted results for all patients.';

export const CALL_MSG = {
  invalid: 'This video link is not valid or has expired.',
  full: 'This call already has its two participants.',
  supervisorPresent: 'Another supervisor is already in this call.',
  notJoined: 'Join the call first.',
  notAllowed: 'Only the practitioner can do that.',
  statusFailed: 'The appointment status could not be changed.',
} as const;
