import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BillingDetail, OrderAddress } from '@vireo/contracts';
import { organisations, users } from './identity';
import { products } from './products';
import { purchaseCodes } from './purchase-codes';

/**
 * Orders (spec 3 §3): amounts in integer pence (cents for USD), priced from the catalogue when
 * placed. `short_token` is the customer's key (20 characters, unique). `billing_email` is the billing
 * e-mail as given, searched by its lower case. GET /order reads a page in `created_at` order from
 * one of the indexes below, whatever its filter: every order, the paid and failed ones (Initiated
 * left out unless asked), by e-mail, by discount code, a customer's own.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortToken: text('short_token').notNull(),
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    originalPricePence: integer('original_price_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    pricePence: integer('price_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    discountCode: text('discount_code'),
    paymentFlag: text('payment_flag').notNull(),
    shippingFlag: text('shipping_flag').notNull(),
    transactionId: text('transaction_id'),
    customerUserId: uuid('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the order belongs to (its placer's): its events run that organisation's processor tasks. */
    organisationId: uuid('organisation_id').references(() => organisations.id),
    billingEmail: text('billing_email').notNull(),
    billingDetail: jsonb('billing_detail').$type<BillingDetail>().notNull(),
    /** Null for an order placed on a partner's booking page, whose form asks for no address. */
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    /** A trip the customer saved on the order (PUT /flight-order/{id}): the booking wizard's Travel Details start from it. */
    flightDetails: jsonb('flight_details').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('orders_short_token_key').on(t.shortToken),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_listed_created_idx').on(t.createdAt, t.id).where(sql`${t.paymentFlag} <> 'Initiated'`),
    index('orders_email_created_idx').on(sql`lower(${t.billingEmail})`, t.createdAt, t.id),
    index('orders_discount_created_idx').on(t.discountCode, t.createdAt, t.id).where(sql`${t.discountCode} IS NOT NULL`),
    index('orders_customer_created_idx').on(t.customerUserId, t.createdAt, t.id).where(sql`${t.customerUserId} IS NOT NULL`),
    check('orders_currency_check', sql`${t.currency} IN ('GBP', 'USD')`),
    check('orders_payment_flag_check', sql`${t.paymentFlag} IN ('Initiated', 'Failed', 'Complete')`),
    check('orders_shipping_flag_check', sql`${t.shippingFlag} IN ('Pending', 'Processing', 'Dispatched', 'cancelled', 'failed')`),
    check('orders_amounts_check', sql`${t.discountPence} >= 0 AND ${t.pricePence} = ${t.originalPricePence} - ${t.discountPence} AND ${t.pricePence} >= 0`),
  ],
);

/** An order's lines: one per product, with the product as it was when ordered and what the line came to. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    bundleId: text('bundle_id'),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    type: text('type').notNull(),
    bookable: boolean('bookable').notNull(),
    shippable: boolean('shippable').notNull(),
    discountExempt: boolean('discount_exempt').notNull(),
    vatExempt: boolean('vat_exempt').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    quantity: integer('quantity').notNull(),
    fulfilled: integer('fulfilled').notNull().default(0),
    amountPence: integer('amount_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    vatPence: integer('vat_pence').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_product_key').on(t.orderId, t.productId),
    check('order_items_counts_check', sql`${t.quantity} >= 0 AND ${t.fulfilled} >= 0 AND ${t.fulfilled} <= ${t.quantity}`),
  ],
);

/** Staff notes on an order. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/** Each shipped unit: its kit ID (upper case, never used twice) and tracking reference. */
export const orderDispatches = pgTable(
  'order_dispatches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    kitId: text('kit_id').notNull(),
    trackingReference: text('tracking_reference').notNull(),
    dispatchedBy: uuid('dispatched_by').references(() => users.id, { onDelete: 'set null' }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_dispatches_kit_id_key').on(t.kitId),
    index('order_dispatches_order_idx').on(t.orderId),
    check('order_dispatches_kit_id_upper', sql`${t.kitId} = upper(${t.kitId})`),
  ],
);

/**
 * Charges and refunds made through the payment gateway for an order: amount, currency, the gateway's
 * reference and the outcome. No card data is kept.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    outcome: text('outcome').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    check('order_payments_kind_check', sql`${t.kind} IN ('charge', 'refund')`),
    check('order_payments_outcome_check', sql`${t.outcome} IN ('approved', 'declined', 'invalid')`),
  ],
);

/**
 * The extra purchase codes an order was paid with (POST /purchase-code/{id}/use), one row per use
 * taken: the pharmacy may mark its own order Complete only once these and its first code cover every unit.
 */
export const orderCodeUses = pgTable(
  'order_code_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purchaseCodeId: uuid('purchase_code_id')
      .notNull()
      .references(() => purchaseCodes.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_code_uses_order_idx').on(t.orderId)],
);
