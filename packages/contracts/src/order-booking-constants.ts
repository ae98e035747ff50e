/** order-booking.ts's constants, messages and plain rules, without zod: the wizards' pages load no schema for these. */
import { ANT_CONSULT_SKU, FIT_TO_FLY_ANTIGEN_SKU, PCR_TEST_SKU } from './products-constants';

/**
 * Booking against an order (issue 18; spec 2 §2.7–§2.10, §4.2, §9; spec 3 §7.4): the order pays for
 * the appointment with its units. Times are epoch seconds.
 */

/** Products booked without a time (spec 2 §2.7 'booking skipped'): an untimed appointment, POST /api/booking/. */
export const BOOKING_SKIPPED_SKUS: readonly string[] = ['FACE-2-FACE-HOTEL', 'SELF-SWABBING'];
/** The product a booking may take more people for than the order's units ({token} in spec 2 §5). */
export const QUANTITY_CHECK_EXEMPT_SKU = ANT_CONSULT_SKU;
/** The flight-linked product: its slots are 72 to 57 hours before departure (spec 2 §9). */
export const FLIGHT_LINKED_SKU = FIT_TO_FLY_ANTIGEN_SKU;
/** A kit is bookable until this many calendar months after its purchase (spec 2 §4.2). */
export const ORDER_BOOKING_VALID_MONTHS = 6;

const HOUR = 3600;
export const FLIGHT_WINDOW_EARLIEST_HOURS = 72;
export const FLIGHT_WINDOW_LATEST_HOURS = 57;

/**
 * When each product should be taken (spec 2 §9's guidance, per SKU). The spec ties two texts to
 * their SKUs (FLX: 72 to 57 hours before a flight; DAY-2-UK: within 2 days of arrival); the others
 * follow the products' names and tags. Its 'the 5th day after arrival' and 'the 8th day after
 * arrival' belong to products the catalogue does not sell.
 */
export const BOOKING_GUIDANCE_BY_SKU: Readonly<Record<string, string>> = /* @__PURE__ */ (() => ({
  [FIT_TO_FLY_ANTIGEN_SKU]: '72 to 57 hours before a flight',
  'DAY-2-UK-ANT-001': 'within 2 days of arrival',
  'RECONSULT-ANT-DAY-2': 'within 2 days of arrival',
  'RECONSULT-PCR-DAY-2': 'within 2 days of arrival',
  'SYN-UK-PCR-SNS-002': 'within 2 days of arrival',
  'DAY-2-US-ANT-001': 'within 24 hours of travel',
  'RECONSULT-ANT-DAY-3': 'within 24 hours of travel',
  [ANT_CONSULT_SKU]: 'within 24 hours of travel',
  [PCR_TEST_SKU]: 'within 48 hours of travel',
}))();

/** The guidance text of a product, or null when the spec gives it none. */
export function bookingGuidance(sku: string): string | null {
  return BOOKING_GUIDANCE_BY_SKU[sku] ?? null;
}

export const ORDER_BOOKING_MSG = {
  /** spec 2 §2.7, {flag} is 'cancelled' or 'failed'. */
  blocked: (flag: string) => `This order has been ${flag}`,
  tooManyPeople: "You can't book more people than the quantity of test that you have bought",
  noAvailable: "You don't have available appointments for that order",
  noKit: "You haven't bought any test kit yet",
  slotTaken: 'Unfortunately, this time slot has been already taken. Please choose another one. Thank you!',
  notPaid: 'This order has not been paid yet.',
  notBookable: 'This product cannot be booked.',
  notSkipped: 'This product is booked with a time: choose a time slot.',
  notOnOrder: 'This product is not on the order.',
  expired: `This order was bought more than ${ORDER_BOOKING_VALID_MONTHS} months ago and can no longer be booked.`,
  outsideWindow: 'This time is outside the window for this test. Please choose another time.',
  departureNeeded: 'Input travel date and time',
  arrivalNeeded: 'Input landing date and time',
  arrivalBeforeDeparture: 'The landing time must be after the travel time.',
  dateNeeded: 'Choose the date of your appointment',
  notOrderBooking: 'This appointment was not booked with an order.',
  codeUsedUp: "This order's code has no uses left, so its payment cannot be set to Complete.",
} as const;

/** The product facts the booking rules read. */
export interface OrderBookingProduct {
  sku: string;
  type: string;
  bookable: boolean;
  tags: readonly string[];
}

/** Whether a product is booked without a time (FACE-2-FACE-HOTEL, SELF-SWABBING). */
export function isBookingSkipped(sku: string): boolean {
  return BOOKING_SKIPPED_SKUS.includes(sku);
}

/** Whether a product takes a timed booking: bookable, not Virtual, not a skipped one. */
export function isTimedBookable(product: OrderBookingProduct): boolean {
  return product.bookable && product.type !== 'Virtual' && !isBookingSkipped(product.sku);
}

/**
 * The last instant (epoch seconds) an order bought at `purchasedAt` may be booked: the same time of
 * day 6 calendar months later (UTC), on the month's last day when it is shorter (31 August → 28/29
 * February). Booking at exactly that instant is allowed.
 */
export function orderBookableUntil(purchasedAt: number): number {
  const bought = new Date(purchasedAt * 1000);
  const targetMonth = bought.getUTCMonth() + ORDER_BOOKING_VALID_MONTHS;
  const lastDay = new Date(Date.UTC(bought.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(bought.getUTCDate(), lastDay);
  return Date.UTC(bought.getUTCFullYear(), targetMonth, day, bought.getUTCHours(), bought.getUTCMinutes(), bought.getUTCSeconds()) / 1000;
}

/** How many more people an order line may book (units less fulfilled); the exempt product is never short. */
export function peopleLeft(line: { sku: string; quantity: number; fulfilled: number }): number {
  if (line.sku === QUANTITY_CHECK_EXEMPT_SKU) return Number.POSITIVE_INFINITY;
  return Math.max(0, line.quantity - line.fulfilled);
}

/** A calendar date (as in dates.ts) with month 1–12. */
interface Day {
  year: number;
  month: number;
  day: number;
}

/** The UTC offset of Europe/London at an instant, in seconds (0 in winter, 3600 in summer). */
function londonOffsetSeconds(epochSeconds: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(epochSeconds * 1000))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) / 1000;
  return asUtc - epochSeconds;
}

/** Epoch seconds of 00:00 Europe/London on `date` (plus `days`). */
export function londonMidnight(date: Day, days = 0): number {
  const utcMidnight = Date.UTC(date.year, date.month - 1, date.day + days) / 1000;
  const first = utcMidnight - londonOffsetSeconds(utcMidnight);
  return utcMidnight - londonOffsetSeconds(first);
}

/** What the window of a booking depends on: the product, the travel times, the date the customer chose. */
export interface BookingWindowInput {
  sku: string;
  tags: readonly string[];
  /** Departure, epoch seconds (transport_departure_date_time). */
  departure: number | null;
  /** Landing, epoch seconds (transport_arrival_date_time). */
  arrival: number | null;
  /** The date chosen in the calendar (Europe/London). */
  chosenDate: Day | null;
}

/** A booking's window: slots starting from `from` to `to` (epoch seconds, both included). */
export interface BookingWindow {
  from: number;
  to: number;
}

export type BookingWindowResult = { ok: true; window: BookingWindow } | { ok: false; message: string };

/**
 * When a product's slot may start (spec 2 §9, issue 18). FLX-UK-ANT-SNS-001: 72 to 57 hours before
 * departure. Others: from the day before to the day after the chosen date (London days), and, for a
 * before_flight product, before departure, for an after_flight product, from landing on. A window
 * that the travel times leave empty is still a window (no slot fits it).
 */
export function bookingWindow(input: BookingWindowInput): BookingWindowResult {
  if (input.departure !== null && input.arrival !== null && input.arrival <= input.departure) return { ok: false, message: ORDER_BOOKING_MSG.arrivalBeforeDeparture };
  if (input.sku === FLIGHT_LINKED_SKU) {
    if (input.departure === null) return { ok: false, message: ORDER_BOOKING_MSG.departureNeeded };
    return { ok: true, window: { from: input.departure - FLIGHT_WINDOW_EARLIEST_HOURS * HOUR, to: input.departure - FLIGHT_WINDOW_LATEST_HOURS * HOUR } };
  }
  if (!input.chosenDate) return { ok: false, message: ORDER_BOOKING_MSG.dateNeeded };
  let from = londonMidnight(input.chosenDate, -1);
  let to = londonMidnight(input.chosenDate, 2) - 1;
  if (input.tags.includes('before_flight')) {
    if (input.departure === null) return { ok: false, message: ORDER_BOOKING_MSG.departureNeeded };
    to = Math.min(to, input.departure - 1);
  }
  if (input.tags.includes('after_flight')) {
    if (input.arrival === null) return { ok: false, message: ORDER_BOOKING_MSG.arrivalNeeded };
    from = Math.max(from, input.arrival);
  }
  return { ok: true, window: { from, to } };
}

/** Whether a slot starting at `start` (epoch seconds) is in the window. */
export function inBookingWindow(window: BookingWindow, start: number): boolean {
  return start >= window.from && start <= window.to;
}
