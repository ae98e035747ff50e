import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  BLOCKED_SHIPPING_FLAGS,
  BOOKING_LIVE,
  BOOKING_MSG,
  bookingWindow,
  inBookingWindow,
  isBookingSkipped,
  isTimedBookable,
  ORDER_BOOKING_MSG,
  ORDER_MSG,
  orderBookableUntil,
  peopleLeft,
  QUANTITY_CHECK_EXEMPT_SKU,
  type AppointmentStatus,
  type BookingUserInput,
  type BookingWindow,
  type OrderBookingRequest,
  type OrderFlightDetails,
  type ShippingFlag,
} from '@vireo/contracts';
import { hasPermission } from '../../platform/access';
import type { Caller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../platform/errors';
import { sealForHolder } from '../../platform/sealing';
import { hashToken } from '../../platform/tokens';
import { appointments, bookingPaymentRequests, bookingUsers, orderItems, orders, products } from '../../db/schema';
import { auditHealthData } from './audit';
import { bookingReference, checkPeople, holdIsValid, replayedPayment, resolveService, twinOrRefuse, type BookingResult } from './book';
import { bookingUserValues } from './booking-users';
import type { BookingDeps } from './deps';
import { returnTimeToSupply } from './holds';
import { publishAppointmentChanges, type AppointmentChange } from './live-events';
import { appointmentOrganisation, findAppointment, loadDetails, lockAppointment, recordStatus, type AppointmentDetails, type AppointmentRow } from './repo';
import { productServiceName } from './services';
import { londonDay, parseDay } from './time';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** An order and the line a booking takes units of, with the product's tags (the window reads them). */
export interface OrderLine {
  order: OrderRow;
  item: OrderItemRow;
  tags: string[];
}

const orderNotFound = () => new AppError(404, ORDER_MSG.notFound);

/** Only staff with `booking.edit` (super admins, customer services) book without taking the order's units. */
export function mayIgnoreFulfillment(caller: Caller): boolean {
  return Boolean(caller.auth && hasPermission(caller.auth, 'booking.edit'));
}

/**
 * The order a short token opens and its line for `productId`. In a transaction (`lock`) the order is
 * locked FOR SHARE (a cancellation waits) and the line FOR UPDATE (bookings of one line queue here,
 * so `fulfilled` never passes what was bought). 404 for an unknown token, 400 for a product it lacks.
 */
export async function findOrderLine(db: Db, token: string, productId: string, lock = false): Promise<OrderLine> {
  const orderQuery = db.select().from(orders).where(eq(orders.shortToken, token));
  const [order] = lock ? await orderQuery.for('share') : await orderQuery;
  if (!order) throw orderNotFound();
  const itemQuery = db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, productId)));
  const [item] = lock ? await itemQuery.for('update') : await itemQuery;
  if (!item) throw badRequest(ORDER_BOOKING_MSG.notOnOrder, { product_id: ORDER_BOOKING_MSG.notOnOrder });
  const [product] = await db.select({ tags: products.tags }).from(products).where(eq(products.id, item.productId));
  return { order, item, tags: product?.tags ?? [] };
}

/** The order may book: not cancelled or failed, paid, bought at most 6 months ago. */
export function checkOrderBookable(order: OrderRow, now: Date): void {
  if (BLOCKED_SHIPPING_FLAGS.includes(order.shippingFlag as ShippingFlag)) throw conflict(ORDER_BOOKING_MSG.blocked(order.shippingFlag));
  if (order.paymentFlag !== 'Complete') throw conflict(ORDER_BOOKING_MSG.notPaid);
  if (epochSeconds(now) > orderBookableUntil(epochSeconds(order.createdAt))) throw conflict(ORDER_BOOKING_MSG.expired);
}

/** There are units left for `count` more people (the {token} product has no limit). */
function checkUnitsLeft(item: OrderItemRow, count: number): void {
  if (count > peopleLeft(item)) throw badRequest(ORDER_BOOKING_MSG.tooManyPeople, { booking_users: ORDER_BOOKING_MSG.tooManyPeople });
}

/** Raises the line's fulfilled units by `count` (never past its quantity for the exempt product). */
async function takeUnits(tx: Db, item: OrderItemRow, count: number): Promise<void> {
  const fulfilled = item.sku === QUANTITY_CHECK_EXEMPT_SKU ? sql`LEAST(${orderItems.quantity}, ${orderItems.fulfilled} + ${count})` : sql`${orderItems.fulfilled} + ${count}`;
  await tx.update(orderItems).set({ fulfilled }).where(eq(orderItems.id, item.id));
}

/** Gives `count` units back to a line (a booking cancelled in time), never below 0. */
async function returnUnits(tx: Db, itemId: string, count: number): Promise<void> {
  await tx
    .update(orderItems)
    .set({ fulfilled: sql`GREATEST(0, ${orderItems.fulfilled} - ${count})` })
    .where(eq(orderItems.id, itemId));
}

const toEpoch = (iso: string | undefined): number | null => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

/** The line's window for the travel and the chosen date (dd-MM-yyyy); 400 with what is missing. */
export function lineWindow(line: OrderLine, travel: { departure?: string | undefined; arrival?: string | undefined }, chosenDay: string | null): BookingWindow {
  return productWindow({ sku: line.item.sku, tags: line.tags }, travel, chosenDay);
}

/** A product's booking window for the travel and the chosen day: the line's, before the order exists (pharmacy and partner forms). */
function productWindow(product: { sku: string; tags: string[] }, travel: { departure?: string | undefined; arrival?: string | undefined }, chosenDay: string | null): BookingWindow {
  const result = bookingWindow({
    sku: product.sku,
    tags: product.tags,
    departure: toEpoch(travel.departure),
    arrival: toEpoch(travel.arrival),
    chosenDate: chosenDay ? parseDay(chosenDay) : null,
  });
  if (!result.ok) throw badRequest(result.message, { flight_details: result.message });
  return result.window;
}

/** The people as the order books them: each names the order, its token and the product (spec 3 §7.4 metadata). */
function peopleOfOrder(people: BookingUserInput[], line: OrderLine, token: string): BookingUserInput[] {
  return people.map((p) => ({
    ...p,
    product_id: line.item.productId,
    ...(line.item.bundleId ? { bundle_id: line.item.bundleId } : {}),
    metadata: { ...p.metadata, order_id: line.order.id, short_token: token, product_id: line.item.productId, source: p.metadata?.source ?? line.order.source },
  }));
}

/** The services an order's timed booking may use: the product service and the German one. */
function orderService(deps: BookingDeps, caller: Caller, type: string) {
  const allowed = [productServiceName(deps.settings.productName), 'video_gp_euro'];
  if (!allowed.includes(type)) throw badRequest(BOOKING_MSG.serviceNotBookable, { type: BOOKING_MSG.serviceNotBookable });
  return resolveService(deps, caller, type);
}

/**
 * POST /{id}/payment with an order's short token: the order pays for a held slot. Refused: a
 * cancelled or failed order ('This order has been {flag}'), one not paid, one bought more than 6
 * months ago, a product that is Virtual, not bookable or booked without a time, a slot outside the
 * product's window (rechecked here, spec 2 §9), more people than the line has units left. The line
 * is locked while its `fulfilled` rises in the booking's transaction. `ignoreFulfillment` (staff with
 * booking.edit) books without taking units. The hold token is the idempotency key, as for a card.
 * The route passes the body's token as the caller's `shortToken`: without a session, the write is
 * audited as the order token's holder.
 */
export async function payWithOrder(deps: BookingDeps, caller: Caller, slotId: string, input: OrderBookingRequest, options: { ignoreFulfillment: boolean }): Promise<BookingResult> {
  if (options.ignoreFulfillment && !mayIgnoreFulfillment(caller)) throw caller.auth ? forbidden() : unauthenticated();
  const definition = orderService(deps, caller, input.type);
  const earlier = await replayedPayment(deps.db, slotId, input.hold_token);
  if (earlier) return earlier;
  const now = deps.clock.now();
  checkPeople(input.booking_users, now);
  await deps.beforeHoldCheck?.(slotId);
  const slot = await findAppointment(deps.db, slotId);
  if (!slot) throw notFound();

  const check = (line: OrderLine, row: AppointmentRow) => {
    checkOrderBookable(line.order, now);
    if (!isTimedBookable({ ...line.item, tags: line.tags })) throw badRequest(ORDER_BOOKING_MSG.notBookable, { product_id: ORDER_BOOKING_MSG.notBookable });
    if (!row.startTime) throw conflict(BOOKING_MSG.paymentFailed);
    const travel = { departure: input.flight_details?.transport_departure_date_time, arrival: input.flight_details?.transport_arrival_date_time };
    const window = lineWindow(line, travel, input.appointment_date ?? londonDay(row.startTime));
    if (!inBookingWindow(window, epochSeconds(row.startTime))) throw badRequest(ORDER_BOOKING_MSG.outsideWindow, { slot: ORDER_BOOKING_MSG.outsideWindow });
    if (!options.ignoreFulfillment) checkUnitsLeft(line.item, input.booking_users.length);
  };
  // Refuse early, without locks, what the transaction would refuse anyway. A hold no longer valid is
  // answered first: a twin that booked since the first look has taken the order's units itself.
  const seen = await findOrderLine(deps.db, input.token, input.product_id);
  if (!holdIsValid(slot, input.hold_token, now)) return twinOrRefuse(deps.db, slotId, input.hold_token);
  check(seen, slot);

  const shortTokenSealed = await deps.sealer.seal(input.token);
  const booked = await deps.db.transaction(async (tx): Promise<AppointmentRow | null> => {
    const line = await findOrderLine(tx, input.token, input.product_id, true);
    const row = await lockAppointment(tx, slotId);
    if (!row || !holdIsValid(row, input.hold_token, now) || !row.offeredServices.includes(definition.service)) {
      const [twin] = await tx
        .select({ keyHash: bookingPaymentRequests.keyHash })
        .from(bookingPaymentRequests)
        .where(and(eq(bookingPaymentRequests.keyHash, hashToken(input.hold_token)), eq(bookingPaymentRequests.appointmentId, slotId)));
      if (twin) return null;
      throw conflict(BOOKING_MSG.paymentFailed);
    }
    check(line, row);
    const people = peopleOfOrder(input.booking_users, line, input.token);
    const language = row.offeredLanguages.includes(input.language ?? definition.language) ? (input.language ?? definition.language) : (row.offeredLanguages[0] ?? 'EN');
    const tzLocation = input.tz_location ?? definition.timeZone;
    const status = row.practitionerUserId ? 'WAITING' : 'CLAIMABLE';
    const [updated] = await tx
      .update(appointments)
      .set({
        status,
        claimableSlot: !row.practitionerUserId,
        type: definition.service,
        testType: line.item.type === 'PCR' ? 'PCR' : 'Antigen',
        language,
        tzLocation,
        paid: true,
        amountPence: 0,
        bookerUserId: caller.auth?.userId ?? null,
        shortTokenHash: hashToken(input.token),
        shortTokenSealed,
        orderId: line.order.id,
        orderItemId: line.item.id,
        tocAccept: input.toc_accept,
        marketingAccept: input.marketing_accept ?? false,
        flightDetails: input.flight_details ?? null,
        holdTokenHash: null,
        holdExpiresAt: null,
        providerBookingReference: bookingReference(deps.settings.productName),
        videoRoom: randomUUID(),
        statusLastUpdated: now,
      })
      .where(eq(appointments.id, row.id))
      .returning();
    const inserted = await tx.insert(bookingUsers).values(bookingUserValues(row.id, people, now, { language, tzLocation })).returning({ id: bookingUsers.id });
    if (!options.ignoreFulfillment) await takeUnits(tx, line.item, people.length);
    await tx.insert(bookingPaymentRequests).values({
      keyHash: hashToken(input.hold_token),
      appointmentId: row.id,
      amountPence: 0,
      rebooked: false,
      shortTokenSealed: sealForHolder(input.hold_token, row.id, input.token),
      createdAt: now,
    });
    await recordStatus(tx, row.id, status, now, caller.auth?.userId ?? null);
    await deps.outbox.emit(tx, {
      name: 'appointment.booked',
      organisationId: line.order.organisationId ?? (await appointmentOrganisation(tx, row, caller)),
      payload: { appointment_id: row.id, booking_user_ids: inserted.map((u) => u.id), type: definition.service, start_time: epochSeconds(row.startTime!), order_id: line.order.id },
      secrets: { short_token: input.token, payer_email: line.order.billingEmail },
    });
    await auditHealthData(deps, caller, 'write', [row.id], tx);
    return updated!;
  });
  if (!booked) return (await replayedPayment(deps.db, slotId, input.hold_token))!;
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.booked, [{ row: booked, previousStatus: 'LOCKED' }]);
  const [details] = await loadDetails(deps.db, [booked]);
  return { details: details!, shortToken: input.token, amountPence: 0, rebooked: false, replayed: false };
}

/**
 * POST / with an order's token: the untimed appointment (self_swab) of a booking-skipped product
 * (FACE-2-FACE-HOTEL, SELF-SWABBING) that the order pays for; its units taken in the same
 * transaction, the line locked. The order's refusals are those of a timed booking.
 */
export async function bookUntimedWithOrder(
  deps: BookingDeps,
  caller: Caller,
  input: {
    token: string;
    product_id: string;
    booking_users: BookingUserInput[];
    language?: 'EN' | 'DE' | undefined;
    tz_location?: string | undefined;
    testing_kit_id?: string | undefined;
    flight_details?: OrderFlightDetails | undefined;
    toc_accept: true;
  },
): Promise<AppointmentDetails> {
  const now = deps.clock.now();
  checkPeople(input.booking_users, now);
  const check = (line: OrderLine) => {
    checkOrderBookable(line.order, now);
    if (!isBookingSkipped(line.item.sku)) throw badRequest(ORDER_BOOKING_MSG.notSkipped, { product_id: ORDER_BOOKING_MSG.notSkipped });
    checkUnitsLeft(line.item, input.booking_users.length);
  };
  check(await findOrderLine(deps.db, input.token, input.product_id));
  const language = input.language ?? 'EN';
  const tzLocation = input.tz_location ?? 'Europe/London';
  const shortTokenSealed = await deps.sealer.seal(input.token);
  const row = await deps.db.transaction(async (tx) => {
    const line = await findOrderLine(tx, input.token, input.product_id, true);
    check(line);
    const [created] = await tx
      .insert(appointments)
      .values({
        type: 'self_swab',
        testType: line.item.type === 'PCR' ? 'PCR' : 'Antigen',
        status: null,
        statusLastUpdated: now,
        language,
        tzLocation,
        testingKitId: input.testing_kit_id ?? null,
        paid: true,
        bookerUserId: caller.auth?.userId ?? null,
        shortTokenHash: hashToken(input.token),
        shortTokenSealed,
        orderId: line.order.id,
        orderItemId: line.item.id,
        flightDetails: input.flight_details ?? null,
        tocAccept: input.toc_accept,
        providerBookingReference: bookingReference(deps.settings.productName),
        createdAt: now,
      })
      .returning();
    const people = peopleOfOrder(input.booking_users, line, input.token);
    const inserted = await tx.insert(bookingUsers).values(bookingUserValues(created!.id, people, now, { language, tzLocation })).returning({ id: bookingUsers.id });
    await takeUnits(tx, line.item, people.length);
    await deps.outbox.emit(tx, {
      name: 'appointment.booked',
      organisationId: line.order.organisationId,
      payload: { appointment_id: created!.id, booking_user_ids: inserted.map((u) => u.id), type: 'self_swab', start_time: null, order_id: line.order.id },
      secrets: { short_token: input.token, payer_email: line.order.billingEmail },
    });
    await auditHealthData(deps, caller, 'write', [created!.id], tx);
    return created!;
  });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.booked, [{ row, previousStatus: null }]);
  const [details] = await loadDetails(deps.db, [row]);
  return details!;
}

/**
 * GET / for an order (short_token and product_id): the line's window (narrowed to date_time…date_time_to
 * when asked), so the wizard offers only slots the payment will take. The order must be bookable (same
 * refusals as its payment). With product_id alone (the pharmacy and partner forms, whose order is
 * placed at Summary): the window of that product, on sale and bookable at a time.
 */
export async function orderSlotRange(
  deps: BookingDeps,
  query: { short_token: string; product_id: string; date?: string | undefined; transport_departure_date_time?: string | undefined; transport_arrival_date_time?: string | undefined },
  asked: { from: Date; to: Date } | null,
): Promise<{ from: Date; to: Date }> {
  if (!query.product_id) throw badRequest(ORDER_BOOKING_MSG.notOnOrder, { product_id: ORDER_BOOKING_MSG.notOnOrder });
  const travel = { departure: query.transport_departure_date_time, arrival: query.transport_arrival_date_time };
  let window: BookingWindow;
  if (query.short_token) {
    const line = await findOrderLine(deps.db, query.short_token, query.product_id);
    checkOrderBookable(line.order, deps.clock.now());
    if (!isTimedBookable({ ...line.item, tags: line.tags })) throw badRequest(ORDER_BOOKING_MSG.notBookable, { product_id: ORDER_BOOKING_MSG.notBookable });
    window = lineWindow(line, travel, query.date ?? null);
  } else {
    const [product] = await deps.db.select().from(products).where(eq(products.id, query.product_id));
    if (!product || !product.active || product.retiredAt || !isTimedBookable({ ...product, tags: product.tags })) throw badRequest(ORDER_BOOKING_MSG.notBookable, { product_id: ORDER_BOOKING_MSG.notBookable });
    window = productWindow(product, travel, query.date ?? null);
  }
  const from = Math.max(asked?.from.getTime() ?? 0, window.from * 1000);
  // The window's end is included; the range's end is not.
  const to = Math.min(asked?.to.getTime() ?? Number.POSITIVE_INFINITY, (window.to + 1) * 1000);
  return { from: new Date(from), to: new Date(Math.max(from, to)) };
}

/** The appointments booked with an order, soonest first (untimed last). */
export async function appointmentsOfOrder(deps: BookingDeps, orderId: string): Promise<AppointmentDetails[]> {
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(eq(appointments.orderId, orderId))
    .orderBy(sql`${appointments.startTime} ASC NULLS LAST`, asc(appointments.createdAt), asc(appointments.id));
  return loadDetails(deps.db, rows);
}

/** Booked and not started: what cancelling an order cancels. */
const UNSTARTED: readonly AppointmentStatus[] = ['WAITING', 'CLAIMABLE'];

/**
 * Cancelling an order (in its transaction, `tx`): its unstarted appointments are cancelled by the
 * provider, and each future slot goes back into supply as a fresh AVAILABLE appointment; untimed
 * ones (no status) are cancelled too. Answers the changes to publish once the transaction commits.
 */
export async function cancelAppointmentsOfOrder(deps: BookingDeps, tx: Db, caller: Caller, orderId: string): Promise<AppointmentChange[]> {
  const now = deps.clock.now();
  const rows = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.orderId, orderId), sql`(${appointments.status} IS NULL OR ${inArray(appointments.status, [...UNSTARTED])})`))
    .orderBy(asc(appointments.id))
    .for('update');
  const changes: AppointmentChange[] = [];
  for (const row of rows) {
    const [cancelled] = await tx.update(appointments).set({ status: 'PROVIDER_CANCELLED', rebookable: false, statusLastUpdated: now }).where(eq(appointments.id, row.id)).returning();
    await recordStatus(tx, row.id, 'PROVIDER_CANCELLED', now, caller.auth?.userId ?? null);
    changes.push({ row: cancelled!, previousStatus: row.status });
    const freed = await returnTimeToSupply(tx, row, now, caller.auth?.userId ?? null);
    if (freed) changes.push(freed);
    await deps.outbox.emit(tx, {
      name: 'appointment.cancelled',
      organisationId: await appointmentOrganisation(tx, row, caller),
      payload: { appointment_id: row.id, status: 'PROVIDER_CANCELLED', late: false, by: 'provider', rebookable: false },
    });
  }
  if (rows.length > 0) await auditHealthData(deps, caller, 'write', rows.map((r) => r.id), tx);
  return changes;
}

/** After the order's transaction commits: the cancelled appointments and freed slots go out live. */
export function publishOrderAppointmentChanges(deps: BookingDeps, changes: AppointmentChange[]): Promise<void> {
  return changes.length > 0 ? publishAppointmentChanges(deps, BOOKING_LIVE.kinds.statusChanged, changes) : Promise.resolve();
}

/**
 * A booking made with an order gets more people (PATCH /{id}): the extra people take units of its
 * line (locked), unless the caller may ignore fulfilment. Called in the edit's transaction.
 */
export async function takeUnitsForMorePeople(tx: Db, row: AppointmentRow, added: number, ignoreFulfillment: boolean): Promise<void> {
  if (!row.orderItemId || added <= 0 || ignoreFulfillment) return;
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, row.orderItemId)).for('update');
  if (!item) return;
  checkUnitsLeft(item, added);
  await takeUnits(tx, item, added);
}

/** A booking made with an order was cancelled in time: its people's units go back to the line. */
export async function giveUnitsBack(tx: Db, row: AppointmentRow): Promise<void> {
  if (!row.orderItemId) return;
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(bookingUsers).where(eq(bookingUsers.appointmentId, row.id));
  if (count > 0) await returnUnits(tx, row.orderItemId, count);
}

/**
 * The order drawer's "Resend" of a booking's confirmation (issue 17): appointment.booked is written
 * again for a booking the order paid for, with the order's token for the e-mail's links. 404 for a
 * booking of another order, 409 for a cancelled one. Staff only (the route's orders.manage).
 */
export async function resendOrderBookingConfirmation(deps: BookingDeps, caller: Caller, orderId: string, appointmentId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.orderId, orderId)));
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!row || !order) throw new AppError(404, ORDER_MSG.notFound);
    if (row.status && !UNSTARTED.includes(row.status) && row.status !== 'COMPLETED') throw conflict(BOOKING_MSG.alreadyCancelled);
    const people = await tx.select({ id: bookingUsers.id }).from(bookingUsers).where(eq(bookingUsers.appointmentId, row.id)).orderBy(asc(bookingUsers.position));
    await deps.outbox.emit(tx, {
      name: 'appointment.booked',
      organisationId: order.organisationId,
      payload: { appointment_id: row.id, booking_user_ids: people.map((p) => p.id), type: row.type, start_time: row.startTime ? epochSeconds(row.startTime) : null, order_id: order.id, resent: true },
      secrets: { short_token: order.shortToken, payer_email: order.billingEmail },
    });
    await deps.audit.record({ action: 'booking.confirmation_resent', outcome: 'success', resourceType: 'appointment', resourceId: row.id, details: { order_id: order.id } }, caller, tx);
  });
}
