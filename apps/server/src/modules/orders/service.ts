import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  currencyOf,
  londonIsoDay,
  ORDER_BOOKING_MSG,
  ORDER_MSG,
  pharmacySourceCurrency,
  type TripRequest,
  type Appointment,
  type CustomerOrder,
  type DispatchOrderRequest,
  type Order,
  type OrderItem,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderListRow,
  type OrderNote,
} from '@vireo/contracts';
import { hasPermission } from '../../platform/access';
import type { Caller, SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, sqlStateOf } from '../../platform/errors';
import { orderCodeUses, orderDispatches, orderItems, orderNotes, orderPayments, orders, products } from '../../db/schema';
import { appointmentsOfOrder, cancelAppointmentsOfOrder, presentAppointments, publishOrderAppointmentChanges, resendOrderBookingConfirmation } from '../booking';
import { takeDiscountUse, takePurchaseCodeUse } from '../commerce';
import { reachOrder, orderNotFound } from './access';
import type { OrdersDeps } from './deps';
import { customerView, findOrderByShortToken, type OrderRow, itemsOf, notesOf, presentItem, refundableCharges, staffView } from './repo';

/** Billing details were read: one audit record per read. */
async function auditRead(deps: OrdersDeps, caller: Caller, orderId: string): Promise<void> {
  await deps.audit.record({ action: 'order.read', outcome: 'success', resourceType: 'order', resourceId: orderId }, caller);
}

/**
 * How many orders match `where` (its filters named by `key`): from memory once every change committed
 * before this read has been heard, else counted and kept until the next change to orders. Counting
 * a large list on every page would cost more than the page itself.
 */
async function countOf(deps: OrdersDeps, key: string, where: SQL | undefined): Promise<number> {
  const now = deps.clock.now();
  if (deps.counts.get(key, now) !== undefined && (await deps.live.tablesHeard())) {
    const kept = deps.counts.get(key, now);
    if (kept !== undefined) return kept;
  }
  const begun = deps.counts.begin();
  const [total] = await deps.db.select({ count: count() }).from(orders).where(where);
  const counted = total?.count ?? 0;
  deps.counts.put(key, begun, counted, 1, { from: now, until: Number.POSITIVE_INFINITY });
  return counted;
}

/** The list's filters (GET /order, GET /order/export); `customerUserId` keeps a customer to their own orders. */
export function orderFilter(customerUserId: string | null, query: OrderExportQuery): SQL | undefined {
  return and(
    customerUserId ? eq(orders.customerUserId, customerUserId) : undefined,
    query.email ? sql`lower(${orders.billingEmail}) = ${query.email.toLowerCase()}` : undefined,
    query.discount ? eq(orders.discountCode, query.discount) : undefined,
    query.short_token ? eq(orders.shortToken, query.short_token) : undefined,
    // Written out, not a parameter: the partial index's own condition.
    query.incl_initiated ? undefined : sql`${orders.paymentFlag} <> 'Initiated'`,
  );
}

/**
 * GET /order: staff (orders.manage) every order, a customer (orders.own) their own; 403 for anyone
 * else. Each filter has its index, which gives the page in created_at order: the billing e-mail by
 * its lower case, the discount code, the short token; Initiated orders are left out unless asked
 * (a partial index of the others). Reads are audited per reader, order and 15 minutes.
 */
export async function listOrders(deps: OrdersDeps, caller: SignedInCaller, query: OrderListQuery): Promise<{ data: OrderListRow[]; totalCount: number }> {
  const staff = hasPermission(caller.auth, 'orders.manage');
  if (!staff && !hasPermission(caller.auth, 'orders.own')) throw forbidden();
  const where = orderFilter(staff ? null : caller.auth.userId, query);
  const direction = query.sort === 'created_at' ? asc : desc;
  const [rows, totalCount] = await Promise.all([
    deps.db
      .select({
        id: orders.id,
        shortToken: orders.shortToken,
        email: orders.billingEmail,
        shippingFlag: orders.shippingFlag,
        paymentFlag: orders.paymentFlag,
        price: orders.pricePence,
        currency: orders.currency,
        createdAt: orders.createdAt,
        source: orders.source,
        discount: orders.discountCode,
      })
      .from(orders)
      .where(where)
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countOf(deps, JSON.stringify([staff ? null : caller.auth.userId, query.email?.toLowerCase(), query.discount, query.short_token, Boolean(query.incl_initiated)]), where),
  ]);
  if (rows.length > 0) await deps.audit.listRead(caller, 'order', rows.map((row) => row.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      short_token: row.shortToken,
      email: row.email,
      shipping_flag: row.shippingFlag as OrderListRow['shipping_flag'],
      payment_flag: row.paymentFlag as OrderListRow['payment_flag'],
      price: row.price,
      currency: row.currency as OrderListRow['currency'],
      created_at: epochSeconds(row.createdAt),
      source: row.source,
      discount: row.discount,
    })),
    totalCount,
  };
}

/** GET /order/{id}: the whole order to staff, the customer's view to its customer; audited. */
export async function readOrder(deps: OrdersDeps, caller: Caller, id: string): Promise<Order | CustomerOrder> {
  const { row, access } = await reachOrder(deps.db, caller, id);
  await auditRead(deps, caller, row.id);
  return access === 'staff' ? staffView(deps.db, row, deps.productName) : customerView(deps.db, row, deps.productName);
}

/** GET /order/-/short-token/{token}: the customer's view of the order the token opens; audited as the token's holder. */
export async function readByShortToken(deps: OrdersDeps, caller: Caller, token: string): Promise<CustomerOrder> {
  const row = await findOrderByShortToken(deps.db, token);
  if (!row) throw orderNotFound();
  await auditRead(deps, { ...caller, auth: null, shortToken: token }, row.id);
  return customerView(deps.db, row, deps.productName);
}

/** GET /order/{id}/product: the order's lines; fulfilled=true those with units fulfilled, false those with units left. */
export async function orderProducts(deps: OrdersDeps, caller: Caller, id: string, fulfilled: boolean | undefined): Promise<OrderItem[]> {
  const { row } = await reachOrder(deps.db, caller, id);
  const items = await itemsOf(deps.db, row.id);
  const chosen = fulfilled === undefined ? items : items.filter((item) => (fulfilled ? item.fulfilled > 0 : item.fulfilled < item.quantity));
  return chosen.map(presentItem);
}

/**
 * GET /flight-order/{id}: the flight details of the appointments booked with the order: those it paid
 * for (appointments.order_id), and those whose people name it in their metadata (`order_id`: the order's id, or with the suffix _x or
 * _x_x, spec 3 §9); only appointments with flight details count.
 */
export async function flightDetails(deps: OrdersDeps, caller: Caller, id: string): Promise<Record<string, unknown>[]> {
  const { row } = await reachOrder(deps.db, caller, id);
  const ids = [row.id, `${row.id}_x`, `${row.id}_x_x`];
  const rows = rowsOf<{ flight_details: Record<string, unknown> }>(
    await deps.db.execute(sql`
      SELECT a.flight_details FROM appointments a
      WHERE a.flight_details IS NOT NULL
        AND (a.order_id = ${row.id} OR EXISTS (SELECT 1 FROM booking_users u WHERE u.appointment_id = a.id AND u.metadata->>'order_id' IN (${ids[0]}, ${ids[1]}, ${ids[2]})))
      ORDER BY a.start_time NULLS LAST, a.id`),
  );
  await auditRead(deps, caller, row.id);
  return [...(row.flightDetails ? [row.flightDetails] : []), ...rows.map((r) => r.flight_details)];
}

/** PUT /flight-order/{id}: the order's customer (session or short token) or staff save a trip on the order; audited. */
export async function saveTrip(deps: OrdersDeps, caller: Caller, id: string, trip: TripRequest): Promise<TripRequest> {
  return deps.db.transaction(async (tx) => {
    const { row } = await reachOrder(tx, caller, id, { forUpdate: true });
    const saved = Object.fromEntries(Object.entries(trip).filter(([, value]) => value !== undefined && value !== ''));
    await tx.update(orders).set({ flightDetails: saved }).where(eq(orders.id, row.id));
    await deps.audit.record({ action: 'order.trip_saved', outcome: 'success', resourceType: 'order', resourceId: row.id }, caller, tx);
    return trip;
  });
}

/**
 * One use of the order's code, taken again (a purchase code for one of its products, else a discount
 * code); 409 when the code has none left or is no longer valid.
 */
async function retakeCodeUse(tx: OrdersDeps['db'], row: typeof orders.$inferSelect, londonToday: string): Promise<void> {
  const code = row.discountCode!;
  for (const item of await itemsOf(tx, row.id)) {
    if (await takePurchaseCodeUse(tx, code, item.productId, londonToday)) return;
  }
  if (!(await takeDiscountUse(tx, code, londonToday))) throw conflict(ORDER_BOOKING_MSG.codeUsedUp);
}

/** GET /order/{id}/appointments (staff): the bookings the order paid for, soonest first; audited as health data. */
export async function orderAppointments(deps: OrdersDeps, caller: SignedInCaller, id: string): Promise<Appointment[]> {
  const { row } = await reachOrder(deps.db, caller, id);
  return presentAppointments(deps.booking, caller, await appointmentsOfOrder(deps.booking, row.id));
}

/** POST /order/{id}/appointments/{appointmentId}/resend (staff): the booking's confirmation e-mail again. */
export async function resendBookingConfirmation(deps: OrdersDeps, caller: SignedInCaller, id: string, appointmentId: string): Promise<void> {
  const { row } = await reachOrder(deps.db, caller, id);
  await resendOrderBookingConfirmation(deps.booking, caller, row.id, appointmentId);
}

/**
 * Whether `caller` is pharmacy staff (pharmacy.book) completing an order of the pharmacy form
 * (Pharmacy or {product}-us) they placed with a first code whose every other unit an extra code paid
 * (order_code_uses, POST /purchase-code/{id}/use).
 */
async function pharmacyCodesCoverOrder(tx: Db, caller: Caller, row: OrderRow, productName: string): Promise<boolean> {
  if (!caller.auth || !hasPermission(caller.auth, 'pharmacy.book')) return false;
  if (!pharmacySourceCurrency(row.source, productName) || row.customerUserId !== caller.auth.userId || !row.discountCode) return false;
  const [units] = await tx.select({ total: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems).where(eq(orderItems.orderId, row.id));
  const [uses] = await tx.select({ total: count() }).from(orderCodeUses).where(eq(orderCodeUses.orderId, row.id));
  return 1 + (uses?.total ?? 0) >= (units?.total ?? 0);
}

/**
 * PUT /order/{id} {payment_flag: 'Complete'}. Never on the browser's word: its customer (or staff
 * without the grant) only when nothing is due, else 409; staff with orders.set_payment_complete turn
 * a Failed payment into Complete with shipping Processing. A Complete order answers as it is.
 * Pharmacy staff complete their own pharmacy form's order once purchase codes paid every unit.
 * Becoming Complete writes 'order.payment.complete' (the confirmation e-mail).
 */
export async function completePayment(deps: OrdersDeps, caller: Caller, id: string): Promise<{ order: Order | CustomerOrder; changed: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    const { row, access } = await reachOrder(tx, caller, id, { forUpdate: true });
    if (row.paymentFlag === 'Complete') return { row, access, changed: false };
    if (row.shippingFlag === 'cancelled') throw conflict(ORDER_MSG.alreadyCancelled);
    const granted = caller.auth ? hasPermission(caller.auth, 'orders.set_payment_complete') : false;
    const byPharmacy = row.pricePence > 0 && !granted && (await pharmacyCodesCoverOrder(tx, caller, row, deps.productName));
    if (row.pricePence > 0 && !byPharmacy) {
      if (!granted) {
        if (access === 'staff') throw forbidden();
        throw conflict(ORDER_MSG.paymentDue);
      }
      if (row.paymentFlag !== 'Failed') throw conflict(ORDER_MSG.onlyFailedPayments);
    }
    const now = deps.clock.now();
    // The declined payment gave its code's use back: a Failed order made Complete takes it again.
    if (row.paymentFlag === 'Failed' && row.discountCode) await retakeCodeUse(tx, row, londonIsoDay(now));
    const [updated] = await tx.update(orders).set({ paymentFlag: 'Complete', shippingFlag: 'Processing', updatedAt: now }).where(eq(orders.id, row.id)).returning();
    await deps.outbox.emit(tx, { name: 'order.payment.complete', organisationId: row.organisationId, payload: { order_id: row.id, price: row.pricePence, currency: row.currency, source: row.source } });
    await deps.audit.record(
      { action: 'order.payment_completed', outcome: 'success', resourceType: 'order', resourceId: row.id, details: { from: row.paymentFlag, price: row.pricePence, by_grant: granted && row.pricePence > 0, by_pharmacy_codes: byPharmacy } },
      caller,
      tx,
    );
    return { row: updated!, access, changed: true };
  });
  const order = result.access === 'staff' ? await staffView(deps.db, result.row, deps.productName) : await customerView(deps.db, result.row, deps.productName);
  return { order, changed: result.changed };
}

/**
 * DELETE /order/{id}?email= (staff): the typed e-mail must be the order's billing e-mail exactly
 * (else 400). The order's approved charges are refunded through the gateway (a refund that fails
 * leaves the order as it was, 409) and shipping becomes cancelled, which blocks booking with it.
 * Each refund is a payment row and a line of the order's history ('order.refunded', with its
 * amount); 'order.cancelled' (the customer's cancellation e-mail, with the amount refunded) is
 * written in the same transaction.
 * The appointments it paid for that have not started are cancelled in the same transaction, their
 * future slots back in supply (booking's `cancelAppointmentsOfOrder`).
 */
export async function cancelOrder(deps: OrdersDeps, caller: SignedInCaller, id: string, email: string): Promise<Order> {
  let changes: Awaited<ReturnType<typeof cancelAppointmentsOfOrder>> = [];
  const row = await deps.db.transaction(async (tx) => {
    const { row } = await reachOrder(tx, caller, id, { forUpdate: true });
    if (email !== row.billingEmail) throw badRequest(ORDER_MSG.cancelEmailMismatch, { email: ORDER_MSG.cancelEmailMismatch });
    if (row.shippingFlag === 'cancelled') throw conflict(ORDER_MSG.alreadyCancelled);
    const now = deps.clock.now();
    const refunded: number[] = [];
    for (const charge of await refundableCharges(tx, row.id)) {
      try {
        await deps.gateway.refund(charge.gatewayReference!);
      } catch {
        throw conflict(ORDER_MSG.refundFailed);
      }
      refunded.push(charge.amountPence);
      await tx.insert(orderPayments).values({
        orderId: row.id,
        kind: 'refund',
        amountPence: charge.amountPence,
        currency: charge.currency,
        gateway: charge.gateway,
        gatewayReference: charge.gatewayReference,
        outcome: 'approved',
        createdBy: caller.auth.userId,
        createdAt: now,
      });
      await deps.audit.record(
        { action: 'order.refunded', outcome: 'success', resourceType: 'order', resourceId: row.id, details: { amount_pence: charge.amountPence, currency: charge.currency, gateway: charge.gateway } },
        caller,
        tx,
      );
    }
    const [updated] = await tx.update(orders).set({ shippingFlag: 'cancelled', updatedAt: now }).where(eq(orders.id, row.id)).returning();
    const refundedPence = refunded.reduce((a, b) => a + b, 0);
    await deps.outbox.emit(tx, { name: 'order.cancelled', organisationId: row.organisationId, payload: { order_id: row.id, refunded: refundedPence, currency: row.currency } });
    changes = await cancelAppointmentsOfOrder(deps.booking, tx, caller, row.id);
    await deps.audit.record(
      {
        action: 'order.cancelled',
        outcome: 'success',
        resourceType: 'order',
        resourceId: row.id,
        details: { from: row.shippingFlag, refunded_pence: refundedPence, appointments_cancelled: changes.filter((c) => c.row.status === 'PROVIDER_CANCELLED').length },
      },
      caller,
      tx,
    );
    return updated!;
  });
  await publishOrderAppointmentChanges(deps.booking, changes);
  return staffView(deps.db, row, deps.productName);
}

/** The order's line for `productId`, locked with its order; 400 when the order has none. */
async function lockedLine(tx: OrdersDeps['db'], caller: SignedInCaller, id: string, productId: string) {
  const { row } = await reachOrder(tx, caller, id, { forUpdate: true });
  if (row.shippingFlag === 'cancelled') throw conflict(ORDER_MSG.alreadyCancelled);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, row.id), eq(orderItems.productId, productId)));
  if (!item) throw badRequest(ORDER_MSG.productNotOnOrder, { product_id: ORDER_MSG.productNotOnOrder });
  return { row, item };
}

/**
 * PUT /order/{id}/item (orders.edit_items): a line's quantity (never below what is fulfilled) and/or
 * its product (a live product in the order's currency, not already on it). The order's price stays
 * what was charged: a change here neither re-prices nor charges. Audited with the old and new values.
 */
export async function updateItem(
  deps: OrdersDeps,
  caller: SignedInCaller,
  id: string,
  input: { product_id: string; quantity?: number | undefined; new_product_id?: string | undefined },
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const { row, item } = await lockedLine(tx, caller, id, input.product_id);
    const quantity = input.quantity ?? item.quantity;
    if (quantity < item.fulfilled) throw badRequest(ORDER_MSG.quantityBelowFulfilled, { quantity: ORDER_MSG.quantityBelowFulfilled });
    let replacement: Partial<typeof orderItems.$inferInsert> = {};
    if (input.new_product_id && input.new_product_id !== item.productId) {
      const [product] = await tx.select().from(products).where(and(eq(products.id, input.new_product_id), isNull(products.retiredAt)));
      if (!product) throw badRequest(ORDER_MSG.productUnavailable, { new_product_id: ORDER_MSG.productUnavailable });
      if (currencyOf(product.country) !== row.currency) throw badRequest(ORDER_MSG.mixedCurrency, { new_product_id: ORDER_MSG.mixedCurrency });
      const [taken] = await tx.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.orderId, row.id), eq(orderItems.productId, product.id)));
      if (taken) throw conflict(ORDER_MSG.productAlreadyOnOrder);
      replacement = {
        productId: product.id,
        bundleId: product.bundleId,
        title: product.title,
        sku: product.sku,
        type: product.type,
        bookable: product.bookable,
        shippable: product.shippable,
        discountExempt: product.discountExempt,
        vatExempt: product.vatExempt,
        unitPricePence: product.pricePence,
      };
    }
    await tx.update(orderItems).set({ quantity, ...replacement }).where(eq(orderItems.id, item.id));
    const now = deps.clock.now();
    const [updated] = await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, row.id)).returning();
    await deps.audit.record(
      {
        action: 'order.item_updated',
        outcome: 'success',
        resourceType: 'order',
        resourceId: row.id,
        details: { item_id: item.id, quantity: { from: item.quantity, to: quantity }, product_id: { from: item.productId, to: replacement.productId ?? item.productId } },
      },
      caller,
      tx,
    );
    return updated!;
  });
  return staffView(deps.db, row, deps.productName);
}

/** PATCH /order/{id}/item (orders.edit_items): how many of a line's units are fulfilled, from 0 to its quantity; audited. */
export async function fulfilItem(deps: OrdersDeps, caller: SignedInCaller, id: string, input: { product_id: string; fulfilled: number }): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const { row, item } = await lockedLine(tx, caller, id, input.product_id);
    if (input.fulfilled > item.quantity) throw badRequest(ORDER_MSG.fulfilledOverQuantity, { fulfilled: ORDER_MSG.fulfilledOverQuantity });
    await tx.update(orderItems).set({ fulfilled: input.fulfilled }).where(eq(orderItems.id, item.id));
    const [updated] = await tx.update(orders).set({ updatedAt: deps.clock.now() }).where(eq(orders.id, row.id)).returning();
    await deps.audit.record(
      { action: 'order.item_fulfilled', outcome: 'success', resourceType: 'order', resourceId: row.id, details: { item_id: item.id, fulfilled: { from: item.fulfilled, to: input.fulfilled } } },
      caller,
      tx,
    );
    return updated!;
  });
  return staffView(deps.db, row, deps.productName);
}

/** POST /order/{id}/note (staff): a note on the order, its author and time; audited. */
export async function addNote(deps: OrdersDeps, caller: SignedInCaller, id: string, note: string): Promise<OrderNote> {
  const noteId = await deps.db.transaction(async (tx) => {
    const { row } = await reachOrder(tx, caller, id);
    const [inserted] = await tx.insert(orderNotes).values({ orderId: row.id, note, createdBy: caller.auth.userId, createdAt: deps.clock.now() }).returning({ id: orderNotes.id });
    await deps.audit.record({ action: 'order.note_added', outcome: 'success', resourceType: 'order', resourceId: row.id, details: { note_id: inserted!.id } }, caller, tx);
    return inserted!.id;
  });
  const notes = await notesOf(deps.db, id);
  return notes.find((note) => note.id === noteId)!;
}

/**
 * PATCH /order/{id}/process (staff): records each shipped unit's kit ID (upper case, never used
 * before: 409) and tracking reference, never more units of a line than its quantity, only of
 * shippable lines, only on a paid order that is not cancelled (409). Shipping becomes Dispatched and
 * 'order.dispatched' is written (the dispatch e-mail). Audited.
 */
export async function dispatchOrder(deps: OrdersDeps, caller: SignedInCaller, id: string, input: DispatchOrderRequest): Promise<Order> {
  const kitIds = input.units.map((unit) => unit.kit_id);
  const repeated = kitIds.findIndex((kit, i) => kitIds.indexOf(kit) !== i);
  if (repeated >= 0) throw badRequest(ORDER_MSG.kitIdRepeated, { [`units.${repeated}.kit_id`]: ORDER_MSG.kitIdRepeated });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const { row } = await reachOrder(tx, caller, id, { forUpdate: true });
      if (row.paymentFlag !== 'Complete' || row.shippingFlag === 'cancelled' || row.shippingFlag === 'failed') throw conflict(ORDER_MSG.notDispatchable);
      const items = await itemsOf(tx, row.id);
      const sent = await tx.select({ itemId: orderDispatches.orderItemId, units: count() }).from(orderDispatches).where(eq(orderDispatches.orderId, row.id)).groupBy(orderDispatches.orderItemId);
      const units = new Map(sent.map((s) => [s.itemId, s.units]));
      const now = deps.clock.now();
      const values = input.units.map((unit, i) => {
        const item = items.find((candidate) => candidate.productId === unit.product_id);
        if (!item) throw badRequest(ORDER_MSG.productNotOnOrder, { [`units.${i}.product_id`]: ORDER_MSG.productNotOnOrder });
        if (!item.shippable) throw badRequest(ORDER_MSG.notShippable, { [`units.${i}.product_id`]: ORDER_MSG.notShippable });
        const total = (units.get(item.id) ?? 0) + 1;
        if (total > item.quantity) throw badRequest(ORDER_MSG.tooManyUnits, { [`units.${i}.product_id`]: ORDER_MSG.tooManyUnits });
        units.set(item.id, total);
        return { orderId: row.id, orderItemId: item.id, kitId: unit.kit_id, trackingReference: unit.tracking_reference, dispatchedBy: caller.auth.userId, dispatchedAt: now };
      });
      await tx.insert(orderDispatches).values(values);
      const [updated] = await tx.update(orders).set({ shippingFlag: 'Dispatched', updatedAt: now }).where(eq(orders.id, row.id)).returning();
      await deps.outbox.emit(tx, { name: 'order.dispatched', organisationId: row.organisationId, payload: { order_id: row.id, units: values.length } });
      await deps.audit.record({ action: 'order.dispatched', outcome: 'success', resourceType: 'order', resourceId: row.id, details: { kit_ids: kitIds } }, caller, tx);
      return updated!;
    });
    return await staffView(deps.db, row, deps.productName);
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new AppError(409, ORDER_MSG.kitIdTaken, { kit_id: ORDER_MSG.kitIdTaken });
    throw error;
  }
}
