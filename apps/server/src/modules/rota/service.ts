import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  BOOKING_MSG,
  presenceStatus,
  ROTA_LIVE,
  ROTA_LIVE_DATA,
  ROTA_MSG,
  type AppointmentStatus,
  type BookedSlot,
  type RotaDayResponse,
  type RotaShift,
  type ShiftOverviewRow,
  type ShiftSlotsResponse,
} from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import type { SignedInCaller } from '../../platform/caller';
import type { Clock } from '../../platform/clock';
import type { LiveHub } from '../../platform/live';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { appointments, bookingUsers, practitionerPresence, roles, shifts, users } from '../../db/schema';
import {
  createShift,
  listShifts,
  londonDay,
  londonDayBounds,
  people,
  rangeWindow,
  reassign,
  releaseAppointment,
  removeShift,
  slotServices,
  updateShift,
  type BookingDeps,
  type ShiftRow,
} from '../booking';
import { isRotaManager, practitionerRoleScope, requireManagedPractitioner } from './scope';

/** What the rota needs; built once per process (deps.rota). Shift changes go through the booking engine. */
export interface RotaDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  booking: BookingDeps;
  live: Pick<LiveHub, 'publish' | 'log'>;
}

/** Appointments a practitioner is still to see: booked and not finished. */
const STILL_TO_SEE: AppointmentStatus[] = ['WAITING', 'PATIENT_ATTENDED', 'PRACTITIONER_ATTENDED', 'IN_PROGRESS', 'ON_HOLD', 'PATIENT_LEFT', 'PRACTITIONER_LEFT'];

/** A shift change refused because it would take booked appointments away; they are listed. */
export class ShiftBookedConflict extends AppError {
  constructor(readonly booked: BookedSlot[]) {
    super(409, ROTA_MSG.shiftHasBookings);
  }
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** User ids of the practitioners the caller may see on the rota. */
async function practitionersInScope(db: Db, auth: AuthContext): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: roles.userId }).from(roles).where(practitionerRoleScope(auth));
  return rows.map((r) => r.userId);
}

/** Picks the shift that matters now: the current one, else the next today, else the last. */
function relevantShift(list: ShiftRow[], now: Date): ShiftRow {
  const current = list.find((s) => s.startTime <= now && s.endTime > now);
  if (current) return current;
  const next = list.filter((s) => s.startTime > now).sort((a, b) => a.startTime.getTime() - b.startTime.getTime())[0];
  return next ?? list.sort((a, b) => b.endTime.getTime() - a.endTime.getTime())[0]!;
}

/** Shift overview (spec 2 §2.1): each practitioner on shift today with presence and next appointment. */
export async function shiftOverview(deps: RotaDeps, caller: SignedInCaller): Promise<{ now: number; practitioners: ShiftOverviewRow[] }> {
  const { auth } = caller;
  const { db } = deps;
  const now = deps.clock.now();
  const today = londonDayBounds(londonDay(now))!;
  const scope = await practitionersInScope(db, auth);
  if (scope.length === 0) return { now: epochSeconds(now), practitioners: [] };
  const todays = await db
    .select()
    .from(shifts)
    .where(and(inArray(shifts.practitionerUserId, scope), lt(shifts.startTime, today.end), gt(shifts.endTime, today.start)));
  const byPractitioner = new Map<string, ShiftRow[]>();
  for (const shift of todays) byPractitioner.set(shift.practitionerUserId, [...(byPractitioner.get(shift.practitionerUserId) ?? []), shift]);
  const ids = [...byPractitioner.keys()];
  if (ids.length === 0) return { now: epochSeconds(now), practitioners: [] };
  const [names, presence, next] = await Promise.all([
    people(db, ids),
    db.select().from(practitionerPresence).where(inArray(practitionerPresence.userId, ids)),
    db
      .selectDistinctOn([appointments.practitionerUserId], { userId: appointments.practitionerUserId, id: appointments.id, startTime: appointments.startTime })
      .from(appointments)
      .where(and(inArray(appointments.practitionerUserId, ids), inArray(appointments.status, STILL_TO_SEE), gt(appointments.endTime, now)))
      .orderBy(appointments.practitionerUserId, asc(appointments.startTime)),
  ]);
  const lastOnline = new Map(presence.map((p) => [p.userId, p.lastOnline ? epochSeconds(p.lastOnline) : null]));
  const nextBy = new Map(next.map((n) => [n.userId, n]));
  const nowSeconds = epochSeconds(now);
  const rows = ids.map((userId) => {
    const shift = relevantShift(byPractitioner.get(userId)!, now);
    const seen = lastOnline.get(userId) ?? null;
    const upcoming = nextBy.get(userId);
    return {
      name: names.get(userId)?.name ?? '',
      user_id: userId,
      status: presenceStatus(seen, nowSeconds),
      last_online: seen,
      shift_id: shift.id,
      start_time: epochSeconds(shift.startTime),
      end_time: epochSeconds(shift.endTime),
      next_appointment: upcoming?.startTime ? epochSeconds(upcoming.startTime) : null,
      next_appointment_id: upcoming?.id ?? null,
      telephone: names.get(userId)?.telephone ?? null,
    };
  });
  return { now: nowSeconds, practitioners: rows.sort((a, b) => a.start_time - b.start_time || a.name.localeCompare(b.name)) };
}

/** The rota of one London day: every practitioner in scope with their shifts that day. */
export async function rotaDay(deps: RotaDeps, caller: SignedInCaller, day: string): Promise<Omit<RotaDayResponse, 'success'>> {
  const { auth } = caller;
  const { db } = deps;
  const bounds = londonDayBounds(day);
  if (!bounds) throw badRequest('Use the format dd-MM-yyyy', { date: 'Use the format dd-MM-yyyy' });
  const scope = await practitionersInScope(db, auth);
  const [dayShifts, people] = await Promise.all([
    listShifts(deps.booking, caller, { from: bounds.start, to: bounds.end }),
    scope.length === 0 ? [] : db.select().from(users).where(inArray(users.id, scope)).orderBy(asc(users.lastName), asc(users.firstName)),
  ]);
  const inScope = new Set(scope);
  // listShifts includes shifts ending exactly at the day's start; the rota shows those overlapping it.
  const visible = dayShifts.filter((s) => inScope.has(s.practitioner_id) && s.end_time > epochSeconds(bounds.start));
  return {
    date: day,
    day_start: epochSeconds(bounds.start),
    day_end: epochSeconds(bounds.end),
    can_edit: isRotaManager(auth),
    practitioners: people.map((p) => ({
      user_id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      disabled: p.disabledAt !== null,
      activated: p.passwordHash !== null,
      shifts: visible.filter((s) => s.practitioner_id === p.id),
    })),
  };
}

export async function shiftsOfPractitioner(deps: RotaDeps, caller: SignedInCaller, userId: string, from: number, to: number): Promise<RotaShift[]> {
  const { auth } = caller;
  await requireManagedPractitioner(deps.db, auth, userId);
  return listShifts(deps.booking, caller, { ...rangeWindow(from, to), practitionerId: userId });
}

/** The rota topic's one publisher; the slots that joined or left supply went out on `appointments` from the booking engine. */
async function publishRota(deps: RotaDeps, shiftId: string, practitionerId: string, kind: 'shift.created' | 'shift.moved' | 'shift.removed'): Promise<void> {
  const data = ROTA_LIVE_DATA.rota.parse({ shift_id: shiftId, practitioner_id: practitionerId });
  await deps.live.publish({ topic: ROTA_LIVE.rota, kind, audience: { permission: 'rota.read' }, data });
}

export async function createRotaShift(
  deps: RotaDeps,
  caller: SignedInCaller,
  input: { practitioner_id: string; start_time: number; end_time: number; services?: string[] | undefined; languages?: ('EN' | 'DE')[] | undefined },
): Promise<RotaShift> {
  const { auth } = caller;
  await requireManagedPractitioner(deps.db, auth, input.practitioner_id);
  const shift = await createShift(deps.booking, caller, { ...input, services: input.services ?? slotServices(deps.booking.services), languages: input.languages ?? ['EN', 'DE'] });
  await publishRota(deps, shift.id, shift.practitioner_id, 'shift.created');
  return shift;
}

async function loadManagedShift(deps: RotaDeps, auth: AuthContext, id: string, managing: boolean): Promise<ShiftRow> {
  const [shift] = await deps.db.select().from(shifts).where(eq(shifts.id, id));
  if (!shift) throw notFound();
  if (managing || shift.practitionerUserId !== auth.userId) await requireManagedPractitioner(deps.db, auth, shift.practitionerUserId);
  if (managing && !isRotaManager(auth)) throw notFound();
  return shift;
}

/** Booked appointments of the shift that fall outside [start, end) (all of them when no window). */
async function bookedOutside(db: Db, shift: ShiftRow, window: { start: Date; end: Date } | null): Promise<BookedSlot[]> {
  const outside = window ? sql`(${appointments.startTime} < ${ts(window.start)} OR ${appointments.endTime} > ${ts(window.end)})` : sql`true`;
  const rows = await db
    .select({ id: appointments.id, startTime: appointments.startTime, endTime: appointments.endTime, status: appointments.status, people: sql<number>`count(${bookingUsers.id})::int` })
    .from(appointments)
    .leftJoin(bookingUsers, eq(bookingUsers.appointmentId, appointments.id))
    .where(and(eq(appointments.shiftId, shift.id), eq(appointments.status, 'WAITING'), outside))
    .groupBy(appointments.id)
    .orderBy(asc(appointments.startTime));
  return rows.map((r) => ({ id: r.id, start_time: epochSeconds(r.startTime!), end_time: epochSeconds(r.endTime!), status: r.status!, people: r.people }));
}

/**
 * Moves a shift. Open slots follow the new times through the booking engine; booked appointments
 * outside the new times are never dropped silently: the change answers 409 listing them.
 */
export async function moveRotaShift(deps: RotaDeps, caller: SignedInCaller, id: string, input: { start_time: number; end_time: number }): Promise<RotaShift> {
  const { auth } = caller;
  const shift = await loadManagedShift(deps, auth, id, true);
  const booked = await bookedOutside(deps.db, shift, { start: new Date(input.start_time * 1000), end: new Date(input.end_time * 1000) });
  if (booked.length > 0) throw new ShiftBookedConflict(booked);
  const moved = await updateShift(deps.booking, caller, id, input);
  await publishRota(deps, id, shift.practitionerUserId, 'shift.moved');
  return moved;
}

export async function deleteRotaShift(deps: RotaDeps, caller: SignedInCaller, id: string): Promise<void> {
  const { auth } = caller;
  const shift = await loadManagedShift(deps, auth, id, true);
  const booked = await bookedOutside(deps.db, shift, null);
  if (booked.length > 0) throw new ShiftBookedConflict(booked);
  await removeShift(deps.booking, caller, id);
  await publishRota(deps, id, shift.practitionerUserId, 'shift.removed');
}

/** The practitioner's appointments inside the shift's times (its slots, and claimed or reassigned ones). */
function inShift(shift: ShiftRow) {
  return and(
    eq(appointments.practitionerUserId, shift.practitionerUserId),
    sql`${appointments.startTime} >= ${ts(shift.startTime)}`,
    sql`${appointments.endTime} <= ${ts(shift.endTime)}`,
    sql`${appointments.status} NOT IN ('USER_CANCELLED', 'PROVIDER_CANCELLED')`,
  );
}

/** Shift details: its 20-minute slots with their state, and the colleagues on shift at the same time. */
export async function shiftSlots(deps: RotaDeps, caller: SignedInCaller, id: string): Promise<Omit<ShiftSlotsResponse, 'success'>> {
  const { auth } = caller;
  const { db } = deps;
  const shift = await loadManagedShift(deps, auth, id, false);
  const manager = isRotaManager(auth);
  const [slots, presented, overlapping] = await Promise.all([
    db
      .select({ id: appointments.id, startTime: appointments.startTime, endTime: appointments.endTime, status: appointments.status, people: sql<number>`count(${bookingUsers.id})::int` })
      .from(appointments)
      .leftJoin(bookingUsers, eq(bookingUsers.appointmentId, appointments.id))
      .where(inShift(shift))
      .groupBy(appointments.id)
      .orderBy(asc(appointments.startTime)),
    listShifts(deps.booking, caller, { from: shift.startTime, to: new Date(shift.startTime.getTime() + 1000), practitionerId: shift.practitionerUserId }),
    manager
      ? db
          .select()
          .from(shifts)
          .where(and(ne(shifts.practitionerUserId, shift.practitionerUserId), lt(shifts.startTime, shift.endTime), gt(shifts.endTime, shift.startTime)))
      : Promise.resolve([]),
  ]);
  const scope = manager ? new Set(await practitionersInScope(db, auth)) : new Set<string>();
  const colleagues = overlapping.filter((s) => scope.has(s.practitionerUserId));
  const names = await people(db, [shift.practitionerUserId, ...colleagues.map((c) => c.practitionerUserId)]);
  const summary = presented.find((s) => s.id === shift.id)!;
  return {
    shift: summary,
    slots: slots.map((s) => ({ id: s.id, start_time: epochSeconds(s.startTime!), end_time: epochSeconds(s.endTime!), status: s.status, people: s.people })),
    colleagues: colleagues.map((c) => ({ user_id: c.practitionerUserId, name: names.get(c.practitionerUserId)?.name ?? '', start_time: epochSeconds(c.startTime), end_time: epochSeconds(c.endTime) })),
    can_reassign: manager,
  };
}

async function selectedSlots(db: Db, shift: ShiftRow, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(appointments).where(and(inShift(shift), inArray(appointments.id, unique)));
  if (rows.length !== unique.length) throw badRequest(ROTA_MSG.notInShift, { appointment_ids: ROTA_MSG.notInShift });
  return rows;
}

/**
 * Gives the selected slots of a shift to a colleague on shift, through the booking engine
 * (`reassign`): booked appointments move with their booking, open slots leave supply.
 */
export async function reassignSlots(deps: RotaDeps, caller: SignedInCaller, shiftId: string, ids: string[], targetUserId: string): Promise<number> {
  const { auth } = caller;
  const shift = await loadManagedShift(deps, auth, shiftId, true);
  await requireManagedPractitioner(deps.db, auth, targetUserId);
  if (targetUserId === shift.practitionerUserId) throw badRequest(ROTA_MSG.notOnShift, { practitioner_id: ROTA_MSG.notOnShift });
  const rows = await selectedSlots(deps.db, shift, ids);
  const changed = await reassign(deps.booking, caller, { fromUserId: shift.practitionerUserId, toUserId: targetUserId, appointmentIds: rows.map((r) => r.id) });
  return changed.length;
}

/**
 * Releases the selected slots as the booking engine's release does: booked ones become CLAIMABLE
 * for any practitioner, open ones leave supply. Every slot is checked before any changes.
 */
export async function releaseSlots(deps: RotaDeps, caller: SignedInCaller, shiftId: string, ids: string[]): Promise<number> {
  const { auth } = caller;
  const shift = await loadManagedShift(deps, auth, shiftId, false);
  const rows = await selectedSlots(deps.db, shift, ids);
  if (rows.some((r) => r.status !== 'WAITING' && r.status !== 'AVAILABLE')) throw conflict(BOOKING_MSG.notReleasable);
  for (const row of rows.sort((a, b) => a.startTime!.getTime() - b.startTime!.getTime())) {
    await releaseAppointment(deps.booking, caller, row.id);
  }
  return rows.length;
}
