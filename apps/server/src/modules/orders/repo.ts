import { and, asc, eq, notInArray } from 'drizzle-orm';
import { BLOCKED_SHIPPING_FLAGS, orderBookingLink, type CustomerOrder, type ShippingFlag, type Order, type OrderDispatch, type OrderItem, type OrderNote } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { orderDispatches, orderItems, orderNotes, orderPayments, orders, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** The order's row, or undefined; `forUpdate` locks it for the rest of the transaction. */
export async function findOrder(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOrderByShortToken(db: Db, shortToken: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.shortToken, shortToken));
  return row;
}

export async function itemsOf(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

export function presentItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.productId,
    bundle_id: row.bundleId,
    quantity: row.quantity,
    fulfilled: row.fulfilled,
    amount: row.amountPence,
    discount_amount: row.discountPence,
    vat: row.vatPence,
    product: {
      id: row.productId,
      title: row.title,
      type: row.type,
      price: row.unitPricePence,
      bookable: flag(row.bookable),
      discount_exempt: flag(row.discountExempt),
      vat_exempt: flag(row.vatExempt),
      shippable: flag(row.shippable),
      sku: row.sku,
    },
  };
}

async function dispatchesOf(db: Db, orderId: string, items: OrderItemRow[]): Promise<OrderDispatch[]> {
  const rows = await db.select().from(orderDispatches).where(eq(orderDispatches.orderId, orderId)).orderBy(asc(orderDispatches.dispatchedAt), asc(orderDispatches.kitId));
  const productOf = new Map(items.map((item) => [item.id, item.productId]));
  return rows.map((row) => ({ id: row.id, product_id: productOf.get(row.orderItemId)!, kit_id: row.kitId, tracking_reference: row.trackingReference, dispatched_at: epochSeconds(row.dispatchedAt) }));
}

/** The customer's view of an order (its short token's holder, or the signed-in customer who placed it). */
export async function customerView(db: Db, row: OrderRow, productName: string): Promise<CustomerOrder> {
  const items = await itemsOf(db, row.id);
  return {
    id: row.id,
    short_token: row.shortToken,
    source: row.source,
    currency: row.currency as CustomerOrder['currency'],
    created_at: epochSeconds(row.createdAt),
    price: row.pricePence,
    original_price: row.originalPricePence,
    discount: row.discountCode,
    discount_amount: row.discountPence,
    vat: row.vatPence,
    payment_flag: row.paymentFlag as CustomerOrder['payment_flag'],
    shipping_flag: row.shippingFlag as CustomerOrder['shipping_flag'],
    billing_detail: row.billingDetail,
    billing_address: row.billingAddress,
    shipping_address: row.shippingAddress,
    items: items.map(presentItem),
    dispatches: await dispatchesOf(db, row.id, items),
    booking_link: items.some((item) => item.bookable) ? orderBookingLink(row.shortToken, productName) : null,
  };
}

export async function notesOf(db: Db, orderId: string): Promise<OrderNote[]> {
  const rows = await db
    .select({ id: orderNotes.id, note: orderNotes.note, createdAt: orderNotes.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.createdBy))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map((row) => ({ id: row.id, note: row.note, created_by: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null, created_at: epochSeconds(row.createdAt) }));
}

/** The staff view: the customer's, with the gateway's transaction, the notes and every charge and refund. */
export async function staffView(db: Db, row: OrderRow, productName: string): Promise<Order> {
  const payments = await db.select().from(orderPayments).where(eq(orderPayments.orderId, row.id)).orderBy(asc(orderPayments.createdAt), asc(orderPayments.kind), asc(orderPayments.id));
  return {
    ...(await customerView(db, row, productName)),
    transaction_id: row.transactionId,
    customer_user_id: row.customerUserId,
    organisation_id: row.organisationId,
    order_notes: await notesOf(db, row.id),
    payments: payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind as 'charge' | 'refund',
      amount: payment.amountPence,
      currency: payment.currency as 'GBP' | 'USD',
      outcome: payment.outcome as 'approved' | 'declined' | 'invalid',
      gateway: payment.gateway,
      reference: payment.gatewayReference,
      created_at: epochSeconds(payment.createdAt),
    })),
  };
}

/** The approved charges of an order not yet refunded (a cancellation refunds each). */
export async function refundableCharges(db: Db, orderId: string): Promise<(typeof orderPayments.$inferSelect)[]> {
  const rows = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const refunded = new Set(rows.filter((row) => row.kind === 'refund' && row.outcome === 'approved').map((row) => row.gatewayReference));
  return rows.filter((row) => row.kind === 'charge' && row.outcome === 'approved' && !refunded.has(row.gatewayReference));
}


/** Who holds an order and whether it still stands, for a module that links records to it (kit registration). */
export async function orderHolder(db: Db, id: string): Promise<{ id: string; shortToken: string; customerUserId: string | null; blocked: boolean } | undefined> {
  const [row] = await db.select({ id: orders.id, shortToken: orders.shortToken, customerUserId: orders.customerUserId, shippingFlag: orders.shippingFlag }).from(orders).where(eq(orders.id, id));
  return row && { id: row.id, shortToken: row.shortToken, customerUserId: row.customerUserId, blocked: BLOCKED_SHIPPING_FLAGS.includes(row.shippingFlag as ShippingFlag) };
}

/**
 * The order whose short token is `shortToken` and which dispatched the kit `kitId` (both upper
 * case), unless it was cancelled since; else undefined. For the drop-off of a sampled kit (logistics).
 */
export async function findDispatchedKit(db: Db, shortToken: string, kitId: string): Promise<{ orderId: string; shortToken: string; kitId: string } | undefined> {
  const [row] = await db
    .select({ orderId: orders.id, shortToken: orders.shortToken, kitId: orderDispatches.kitId })
    .from(orderDispatches)
    .innerJoin(orders, eq(orders.id, orderDispatches.orderId))
    .where(and(eq(orderDispatches.kitId, kitId), eq(orders.shortToken, shortToken), notInArray(orders.shippingFlag, [...BLOCKED_SHIPPING_FLAGS])));
  return row;
}

/** The orders that dispatched the kit `kitId` (normally one), with their reference and shipping flag. */
export function ordersDispatchingKit(db: Db, kitId: string): Promise<{ orderId: string; shortToken: string; shippingFlag: string }[]> {
  return db
    .select({ orderId: orders.id, shortToken: orders.shortToken, shippingFlag: orders.shippingFlag })
    .from(orderDispatches)
    .innerJoin(orders, eq(orders.id, orderDispatches.orderId))
    .where(eq(orderDispatches.kitId, kitId));
}

/** An order as sample logistics sees it: its reference, the customer to write to and the kits it dispatched. */
export interface SampleOrder {
  orderId: string;
  shortToken: string;
  billingEmail: string;
  firstName: string;
  kitIds: string[];
}

/**
 * The order `id` with the kit IDs it dispatched (in kit ID order), unless it was cancelled or failed
 * or dispatched none; else undefined. For a courier's collection of its samples (logistics).
 */
export async function findSampleOrder(db: Db, id: string): Promise<SampleOrder | undefined> {
  const row = await findOrder(db, id);
  if (!row || (BLOCKED_SHIPPING_FLAGS as readonly string[]).includes(row.shippingFlag)) return undefined;
  const kits = await db.select({ kitId: orderDispatches.kitId }).from(orderDispatches).where(eq(orderDispatches.orderId, id)).orderBy(asc(orderDispatches.kitId));
  if (kits.length === 0) return undefined;
  return { orderId: row.id, shortToken: row.shortToken, billingEmail: row.billingEmail, firstName: row.billingDetail.first_name, kitIds: kits.map((kit) => kit.kitId) };
}

/** The id of the order whose id, short token or a dispatched kit ID is `reference` (tokens and kit IDs upper case), or undefined. */
export async function findOrderIdByReference(db: Db, reference: string): Promise<string | undefined> {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference)) {
    const row = await findOrder(db, reference.toLowerCase());
    if (row) return row.id;
  }
  const upper = reference.toUpperCase();
  const byToken = await findOrderByShortToken(db, upper);
  if (byToken) return byToken.id;
  const [byKit] = await db.select({ orderId: orderDispatches.orderId }).from(orderDispatches).where(eq(orderDispatches.kitId, upper));
  return byKit?.orderId;
}
