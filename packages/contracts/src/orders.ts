import { z } from 'zod';
import { CardInput, DayString, TRANSPORT_TYPES } from './booking';
import { DiscountCode } from './discounts';
import { sortParam } from './list-query';
import { EMAIL_PATTERN, EpochSeconds, multilineText, phoneNumber, text, Uuid } from './validation';
import {
  KIT_ID_MAX,
  ORDER_CURRENCIES,
  ORDER_DEFAULT_PAGE_SIZE,
  ORDER_HISTORY_ACTIONS,
  ORDER_MAX_LINES,
  ORDER_MAX_PAGE_SIZE,
  ORDER_MAX_QUANTITY,
  ORDER_MSG,
  ORDER_NOTE_MAX,
  ORDER_SORT_COLUMNS,
  PAYMENT_FLAGS,
  SHIPPING_FLAGS,
  SHORT_TOKEN_PATTERN,
  normalisedShortToken,
  TRACKING_REFERENCE_MAX,
} from './orders-constants';

export * from './orders-constants';

/**
 * Orders and payment (spec 3 §2.9, §3, §4, §7.1; spec 2 §7), under /api/commerce/v1. Every amount
 * of an order is integer pence (cents when its currency is USD); instants are epoch seconds.
 * Prices come from the catalogue, never from the browser: an item's `title`, `sku` and `price` in
 * POST /order describe what the customer saw and are not used.
 */

const optional = (max: number) => /* @__PURE__ */ text().trim().max(max).optional();
const required = (max: number, message: string) => /* @__PURE__ */ text({ error: message }).trim().min(1, message).max(max);

export const BillingDetail = z.object({
  first_name: /* @__PURE__ */ required(100, ORDER_MSG.firstName),
  last_name: /* @__PURE__ */ required(100, ORDER_MSG.lastName),
  email: /* @__PURE__ */ text().trim().max(254).regex(EMAIL_PATTERN, ORDER_MSG.billingEmail),
  telephone: /* @__PURE__ */ phoneNumber(ORDER_MSG.telephone).optional(),
  /** dd-MM-yyyy */
  date_of_birth: /* @__PURE__ */ DayString.optional(),
});
export type BillingDetail = z.infer<typeof BillingDetail>;

export const OrderAddress = z.object({
  address_1: /* @__PURE__ */ required(200, ORDER_MSG.addressLine),
  address_2: /* @__PURE__ */ optional(200),
  postcode: /* @__PURE__ */ required(12, ORDER_MSG.postcode),
  county: /* @__PURE__ */ optional(100),
  town: /* @__PURE__ */ required(100, ORDER_MSG.town),
  telephone: /* @__PURE__ */ phoneNumber(ORDER_MSG.telephone).optional(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderItemInput = z.object({
  product_id: Uuid,
  quantity: z.number({ error: ORDER_MSG.quantity }).int(ORDER_MSG.quantity).min(1, ORDER_MSG.quantity).max(ORDER_MAX_QUANTITY, ORDER_MSG.quantity),
  /** What the customer saw; the catalogue decides. */
  title: /* @__PURE__ */ optional(200),
  sku: /* @__PURE__ */ optional(64),
  price: z.number().nonnegative().optional(),
});

/**
 * POST /order. `discount`: a discount code (or, once purchase codes exist, a purchase code);
 * `card`: charged for what is due; without one an order with something due stays Initiated.
 * The same product twice is one line with the quantities added.
 */
export const CreateOrderRequest = z.object({
  billing_detail: BillingDetail,
  billing_address: OrderAddress,
  shipping_address: OrderAddress,
  source: /* @__PURE__ */ required(60, ORDER_MSG.source).regex(/^[A-Za-z0-9_.-]+$/, ORDER_MSG.source),
  items: z.array(OrderItemInput, { error: ORDER_MSG.noItems }).min(1, ORDER_MSG.noItems).max(ORDER_MAX_LINES, ORDER_MSG.tooManyItems),
  discount: z.preprocess((value) => (value === '' || value === null ? undefined : value), DiscountCode.optional()),
  card: /* @__PURE__ */ CardInput.optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;
export type CreateOrderData = z.output<typeof CreateOrderRequest>;

export const CreateOrderResponse = z.object({
  success: z.boolean(),
  order_details: z.object({
    id: Uuid,
    short_token: z.string(),
    payment_flag: z.enum(PAYMENT_FLAGS),
    /** The customer's booking page for the order's bookable items, or null. */
    booking_link: z.string().nullable(),
  }),
  message: z.string(),
  /** A refused card: the card field at fault and the words for it. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

const Flag01 = z.union([z.literal(0), z.literal(1)]);

/** The product of a line as it was when ordered (price: the unit price in pence). */
export const OrderProduct = z.object({
  id: Uuid,
  title: z.string(),
  type: z.string(),
  price: z.number().int(),
  bookable: Flag01,
  discount_exempt: Flag01,
  vat_exempt: Flag01,
  shippable: Flag01,
  sku: z.string(),
});

export const OrderItem = z.object({
  id: Uuid,
  product_id: Uuid,
  bundle_id: z.string().nullable(),
  quantity: z.number().int(),
  fulfilled: z.number().int(),
  /** The line at its catalogue price, what the code took off it and the VAT included in the rest. */
  amount: z.number().int(),
  discount_amount: z.number().int(),
  vat: z.number().int(),
  product: OrderProduct,
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderNote = z.object({
  id: Uuid,
  note: z.string(),
  /** The author's name (staff). */
  created_by: z.string().nullable(),
  created_at: EpochSeconds,
});
export type OrderNote = z.infer<typeof OrderNote>;

/** One shipped unit: its kit ID (upper case, unique across orders) and the carrier's tracking reference. */
export const OrderDispatch = z.object({
  id: Uuid,
  product_id: Uuid,
  kit_id: z.string(),
  tracking_reference: z.string(),
  dispatched_at: EpochSeconds,
});
export type OrderDispatch = z.infer<typeof OrderDispatch>;

/** A charge or refund made through the payment gateway (no card data is ever kept). */
export const OrderPayment = z.object({
  id: Uuid,
  kind: z.enum(['charge', 'refund']),
  amount: z.number().int(),
  currency: z.enum(ORDER_CURRENCIES),
  outcome: z.enum(['approved', 'declined', 'invalid']),
  gateway: z.string(),
  reference: z.string().nullable(),
  created_at: EpochSeconds,
});

/** What the customer holding the short token (or the signed-in customer who placed it) sees. */
export const CustomerOrder = z.object({
  id: Uuid,
  short_token: z.string(),
  source: z.string(),
  currency: z.enum(ORDER_CURRENCIES),
  created_at: EpochSeconds,
  price: z.number().int(),
  original_price: z.number().int(),
  discount: z.string().nullable(),
  discount_amount: z.number().int(),
  vat: z.number().int(),
  payment_flag: z.enum(PAYMENT_FLAGS),
  shipping_flag: z.enum(SHIPPING_FLAGS),
  billing_detail: BillingDetail,
  /** Null for a partner page's order (its form asks for no address). */
  billing_address: OrderAddress.nullable(),
  shipping_address: OrderAddress.nullable(),
  items: z.array(OrderItem),
  dispatches: z.array(OrderDispatch),
  booking_link: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;

/** The whole order, for staff (orders.manage): the customer's view, the gateway's transaction, notes and payments. */
export const Order = /* @__PURE__ */ CustomerOrder.extend({
  transaction_id: z.string().nullable(),
  customer_user_id: Uuid.nullable(),
  /** The organisation the order belongs to (its placer's): its events, and a resend, run that organisation's processor tasks. */
  organisation_id: Uuid.nullable(),
  order_notes: z.array(OrderNote),
  payments: z.array(OrderPayment),
});
export type Order = z.infer<typeof Order>;

/** A row of GET /order (the order list's columns). */
export const OrderListRow = z.object({
  id: Uuid,
  short_token: z.string(),
  email: z.string(),
  shipping_flag: z.enum(SHIPPING_FLAGS),
  payment_flag: z.enum(PAYMENT_FLAGS),
  price: z.number().int(),
  currency: z.enum(ORDER_CURRENCIES),
  created_at: EpochSeconds,
  source: z.string(),
  discount: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof OrderListRow>;

const trueFalse = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * GET /order: staff (orders.manage) every order, a customer their own. Filters: email (the billing
 * e-mail, any case, exact), discount (the code), short_token; Initiated orders only with
 * incl_initiated=true. Newest first unless sort says otherwise.
 */
export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ORDER_MAX_PAGE_SIZE).default(ORDER_DEFAULT_PAGE_SIZE),
  email: /* @__PURE__ */ text().trim().max(254).optional(),
  discount: /* @__PURE__ */ text().trim().toUpperCase().max(40).optional(),
  short_token: /* @__PURE__ */ text().trim().toUpperCase().max(40).optional(),
  incl_initiated: /* @__PURE__ */ trueFalse.optional(),
  sort: /* @__PURE__ */ sortParam(ORDER_SORT_COLUMNS).optional(),
});
export type OrderListQuery = z.output<typeof OrderListQuery>;
/** GET /order/export: the list's filters, without paging. */
export const OrderExportQuery = /* @__PURE__ */ OrderListQuery.omit({ page: true, page_size: true });
export type OrderExportQuery = z.output<typeof OrderExportQuery>;

export const OrderListResponse = z.object({ success: z.literal(true), data: z.array(OrderListRow), totalCount: z.number().int() });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export const OrderResponse = z.object({ success: z.literal(true), data: Order, message: z.string().optional() });
export type OrderResponse = z.infer<typeof OrderResponse>;
/** GET /order/{id} answers the staff view to orders.manage, the customer's view to its customer. */
export const OrderDetailsResponse = z.object({ success: z.literal(true), data: z.union([Order, CustomerOrder]), message: z.string().optional() });
export const CustomerOrderResponse = z.object({ success: z.literal(true), data: CustomerOrder });
export type CustomerOrderResponse = z.infer<typeof CustomerOrderResponse>;

export const OrderIdParams = z.object({ id: Uuid });

/**
 * One step of an order's timeline: when, what, who (null: the system, e.g. an e-mail sent) and its
 * detail as data (the payment flag placed with, the kit IDs dispatched, the e-mail's template).
 */
export const OrderHistoryEntry = z.object({
  at: EpochSeconds,
  action: z.enum(ORDER_HISTORY_ACTIONS),
  actor: z.string().nullable(),
  detail: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;
export const OrderHistoryResponse = z.object({ success: z.literal(true), data: z.array(OrderHistoryEntry) });
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;
export const ShortTokenParams = z.object({ token: z.string().overwrite(normalisedShortToken).regex(SHORT_TOKEN_PATTERN, ORDER_MSG.notFound) });

/** PUT /order/{id}: payment_flag Complete (a customer only when nothing is due; staff with orders.set_payment_complete a Failed payment). */
export const UpdateOrderRequest = z.object({ payment_flag: z.literal('Complete') });

/** DELETE /order/{id}?email=: the order's billing e-mail, typed exactly. */
export const CancelOrderQuery = z.object({ email: /* @__PURE__ */ text().trim().min(1, ORDER_MSG.cancelEmailMismatch).max(254) });

/** GET /order/{id}/product: fulfilled=true the lines with units fulfilled, false those with units left; all without. */
export const OrderProductsQuery = z.object({ fulfilled: /* @__PURE__ */ trueFalse.optional() });
export const OrderProductsResponse = z.object({ success: z.literal(true), data: z.array(OrderItem) });

const count = z.number({ error: ORDER_MSG.wholeNumber }).int(ORDER_MSG.wholeNumber).min(0, ORDER_MSG.wholeNumber).max(10_000, ORDER_MSG.wholeNumber);

/** PUT /order/{id}/item: a line's quantity, or its product replaced (new_product_id), or both. */
export const UpdateOrderItemRequest = z
  .object({ product_id: Uuid, bundle_id: z.string().nullish(), quantity: count.optional(), new_product_id: Uuid.optional() })
  .refine((body) => body.quantity !== undefined || body.new_product_id !== undefined, ORDER_MSG.nothingToChange);

/** PATCH /order/{id}/item: how many of a line's units are fulfilled (never more than its quantity). */
export const FulfilOrderItemRequest = z.object({ product_id: Uuid, bundle_id: z.string().nullish(), fulfilled: count });

export const AddOrderNoteRequest = z.object({ note: /* @__PURE__ */ multilineText().trim().min(1, ORDER_MSG.note).max(ORDER_NOTE_MAX) });
export const OrderNoteResponse = z.object({ success: z.literal(true), data: OrderNote, message: z.string() });

/** PATCH /order/{id}/process (dispatch): each shipped unit's kit ID (upper-cased) and tracking reference. */
export const DispatchOrderRequest = z.object({
  units: z
    .array(
      z.object({
        product_id: Uuid,
        kit_id: /* @__PURE__ */ required(KIT_ID_MAX, ORDER_MSG.kitId).toUpperCase().regex(/^[A-Z0-9-]+$/, ORDER_MSG.kitId),
        tracking_reference: /* @__PURE__ */ required(TRACKING_REFERENCE_MAX, ORDER_MSG.trackingReference),
      }),
    )
    .min(1)
    .max(ORDER_MAX_LINES * ORDER_MAX_QUANTITY),
});
export type DispatchOrderRequest = z.infer<typeof DispatchOrderRequest>;

/** GET /flight-order/{id}: the trip saved on the order (first, if any), then the flight details of the appointments booked with it. */
export const FlightOrderResponse = z.object({ success: z.literal(true), flightDetails: z.array(z.record(z.string(), z.unknown())) });

/** A London wall-clock date and time as a datetime-local field gives it: yyyy-MM-ddTHH:mm. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/**
 * PUT /flight-order/{id}: a trip saved on the order (the b2c Register Trip page), in the flight
 * details' fields (spec 2 §3); it prefills the booking wizard's Travel Details.
 */
export const TripRequest = z
  .strictObject({
    transport_type: z.enum(TRANSPORT_TYPES, { error: ORDER_MSG.selectTransportType }),
    transport_number: /* @__PURE__ */ text({ error: ORDER_MSG.inputTransportNumber }).trim().toUpperCase().min(1, ORDER_MSG.inputTransportNumber).max(20, ORDER_MSG.inputTransportNumber),
    transport_departure_country: /* @__PURE__ */ text({ error: ORDER_MSG.inputDepartureCountry }).trim().min(1, ORDER_MSG.inputDepartureCountry).max(60, ORDER_MSG.inputDepartureCountry),
    transport_departure_date_time: /* @__PURE__ */ text({ error: ORDER_MSG.inputDepartureTime }).regex(LOCAL_DATE_TIME, ORDER_MSG.inputDepartureTime),
    transport_arrival_country: /* @__PURE__ */ text().trim().max(60).optional(),
    transport_arrival_date_time: z.union([z.literal(''), /* @__PURE__ */ text().regex(LOCAL_DATE_TIME, ORDER_MSG.arrivalBeforeDeparture)]).optional(),
  })
  .refine((trip) => !trip.transport_arrival_date_time || trip.transport_arrival_date_time > trip.transport_departure_date_time, {
    message: ORDER_MSG.arrivalBeforeDeparture,
    path: ['transport_arrival_date_time'],
  });
export type TripRequest = z.infer<typeof TripRequest>;
export const TripResponse = z.object({ success: z.literal(true), message: z.string(), trip: TripRequest });
