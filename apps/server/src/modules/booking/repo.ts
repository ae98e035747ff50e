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

/** What an answer shows of a status change. */
export type StatusChangeSummary = Pick<StatusChangeRow, 'changedTo' | 'createdAt'>;

/** What an answer shows of a note: its author by name. */
export type NoteSummary = Pick<NoteRow, 'id' | 'content' | 'createdAt'> & { author: string | null };

/** An appointment with what its answer shows: people, status history, notes and practitioner. */
export interface AppointmentDetails {
  row: AppointmentRow;
  bookingUsers: BookingUserRow[];
  statusChanges: StatusChangeSummary[];
  notes: NoteSummary[];
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

/** `detailsByShortTokenHash`'s statement (bench/order-booking checks its plan). */
export function shortTokenDetailsQuery(db: Db, hash: string) {
  return db
    .select({
      row: appointments,
      person: bookingUsers,
      changes: sql<[string, string][]>`(SELECT coalesce(json_agg(json_build_array(c.changed_to, c.created_at) ORDER BY c.id), '[]')
        FROM ${appointmentStatusChanges} c WHERE c.appointment_id = ${appointments.id})`,
      notes: sql<[string, string, string, string | null][]>`(SELECT coalesce(json_agg(json_build_array(n.id, n.content, n.created_at, u.first_name || ' ' || u.last_name) ORDER BY n.created_at), '[]')
        FROM ${appointmentNotes} n LEFT JOIN ${users} u ON u.id = n.author_user_id WHERE n.appointment_id = ${appointments.id})`,
      practitioner: sql<[string, string | null] | null>`(SELECT json_build_array(p.first_name || ' ' || p.last_name, p.telephone) FROM ${users} p WHERE p.id = ${appointments.practitionerUserId})`,
    })
    .from(appointments)
    .leftJoin(bookingUsers, eq(bookingUsers.appointmentId, appointments.id))
    .where(eq(appointments.shortTokenHash, hash))
    .orderBy(asc(appointments.startTime), asc(appointments.id), asc(bookingUsers.position));
}

/**
 * The appointments a short token's hash opens (its order's or its booking's link), earliest first,
 * with their details, in one statement: each appointment joined to its people, its status history,
 * notes and practitioner aggregated beside it (appointments_short_token_idx, then the indexes by
 * appointment id). The link's read is the customer's hottest (bench/order-booking).
 */
export async function detailsByShortTokenHash(db: Db, hash: string): Promise<AppointmentDetails[]> {
  const byId = new Map<string, AppointmentDetails>();
  for (const { row, person, changes, notes, practitioner } of await shortTokenDetailsQuery(db, hash)) {
    let details = byId.get(row.id);
    if (!details) {
      details = {
        row,
        bookingUsers: [],
        statusChanges: changes.map(([changedTo, createdAt]) => ({ changedTo, createdAt: new Date(createdAt) })),
        notes: notes.map(([id, content, createdAt, author]) => ({ id, content, createdAt: new Date(createdAt), author })),
        practitioner: practitioner ? { name: practitioner[0], telephone: practitioner[1] } : null,
      };
      byId.set(row.id, details);
    }
    if (person) details.bookingUsers.push(person);
  }
  return [...byId.values()];
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
