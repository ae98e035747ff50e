/** orders.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import type { DiscountLine } from './discounts';

/**
 * An order's payment: Initiated (placed, nothing charged yet: no card came with an amount due),
 * Failed (the card was declined or refused), Complete (paid, or nothing was due).
 */
export const PAYMENT_FLAGS = ['Initiated', 'Failed', 'Complete'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/**
 * An order's shipping: Pending (waiting for its payment), Processing (paid, to be packed and sent),
 * Dispatched (every shipped unit has a kit ID and tracking reference), cancelled (DELETE /order/{id})
 * and failed (its payment failed). cancelled and failed block booking with the order (spec 2 §4.2);
 * the two are lower case as the spec's blocked-order text shows them ('This order has been {flag}').
 */
export const SHIPPING_FLAGS = ['Pending', 'Processing', 'Dispatched', 'cancelled', 'failed'] as const;
export type ShippingFlag = (typeof SHIPPING_FLAGS)[number];

/** The shipping flags that block booking with an order (spec 2 §2.7). */
export const BLOCKED_SHIPPING_FLAGS: readonly ShippingFlag[] = ['cancelled', 'failed'];

export const ORDER_CURRENCIES = ['GBP', 'USD'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** GET /order: page size 50 unless asked (spec 3 §9), at most 200. */
export const ORDER_DEFAULT_PAGE_SIZE = 50;
export const ORDER_MAX_PAGE_SIZE = 200;
/** GET /order/export writes at most this many orders; a capped file says so in its name. */
export const ORDER_EXPORT_MAX_ROWS = 10_000;
/** GET /order's sort columns ('-' first for descending); newest first unless asked. */
export const ORDER_SORT_COLUMNS = ['created_at'] as const;
/** The order list's search types (the grid's selector), each a query parameter of GET /order. */
export const ORDER_SEARCH_TYPES = ['short_token', 'email', 'discount'] as const;

/** Lines per order, units per line. */
export const ORDER_MAX_LINES = 20;
export const ORDER_MAX_QUANTITY = 100;
export const ORDER_NOTE_MAX = 2000;
export const KIT_ID_MAX = 40;
export const TRACKING_REFERENCE_MAX = 60;

/**
 * The customer's key to one order: 20 characters from an alphabet of 32 (no 0/O, no 1/I, so it
 * reads back without doubt), 100 random bits.
 */
export const SHORT_TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SHORT_TOKEN_LENGTH = 20;
export const SHORT_TOKEN_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{20}$/;

/**
 * A short token as the lookups compare it: an order's (SHORT_TOKEN_PATTERN in any letter case) in
 * upper case, for the order routes open the same order whatever case it is typed in; any other (an
 * appointment's own link token, base64url, whose case matters) as given.
 */
export function normalisedShortToken(token: string): string {
  const upper = token.trim().toUpperCase();
  return SHORT_TOKEN_PATTERN.test(upper) ? upper : token;
}

/** UK VAT: 20%, included in every price; a product marked vat_exempt carries none. */
export const VAT_RATE_PERCENT = 20;

/** The VAT included in a gross amount (integer pence) at `VAT_RATE_PERCENT`, rounded to the penny. */
export function vatIncluded(grossPence: number): number {
  return Math.round((grossPence * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/**
 * An order's currency follows its source: a source ending in '-us' ({product}-us, the US shop) is in
 * dollars, every other in pounds. Every product of the order must be priced in it (else 400).
 */
export function currencyOfSource(source: string): OrderCurrency {
  return /-us$/i.test(source) ? 'USD' : 'GBP';
}

/** A priced basket line: DiscountLine's fields and whether VAT applies. */
export interface OrderLine extends DiscountLine {
  vat_exempt: boolean;
}

/** What each line and the order come to (integer pence). */
export interface OrderPricing {
  lines: { amount_pence: number; discount_pence: number; vat_pence: number }[];
  /** Every line at its catalogue price. */
  original_price: number;
  discount_amount: number;
  /** What the customer pays: original_price less discount_amount. */
  price: number;
  /** The VAT included in `price`: 20% of the discounted amount of each line that is not vat_exempt. */
  vat: number;
}

/**
 * Prices an order: the catalogue amounts, the pence a code takes off each line (`off`, from
 * contracts' `discountPerLine` for a discount code; none without a code), and the VAT included in
 * what is left of each line that is not exempt.
 */
export function priceOrder(lines: readonly OrderLine[], off: readonly number[] = []): OrderPricing {
  const priced = lines.map((line, i) => {
    const amount = line.unit_pence * line.quantity;
    const discount = Math.min(amount, off[i] ?? 0);
    return { amount_pence: amount, discount_pence: discount, vat_pence: line.vat_exempt ? 0 : vatIncluded(amount - discount) };
  });
  const original = priced.reduce((sum, line) => sum + line.amount_pence, 0);
  const discount = priced.reduce((sum, line) => sum + line.discount_pence, 0);
  return { lines: priced, original_price: original, discount_amount: discount, price: original - discount, vat: priced.reduce((sum, line) => sum + line.vat_pence, 0) };
}

/** {product} in the spec's names (video_gp_{product}, {product}-us): the configured product name in lower-case letters and digits. */
export function productSlug(productName: string): string {
  return productName.toLowerCase().replace(/[^a-z0-9]/g, '') || 'vireo';
}

/** The spec's booking link for an order's bookable items (spec 2 §2.9): the customer books with the short token. */
export function orderBookingLink(shortToken: string, productName: string): string {
  const service = `video_gp_${productSlug(productName)}`;
  return `/b2c/book-appointment?short_token=${encodeURIComponent(shortToken)}&service=${service}`;
}

/** The order calls' texts (spec 3 §8, exact where quoted there) and Vireo's own. */
export const ORDER_MSG = {
  fetchOrders: 'Error fetching orders',
  empty: 'No Orders Found',
  noteAdded: 'Note added successfully',
  quantityUpdated: 'Quantity has been updated successfully!',
  fulfillmentUpdated: 'Fulfillment has been updated successfully!',
  resent: 'Message has been resent successfully!',
  somethingWentWrong: 'Something went wrong!',
  notFound: "Order hasn't been found",
  somethingBad: 'Something bad happened',
  placed: 'Your order has been placed.',
  paid: 'Thank you, your payment was successful.',
  awaitingPayment: 'Your order has been placed and is waiting for payment.',
  cardDeclined: 'Your card was declined. Please use another card.',
  cardInvalid: 'Please check your card details.',
  mixedCurrency: 'All products of an order must be priced in the currency of its shop.',
  productUnavailable: 'This product is not available.',
  noItems: 'Add at least one product.',
  tooManyItems: `At most ${ORDER_MAX_LINES} products per order.`,
  quantity: `Choose from 1 to ${ORDER_MAX_QUANTITY}.`,
  wholeNumber: 'Enter a whole number, 0 or more.',
  paymentDue: 'This order still has a payment due.',
  alreadyPaid: 'This order has already been paid.',
  onlyFailedPayments: 'Only a failed payment can be set to Complete.',
  cancelEmailMismatch: "The e-mail address doesn't match the order's billing e-mail.",
  tripSaved: 'Your trip has been saved. It fills in the Travel Details when you book with this order.',
  selectOrder: 'Select an order',
  selectTransportType: 'Select transport type',
  inputTransportNumber: 'Input transport number',
  inputDepartureCountry: 'Input departure country',
  inputDepartureTime: 'Input departure date and time',
  arrivalBeforeDeparture: 'Arrival must be after departure',
  alreadyCancelled: 'This order has already been cancelled.',
  fulfilledOverQuantity: 'Fulfilment cannot be more than the quantity.',
  quantityBelowFulfilled: 'The quantity cannot be less than what has been fulfilled.',
  productNotOnOrder: 'This product is not on the order.',
  productAlreadyOnOrder: 'This product is already on the order.',
  nothingToChange: 'Nothing to change.',
  dispatched: 'The order has been dispatched.',
  notDispatchable: 'Only a paid order that is not cancelled can be dispatched.',
  kitIdTaken: 'This kit ID has already been used.',
  kitIdRepeated: 'Each kit ID may appear once.',
  kitId: 'Input Kit ID',
  trackingReference: 'Input tracking reference',
  tooManyUnits: 'More units than the order has of this product.',
  notShippable: 'This product is not shipped.',
  cancelled: 'The order has been cancelled.',
  refundFailed: 'The refund could not be made; the order has not been cancelled.',
  paymentUpdated: 'The payment has been set to Complete.',
  /** Pharmacy staff order from the pharmacy form: its source Pharmacy, or its US variant's ({product}-us). */
  pharmacySource: 'Unknown source. The pharmacy form places Pharmacy or US orders only.',
  source: 'Input source',
  firstName: 'Input first name',
  lastName: 'Input last name',
  billingEmail: 'Enter a valid e-mail address',
  telephone: 'Enter a valid phone number',
  addressLine: 'Input address line',
  postcode: 'Input postcode',
  town: 'Input town',
  note: 'Input note',
} as const;

/** What an order's timeline (GET /order/{id}/history) lists, each from its audit record. */
export const ORDER_HISTORY_ACTIONS = ['placed', 'payment_completed', 'item_updated', 'item_fulfilled', 'note_added', 'dispatched', 'cancelled', 'refunded', 'mail_sent'] as const;
export type OrderHistoryAction = (typeof ORDER_HISTORY_ACTIONS)[number];
