import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { BOOKING, BOOKING_LIVE, BOOKING_MSG, BOOKED_STATUSES, type AppointmentStatus } from '@vireo/contracts';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { AuthContext } from '../../platform/access';
import type { SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { appointments, roles, shifts, users } from '../../db/schema';
import type { BookingDeps } from './deps';
import { isManager } from './policy';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { people, recordStatuses, type AppointmentRow } from './repo';
import { onSlotBoundary, slotTimes, zonedTimeToUtc, wallClock } from './time';

export type ShiftRow = typeof shifts.$inferSelect;
type Language = 'EN' | 'DE';

export interface ShiftInput {
  practitioner_id?: string | undefined;
  start_time: number;
  end_time: number;
  services: string[];
  languages?: Language[] | undefined;
}

const UNBOOKED: AppointmentStatus[] = ['AVAILABLE', 'UNAVAILABLE', 'LOCKED'];
const HOUR = 3_600_000;

/** Serialises supply changes of one practitioner across transactions and server processes. */
export async function lockPractitioner(tx: Db, practitionerUserId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shift:${practitionerUserId}`}))`);
}

function validateWindow(deps: BookingDeps, start: Date, end: Date, services: string[]): void {
  const now = deps.clock.now();
  if (!onSlotBoundary(start) || !onSlotBoundary(end)) throw badRequest(BOOKING_MSG.shiftAlignment, { start_time: BOOKING_MSG.shiftAlignment });
  if (end <= start) throw badRequest(BOOKING_MSG.shiftEndBeforeStart, { end_time: BOOKING_MSG.shiftEndBeforeStart });
  if (end.getTime() - start.getTime() > BOOKING.maxShiftHours * HOUR) throw badRequest(BOOKING_MSG.shiftTooLong, { end_time: BOOKING_MSG.shiftTooLong });
  if (end <= now) throw badRequest(BOOKING_MSG.shiftInPast, { end_time: BOOKING_MSG.shiftInPast });
  if (start.getTime() > now.getTime() + BOOKING.shiftHorizonDays * 24 * HOUR) throw badRequest(BOOKING_MSG.shiftTooFar, { start_time: BOOKING_MSG.shiftTooFar });
  for (const service of services) {
    if (!deps.services.get(service)?.hasSlots) throw badRequest(BOOKING_MSG.serviceNotBookable, { services: `${service}: ${BOOKING_MSG.serviceNotBookable}` });
  }
}

async function overlapsAnotherShift(tx: Db, practitionerUserId: string, start: Date, end: Date, exceptId: string | null): Promise<boolean> {
  const rows = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.practitionerUserId, practitionerUserId),
        sql`${shifts.startTime} < ${end.toISOString()}::timestamptz`,
        sql`${shifts.endTime} > ${start.toISOString()}::timestamptz`,
        exceptId ? sql`${shifts.id} <> ${exceptId}` : sql`true`,
      ),
    );
  return rows.length > 0;
}

/**
 * Creates AVAILABLE appointments for the shift's future 20-minute slots, skipping times the
 * practitioner already has an appointment (a claimed one, say) or that the shift already covers.
 */
export async function fillShiftSlots(tx: Db, clock: Clock, shift: ShiftRow): Promise<AppointmentRow[]> {
  const now = clock.now();
  const existing = await tx
    .select({ startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.practitionerUserId, shift.practitionerUserId),
        sql`${appointments.startTime} < ${shift.endTime.toISOString()}::timestamptz`,
        sql`${appointments.endTime} > ${shift.startTime.toISOString()}::timestamptz`,
        sql`${appointments.status} NOT IN ('USER_CANCELLED', 'PROVIDER_CANCELLED')`,
      ),
    );
  const taken = (start: Date, end: Date) => existing.some((e) => e.startTime! < end && e.endTime! > start);
  const slots = slotTimes(shift.startTime, shift.endTime).filter((s) => s.start > now && !taken(s.start, s.end));
  if (slots.length === 0) return [];
  const inserted = await tx
    .insert(appointments)
    .values(
      slots.map((s) => ({
        type: shift.services[0]!,
        status: 'AVAILABLE' as const,
        startTime: s.start,
        endTime: s.end,
        statusLastUpdated: now,
        language: shift.languages[0] ?? 'EN',
        offeredServices: shift.services,
        offeredLanguages: shift.languages,
        shiftId: shift.id,
        practitionerUserId: shift.practitionerUserId,
        createdAt: now,
      })),
    )
    .returning();
  await recordStatuses(tx, inserted.map((r) => r.id), 'AVAILABLE', now, null);
  return inserted;
}

/**
 * Takes a shift's slots outside [start, end) out of supply: unbooked ones are deleted (an open
 * hold on one is lost and its payment will be refused), booked ones become claimable for another
 * practitioner.
 */
async function vacateOutside(tx: Db, clock: Clock, shift: ShiftRow, start: Date | null, end: Date | null, actor: string | null): Promise<{ removed: AppointmentChange[]; detached: AppointmentChange[] }> {
  const outside = start && end ? sql`(${appointments.startTime} < ${start.toISOString()}::timestamptz OR ${appointments.endTime} > ${end.toISOString()}::timestamptz)` : sql`true`;
  const deleted = await tx.delete(appointments).where(and(eq(appointments.shiftId, shift.id), inArray(appointments.status, UNBOOKED), outside)).returning();
  const now = clock.now();
  const detached = await tx
    .update(appointments)
    .set({ practitionerUserId: null, shiftId: null, status: 'CLAIMABLE', claimableSlot: true, statusLastUpdated: now })
    .where(and(eq(appointments.shiftId, shift.id), inArray(appointments.status, ['WAITING', 'CLAIMABLE']), outside))
    .returning();
  await recordStatuses(tx, detached.map((r) => r.id), 'CLAIMABLE', now, actor);
  // Appointments already under way or finished keep their practitioner; they only leave the shift.
  await tx
    .update(appointments)
    .set({ shiftId: null })
    .where(and(eq(appointments.shiftId, shift.id), inArray(appointments.status, [...BOOKED_STATUSES]), outside));
  return {
    // A deleted slot is published with no status: it is gone from every list.
    removed: deleted.map((row) => ({ row: { ...row, status: null }, previousStatus: row.status })),
    detached: detached.map((row) => ({ row, previousStatus: null, previousPractitionerUserId: shift.practitionerUserId })),
  };
}

async function practitionerOrganisation(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ organisationId: roles.organisationId }).from(roles).where(and(eq(roles.userId, userId), eq(roles.name, 'practitioner')));
  return row?.organisationId ?? null;
}

function ownerOf(auth: AuthContext, practitionerId: string | undefined): string {
  const target = practitionerId ?? auth.userId;
  // A practitioner plans only their own shifts; someone else's answers 404 like any record they may not see.
  if (target !== auth.userId && !isManager(auth)) throw notFound();
  return target;
}

async function loadShiftFor(deps: BookingDeps, auth: AuthContext, id: string): Promise<ShiftRow> {
  const [row] = await deps.db.select().from(shifts).where(eq(shifts.id, id));
  if (!row || (row.practitionerUserId !== auth.userId && !isManager(auth))) throw notFound();
  return row;
}

export async function createShift(deps: BookingDeps, caller: SignedInCaller, input: ShiftInput) {
  const { auth } = caller;
  const practitionerUserId = ownerOf(auth, input.practitioner_id);
  const organisationId = await practitionerOrganisation(deps.db, practitionerUserId);
  if (!organisationId) throw badRequest(BOOKING_MSG.notAPractitioner, { practitioner_id: BOOKING_MSG.notAPractitioner });
  const start = new Date(input.start_time * 1000);
  const end = new Date(input.end_time * 1000);
  const services = [...new Set(input.services)];
  validateWindow(deps, start, end, services);
  const shift = await deps.db.transaction(async (tx) => {
    await lockPractitioner(tx, practitionerUserId);
    if (await overlapsAnotherShift(tx, practitionerUserId, start, end, null)) throw conflict(BOOKING_MSG.shiftOverlap);
    const [row] = await tx
      .insert(shifts)
      .values({ practitionerUserId, organisationId, startTime: start, endTime: end, services, languages: [...new Set<Language>(input.languages ?? ['EN'])], createdBy: auth.userId, createdAt: deps.clock.now() })
      .returning();
    if (!row) throw new Error('shift insert returned nothing');
    return { row, created: await fillShiftSlots(tx, deps.clock, row) };
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.created, shift.created.map((slot) => ({ row: slot, previousStatus: null })));
  return (await presentShifts(deps.db, [shift.row]))[0]!;
}

export async function updateShift(deps: BookingDeps, caller: SignedInCaller, id: string, patch: Partial<Omit<ShiftInput, 'practitioner_id'>>) {
  const { auth } = caller;
  const current = await loadShiftFor(deps, auth, id);
  const start = patch.start_time === undefined ? current.startTime : new Date(patch.start_time * 1000);
  const end = patch.end_time === undefined ? current.endTime : new Date(patch.end_time * 1000);
  const services = patch.services ? [...new Set(patch.services)] : current.services;
  const languages = patch.languages ? [...new Set(patch.languages)] : current.languages;
  validateWindow(deps, start, end, services);
  const updated = await deps.db.transaction(async (tx) => {
    await lockPractitioner(tx, current.practitionerUserId);
    if (await overlapsAnotherShift(tx, current.practitionerUserId, start, end, id)) throw conflict(BOOKING_MSG.shiftOverlap);
    const vacated = await vacateOutside(tx, deps.clock, current, start, end, auth.userId);
    const [row] = await tx.update(shifts).set({ startTime: start, endTime: end, services, languages }).where(eq(shifts.id, id)).returning();
    if (!row) throw notFound();
    await tx
      .update(appointments)
      .set({ offeredServices: services, offeredLanguages: languages })
      .where(and(eq(appointments.shiftId, id), inArray(appointments.status, UNBOOKED)));
    return { row, vacated, created: await fillShiftSlots(tx, deps.clock, row) };
  });
  await publishShiftChanges(deps, updated.vacated, updated.created);
  return (await presentShifts(deps.db, [updated.row]))[0]!;
}

export async function removeShift(deps: BookingDeps, caller: SignedInCaller, id: string): Promise<void> {
  const { auth } = caller;
  const current = await loadShiftFor(deps, auth, id);
  const vacated = await deps.db.transaction(async (tx) => {
    await lockPractitioner(tx, current.practitionerUserId);
    const outside = await vacateOutside(tx, deps.clock, current, null, null, auth.userId);
    await tx.delete(shifts).where(eq(shifts.id, id));
    return outside;
  });
  await publishShiftChanges(deps, vacated, []);
}

async function publishShiftChanges(deps: BookingDeps, vacated: { removed: AppointmentChange[]; detached: AppointmentChange[] }, created: AppointmentRow[]): Promise<void> {
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, vacated.removed);
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.released, vacated.detached);
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.created, created.map((slot) => ({ row: slot, previousStatus: null })));
}

export async function listShifts(deps: BookingDeps, caller: SignedInCaller, range: { from: Date; to: Date; practitionerId?: string | undefined }) {
  const { auth } = caller;
  const practitionerId = isManager(auth) ? range.practitionerId : auth.userId;
  const rows = await deps.db
    .select()
    .from(shifts)
    .where(and(lt(shifts.startTime, range.to), gte(shifts.endTime, range.from), practitionerId ? eq(shifts.practitionerUserId, practitionerId) : sql`true`))
    .orderBy(asc(shifts.startTime))
    .limit(2000);
  return presentShifts(deps.db, rows);
}

async function presentShifts(db: Db, rows: ShiftRow[]) {
  if (rows.length === 0) return [];
  const names = await people(db, rows.map((r) => r.practitionerUserId));
  const counts = await db
    .select({
      shiftId: appointments.shiftId,
      slots: sql<number>`count(*)::int`,
      booked: sql<number>`count(*) FILTER (WHERE ${appointments.status} NOT IN ('AVAILABLE', 'UNAVAILABLE', 'LOCKED'))::int`,
    })
    .from(appointments)
    .where(inArray(appointments.shiftId, rows.map((r) => r.id)))
    .groupBy(appointments.shiftId);
  const countBy = new Map(counts.map((c) => [c.shiftId, c]));
  return rows.map((r) => ({
    id: r.id,
    practitioner_id: r.practitionerUserId,
    practitioner_name: names.get(r.practitionerUserId)?.name ?? '',
    start_time: epochSeconds(r.startTime),
    end_time: epochSeconds(r.endTime),
    services: r.services,
    languages: r.languages as Language[],
    slots: countBy.get(r.id)?.slots ?? 0,
    booked: countBy.get(r.id)?.booked ?? 0,
  }));
}

/** The demo rota: each day 08:00–20:00 London time. */
export const ROLLING_SHIFT_HOURS = { start: 8, end: 20 } as const;

/**
 * Keeps a practitioner's rota filled for the next `days` London days (today included), adding a
 * shift for each day that has none. Idempotent: the daily job and every start call it. Answers
 * how many shifts it added and their slots (for the caller to publish).
 */
export async function topUpRollingShifts(
  db: Db,
  clock: Clock,
  input: { email: string; days: number; services: string[]; languages: Language[] },
): Promise<{ shifts: number; slots: AppointmentRow[] }> {
  const added = { shifts: 0, slots: [] as AppointmentRow[] };
  const [practitioner] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!practitioner) return added;
  const organisationId = await practitionerOrganisation(db, practitioner.id);
  if (!organisationId) return added;
  const today = wallClock(clock.now());
  for (let offset = 0; offset < input.days; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const start = zonedTimeToUtc(y, m, d, ROLLING_SHIFT_HOURS.start);
    const end = zonedTimeToUtc(y, m, d, ROLLING_SHIFT_HOURS.end);
    const slots = await db.transaction(async (tx) => {
      await lockPractitioner(tx, practitioner.id);
      if (await overlapsAnotherShift(tx, practitioner.id, start, end, null)) return null;
      const [row] = await tx
        .insert(shifts)
        .values({ practitionerUserId: practitioner.id, organisationId, startTime: start, endTime: end, services: input.services, languages: input.languages, createdBy: null, createdAt: clock.now() })
        .returning();
      return fillShiftSlots(tx, clock, row!);
    });
    if (!slots) continue;
    added.shifts++;
    added.slots.push(...slots);
  }
  return added;
}
