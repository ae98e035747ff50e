import { asc, eq } from 'drizzle-orm';
import { DROP_OFF_PATH, orderBookingLink, Uuid, VAT_RATE_PERCENT } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { orderDispatches } from '../../db/schema';
import { findOrder, itemsOf, type OrderItemRow, type OrderRow } from './repo';

/** Integer pence as the customer reads them: £12.34, or $12.34 for an order in dollars. */
export function money(pence: number, currency: string): string {
  return `${currency === 'USD' ? '$' : '£'}${(pence / 100).toFixed(2)}`;
}

/** The values of an order confirmation: what the product's e-mail and the processor's default task fill in. */
export interface OrderMessage {
  recipients: string[];
  values: { order_id: string; product: string; first_name: string; items: string; discount_line: string; vat_rate: string; vat: string; total: string };
  /** The order reference and the booking link: kept sealed wherever they are stored. */
  secretValues: { short_token: string; booking_block: string };
}

/**
 * What the order confirmation says: each line, the discount, the VAT included, the total, the short
 * token and, when a line is bookable, the link that books the appointments it paid for.
 */
export function orderMessage(input: { order: OrderRow; items: OrderItemRow[]; productName: string; publicUrl: string }): OrderMessage {
  const { order, items } = input;
  const amount = (pence: number) => money(pence, order.currency);
  const bookable = items.some((item) => item.bookable);
  return {
    recipients: [order.billingEmail],
    values: {
      order_id: order.id,
      product: input.productName,
      first_name: order.billingDetail.first_name,
      items: items.map((item) => `${item.quantity} × ${item.title} (${item.sku}): ${amount(item.amountPence)}`).join('\n'),
      discount_line: order.discountPence > 0 ? `Discount (${order.discountCode}): -${amount(order.discountPence)}` : '',
      vat_rate: String(VAT_RATE_PERCENT),
      vat: amount(order.vatPence),
      total: amount(order.pricePence),
    },
    secretValues: {
      short_token: order.shortToken,
      booking_block: bookable ? `\nBook your appointment here:\n${input.publicUrl}${orderBookingLink(order.shortToken, input.productName)}` : '',
    },
  };
}

/** The order confirmation e-mail (for an organisation whose processor does not send it). */
export function orderConfirmation(input: { order: OrderRow; items: OrderItemRow[]; productName: string; publicUrl: string }): OutgoingMail {
  const { values, secretValues } = orderMessage(input);
  return {
    to: input.order.billingEmail,
    template: 'order.confirmation',
    subject: `Your ${input.productName} order`,
    text: [
      `Hello ${values.first_name},`,
      '',
      'Thank you for your order.',
      '',
      values.items,
      ...(values.discount_line ? [values.discount_line] : []),
      `VAT (${values.vat_rate}%, included): ${values.vat}`,
      `Total: ${values.total}`,
      '',
      `Your order reference (short token): ${secretValues.short_token}`,
      ...(secretValues.booking_block ? [secretValues.booking_block] : []),
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

/**
 * The dispatch e-mail: each unit's kit ID and tracking reference, and the drop-off page where the
 * customer says at which dropbox they will leave the sample (the page asks for the short token: it is
 * never put in a link).
 */
export function orderDispatched(input: { order: OrderRow; units: { kitId: string; trackingReference: string }[]; productName: string; publicUrl: string }): OutgoingMail {
  return {
    to: input.order.billingEmail,
    template: 'order.dispatched',
    subject: `Your ${input.productName} order is on its way`,
    text: [
      `Hello ${input.order.billingDetail.first_name},`,
      '',
      `Your order ${input.order.shortToken} has been dispatched:`,
      ...input.units.map((unit) => `Kit ID ${unit.kitId}, tracking reference ${unit.trackingReference}`),
      '',
      'Once you have taken your sample, tell us at which dropbox you will leave it, with your order reference and kit ID:',
      `${input.publicUrl}${DROP_OFF_PATH}`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

/** The cancellation e-mail: the order's reference and what was refunded to the card it was paid with. */
export function orderCancelled(input: { order: OrderRow; refundedPence: number; productName: string }): OutgoingMail {
  const { order } = input;
  return {
    to: order.billingEmail,
    template: 'order.cancelled',
    subject: `Your ${input.productName} order has been cancelled`,
    text: [
      `Hello ${order.billingDetail.first_name},`,
      '',
      `Your order ${order.shortToken} has been cancelled.`,
      input.refundedPence > 0
        ? `We have refunded ${money(input.refundedPence, order.currency)} to the card you paid with; it can take a few working days to reach your account.`
        : 'No payment was taken, so there is nothing to refund.',
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

/** The order an event names; none when it names no order (an event raised by hand may carry anything). */
async function orderOf(db: Db, event: OutboxEvent): Promise<OrderRow | undefined> {
  const id = Uuid.safeParse(event.payload.order_id);
  return id.success ? findOrder(db, id.data) : undefined;
}

interface MailDeps {
  mailer: Mailer;
  audit: AuditLog;
  productName: string;
  publicUrl: string;
  /** Whether the organisation's processor sends this message for the event (booking's `ProcessorOwns`). */
  processorOwns: (db: Db, event: OutboxEvent, message: string) => Promise<boolean>;
}

/** Sends an order's e-mail and records it on the order (its timeline lists it). */
async function send(deps: MailDeps, db: Db, order: OrderRow, mail: OutgoingMail): Promise<void> {
  await deps.mailer.send(db, mail);
  await deps.audit.record({ action: 'order.mail_sent', outcome: 'success', actorKind: 'system', resourceType: 'order', resourceId: order.id, details: { template: mail.template } }, undefined, db);
}

/** The order confirmation of an order, for the processor's default task; null when the event names no order. */
export async function orderMessageOf(deps: Pick<MailDeps, 'productName' | 'publicUrl'>, db: Db, orderId: unknown): Promise<OrderMessage | null> {
  const id = Uuid.safeParse(orderId);
  const order = id.success ? await findOrder(db, id.data) : undefined;
  return order ? orderMessage({ order, items: await itemsOf(db, order.id), productName: deps.productName, publicUrl: deps.publicUrl }) : null;
}

async function sendConfirmation(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  if (await deps.processorOwns(db, event, 'order.confirmation')) return;
  const order = await orderOf(db, event);
  if (!order) return;
  await send(deps, db, order, orderConfirmation({ order, items: await itemsOf(db, order.id), productName: deps.productName, publicUrl: deps.publicUrl }));
}

async function sendDispatched(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const order = await orderOf(db, event);
  if (!order) return;
  const units = await db.select().from(orderDispatches).where(eq(orderDispatches.orderId, order.id)).orderBy(asc(orderDispatches.dispatchedAt), asc(orderDispatches.kitId));
  await send(deps, db, order, orderDispatched({ order, units, productName: deps.productName, publicUrl: deps.publicUrl }));
}

async function sendCancelled(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const order = await orderOf(db, event);
  if (!order) return;
  const refunded = typeof event.payload.refunded === 'number' ? event.payload.refunded : 0;
  await send(deps, db, order, orderCancelled({ order, refundedPence: refunded, productName: deps.productName }));
}

/** The order e-mails, each a handler of the event its change writes. */
export function registerOrderMessages(relay: OutboxRelay, deps: MailDeps): void {
  relay.on('order.payment.complete', 'orders.confirmation-mail', (event, db) => sendConfirmation(deps, event, db));
  relay.on('order.dispatched', 'orders.dispatch-mail', (event, db) => sendDispatched(deps, event, db));
  relay.on('order.cancelled', 'orders.cancellation-mail', (event, db) => sendCancelled(deps, event, db));
}
