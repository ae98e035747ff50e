import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { BOOKING, BOOKING_LIVE, BOOKING_MSG, type AppointmentStatus, type BookingUserInput } from '@vireo/contracts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { appointments, bookingPayments, bookingUsers } from '../../db/schema';
import { auditHealthData } from './audit';
import { checkPeople } from './book';
import { bookingUserValues } from './booking-users';
import type { Caller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { earliestBookableStart, returnTimeToSupply } from './holds';
import { giveUnitsBack, mayIgnoreFulfillment, takeUnitsForMorePeople } from './order-booking';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { canActForCustomer, canRead, holdsLinkOf, isCustomerOf, isSupport, linkExpired, requireIdentity, unreachable } from './policy';
import { rowsOf } from '../../platform/db';
import { appointmentOrganisation, detailsByShortTokenHash, findAppointment, loadDetails, lockAppointment, recordStatus, type AppointmentDetails, type AppointmentRow } from './repo';
import { epochSeconds } from '../../platform/clock';

/** Booked and not started: the only state a customer may change or delete. */
const CHANGEABLE: readonly AppointmentStatus[] = ['WAITING', 'CLAIMABLE'];

/** More than 24 hours before the start (spec 2 §4.2): edit, reschedule, delete with a rebook. */
export function beforeCutoff(row: AppointmentRow, now: Date): boolean {
  return Boolean(row.startTime && row.startTime.getTime() - now.getTime() > BOOKING.editCutoffHours * 3_600_000);
}

async function loadForCustomer(deps: BookingDeps, caller: Caller, id: string): Promise<AppointmentRow> {
  requireIdentity(caller);
  const row = await findAppointment(deps.db, id);
  const now = deps.clock.now();
  if (!row || !canActForCustomer(caller, row, now)) throw unreachable(caller, row, now);
  // A booking an order paid for: staff change it with booking.edit (spec 3 §6), its customer by the order's token.
  if (row.orderId && !isCustomerOf(caller, row, now) && !mayIgnoreFulfillment(caller)) throw forbidden();
  return row;
}

/**
 * A reschedule moves a booking onto another row and leaves its old id behind, while e-mails
 * already sent name that id. A link holder asking for a row that no longer carries their link
 * is answered with the row it moved to: the row reached along rebooked_from_id that carries it.
 */
async function followMoves(deps: BookingDeps, caller: Caller, row: AppointmentRow | undefined): Promise<AppointmentRow | undefined> {
  if (!row || !caller.shortToken || holdsLinkOf(caller, row)) return row;
  const moved = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      WITH RECURSIVE moves(id, short_token_hash, depth) AS (
        SELECT id, short_token_hash, 1 FROM ${appointments} WHERE rebooked_from_id = ${row.id}
        UNION ALL
        SELECT a.id, a.short_token_hash, m.depth + 1 FROM ${appointments} a JOIN moves m ON a.rebooked_from_id = m.id WHERE m.depth < 50
      )
      SELECT id FROM moves WHERE short_token_hash = ${hashToken(caller.shortToken)} ORDER BY depth DESC LIMIT 1`),
  );
  return moved[0] ? findAppointment(deps.db, moved[0].id) : row;
}

/**
 * GET /{id}/info: what the patient's landing page shows. Cancelled appointments answer too; an id
 * the booking was rescheduled from answers the booking where it is now (its own id in the answer).
 */
export async function appointmentInfo(deps: BookingDeps, caller: Caller, id: string) {
  requireIdentity(caller);
  const row = await followMoves(deps, caller, await findAppointment(deps.db, id));
  const now = deps.clock.now();
  if (!row || !canRead(caller, row, now)) throw unreachable(caller, row, now);
  const people = await deps.db.select({ id: bookingUsers.id }).from(bookingUsers).where(eq(bookingUsers.appointmentId, row.id));
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    start_time: row.startTime ? epochSeconds(row.startTime) : null,
    end_time: row.endTime ? epochSeconds(row.endTime) : null,
    tz_location: row.tzLocation,
    language: row.language,
    cancelled: row.status === 'USER_CANCELLED' || row.status === 'PROVIDER_CANCELLED',
    people: people.length,
    editable: Boolean(row.status && CHANGEABLE.includes(row.status) && beforeCutoff(row, now)),
    rebookable: row.rebookable,
  };
}

/**
 * GET /-/short-token/{token}: the customer's bookings made with this link, in one statement (their
 * read is audited as they are presented, once per link holder, appointment and window).
 */
export async function appointmentsByShortToken(deps: BookingDeps, token: string): Promise<{ details: AppointmentDetails[]; rebookCredit: boolean }> {
  const all = await detailsByShortTokenHash(deps.db, hashToken(token));
  if (all.length === 0) throw notFound();
  const now = deps.clock.now();
  const details = all.filter(({ row }) => !linkExpired(row, now));
  if (details.length === 0) throw new AppError(410, BOOKING_MSG.linkExpired);
  return { details, rebookCredit: details.some(({ row }) => row.rebookable) };
}

export async function updateTerms(deps: BookingDeps, caller: Caller, id: string, input: { toc_accept: boolean; marketing_accept?: boolean | undefined }): Promise<void> {
  await loadForCustomer(deps, caller, id);
  await deps.db
    .update(appointments)
    .set({ tocAccept: input.toc_accept, ...(input.marketing_accept === undefined ? {} : { marketingAccept: input.marketing_accept }) })
    .where(eq(appointments.id, id));
}

export async function storeUserVideoToken(deps: BookingDeps, caller: Caller, id: string, token: string): Promise<void> {
  await loadForCustomer(deps, caller, id);
  await deps.db.update(appointments).set({ userVideoToken: token }).where(eq(appointments.id, id));
}

/**
 * DELETE /{id}?action=delete&actor=…: more than 24 hours ahead the booking is cancelled, its time
 * goes back into supply and the same link may rebook once without paying; within 24 hours it is
 * cancelled without a rebook and only the practitioner is notified. Managers and customer services
 * with actor practitioner or admin cancel as the provider: the customer keeps a rebook.
 */
export async function deleteAppointment(
  deps: BookingDeps,
  caller: Caller,
  id: string,
  actor: 'patient' | 'practitioner' | 'admin',
): Promise<{ message: string; rebookable: boolean; warning?: string }> {
  const current = await loadForCustomer(deps, caller, id);
  if (!current.status || !CHANGEABLE.includes(current.status)) throw conflict(BOOKING_MSG.alreadyCancelled);
  const now = deps.clock.now();
  const asProvider = actor !== 'patient' && isSupport(caller.auth);
  const inTime = beforeCutoff(current, now);
  const status = asProvider ? 'PROVIDER_CANCELLED' : 'USER_CANCELLED';
  // A booking an order paid for gives its units back to the order instead of a rebook credit.
  const rebookable = current.paid && !current.orderItemId && (asProvider || inTime);
  const changes = await deps.db.transaction(async (tx): Promise<AppointmentChange[]> => {
    const row = await lockAppointment(tx, id);
    if (!row?.status || !CHANGEABLE.includes(row.status)) throw conflict(BOOKING_MSG.alreadyCancelled);
    const [cancelled] = await tx.update(appointments).set({ status, rebookable, statusLastUpdated: now }).where(eq(appointments.id, id)).returning();
    const changed: AppointmentChange[] = [{ row: cancelled!, previousStatus: row.status }];
    await recordStatus(tx, id, status, now, caller.auth?.userId ?? null);
    if (asProvider || inTime) await giveUnitsBack(tx, row);
    // In time, the practitioner's slot returns to supply as a fresh AVAILABLE appointment.
    const freed = inTime ? await returnTimeToSupply(tx, row, now, caller.auth?.userId ?? null) : null;
    if (freed) changed.push(freed);
    // Within 24 hours the practitioner is told (a handler of this event); the slot stays theirs.
    await deps.outbox.emit(tx, {
      name: 'appointment.cancelled',
      organisationId: await appointmentOrganisation(tx, row, caller),
      payload: { appointment_id: id, status, late: !inTime, by: asProvider ? 'provider' : 'customer', rebookable },
    });
    await auditHealthData(deps, caller, 'write', [id], tx);
    return changed;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, changes);
  if (asProvider) return { message: BOOKING_MSG.alreadyCancelled, rebookable };
  return inTime ? { message: BOOKING_MSG.deleted, rebookable } : { message: BOOKING_MSG.deletedLate, rebookable, warning: BOOKING_MSG.within24Hours };
}

function requireChangeable(row: AppointmentRow, now: Date): void {
  if (!row.status || !CHANGEABLE.includes(row.status)) throw conflict(BOOKING_MSG.alreadyCancelled);
  if (!beforeCutoff(row, now)) throw badRequest(BOOKING_MSG.within24Hours);
}

/** PATCH /{id}: the customer replaces the people on the booking (never fewer), until 24 hours before. */
export async function editBookingUsers(deps: BookingDeps, caller: Caller, id: string, people: BookingUserInput[]): Promise<AppointmentDetails> {
  const current = await loadForCustomer(deps, caller, id);
  const now = deps.clock.now();
  requireChangeable(current, now);
  checkPeople(people, now);
  await deps.db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw notFound();
    requireChangeable(row, now);
    const existing = await tx.select().from(bookingUsers).where(eq(bookingUsers.appointmentId, id)).orderBy(asc(bookingUsers.position));
    if (people.length < existing.length) throw badRequest(BOOKING_MSG.cannotReducePeople, { booking_users: BOOKING_MSG.cannotReducePeople });
    // More people on a booking an order paid for take more of its units. The session decides first: staff with
    // booking.edit need none, whatever link token /booking/edit also sends; only a customer is bound by the units.
    await takeUnitsForMorePeople(tx, row, people.length - existing.length, mayIgnoreFulfillment(caller));
    const values = bookingUserValues(id, people, now, { language: row.language, tzLocation: row.tzLocation });
    for (const [i, value] of values.entries()) {
      const before = existing[i];
      if (before) {
        const { createdAt: _created, appointmentId: _appointment, ...changes } = value;
        await tx.update(bookingUsers).set({ ...changes, metadata: { ...before.metadata, ...value.metadata } }).where(eq(bookingUsers.id, before.id));
      } else {
        await tx.insert(bookingUsers).values(value);
      }
    }
    await auditHealthData(deps, caller, 'write', [id], tx);
  });
  const [details] = await loadDetails(deps.db, [(await findAppointment(deps.db, id))!]);
  return details!;
}

/**
 * POST /{id}/reschedule/{slotId}: moves the booking (people, payment, link) onto a slot the
 * customer holds, until 24 hours before the old start; the old time returns to supply.
 * Emits appointment.rebook in the same transaction.
 */
export async function reschedule(deps: BookingDeps, caller: Caller, id: string, slotId: string, holdToken: string): Promise<AppointmentDetails> {
  const current = await loadForCustomer(deps, caller, id);
  const now = deps.clock.now();
  requireChangeable(current, now);
  const moved = await deps.db.transaction(async (tx) => {
    const [first, second] = id < slotId ? [id, slotId] : [slotId, id];
    // Lock both rows in a fixed order so two reschedules cannot deadlock.
    const a = await lockAppointment(tx, first);
    const b = await lockAppointment(tx, second);
    const old = a?.id === id ? a : b;
    const slot = a?.id === slotId ? a : b;
    if (!old || !slot) throw notFound();
    requireChangeable(old, now);
    const held = slot.status === 'LOCKED' && slot.holdTokenHash === hashToken(holdToken) && slot.holdExpiresAt && slot.holdExpiresAt > now && slot.startTime && slot.startTime > earliestBookableStart(now);
    if (!held || !slot.offeredServices.includes(old.type)) throw conflict(BOOKING_MSG.paymentFailed);
    const status = slot.practitionerUserId ? 'WAITING' : 'CLAIMABLE';
    const [updated] = await tx
      .update(appointments)
      .set({
        status,
        claimableSlot: !slot.practitionerUserId,
        type: old.type,
        testType: old.testType,
        language: slot.offeredLanguages.includes(old.language) ? old.language : (slot.offeredLanguages[0] ?? 'EN'),
        tzLocation: old.tzLocation,
        paid: old.paid,
        amountPence: old.amountPence,
        bookerUserId: old.bookerUserId,
        shortTokenHash: old.shortTokenHash,
        shortTokenSealed: old.shortTokenSealed,
        orderId: old.orderId,
        orderItemId: old.orderItemId,
        tocAccept: old.tocAccept,
        marketingAccept: old.marketingAccept,
        flightDetails: old.flightDetails,
        testingKitId: old.testingKitId,
        providerBookingReference: old.providerBookingReference,
        videoRoom: randomUUID(),
        rebookedFromId: old.id,
        holdTokenHash: null,
        holdExpiresAt: null,
        statusLastUpdated: now,
      })
      .where(eq(appointments.id, slotId))
      .returning();
    await tx.update(bookingUsers).set({ appointmentId: slotId }).where(eq(bookingUsers.appointmentId, id));
    await tx.update(bookingPayments).set({ appointmentId: slotId }).where(eq(bookingPayments.appointmentId, id));
    // The old time goes back into supply: the row is reset to an open slot of its practitioner.
    const reopen = Boolean(old.practitionerUserId && old.startTime && old.startTime > earliestBookableStart(now));
    const [vacated] = await tx
      .update(appointments)
      .set({
        status: reopen ? 'AVAILABLE' : 'UNAVAILABLE',
        claimableSlot: false,
        paid: false,
        amountPence: 0,
        bookerUserId: null,
        shortTokenHash: null,
        shortTokenSealed: null,
        orderId: null,
        orderItemId: null,
        tocAccept: false,
        marketingAccept: false,
        flightDetails: null,
        providerBookingReference: null,
        videoRoom: null,
        userVideoToken: null,
        statusLastUpdated: now,
      })
      .where(eq(appointments.id, id))
      .returning();
    await recordStatus(tx, slotId, status, now, caller.auth?.userId ?? null);
    await recordStatus(tx, id, reopen ? 'AVAILABLE' : 'UNAVAILABLE', now, caller.auth?.userId ?? null);
    const people = await tx.select({ id: bookingUsers.id }).from(bookingUsers).where(eq(bookingUsers.appointmentId, slotId));
    const [payment] = await tx.select({ email: bookingPayments.payerEmail }).from(bookingPayments).where(eq(bookingPayments.appointmentId, slotId));
    // The customer's link token goes into the rebooked e-mail; a signed-in patient manages it from their account.
    const linkToken = caller.shortToken && isCustomerOf(caller, old, now) ? caller.shortToken : null;
    await deps.outbox.emit(tx, {
      name: 'appointment.rebook',
      organisationId: await appointmentOrganisation(tx, slot, caller),
      payload: { appointment_id: slotId, rebooked_from: id, booking_user_ids: people.map((p) => p.id), type: old.type, start_time: slot.startTime ? epochSeconds(slot.startTime) : null },
      secrets: { ...(linkToken ? { short_token: linkToken } : {}), ...(payment ? { payer_email: payment.email } : {}) },
    });
    await auditHealthData(deps, caller, 'write', [slotId], tx);
    return { updated: updated!, vacated: vacated!, previousStatus: old.status };
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.booked, [
    { row: moved.updated, previousStatus: 'LOCKED' },
    // The customer hears that their old time is no longer theirs, though it no longer names them.
    { row: { ...moved.vacated, bookerUserId: current.bookerUserId }, previousStatus: moved.previousStatus },
  ]);
  const [details] = await loadDetails(deps.db, [moved.updated]);
  return details!;
}
