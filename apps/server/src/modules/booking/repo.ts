import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '@vireo/contracts';
import type { Caller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { appointmentNotes, appointments, appointmentStatusChanges, bookingUsers, shifts, users } from '../../db/schema';

export type AppointmentRow = typeof appointments.$inferSelect;
export type BookingUserRow = typeof bookingUsers.$inferSelect;
export type StatusChangeRow = typeof appointmentStatusChanges.$inferSelect;
export type NoteRow = typeof appointmentNotes.$inferSelect;

export interface PersonSummary {
  name: string;
  telephone: string | null;
}

/** An appointment with what its answer shows: people, status history, notes and practitioner. */
export interface AppointmentDetails {
  row: AppointmentRow;
  bookingUsers: BookingUserRow[];
  statusChanges: StatusChangeRow[];
  notes: (NoteRow & { author: string | null })[];
  practitioner: PersonSummary | null;
}

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/** Reads the row under a row lock: the caller's transaction owns it until commit. */
export async function lockAppointment(tx: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

/**
 * The organisation an appointment's events carry, whose processor tasks they run: the session's
 * (a signed-in booker's, or the staff member's acting on it); without a session (a public booking,
 * a customer's link) the appointment's shift's, i.e. its practitioner's organisation. (Self-swab
 * registration needs a session, so it always has the first.)
 */
export async function appointmentOrganisation(tx: Db, row: Pick<AppointmentRow, 'shiftId'>, caller: Caller): Promise<string | null> {
  if (caller.auth) return caller.auth.organisationId;
  if (!row.shiftId) return null;
  const [shift] = await tx.select({ organisationId: shifts.organisationId }).from(shifts).where(eq(shifts.id, row.shiftId));
  return shift?.organisationId ?? null;
}

export async function recordStatus(tx: Db, appointmentId: string, status: AppointmentStatus, at: Date, actorUserId: string | null): Promise<void> {
  await tx.insert(appointmentStatusChanges).values({ appointmentId, changedTo: status, createdAt: at, actorUserId });
}

export async function recordStatuses(tx: Db, ids: string[], status: AppointmentStatus, at: Date, actorUserId: string | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.insert(appointmentStatusChanges).values(ids.map((appointmentId) => ({ appointmentId, changedTo: status, createdAt: at, actorUserId })));
}

/**
 * `column = ANY($1)` with the ids as one array parameter. `inArray` binds one parameter per id, and
 * building that statement costs more CPU than running it once a list has hundreds of rows.
 */
export function anyId(column: AnyColumn, ids: string[]): SQL {
  return sql`${column} = ANY(${sql.param(ids)}::uuid[])`;
}

export function bookingUsersOf(db: Db, appointmentId: string): Promise<BookingUserRow[]> {
  return db.select().from(bookingUsers).where(eq(bookingUsers.appointmentId, appointmentId)).orderBy(asc(bookingUsers.position));
}

export async function people(db: Db, userIds: string[]): Promise<Map<string, PersonSummary>> {
  const map = new Map<string, PersonSummary>();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return map;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, telephone: users.telephone })
    .from(users)
    .where(anyId(users.id, unique));
  for (const r of rows) map.set(r.id, { name: `${r.firstName} ${r.lastName}`, telephone: r.telephone });
  return map;
}

/** Loads the answer's details for many appointments in four queries, whatever their number. */
export async function loadDetails(db: Db, rows: AppointmentRow[]): Promise<AppointmentDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [userRows, changeRows, noteRows] = await Promise.all([
    db.select().from(bookingUsers).where(anyId(bookingUsers.appointmentId, ids)).orderBy(asc(bookingUsers.position)),
    db.select().from(appointmentStatusChanges).where(anyId(appointmentStatusChanges.appointmentId, ids)).orderBy(asc(appointmentStatusChanges.id)),
    db.select().from(appointmentNotes).where(anyId(appointmentNotes.appointmentId, ids)).orderBy(asc(appointmentNotes.createdAt)),
  ]);
  const names = await people(db, [
    ...rows.flatMap((r) => (r.practitionerUserId ? [r.practitionerUserId] : [])),
    ...noteRows.flatMap((n) => (n.authorUserId ? [n.authorUserId] : [])),
  ]);
  const group = <T extends { appointmentId: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) map.set(item.appointmentId, [...(map.get(item.appointmentId) ?? []), item]);
    return map;
  };
  const usersBy = group(userRows);
  const changesBy = group(changeRows);
  const notesBy = group(noteRows);
  return rows.map((row) => ({
    row,
    bookingUsers: usersBy.get(row.id) ?? [],
    statusChanges: changesBy.get(row.id) ?? [],
    notes: (notesBy.get(row.id) ?? []).map((n) => ({ ...n, author: n.authorUserId ? (names.get(n.authorUserId)?.name ?? null) : null })),
    practitioner: row.practitionerUserId ? (names.get(row.practitionerUserId) ?? null) : null,
  }));
}

/** Booked appointments of a practitioner that overlap a time window (claim overlap check). */
export async function overlappingBooked(db: Db, practitionerUserId: string, start: Date, end: Date, excludeId: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.practitionerUserId, practitionerUserId),
        sql`${appointments.id} <> ${excludeId}`,
        sql`${appointments.startTime} < ${end.toISOString()}::timestamptz`,
        sql`${appointments.endTime} > ${start.toISOString()}::timestamptz`,
        sql`${appointments.status} NOT IN ('AVAILABLE', 'UNAVAILABLE', 'USER_CANCELLED', 'PROVIDER_CANCELLED', 'COMPLETED')`,
      ),
    );
}
