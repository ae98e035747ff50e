import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING, BOOKING_LIVE, BOOKING_MSG } from '@vireo/contracts';
import { conflict, notFound } from '../../platform/errors';
import { defineJob } from '../../platform/jobs';
import { hashToken, newToken } from '../../platform/tokens';
import { appointments } from '../../db/schema';
import type { BookingDeps, Caller } from './deps';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { findAppointment, recordStatus, recordStatuses } from './repo';

export interface Hold {
  token: string;
  expiresAt: Date;
}

/** The earliest start a slot may have to be held or booked now (same-day slots need 30 minutes' notice). */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING.sameDayLeadMinutes * 60_000);
}

/**
 * Holds a slot for the caller: AVAILABLE (or a lapsed hold) becomes LOCKED with the holder's
 * token for the hold period. One conditional UPDATE decides the winner, so of any number of
 * concurrent attempts exactly one succeeds and the rest answer 409. Given the holder's token, the
 * holder's previous hold is released in the same transaction (switching slot or date).
 */
export async function holdSlot(deps: BookingDeps, caller: Caller, slotId: string, holderToken?: string): Promise<Hold> {
  const token = holderToken ?? newToken();
  const tokenHash = hashToken(token);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.settings.holdSeconds * 1000);
  const changes = await deps.db.transaction(async (tx): Promise<AppointmentChange[]> => {
    const previous: AppointmentChange[] = [];
    if (holderToken) {
      const released = await tx
        .update(appointments)
        .set({ status: 'AVAILABLE', holdTokenHash: null, holdExpiresAt: null, statusLastUpdated: now })
        .where(and(eq(appointments.holdTokenHash, tokenHash), eq(appointments.status, 'LOCKED'), ne(appointments.id, slotId)))
        .returning();
      await recordStatuses(tx, released.map((r) => r.id), 'AVAILABLE', now, caller.auth?.userId ?? null);
      previous.push(...released.map((r) => ({ row: r, previousStatus: 'LOCKED' as const })));
    }
    const [row] = await tx
      .update(appointments)
      .set({ status: 'LOCKED', holdTokenHash: tokenHash, holdExpiresAt: expiresAt, statusLastUpdated: now })
      .where(
        and(
          eq(appointments.id, slotId),
          sql`${appointments.startTime} > ${earliestBookableStart(now).toISOString()}::timestamptz`,
          sql`(${appointments.status} = 'AVAILABLE' OR (${appointments.status} = 'LOCKED' AND (${appointments.holdExpiresAt} <= ${now.toISOString()}::timestamptz OR ${appointments.holdTokenHash} = ${tokenHash})))`,
        ),
      )
      .returning();
    // Throwing inside the transaction rolls back the release of the previous hold as well.
    if (!row) throw (await findAppointment(tx, slotId)) ? conflict(BOOKING_MSG.slotTaken) : notFound();
    await recordStatus(tx, row.id, 'LOCKED', now, caller.auth?.userId ?? null);
    // AVAILABLE or a lapsed hold: the conditional UPDATE does not say which, and no reader needs it.
    return [...previous, { row, previousStatus: null }];
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.held, changes);
  await scheduleHoldExpiry(deps, expiresAt);
  return { token, expiresAt };
}

/** The holder gives a slot back (picked another, or the countdown reached zero). */
export async function releaseHold(deps: BookingDeps, caller: Caller, slotId: string, holderToken: string | undefined): Promise<void> {
  const now = deps.clock.now();
  const released = await deps.db.transaction(async (tx) => {
    if (!holderToken) return null;
    const [row] = await tx
      .update(appointments)
      .set({ status: 'AVAILABLE', holdTokenHash: null, holdExpiresAt: null, statusLastUpdated: now })
      .where(and(eq(appointments.id, slotId), eq(appointments.status, 'LOCKED'), eq(appointments.holdTokenHash, hashToken(holderToken))))
      .returning();
    if (row) await recordStatus(tx, row.id, 'AVAILABLE', now, caller.auth?.userId ?? null);
    return row ?? null;
  });
  if (released) {
    await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.held, [{ row: released, previousStatus: 'LOCKED' }]);
    return;
  }
  const current = await findAppointment(deps.db, slotId);
  if (!current) throw notFound();
  // Already back in supply (it lapsed and the job released it): releasing again changes nothing.
  if (current.status === 'AVAILABLE') return;
  throw conflict(BOOKING_MSG.holdNotYours);
}

/**
 * Returns every lapsed hold to AVAILABLE. The pg-boss job runs it at each hold's expiry and every
 * minute; nothing depends on it running on time, because holding and paying compare the expiry
 * with the clock themselves.
 */
export async function releaseExpiredHolds(deps: Pick<BookingDeps, 'db' | 'clock' | 'live'>): Promise<number> {
  const now = deps.clock.now();
  const released = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(appointments)
      .set({ status: 'AVAILABLE', holdTokenHash: null, holdExpiresAt: null, statusLastUpdated: now })
      .where(and(eq(appointments.status, 'LOCKED'), lte(appointments.holdExpiresAt, now)))
      .returning();
    await recordStatuses(tx, rows.map((r) => r.id), 'AVAILABLE', now, null);
    return rows;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.held, released.map((row) => ({ row, previousStatus: 'LOCKED' as const })));
  return released.length;
}

/** Hold expiry: a job at each hold's expiry plus a sweep every minute. */
export const RELEASE_EXPIRED_HOLDS = defineJob({
  name: 'booking.release-expired-holds',
  schema: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  run: async (_data, deps: BookingDeps) => {
    await releaseExpiredHolds(deps);
  },
});

async function scheduleHoldExpiry(deps: BookingDeps, expiresAt: Date): Promise<void> {
  // One job per second of expiry is enough: the handler releases every hold lapsed by then.
  const second = Math.ceil(expiresAt.getTime() / 1000);
  try {
    await deps.jobs.send(RELEASE_EXPIRED_HOLDS, {}, { startAfter: new Date(second * 1000 + 500), singletonKey: `hold-expiry-${second}` });
  } catch (error) {
    // The hold stands; the every-minute sweep releases it instead.
    process.emitWarning(`could not schedule a hold expiry: ${(error as Error).message}`);
  }
}
