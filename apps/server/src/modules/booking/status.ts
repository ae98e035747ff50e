import { and, eq } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG, CALL_STATUSES, PATIENT_CALL_STATUSES, type AppointmentStatus } from '@vireo/contracts';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../../platform/errors';
import { appointments, bookingUsers } from '../../db/schema';
import type { Caller, SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { holdSlot, releaseHold, type Hold } from './holds';
import { publishAppointmentChanges } from './live-events';
import { canPractise, isCustomerOf, isManager, isAssignedPractitioner, managesAppointment } from './policy';
import { findAppointment, recordStatus } from './repo';

/** Statuses of a booked appointment whose call has not finished: call states move among them. */
export const IN_CALL: readonly AppointmentStatus[] = ['WAITING', 'PATIENT_ATTENDED', 'PRACTITIONER_ATTENDED', 'IN_PROGRESS', 'ON_HOLD', 'PRACTITIONER_LEFT', 'PATIENT_LEFT'];

export type StatusOutcome = { status: AppointmentStatus | null; hold?: Hold };

/**
 * POST /{id}/status. LOCKED and AVAILABLE are the hold protocol of the booking wizards (anyone,
 * with the hold token). Other statuses are call states (the assigned practitioner or a manager,
 * but COMPLETED only the practitioner of record; the booked patient for PATIENT_ATTENDED and PATIENT_LEFT) and the managers' supply switches:
 * AVAILABLE <-> UNAVAILABLE for an open slot, and an UNAVAILABLE appointment with people made WAITING.
 */
export async function changeStatus(deps: BookingDeps, caller: Caller, id: string, status: AppointmentStatus, holdToken: string | undefined): Promise<StatusOutcome> {
  const current = await findAppointment(deps.db, id);
  if (!current) throw notFound();
  if (status === 'LOCKED') return { status, hold: await holdSlot(deps, caller, id, holdToken) };
  if (status === 'AVAILABLE' && (holdToken || current.status === 'LOCKED')) {
    await releaseHold(deps, caller, id, holdToken);
    return { status: 'AVAILABLE' };
  }
  if (!caller.auth) throw unauthenticated();
  const manager = isManager(caller.auth);
  const practitioner = isAssignedPractitioner(caller, current);
  const patient = isCustomerOf(caller, current, deps.clock.now());
  if (!manager && !practitioner && !patient) throw notFound();

  const from = current.status;
  let allowed = false;
  if ((CALL_STATUSES as readonly string[]).includes(status) && from && IN_CALL.includes(from)) {
    // Only the practitioner of record ends the consultation: a manager supervising it may not.
    if (status === 'COMPLETED' && !practitioner) throw forbidden(BOOKING_MSG.onlyPractitionerEnds);
    allowed = canPractise(caller, current) || (patient && (PATIENT_CALL_STATUSES as readonly string[]).includes(status));
    if (!allowed) throw forbidden(BOOKING_MSG.statusNotAllowed);
  } else if (status === 'UNAVAILABLE' && from === 'AVAILABLE') {
    allowed = manager || practitioner;
  } else if (status === 'AVAILABLE' && from === 'UNAVAILABLE') {
    allowed = (manager || practitioner) && (await peopleOn(deps, id)) === 0;
  } else if (status === 'WAITING' && from === 'UNAVAILABLE') {
    allowed = manager && (await peopleOn(deps, id)) > 0;
  }
  if (!allowed) throw badRequest(BOOKING_MSG.statusNotAllowed, { status: BOOKING_MSG.statusNotAllowed });
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set({ status, statusLastUpdated: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, from!)))
      .returning();
    if (!row) throw conflict(BOOKING_MSG.statusNotAllowed);
    await recordStatus(tx, id, status, now, caller.auth?.userId ?? null);
    return row;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, [{ row: changed, previousStatus: from }]);
  return { status };
}

async function peopleOn(deps: BookingDeps, id: string): Promise<number> {
  const rows = await deps.db.select({ id: bookingUsers.id }).from(bookingUsers).where(eq(bookingUsers.appointmentId, id));
  return rows.length;
}

/** Statuses a shift manager may reopen from: the call was ended, or left by one of its two sides. */
const REOPENABLE: readonly AppointmentStatus[] = ['COMPLETED', 'PRACTITIONER_LEFT', 'PATIENT_LEFT'];

/**
 * POST /{id}/reopen (issue 32): a shift manager of the appointment's organisation puts an
 * appointment that was completed or left without any result or sample recorded back to WAITING
 * before its end, so its call can take place and the customer's link works again. 404 for one they
 * do not manage; 409 from another status, with a result or a sample on anyone, or past its end.
 * Recorded in status_changes, audited with the reason, published on the `appointments` topic.
 */
export async function reopenAppointment(deps: BookingDeps, caller: SignedInCaller, id: string, reason: string): Promise<void> {
  const current = await findAppointment(deps.db, id);
  if (!current || !(await managesAppointment(deps.db, caller.auth, current))) throw notFound();
  const from = current.status;
  if (!from || !REOPENABLE.includes(from)) throw conflict(BOOKING_MSG.notReopenable);
  if (!current.endTime || current.endTime <= deps.clock.now()) throw conflict(BOOKING_MSG.reopenTooLate);
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const people = await tx.select({ metadata: bookingUsers.metadata }).from(bookingUsers).where(eq(bookingUsers.appointmentId, id)).for('update');
    if (people.some((person) => person.metadata.result || person.metadata.sample_taken)) throw conflict(BOOKING_MSG.reopenHasResults);
    const [row] = await tx
      .update(appointments)
      .set({ status: 'WAITING', statusLastUpdated: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, from)))
      .returning();
    if (!row) throw conflict(BOOKING_MSG.notReopenable);
    await recordStatus(tx, id, 'WAITING', now, caller.auth.userId);
    await deps.audit.record({ action: 'appointment.reopen', outcome: 'success', resourceType: 'appointment', resourceId: id, details: { from, reason } }, caller, tx);
    return row;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, [{ row: changed, previousStatus: from }]);
}
