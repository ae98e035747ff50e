import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG, DISCOUNT_MSG, londonIsoDay, needsGuardian, type BookingPrice, type BookingUserInput, type DiscountLine, type PaymentRequest, type PriceRequest } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { openForHolder, sealForHolder } from '../../platform/sealing';
import { hashToken, newToken } from '../../platform/tokens';
import { appointments, bookingPaymentRequests, bookingPayments, bookingUsers } from '../../db/schema';
import { discountOff, takeDiscountOff } from '../commerce';
import { auditHealthData } from './audit';
import { bookingUserValues } from './booking-users';
import type { Caller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { earliestBookableStart } from './holds';
import { publishAppointmentChanges } from './live-events';
import type { ChargeResult } from '../../platform/payments';
import { isSupport } from './policy';
import { appointmentOrganisation, findAppointment, loadDetails, lockAppointment, recordStatus, type AppointmentDetails, type AppointmentRow } from './repo';
import { costFor, type ServiceDefinition } from './services';
import { parseDay } from './time';

export interface BookingResult {
  details: AppointmentDetails;
  shortToken: string;
  /** What was charged now: 0 for a covered patient or a rebook. */
  amountPence: number;
  rebooked: boolean;
  /** A retry of a payment that had already booked: nothing was charged this time. */
  replayed: boolean;
}

/** A booking reference a customer can read out on the phone: VIR-7KQ2M9XD. */
export function bookingReference(productName: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const code = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  const prefix = productName.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase() || 'BKG';
  return `${prefix}-${code}`;
}

function dayToEpoch(day: string | undefined): number | null {
  const parts = day ? parseDay(day) : null;
  return parts ? Date.UTC(parts.year, parts.month - 1, parts.day) / 1000 : null;
}

/** The people on the booking: those given, or the payer alone (the patient booking for themself). */
function peopleOf(input: PaymentRequest): BookingUserInput[] {
  if (input.booking_users) return input.booking_users;
  const dateOfBirth = dayToEpoch(input.billing_details.dateOfBirth);
  if (dateOfBirth === null) throw badRequest(BOOKING_MSG.inputDateOfBirth, { 'billing_details.dateOfBirth': BOOKING_MSG.inputDateOfBirth });
  const b = input.billing_details;
  return [
    {
      first_name: b.first_name,
      last_name: b.last_name,
      email: b.email,
      phone: b.phone || undefined,
      date_of_birth: dateOfBirth,
      street_address: b.street_address,
      extended_address: b.extended_address,
      locality: b.locality,
      region: b.region,
      postal_code: b.postal_code,
      toc_accept: input.toc_accept,
    },
  ];
}

/** Dates of birth in the past, and a guardian of 18+ beside any child under 16 (spec 2 §9). */
export function checkPeople(people: BookingUserInput[], now: Date): void {
  const today = epochSeconds(now);
  people.forEach((p, i) => {
    if (p.date_of_birth > today) throw badRequest(BOOKING_MSG.dateOfBirthFuture, { [`booking_users.${i}.date_of_birth`]: BOOKING_MSG.dateOfBirthFuture });
  });
  if (needsGuardian(people.map((p) => p.date_of_birth), today)) throw badRequest(BOOKING_MSG.guardianNeeded, { booking_users: BOOKING_MSG.guardianNeeded });
}

export function resolveService(deps: BookingDeps, caller: Caller, service: string): ServiceDefinition {
  const definition = deps.services.get(service);
  if (!definition || !definition.hasSlots) throw badRequest(BOOKING_MSG.serviceNotBookable, { service: BOOKING_MSG.serviceNotBookable });
  if (!definition.public && !isSupport(caller.auth)) throw forbidden(BOOKING_MSG.serviceNotBookable);
  return definition;
}

/** A booking is one line to a discount code: the service's cost, one unit, never exempt. */
const serviceLine = (costPence: number): DiscountLine[] => [{ unit_pence: costPence, quantity: 1, discount_exempt: false }];

/** The spec's words for a code that cannot be used (unknown, inactive, out of its days or used up: spec 3 §7). */
const invalidCode = () => new AppError(400, DISCOUNT_MSG.invalid, { discount_code: DISCOUNT_MSG.invalid });

/** The code as discount codes are kept (upper case); none when there is nothing to pay, so no use is taken for nothing. */
function codeFor(costPence: number, code: string | undefined): string | undefined {
  return costPence > 0 && code ? code.toUpperCase() : undefined;
}

/**
 * What the booking costs with the code, read without taking a use (commerce's `discountOff`, the
 * shop's rule): 'Your code is invalid' for a code that cannot be used today.
 */
async function priceWith(deps: BookingDeps, costPence: number, code: string | undefined): Promise<BookingPrice> {
  if (!code) return { cost: costPence, discount_amount: 0, amount: costPence };
  const off = await discountOff(deps.db, code, serviceLine(costPence), londonIsoDay(deps.clock.now()));
  if (!off) throw invalidCode();
  return { cost: costPence, discount_amount: off[0]!, amount: costPence - off[0]! };
}

/**
 * POST /{id}/price: what the caller's held slot costs, with the discount code taken off as the shop
 * takes it off a basket (no use is taken: the payment takes it). The hold must be the caller's and
 * current (else 409), so codes are tried only by someone booking.
 */
export async function priceForSlot(deps: BookingDeps, caller: Caller, slotId: string, input: PriceRequest): Promise<BookingPrice> {
  const definition = resolveService(deps, caller, input.service);
  const slot = await findAppointment(deps.db, slotId);
  if (!slot) throw notFound();
  if (!holdIsValid(slot, input.hold_token, deps.clock.now())) throw conflict(BOOKING_MSG.paymentFailed);
  const cost = costFor(definition, caller.auth);
  return priceWith(deps, cost, codeFor(cost, input.discount_code));
}

/** A booking deleted in time that the same link may rebook once without paying again. */
async function findRebookCredit(db: Db, shortToken: string, service: string): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.shortTokenHash, hashToken(shortToken)), eq(appointments.rebookable, true), eq(appointments.type, service)))
    .limit(1);
  return row;
}

export function holdIsValid(row: AppointmentRow | undefined, holdToken: string, now: Date): row is AppointmentRow {
  return Boolean(
    row &&
      row.status === 'LOCKED' &&
      row.holdTokenHash === hashToken(holdToken) &&
      row.holdExpiresAt &&
      row.holdExpiresAt > now &&
      row.startTime &&
      row.startTime > earliestBookableStart(now),
  );
}

/**
 * A hold no longer valid when a payment is checked: a concurrent twin of this request (the same hold
 * token) may have booked since the first look for one, so its booking is the answer; else 409.
 */
export async function twinOrRefuse(db: Db, slotId: string, holdToken: string): Promise<BookingResult> {
  const twin = await replayedPayment(db, slotId, holdToken);
  if (twin) return twin;
  throw conflict(BOOKING_MSG.paymentFailed);
}

/**
 * A retried payment whose first attempt committed: the hold token is the payment's idempotency
 * key, so the payer gets the same booking back (with its link token, sealed for them) and is
 * never charged twice.
 */
export async function replayedPayment(db: Db, slotId: string, holdToken: string): Promise<BookingResult | null> {
  const [request] = await db
    .select()
    .from(bookingPaymentRequests)
    .where(and(eq(bookingPaymentRequests.keyHash, hashToken(holdToken)), eq(bookingPaymentRequests.appointmentId, slotId)));
  const row = request ? await findAppointment(db, slotId) : undefined;
  if (!request || !row) return null;
  const [details] = await loadDetails(db, [row]);
  return {
    details: details!,
    shortToken: openForHolder(holdToken, slotId, request.shortTokenSealed),
    amountPence: request.amountPence,
    rebooked: request.rebooked,
    replayed: true,
  };
}

/**
 * POST /{id}/payment: pays for a held slot and books it in one transaction. The hold is checked
 * against the clock (an expired hold is refused even if the expiry job has not run), the card is
 * charged, and the appointment, its people, the payment, its idempotency record and the
 * appointment.booked (or .rebook) event are written together. A decline rolls everything back and
 * keeps the hold; a charge whose transaction fails is refunded. Nothing after the commit refunds:
 * the confirmation e-mail is the event's handler. A retry with the same hold token answers the
 * booking it made. The write is audited as the session's user, else as the holder of the body's
 * `token` when it is a booking's link (the rebook's, whose link the new booking keeps), never the token itself.
 */
export async function payForSlot(
  deps: BookingDeps,
  caller: Caller,
  slotId: string,
  input: PaymentRequest,
  options: { ignoreFulfillment: boolean },
): Promise<BookingResult> {
  const definition = resolveService(deps, caller, input.service);
  // Before the price: a replayed rebook would otherwise find its credit spent and ask for money.
  const earlier = await replayedPayment(deps.db, slotId, input.hold_token);
  if (earlier) return earlier;
  const now = deps.clock.now();
  const people = peopleOf(input);
  checkPeople(people, now);
  const credit = input.token && !options.ignoreFulfillment ? await findRebookCredit(deps.db, input.token, definition.service) : undefined;
  const cost = credit ? 0 : costFor(definition, caller.auth);
  const code = codeFor(cost, input.discount_code);
  const price = (await priceWith(deps, cost, code)).amount;
  if (input.amount !== price) throw badRequest(BOOKING_MSG.amountMismatch, { amount: BOOKING_MSG.amountMismatch });
  if (price > 0 && !input.card) throw badRequest(BOOKING_MSG.cardInvalid, { card: BOOKING_MSG.cardInvalid });
  await deps.beforeHoldCheck?.(slotId);
  const slot = await findAppointment(deps.db, slotId);
  if (!slot) throw notFound();
  if (!holdIsValid(slot, input.hold_token, now)) return twinOrRefuse(deps.db, slotId, input.hold_token);

  const sameLink = input.token && (credit || (await deps.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.shortTokenHash, hashToken(input.token))).limit(1)).length > 0);
  const shortToken = sameLink && input.token ? input.token : newToken();
  const shortTokenSealed = await deps.sealer.seal(shortToken);
  let charge: ChargeResult | null = null;
  let booked: AppointmentRow | null;
  try {
    booked = await deps.db.transaction(async (tx): Promise<AppointmentRow | null> => {
      const row = await lockAppointment(tx, slotId);
      if (!holdIsValid(row, input.hold_token, now) || !row.offeredServices.includes(definition.service)) {
        // A concurrent twin of this request paid while this one waited for the row: answer its booking.
        const [twin] = await tx
          .select({ keyHash: bookingPaymentRequests.keyHash })
          .from(bookingPaymentRequests)
          .where(and(eq(bookingPaymentRequests.keyHash, hashToken(input.hold_token)), eq(bookingPaymentRequests.appointmentId, slotId)));
        if (twin) return null;
        throw conflict(BOOKING_MSG.paymentFailed);
      }
      if (credit) {
        const current = await lockAppointment(tx, credit.id);
        if (!current?.rebookable) throw conflict(BOOKING_MSG.paymentFailed);
        await tx.update(appointments).set({ rebookable: false }).where(eq(appointments.id, credit.id));
      }
      if (code) {
        // The code's use is taken before the card is charged: a code used up since the price was shown refuses the payment, nothing charged.
        const taken = await takeDiscountOff(tx, code, serviceLine(cost), londonIsoDay(now));
        if (!taken) throw invalidCode();
        if (cost - taken.off[0]! !== price) throw badRequest(BOOKING_MSG.amountMismatch, { amount: BOOKING_MSG.amountMismatch });
        await deps.audit.record(
          { action: 'discount.used', outcome: 'success', resourceType: 'discount', resourceId: taken.discount.id, details: { code, used_times: taken.discount.used_times, appointment_id: row.id, discount_pence: taken.off[0]! } },
          caller,
          tx,
        );
      }
      if (price > 0 && input.card) {
        charge = await deps.gateway.charge({ amountPence: price, currency: 'GBP', card: input.card, description: `${definition.label} ${row.id}` });
        if (!charge.approved) throw charge.reason === 'declined' ? new AppError(402, BOOKING_MSG.cardDeclined) : new AppError(402, BOOKING_MSG.cardInvalid, { [`card.${charge.field}`]: charge.message });
      }
      const language = row.offeredLanguages.includes(input.language ?? definition.language) ? (input.language ?? definition.language) : (row.offeredLanguages[0] ?? 'EN');
      const tzLocation = input.tz_location ?? definition.timeZone;
      const status = row.practitionerUserId ? 'WAITING' : 'CLAIMABLE';
      const [updated] = await tx
        .update(appointments)
        .set({
          status,
          claimableSlot: !row.practitionerUserId,
          type: definition.service,
          language,
          tzLocation,
          paid: true,
          amountPence: credit ? credit.amountPence : price,
          bookerUserId: caller.auth?.userId ?? null,
          shortTokenHash: hashToken(shortToken),
          shortTokenSealed,
          tocAccept: input.toc_accept,
          marketingAccept: input.marketing_accept ?? false,
          flightDetails: input.flight_details ?? null,
          holdTokenHash: null,
          holdExpiresAt: null,
          providerBookingReference: bookingReference(deps.settings.productName),
          videoRoom: randomUUID(),
          rebookedFromId: credit?.id ?? null,
          statusLastUpdated: now,
        })
        .where(eq(appointments.id, row.id))
        .returning();
      const inserted = await tx.insert(bookingUsers).values(bookingUserValues(row.id, people, now, { language, tzLocation })).returning({ id: bookingUsers.id });
      const approved = charge as ChargeResult | null;
      if (approved?.approved) {
        await tx.insert(bookingPayments).values({
          appointmentId: row.id,
          amountPence: price,
          gateway: deps.gateway.name,
          gatewayReference: approved.reference,
          cardLast4: approved.last4,
          payerEmail: input.billing_details.email.toLowerCase(),
          createdAt: now,
        });
      }
      await tx.insert(bookingPaymentRequests).values({
        keyHash: hashToken(input.hold_token),
        appointmentId: row.id,
        amountPence: price,
        rebooked: Boolean(credit),
        shortTokenSealed: sealForHolder(input.hold_token, row.id, shortToken),
        createdAt: now,
      });
      await recordStatus(tx, row.id, status, now, caller.auth?.userId ?? null);
      await deps.outbox.emit(tx, {
        name: credit ? 'appointment.rebook' : 'appointment.booked',
        organisationId: await appointmentOrganisation(tx, row, caller),
        payload: {
          appointment_id: row.id,
          booking_user_ids: inserted.map((u) => u.id),
          type: definition.service,
          start_time: row.startTime ? epochSeconds(row.startTime) : null,
          ...(credit ? { rebooked_from: credit.id } : {}),
        },
        secrets: { short_token: shortToken, payer_email: input.billing_details.email },
      });
      await auditHealthData(deps, sameLink ? { ...caller, shortToken } : caller, 'write', [row.id], tx);
      return updated!;
    });
  } catch (error) {
    const approved = charge as ChargeResult | null;
    if (approved?.approved) await deps.gateway.refund(approved.reference);
    throw error;
  }
  if (!booked) return (await replayedPayment(deps.db, slotId, input.hold_token))!;
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.booked, [{ row: booked, previousStatus: 'LOCKED' }]);
  const [details] = await loadDetails(deps.db, [booked]);
  return { details: details!, shortToken, amountPence: price, rebooked: Boolean(credit), replayed: false };
}

/** POST / (self_swab): registers people for a self-swab kit; there is no time and no practitioner. */
export async function bookSelfSwab(
  deps: BookingDeps,
  caller: Caller,
  input: { booking_users: BookingUserInput[]; language?: 'EN' | 'DE' | undefined; tz_location?: string | undefined; testing_kit_id?: string | undefined; toc_accept: true },
): Promise<AppointmentDetails> {
  const now = deps.clock.now();
  checkPeople(input.booking_users, now);
  const language = input.language ?? 'EN';
  const tzLocation = input.tz_location ?? 'Europe/London';
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(appointments)
      .values({
        type: 'self_swab',
        status: null,
        statusLastUpdated: now,
        language,
        tzLocation,
        testingKitId: input.testing_kit_id ?? null,
        paid: true,
        bookerUserId: caller.auth?.userId ?? null,
        tocAccept: input.toc_accept,
        providerBookingReference: bookingReference(deps.settings.productName),
        createdAt: now,
      })
      .returning();
    const inserted = await tx.insert(bookingUsers).values(bookingUserValues(created!.id, input.booking_users, now, { language, tzLocation })).returning({ id: bookingUsers.id });
    await deps.outbox.emit(tx, {
      name: 'appointment.booked',
      organisationId: caller.auth?.organisationId ?? null,
      payload: { appointment_id: created!.id, booking_user_ids: inserted.map((u) => u.id), type: 'self_swab', start_time: null },
    });
    await auditHealthData(deps, caller, 'write', [created!.id], tx);
    return created!;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.booked, [{ row, previousStatus: null }]);
  const [details] = await loadDetails(deps.db, [row]);
  return details!;
}
