import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { appointments, roles } from '../../db/schema';
import type { BookingDeps, Caller } from './deps';
import { canRead, isManager } from './policy';
import { findAppointment, loadDetails, overlappingBooked, recordStatus, recordStatuses, type AppointmentDetails } from './repo';

/** Claimable appointments that have not ended, soonest first (GET /getclaimappointments). */
export async function listClaimable(deps: BookingDeps): Promise<AppointmentDetails[]> {
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.status, 'CLAIMABLE'), gte(appointments.endTime, deps.clock.now())))
    .orderBy(asc(appointments.startTime))
    .limit(1000);
  return loadDetails(deps.db, rows);
}

/** The practitioner who will take the appointment: the caller, or the assignee a manager names. */
async function assigneeOf(deps: BookingDeps, auth: AuthContext, assigneeRoleId: string | undefined): Promise<string> {
  if (!assigneeRoleId) return auth.userId;
  const own = auth.roles.find((r) => r.id === assigneeRoleId);
  if (own?.name === 'practitioner') return auth.userId;
  if (!isManager(auth)) throw notFound();
  const [role] = await deps.db.select().from(roles).where(and(eq(roles.id, assigneeRoleId), eq(roles.name, 'practitioner')));
  if (!role) throw badRequest(BOOKING_MSG.notAPractitioner, { assigneeRoleId: BOOKING_MSG.notAPractitioner });
  return role.userId;
}

/**
 * Claims a CLAIMABLE appointment for a practitioner. 405 when the practitioner already has an
 * appointment at that time, unless `override`. The conditional UPDATE gives exactly one winner of
 * concurrent claims; the others answer 409. The winner's own open slots at that time leave supply
 * so nobody books them twice.
 */
export async function claimAppointment(
  deps: BookingDeps,
  caller: Caller & { auth: AuthContext },
  id: string,
  options: { assigneeRoleId?: string | undefined; override?: boolean | undefined },
): Promise<AppointmentDetails> {
  const current = await findAppointment(deps.db, id);
  if (!current || !canRead(caller, current)) throw notFound();
  if (current.status !== 'CLAIMABLE') throw conflict(current.practitionerUserId ? BOOKING_MSG.alreadyClaimed : BOOKING_MSG.notClaimable);
  const practitionerUserId = await assigneeOf(deps, caller.auth, options.assigneeRoleId);
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shift:${practitionerUserId}`}))`);
    if (current.startTime && current.endTime && !options.override) {
      const overlap = await overlappingBooked(tx, practitionerUserId, current.startTime, current.endTime, id);
      if (overlap.length > 0) throw new AppError(405, BOOKING_MSG.claimOverlap);
    }
    const [row] = await tx
      .update(appointments)
      .set({ practitionerUserId, status: 'WAITING', claimableSlot: false, statusLastUpdated: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, 'CLAIMABLE')))
      .returning();
    if (!row) throw conflict(BOOKING_MSG.alreadyClaimed);
    await recordStatus(tx, id, 'WAITING', now, caller.auth.userId);
    if (row.startTime && row.endTime) {
      const closed = await tx
        .update(appointments)
        .set({ status: 'UNAVAILABLE', statusLastUpdated: now })
        .where(
          and(
            eq(appointments.practitionerUserId, practitionerUserId),
            eq(appointments.status, 'AVAILABLE'),
            lt(appointments.startTime, row.endTime),
            sql`${appointments.endTime} > ${row.startTime.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: appointments.id });
      await recordStatuses(tx, closed.map((c) => c.id), 'UNAVAILABLE', now, caller.auth.userId);
    }
    return row;
  });
  const [details] = await loadDetails(deps.db, [claimed]);
  return details!;
}

/**
 * A practitioner gives an appointment up: a booked one that has not started becomes CLAIMABLE for
 * others; an open slot leaves supply (UNAVAILABLE). Managers may release anyone's.
 */
export async function releaseAppointment(deps: BookingDeps, caller: Caller & { auth: AuthContext }, id: string): Promise<void> {
  const current = await findAppointment(deps.db, id);
  if (!current || !(isManager(caller.auth) || current.practitionerUserId === caller.auth.userId)) throw notFound();
  const now = deps.clock.now();
  const booked = current.status === 'WAITING';
  if (!booked && current.status !== 'AVAILABLE') throw conflict(BOOKING_MSG.notReleasable);
  await deps.db.transaction(async (tx) => {
    const next = booked ? 'CLAIMABLE' : 'UNAVAILABLE';
    const [row] = await tx
      .update(appointments)
      .set(booked ? { practitionerUserId: null, shiftId: null, status: next, claimableSlot: true, statusLastUpdated: now } : { status: next, statusLastUpdated: now })
      .where(and(eq(appointments.id, id), inArray(appointments.status, [current.status!])))
      .returning({ id: appointments.id });
    if (!row) throw conflict(BOOKING_MSG.notReleasable);
    await recordStatus(tx, id, next, now, caller.auth.userId);
  });
}
