import { BOOKING, BOOKING_MSG, type Slot } from '@vireo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { clearSessionValue, readSessionValue, writeSessionValue } from '../../lib/sessionValue';
import { holdSlot, releaseSlot, releaseSlotOnExit, type CallContext } from './api';

export interface SlotHold {
  /** The slot held for this visitor, if any. */
  slot: Slot | null;
  /** The holder's token: the server accepts payment for the slot only with it. */
  token: string | null;
  /** Whole seconds left on the hold (null while nothing is held). */
  secondsLeft: number | null;
  pending: boolean;
  /** A hold kept from before a reload is being taken up again. */
  restoring: boolean;
  /** Why the last hold failed, as the server said it. */
  error: string | null;
  /** Holds the slot, moving an existing hold onto it in one server call. */
  choose: (slot: Slot) => Promise<boolean>;
  /** Gives the held slot back (another date chosen, or the visitor left the step). */
  release: () => void;
  /** The booking used the hold: stop counting without releasing anything. */
  complete: () => void;
}

/** Where the hold's end lies on this browser's clock, never further than the full hold period. */
function localExpiry(holdExpiresAt: number): number {
  return Math.min(holdExpiresAt * 1000, Date.now() + BOOKING.holdMinutes * 60_000);
}

/** What a tab keeps of its hold, so a reload takes the same hold up again. */
interface KeptHold {
  slot: Slot;
  token: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * A kept hold as this tab wrote it, or undefined (another shape, or storage edited by hand). Checked by hand, not
 * with contracts' Slot schema: the wizard's first step then loads no zod.
 */
export function readKeptHold(value: unknown): KeptHold | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { slot, token } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof slot !== 'object' || slot === null) return undefined;
  const { id, cost, start_time, end_time } = slot as Record<string, unknown>;
  if (typeof id !== 'string' || !UUID.test(id) || !isWhole(cost) || !isWhole(start_time) || !isWhole(end_time)) return undefined;
  return { slot: { id, cost, start_time, end_time }, token };
}

/**
 * The slot hold of spec 2 §4.2, kept on the server: choosing a slot holds it (LOCKED) for the
 * visitor, choosing another moves the hold, and at zero the hold is dropped and `onExpired` runs
 * so the wizard can return to the slot step; closing the page gives the hold back. A failed release is not shown: the server lets the
 * hold lapse on its own. With `storageKey` the slot and the hold token are kept for the session
 * (sessionStorage): after a reload the same token holds the same slot again, and the server answers
 * the run's own end, so the countdown goes on where it was.
 */
export function useSlotHold(context: CallContext, onExpired: () => void, storageKey?: string): SlotHold {
  const [kept] = useState(() => (storageKey ? readKeptHold(readSessionValue(storageKey)) : undefined));
  const [slot, setSlot] = useState<Slot | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(false);
  const [restoring, setRestoring] = useState(kept !== undefined);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ slot, token, context, onExpired });
  useEffect(() => {
    latest.current = { slot, token, context, onExpired };
  });

  const drop = useCallback(() => {
    const { slot: held, token: holder, context: calls } = latest.current;
    setSlot(null);
    setExpiresAt(null);
    if (held && holder) {
      // Nothing to tell the visitor: an unreleased hold lapses on the server by itself.
      releaseSlot(held.id, holder, calls).catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    const leave = () => {
      const { slot: held, token: holder } = latest.current;
      if (held && holder) releaseSlotOnExit(held.id, holder);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, []);

  useEffect(() => {
    if (expiresAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= expiresAt) {
        drop();
        latest.current.onExpired();
      }
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [expiresAt, drop]);

  useEffect(() => {
    if (!storageKey || restoring) return;
    if (slot && token) writeSessionValue(storageKey, { slot, token });
    else clearSessionValue(storageKey);
  }, [storageKey, restoring, slot, token]);

  /** Holds `next` (with the run's token when there is one) and shows it held until the end the server answers. */
  const take = useCallback(
    (next: Slot, holderToken: string | undefined) =>
      holdSlot(next.id, holderToken, latest.current.context).then((answer) => {
        setSlot(next);
        setToken(answer.hold_token ?? null);
        setExpiresAt(answer.hold_expires_at ? localExpiry(answer.hold_expires_at) : null);
      }),
    [],
  );

  useEffect(() => {
    if (!kept) return;
    // The page's own release on leaving went first; the run's token takes the slot back until the run's end.
    take(kept.slot, kept.token)
      .catch(() => setError(BOOKING_MSG.slotTaken))
      .finally(() => setRestoring(false));
  }, [kept, take]);

  const choose = useCallback(async (next: Slot) => {
    setPending(true);
    setError(null);
    try {
      await take(next, latest.current.token ?? undefined);
      return true;
    } catch (reason) {
      // A refused hold leaves the previous one in place on the server, so the selection stays too.
      setError(reason instanceof ApiError && reason.status === 409 ? BOOKING_MSG.slotTaken : reason instanceof Error ? reason.message : BOOKING_MSG.paymentFailed);
      return false;
    } finally {
      setPending(false);
    }
  }, [take]);

  const complete = useCallback(() => {
    latest.current.slot = null;
    setSlot(null);
    setExpiresAt(null);
  }, []);

  const secondsLeft = expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return { slot, token, secondsLeft, pending, restoring, error, choose, release: drop, complete };
}
