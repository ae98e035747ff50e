import { and, eq } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG, type AppointmentStatus, type CallRole, type VideoIdentity } from '@vireo/contracts';
import { conflict, notFound } from '../../platform/errors';
import { appointments, bookingUsers, practitionerPresence } from '../../db/schema';
import type { Caller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { publishAppointmentChanges } from './live-events';
import { canPractise, isCustomerOf, isAssignedPractitioner, managesAppointment, requireIdentity } from './policy';
import { findAppointment, recordStatus } from './repo';
import { IN_CALL } from './status';

/**
 * Who may be in an appointment's video room (spec 2 §7 video service), and in which role: as
 * "nurse" its practitioner of record takes the practitioner's seat, and a shift manager of its
 * organisation (`appointments.manage`, joining from the live dashboard) comes in as a supervisor,
 * never one of the two seats; as "patient" its customer (the signed-in booker, or the holder of its
 * working link). Anyone else, and any appointment that does not exist, answers 404 alike; an
 * appointment whose call is over answers 409 to those allowed in it, saying whether it was
 * completed or cancelled.
 */
export async function authoriseCallParticipant(deps: BookingDeps, caller: Caller, id: string, identity: VideoIdentity): Promise<{ role: CallRole; userId: string | null }> {
  requireIdentity(caller);
  const row = await findAppointment(deps.db, id);
  if (!row) throw notFound();
  let role: CallRole | null = null;
  if (identity === 'patient') role = isCustomerOf(caller, row, deps.clock.now()) ? 'patient' : null;
  else if (isAssignedPractitioner(caller, row)) role = 'practitioner';
  else if (await managesAppointment(deps.db, caller.auth, row)) role = 'supervisor';
  if (!role) throw notFound();
  if (!row.status || !IN_CALL.includes(row.status) || !row.videoRoom) throw conflict(row.status === 'COMPLETED' ? BOOKING_MSG.callCompleted : BOOKING_MSG.alreadyCancelled);
  return { role, userId: role === 'patient' ? (caller.auth && row.bookerUserId === caller.auth.userId ? caller.auth.userId : null) : caller.auth!.userId };
}

export interface CallStateChange {
  /** The status wanted. */
  status: AppointmentStatus;
  /** Who acts (status_changes.actor_user_id); null for the customer's link and for the server itself. */
  actorUserId: string | null;
  /** Leave the status alone when it is one of these (the practitioner's leave rule: ON_HOLD, COMPLETED). */
  unless?: readonly AppointmentStatus[];
}

/**
 * A call state the video room sets (spec 2 §4.1): only while the appointment's call is not over,
 * as a conditional update, recorded in status_changes and published on the `appointments` topic.
 * Answers the status before and after, or null when nothing changed (already that status, over, or
 * one of `unless`). A practitioner's PRACTITIONER_ATTENDED also remembers the appointment as their last.
 */
export async function setCallState(deps: BookingDeps, id: string, change: CallStateChange): Promise<{ from: AppointmentStatus; to: AppointmentStatus } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findAppointment(deps.db, id);
    const from = current?.status;
    if (!current || !from || !IN_CALL.includes(from) || from === change.status || change.unless?.includes(from)) return null;
    const now = deps.clock.now();
    const changed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(appointments)
        .set({ status: change.status, statusLastUpdated: now })
        .where(and(eq(appointments.id, id), eq(appointments.status, from)))
        .returning();
      if (!row) return null;
      await recordStatus(tx, id, change.status, now, change.actorUserId);
      if (change.status === 'PRACTITIONER_ATTENDED' && change.actorUserId) {
        await tx
          .insert(practitionerPresence)
          .values({ userId: change.actorUserId, lastOnline: now, lastAttendedAppointmentId: id })
          .onConflictDoUpdate({ target: practitionerPresence.userId, set: { lastOnline: now, lastAttendedAppointmentId: id } });
      }
      return row;
    });
    if (changed) {
      await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, [{ row: changed, previousStatus: from }]);
      return { from, to: change.status };
    }
  }
  return null;
}

/**
 * Who a practitioner's call widget may ring (spec 2 §2.4 call widget): a booking user of an
 * appointment the caller practises on (its assigned practitioner, or a shift manager). Anyone else,
 * and a booking user that does not exist, answers 404 alike. Answers the appointment, the
 * customer's account (null when the booking was made without one: there is no page to ring) and
 * the booking user's phone number.
 */
export async function authoriseVoiceCall(
  deps: BookingDeps,
  caller: Caller,
  bookingUserId: string,
): Promise<{ appointmentId: string; customerUserId: string | null; phone: string | null }> {
  const [person] = await deps.db.select({ appointmentId: bookingUsers.appointmentId, phone: bookingUsers.phone }).from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
  const row = person && (await findAppointment(deps.db, person.appointmentId));
  if (!row || !canPractise(caller, row)) throw notFound();
  return { appointmentId: row.id, customerUserId: row.bookerUserId, phone: person.phone };
}
