import { and, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING, BOOKING_LIVE, BOOKING_MSG } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { defineJob } from '../../platform/jobs';
import { hashToken, newToken } from '../../platform/tokens';
import { appointments, slotHolds, users } from '../../db/schema';
import type { Caller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { findAppointment, recordStatus, recordStatuses, type AppointmentRow } from './repo';

export interface Hold {
  token: string;
  expiresAt: Date;
}

/**
 * The slot's practitioner has set their password: a practitioner invited but not yet activated
 * may be given shifts, but their time is not offered (listed or held) until they can take it.
 */
export function practitionerActivated(): SQL {
  return sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${appointments.practitionerUserId} AND ${users.passwordHash} IS NOT NULL)`;
}

/** The earliest start a slot may have to be held or booked now (same-day slots need 30 minutes' notice). */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING.sameDayLeadMinutes * 60_000);
}

/**
 * A cancelled appointment's time back in supply: a fresh AVAILABLE slot of the same practitioner,
 * shift and services, when that time can still be booked; null otherwise.
 */
export async function returnTimeToSupply(tx: Db, row: AppointmentRow, now: Date, actorUserId: string | null): Promise<AppointmentChange | null> {
  if (!row.practitionerUserId || !row.startTime || !row.endTime || row.startTime <= earliestBookableStart(now)) return null;
  const [slot] = await tx
    .insert(appointments)
    .values({
      type: row.type,
      status: 'AVAILABLE',
      startTime: row.startTime,
      endTime: row.endTime,
      statusLastUpdated: now,
      language: row.language,
      offeredServices: row.offeredServices,
      offeredLanguages: row.offeredLanguages,
      shiftId: row.shiftId,
      practitionerUserId: row.practitionerUserId,
      createdAt: now,
    })
    .returning();
  await recordStatus(tx, slot!.id, 'AVAILABLE', now, actorUserId);
  return { row: slot!, previousStatus: null };
}

type RunRow = typeof slotHolds.$inferSelect;

/** A run goes on while its period lasts and its slot has not been booked (the booking used the hold). */
const SLOT_STILL_OPEN = sql<boolean>`(${appointments.status} IS NULL OR ${appointments.status} IN ('AVAILABLE', 'LOCKED', 'UNAVAILABLE'))`;

/** Whose run a hold joins: a signed-in session's own, or the run of the token an anonymous caller sends. */
function runOwner(caller: Caller, holderToken: string | undefined): SQL | undefined {
  if (caller.auth) return eq(slotHolds.sessionId, caller.auth.sessionId);
  return holderToken ? eq(slotHolds.tokenHash, hashToken(holderToken)) : undefined;
}

/** The run and whether it goes on; `forUpdate` locks it for the caller's transaction. */
async function findRun(db: Db, owner: SQL, now: Date, forUpdate: boolean): Promise<{ run: RunRow; live: boolean } | undefined> {
  const query = db.select({ run: slotHolds, slotOpen: SLOT_STILL_OPEN }).from(slotHolds).leftJoin(appointments, eq(appointments.id, slotHolds.appointmentId)).where(owner);
  const [found] = forUpdate ? await query.for('update', { of: slotHolds }) : await query;
  return found && { run: found.run, live: found.slotOpen && found.run.expiresAt > now };
}

/** Starting a run is what the per-address limit counts: moving a hold within a run starts none. */
async function limitNewHolds(deps: BookingDeps, caller: Caller): Promise<void> {
  if (!caller.origin) return;
  const count = await deps.limiter.hit(`booking-hold:${caller.origin.address}`, BOOKING.holdMinutes * 60);
  if (count > deps.settings.holdsPerAddress) throw new AppError(429, BOOKING_MSG.tooManyHolds);
}

/** The run a hold joins: its token and end, and the hash its earlier hold is under. */
interface JoinedRun {
  /** Null for a new anonymous run: it is written only once its first hold succeeds. */
  id: string | null;
  token: string;
  tokenHash: string;
  startedAt: Date;
  expiresAt: Date;
  previousHash: string | null;
}

/**
 * The run this hold joins, inside the hold's transaction: the one that goes on, or a new one of
 * the full hold period. A session that did not send its token gets a new one (only hashes are
 * stored), and so does an anonymous caller whose run is over.
 */
async function joinRun(deps: BookingDeps, tx: Db, caller: Caller, holderToken: string | undefined, now: Date): Promise<JoinedRun> {
  const token = newToken();
  const fresh = { tokenHash: hashToken(token), startedAt: now, expiresAt: new Date(now.getTime() + deps.settings.holdSeconds * 1000) };
  const joined = (run: RunRow, carried: string, previousHash: string | null): JoinedRun => ({ id: run.id, token: carried, tokenHash: run.tokenHash, startedAt: run.startedAt, expiresAt: run.expiresAt, previousHash });
  if (caller.auth) {
    // One row per session: concurrent first holds of one session queue on it instead of starting two runs.
    await tx.insert(slotHolds).values({ ...fresh, sessionId: caller.auth.sessionId }).onConflictDoNothing({ target: slotHolds.sessionId });
    const { run, live } = (await findRun(tx, eq(slotHolds.sessionId, caller.auth.sessionId), now, true))!;
    if (run.tokenHash === fresh.tokenHash) return joined(run, token, null);
    if (live && holderToken && hashToken(holderToken) === run.tokenHash) return joined(run, holderToken, run.tokenHash);
    const [renewed] = await tx.update(slotHolds).set(live ? { tokenHash: fresh.tokenHash } : fresh).where(eq(slotHolds.id, run.id)).returning();
    return joined(renewed!, token, run.tokenHash);
  }
  if (holderToken) {
    const found = await findRun(tx, eq(slotHolds.tokenHash, hashToken(holderToken)), now, true);
    if (found?.live) return joined(found.run, holderToken, found.run.tokenHash);
  }
  return { id: null, token, ...fresh, previousHash: null };
}

/**
 * Holds a slot for the caller: AVAILABLE (or a lapsed hold) becomes LOCKED with the holder's
 * token until the end of the holder's run, 30 minutes from its first hold. One conditional UPDATE
 * decides the winner, so of any number of concurrent attempts exactly one succeeds and the rest
 * answer 409. A holder holds one slot at a time: the run's previous hold is released in the same
 * transaction (switching slot or date). A new run counts against the address's limit (429).
 */
export async function holdSlot(deps: BookingDeps, caller: Caller, slotId: string, holderToken?: string): Promise<Hold> {
  const now = deps.clock.now();
  const owner = runOwner(caller, holderToken);
  const ongoing = owner && (await findRun(deps.db, owner, now, false));
  if (!ongoing?.live) await limitNewHolds(deps, caller);
  const outcome = await deps.db.transaction(async (tx) => {
    const run = await joinRun(deps, tx, caller, holderToken, now);
    const { tokenHash, previousHash } = run;
    const changes: AppointmentChange[] = [];
    if (previousHash) {
      const released = await tx
        .update(appointments)
        .set({ status: 'AVAILABLE', holdTokenHash: null, holdExpiresAt: null, statusLastUpdated: now })
        .where(and(eq(appointments.holdTokenHash, previousHash), eq(appointments.status, 'LOCKED'), ne(appointments.id, slotId)))
        .returning();
      await recordStatuses(tx, released.map((r) => r.id), 'AVAILABLE', now, caller.auth?.userId ?? null);
      changes.push(...released.map((r) => ({ row: r, previousStatus: 'LOCKED' as const })));
    }
    const ownHashes = [...new Set([tokenHash, previousHash ?? tokenHash])];
    const [row] = await tx
      .update(appointments)
      .set({ status: 'LOCKED', holdTokenHash: tokenHash, holdExpiresAt: run.expiresAt, statusLastUpdated: now })
      .where(
        and(
          eq(appointments.id, slotId),
          sql`${appointments.startTime} > ${earliestBookableStart(now).toISOString()}::timestamptz`,
          practitionerActivated(),
          sql`(${appointments.status} = 'AVAILABLE' OR (${appointments.status} = 'LOCKED' AND (${appointments.holdExpiresAt} <= ${now.toISOString()}::timestamptz OR ${inArray(appointments.holdTokenHash, ownHashes)})))`,
        ),
      )
      .returning();
    // Throwing inside the transaction rolls back the release of the previous hold and the run as well.
    if (!row) throw (await findAppointment(tx, slotId)) ? conflict(BOOKING_MSG.slotTaken) : notFound();
    if (run.id) await tx.update(slotHolds).set({ appointmentId: row.id }).where(eq(slotHolds.id, run.id));
    else await tx.insert(slotHolds).values({ tokenHash, startedAt: run.startedAt, expiresAt: run.expiresAt, appointmentId: row.id });
    await recordStatus(tx, row.id, 'LOCKED', now, caller.auth?.userId ?? null);
    // AVAILABLE or a lapsed hold: the conditional UPDATE does not say which, and no reader needs it.
    changes.push({ row, previousStatus: null });
    return { changes, hold: { token: run.token, expiresAt: run.expiresAt } };
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.held, outcome.changes);
  await scheduleHoldExpiry(deps, outcome.hold.expiresAt);
  return outcome.hold;
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
 * Returns every lapsed hold to AVAILABLE and forgets the lapsed runs. The pg-boss job runs it at each hold's expiry and every
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
    await tx.delete(slotHolds).where(lte(slotHolds.expiresAt, now));
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
