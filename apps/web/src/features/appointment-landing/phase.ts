import { BOOKING_MSG } from '@vireo/contracts';
import { ApiError } from '../../lib/apiError';

/** Spec 2 §9: the landing page shows only the appointment's details while its start is more than 30 minutes away. */
export const INFO_ONLY_BEFORE_SECONDS = 30 * 60;
/** Spec 2 §9: after 180 seconds of waiting past the start the customer reads that the practitioner is running late. */
export const LATE_AFTER_SECONDS = 180;

/**
 * What the landing page shows at `nowMs` for an appointment starting at `startSeconds`:
 * `early` the details only; `check` the device check and, once ready, the wait. `skipTime`
 * (the link's `skiptime=true`) goes to the device check whatever the time.
 */
export function landingPhase(startSeconds: number, nowMs: number, skipTime: boolean): 'early' | 'check' {
  if (skipTime) return 'check';
  return startSeconds * 1000 - nowMs > INFO_ONLY_BEFORE_SECONDS * 1000 ? 'early' : 'check';
}

export type Waiting = { kind: 'countdown'; seconds: number } | { kind: 'starting' } | { kind: 'late' };

/** Before the start a countdown; then starting; 180 seconds past the start, late. */
export function waitingState(startSeconds: number, nowMs: number): Waiting {
  const seconds = startSeconds - nowMs / 1000;
  if (seconds > 0) return { kind: 'countdown', seconds };
  return -seconds >= LATE_AFTER_SECONDS ? { kind: 'late' } : { kind: 'starting' };
}

/**
 * Why the landing page offers no way in: `completed` (the consultation is over: what happens next),
 * `expired` (its time is over without it being completed or cancelled), else `cancelled` — a
 * cancelled appointment, and, as spec 2 §4.1 says, a missing or wrong link and a failed fetch. The
 * server refuses an over appointment's link with 410 and says why in its message.
 */
export function closedReason(status: string | null | undefined, error: unknown): 'completed' | 'expired' | 'cancelled' {
  if (status === 'COMPLETED') return 'completed';
  if (!(error instanceof ApiError) || error.status !== 410) return 'cancelled';
  if (error.message === BOOKING_MSG.callCompleted) return 'completed';
  return error.message === BOOKING_MSG.linkExpired ? 'expired' : 'cancelled';
}

/** Whether a `skiptime` query value asks to skip the time rules. */
export const skipsTime = (value: string | null): boolean => value === 'true' || value === '1';
