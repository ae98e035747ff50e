import { and, asc, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, BOOKED_STATUSES, BOOKING, BOOKING_MSG, MSG, type Appointment, type AppointmentStatus, type ListPaging, type Slot } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import { epochSeconds } from '../../platform/clock';
import { filtersOf, type ListFilters } from '../../platform/list-query';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { appointments, bookingUsers, roles, videoParticipants } from '../../db/schema';
import { auditRead, readAuditOf, type ReadAudit } from './audit';
import type { Caller, SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { earliestBookableStart, practitionerActivated } from './holds';
import { canPractise, canRead, isManager, isPractitioner, isSupport, requireIdentity, unreachable } from './policy';
import { presentAppointment } from './present';
import { listPage, orderOf, statusIn, type ListClock } from './list-page';
import { findAppointment, loadDetails, type AppointmentDetails } from './repo';
import { costFor } from './services';
import { daysBetween, londonDay, londonDayBounds } from './time';

const DAY = 86_400_000;
export const MAX_RANGE_DAYS = 62;
const at = (seconds: number) => new Date(seconds * 1000);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** An AVAILABLE slot, or one whose hold has lapsed even if the expiry job has not run yet. */
function open(now: Date): SQL {
  return sql`(${appointments.status} = 'AVAILABLE' OR (${appointments.status} = 'LOCKED' AND ${appointments.holdExpiresAt} <= ${ts(now)}))`;
}

export interface SlotFilter {
  service: string;
  from: Date;
  to: Date;
  language?: 'EN' | 'DE' | undefined;
  practitionerUserId?: string | undefined;
  organisationId?: string | undefined;
}

/** Bookable slots of a service in a window: open, offered for the service, and starting more than 30 minutes from now. */
export async function findSlots(deps: BookingDeps, caller: Caller, filter: SlotFilter): Promise<Slot[]> {
  const { auth } = caller;
  const definition = deps.services.get(filter.service);
  if (!definition?.hasSlots) throw badRequest(BOOKING_MSG.serviceNotBookable, { service: BOOKING_MSG.serviceNotBookable });
  const now = deps.clock.now();
  const conditions: SQL[] = [
    open(now),
    practitionerActivated(),
    sql`${filter.service} = ANY(${appointments.offeredServices})`,
    sql`${appointments.startTime} > ${ts(earliestBookableStart(now))}`,
    sql`${appointments.startTime} >= ${ts(filter.from)}`,
    sql`${appointments.startTime} < ${ts(filter.to)}`,
  ];
  if (filter.language) conditions.push(sql`${filter.language} = ANY(${appointments.offeredLanguages})`);
  if (filter.practitionerUserId) conditions.push(eq(appointments.practitionerUserId, filter.practitionerUserId));
  if (filter.organisationId) {
    conditions.push(
      sql`${appointments.practitionerUserId} IN (SELECT ${roles.userId} FROM ${roles} WHERE ${roles.organisationId} = ${filter.organisationId} AND ${roles.name} = 'practitioner')`,
    );
  }
  const rows = await deps.db
    .select({ id: appointments.id, startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(and(...conditions))
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(2000);
  const cost = costFor(definition, auth);
  // Several practitioners may offer the same time: the customer chooses a time, so show it once.
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const r of rows) {
    const start = epochSeconds(r.startTime!);
    if (seen.has(start)) continue;
    seen.add(start);
    slots.push({ id: r.id, cost, start_time: start, end_time: epochSeconds(r.endTime!) });
  }
  return slots;
}

export function dayWindow(day: string): { from: Date; to: Date } {
  const bounds = londonDayBounds(day);
  if (!bounds) throw badRequest('Use the format dd-MM-yyyy', { date: 'Use the format dd-MM-yyyy' });
  return { from: bounds.start, to: bounds.end };
}

export function rangeWindow(from: number | undefined, to: number | undefined): { from: Date; to: Date } {
  if (from === undefined || to === undefined) throw badRequest(MSG.missingDetails, { date_from: MSG.missingDetails });
  if (to <= from) throw badRequest(BOOKING_MSG.rangeInvalid, { date_time_to: BOOKING_MSG.rangeInvalid });
  if (to - from > MAX_RANGE_DAYS * 86_400) throw badRequest(BOOKING_MSG.rangeTooLong, { date_time_to: BOOKING_MSG.rangeTooLong });
  return { from: at(from), to: at(to) };
}

/** GET /datesearch: each London day of the range with whether it has a bookable slot. */
export async function searchDates(deps: BookingDeps, caller: Caller, input: { date_from: string; date_to: string; service: string }) {
  const days = daysBetween(input.date_from, input.date_to);
  if (days.length === 0) throw badRequest(BOOKING_MSG.rangeInvalid, { date_to: BOOKING_MSG.rangeInvalid });
  if (days.length > MAX_RANGE_DAYS) throw badRequest(BOOKING_MSG.rangeTooLong, { date_to: BOOKING_MSG.rangeTooLong });
  const from = dayWindow(days[0]!).from;
  const to = dayWindow(days[days.length - 1]!).to;
  const slots = await findSlots(deps, caller, { service: input.service, from, to });
  const withSlots = new Set(slots.map((s) => londonDay(at(s.start_time))));
  return days.map((date) => ({ date, has_appointments: withSlots.has(date) }));
}

/**
 * Answers appointments the caller may see; customers never see practitioners' notes. Audited: a
 * record of each read, or `windowed` one per reader (a user or a short-token holder), appointment
 * and 15-minute window, counting the reads (`ctx.audit.listRead`).
 */
export async function present(deps: BookingDeps, caller: Caller, details: AppointmentDetails[], audit: ReadAudit = 'each'): Promise<Appointment[]> {
  const now = deps.clock.now();
  await auditRead(deps, caller, details.filter((d) => d.bookingUsers.length > 0).map((d) => d.row.id), audit);
  return details.map((d) => {
    const answer = presentAppointment(d, now, deps.settings.alternativeVideoUrl);
    const staff = isSupport(caller.auth) || canPractise(caller, d.row) || (isPractitioner(caller.auth) && d.row.status === 'CLAIMABLE');
    return staff ? answer : { ...answer, notes: [], user_video_token: null };
  });
}

export async function getAppointment(deps: BookingDeps, caller: Caller, id: string): Promise<Appointment> {
  requireIdentity(caller);
  const row = await findAppointment(deps.db, id);
  const now = deps.clock.now();
  if (!row || !canRead(caller, row, now)) throw unreachable(caller, row, now);
  const [answer] = await present(deps, caller, await loadDetails(deps.db, [row]), readAuditOf(caller));
  return answer!;
}

/** Whose appointments a list shows, by the role the session was opened for. */
function scopeOf(auth: AuthContext): SQL | undefined {
  const role = auth.role.name;
  if (role === 'shift_manager' || role === 'super_admin' || role === 'customer_services') return undefined;
  if (role === 'practitioner') return eq(appointments.practitionerUserId, auth.userId);
  return eq(appointments.bookerUserId, auth.userId);
}

type ListRange = ListPaging & { date_from?: number | undefined; date_to?: number | undefined };

/** GET /getappointments and /getpastappointments: the caller's booked appointments ahead of or behind now. */
export function upcomingOrPast(deps: BookingDeps, caller: SignedInCaller, past: boolean, range: ListRange): Promise<string> {
  const conditions: (SQL | undefined)[] = [scopeOf(caller.auth), statusIn([...BOOKED_STATUSES, 'USER_CANCELLED', 'PROVIDER_CANCELLED'])];
  if (range.date_from !== undefined) conditions.push(gte(appointments.startTime, at(range.date_from)));
  if (range.date_to !== undefined) conditions.push(lt(appointments.startTime, at(range.date_to)));
  return listPage(deps, caller, { where: and(...conditions), order: orderOf(range.sort, past ? 'desc' : 'asc'), paging: range, clock: { uses: 'ended', ended: past } });
}

/** GET /admin/allappointments: every appointment in a window (default: today and the next 7 days). */
export function allAppointments(deps: BookingDeps, caller: SignedInCaller, range: ListRange): Promise<string> {
  const now = deps.clock.now();
  const from = range.date_from !== undefined ? at(range.date_from) : new Date(now.getTime() - DAY);
  const to = range.date_to !== undefined ? at(range.date_to) : new Date(now.getTime() + 7 * DAY);
  // The default window moves with the clock.
  const clock: ListClock = range.date_from !== undefined && range.date_to !== undefined ? { uses: 'unused' } : { uses: 'other' };
  return listPage(deps, caller, { where: and(gte(appointments.startTime, from), lt(appointments.startTime, to)), order: orderOf(range.sort, 'asc'), paging: range, clock });
}

/** GET /practitioner?date_from&date_to: the practitioner's appointments of every status in a window (managers: everyone's). */
export function practitionerAppointments(deps: BookingDeps, caller: SignedInCaller, range: ListRange): Promise<string> {
  const window = rangeWindow(range.date_from, range.date_to);
  const own = isManager(caller.auth) ? undefined : eq(appointments.practitionerUserId, caller.auth.userId);
  return listPage(deps, caller, { where: and(own, gte(appointments.startTime, window.from), lt(appointments.startTime, window.to)), order: orderOf(range.sort, 'asc'), paging: range, clock: { uses: 'unused' } });
}

export interface SearchInput extends ListPaging {
  q?: string | undefined;
  status?: string | undefined;
  start_time_from?: number | undefined;
  start_time_to?: number | undefined;
  end_time_from?: number | undefined;
  end_time_to?: number | undefined;
  user?: string | undefined;
  claimable_slot?: boolean | undefined;
  type?: string | undefined;
  inc_practitioner_name?: boolean | undefined;
  validate_users?: boolean | undefined;
  exclude_future_waiting?: boolean | undefined;
  waiting_room?: boolean | undefined;
}

/** A connected participant of the appointment's video room in this role (its connection cleared when it leaves or goes stale). */
const inRoom = (role: 'patient' | 'practitioner') =>
  sql`EXISTS (SELECT 1 FROM ${videoParticipants} WHERE ${videoParticipants.appointmentId} = ${appointments.id} AND ${videoParticipants.role} = ${role} AND ${videoParticipants.connectionId} IS NOT NULL)`;

/**
 * Waiting Rooms: ON_HOLD (the practitioner paused), or the customer in the room without the
 * practitioner: joined and waiting (PATIENT_ATTENDED, or PRACTITIONER_LEFT once they left). Either
 * way `status_last_updated` is when the wait began.
 */
const WAITING_ROOM = sql`(${statusIn(['ON_HOLD'])} OR (${statusIn(['PATIENT_ATTENDED', 'PRACTITIONER_LEFT'])} AND ${inRoom('patient')} AND NOT ${inRoom('practitioner')}))`;

/** The column filters of GET /search: the ranges are epoch seconds, `user` a practitioner or booker. */
const SEARCH_FILTERS: ListFilters<SearchInput> = {
  start_time_from: (from) => gte(appointments.startTime, at(from)),
  start_time_to: (to) => lt(appointments.startTime, at(to)),
  end_time_from: (from) => gte(appointments.endTime, at(from)),
  end_time_to: (to) => lt(appointments.endTime, at(to)),
  user: (user) => (user ? or(eq(appointments.practitionerUserId, user), eq(appointments.bookerUserId, user)) : undefined),
  claimable_slot: (claimable) => eq(appointments.claimableSlot, claimable),
  type: (type) => (type ? eq(appointments.type, type) : undefined),
};

/**
 * GET /search: filtered appointments, at most 1000 with the total so screens can warn.
 * Practitioners search their own and claimable ones; managers and customer services search all.
 * `validate_users` keeps only appointments with people on them; `user` is a practitioner or booker;
 * `exclude_future_waiting` leaves out WAITING appointments that have not started (the live status view);
 * `waiting_room` lists the live dashboard's Waiting Rooms (`WAITING_ROOM`) instead of `status`.
 */
export function searchAppointments(deps: BookingDeps, caller: SignedInCaller, input: SearchInput): Promise<string> {
  const conditions: (SQL | undefined)[] = [];
  if (!isSupport(caller.auth)) conditions.push(or(eq(appointments.practitionerUserId, caller.auth.userId), statusIn(['CLAIMABLE'])));
  if (input.waiting_room) conditions.push(WAITING_ROOM);
  else if (input.status) {
    const statuses = input.status.split(',').map((s) => s.trim().toUpperCase());
    const invalid = statuses.find((s) => !(APPOINTMENT_STATUSES as readonly string[]).includes(s));
    if (invalid) throw badRequest(BOOKING_MSG.statusNotAllowed, { status: `Unknown status ${invalid}` });
    conditions.push(statusIn(statuses as AppointmentStatus[]));
  }
  conditions.push(filtersOf(SEARCH_FILTERS, input));
  if (input.exclude_future_waiting) conditions.push(sql`NOT coalesce(${appointments.status} = 'WAITING' AND ${appointments.startTime} > ${ts(deps.clock.now())}, false)`);
  if (input.validate_users) conditions.push(sql`EXISTS (SELECT 1 FROM ${bookingUsers} WHERE ${bookingUsers.appointmentId} = ${appointments.id})`);
  if (input.q) {
    const like = `%${input.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`${appointments.providerBookingReference} ILIKE ${like}`,
        sql`EXISTS (SELECT 1 FROM ${bookingUsers} WHERE ${bookingUsers.appointmentId} = ${appointments.id} AND (${bookingUsers.firstName} || ' ' || ${bookingUsers.lastName} ILIKE ${like} OR ${bookingUsers.email} ILIKE ${like}))`,
      ),
    );
  }
  const practitionerNames = input.inc_practitioner_name !== false;
  // Hidden names are not a sort order either: ordering by them would reveal them.
  const sort = !practitionerNames && input.sort?.endsWith('practitioner') ? undefined : input.sort;
  // Who is in a room is not in the appointment's row: that page is not cached by its statement.
  const clock: ListClock = input.exclude_future_waiting || input.waiting_room ? { uses: 'other' } : { uses: 'unused' };
  return listPage(deps, caller, { where: and(...conditions), order: orderOf(sort, 'asc'), paging: input, practitionerNames, clock });
}

/** GET /user/{id}/history: the appointments a user booked (themself, or support staff). */
export async function userHistory(deps: BookingDeps, caller: SignedInCaller, userId: string, paging: ListPaging): Promise<string> {
  if (userId !== caller.auth.userId && !isSupport(caller.auth)) throw notFound();
  return listPage(deps, caller, { where: and(eq(appointments.bookerUserId, userId), isNotNull(appointments.status)), order: orderOf(paging.sort, 'desc'), paging, clock: { uses: 'unused' } });
}

/** GET /getresults?time_from&time_to: people with a result on appointments in the window. */
export async function resultsBetween(deps: BookingDeps, caller: SignedInCaller, input: { time_from: number; time_to: number }) {
  const window = rangeWindow(input.time_from, input.time_to);
  const own = isManager(caller.auth) ? undefined : eq(appointments.practitionerUserId, caller.auth.userId);
  const rows = await deps.db
    .select({ appointmentId: appointments.id, startTime: appointments.startTime, person: bookingUsers })
    .from(bookingUsers)
    .innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId))
    .where(and(own, gte(appointments.startTime, window.from), lt(appointments.startTime, window.to), sql`${bookingUsers.metadata} ? 'result'`))
    .orderBy(asc(appointments.startTime))
    .limit(BOOKING.tooManyResults);
  await deps.audit.listRead(caller, 'appointment', rows.map((r) => r.appointmentId));
  return rows.map((r) => ({
    appointment_id: r.appointmentId,
    booking_user_id: r.person.id,
    first_name: r.person.firstName,
    last_name: r.person.lastName,
    result: String(r.person.metadata.result),
    start_time: r.startTime ? epochSeconds(r.startTime) : null,
  }));
}

/** The slots request needs a known caller when a token was sent: a stale session answers 403. */
export function refuseStaleSession(hasAuthorization: boolean, auth: AuthContext | null): void {
  if (hasAuthorization && !auth) throw forbidden();
}
