import { describe, expect, it } from 'vitest';
import {
  BookingPaymentBody,
  bookingGuidance,
  bookingWindow,
  inBookingWindow,
  isTimedBookable,
  londonMidnight,
  ORDER_BOOKING_MSG,
  orderBookableUntil,
  peopleLeft,
  UntimedBookingRequest,
} from './order-booking';

const at = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

describe('the booking window (spec 2 §9)', () => {
  const departure = at('2026-12-10T12:00:00Z');

  it('FLX-UK-ANT-SNS-001: from 72 to 57 hours before departure, both ends included', () => {
    const result = bookingWindow({ sku: 'FLX-UK-ANT-SNS-001', tags: ['before_flight'], departure, arrival: null, chosenDate: null });
    expect(result).toEqual({ ok: true, window: { from: departure - 72 * HOUR, to: departure - 57 * HOUR } });
    if (!result.ok) return;
    expect(inBookingWindow(result.window, departure - 72 * HOUR)).toBe(true);
    expect(inBookingWindow(result.window, departure - 72 * HOUR - 1)).toBe(false);
    expect(inBookingWindow(result.window, departure - 57 * HOUR)).toBe(true);
    expect(inBookingWindow(result.window, departure - 57 * HOUR + 1)).toBe(false);
  });

  it('FLX needs the departure', () => {
    expect(bookingWindow({ sku: 'FLX-UK-ANT-SNS-001', tags: [], departure: null, arrival: null, chosenDate: null })).toEqual({ ok: false, message: ORDER_BOOKING_MSG.departureNeeded });
  });

  it('others: the day before to the day after the chosen London date', () => {
    const result = bookingWindow({ sku: 'CONSULT-ANT', tags: [], departure: null, arrival: null, chosenDate: { year: 2026, month: 12, day: 5 } });
    expect(result).toEqual({ ok: true, window: { from: at('2026-12-04T00:00:00Z'), to: at('2026-12-07T00:00:00Z') - 1 } });
  });

  it('counts London days in summer time', () => {
    const result = bookingWindow({ sku: 'CONSULT-ANT', tags: [], departure: null, arrival: null, chosenDate: { year: 2026, month: 7, day: 5 } });
    expect(result).toEqual({ ok: true, window: { from: at('2026-07-03T23:00:00Z'), to: at('2026-07-06T23:00:00Z') - 1 } });
    expect(londonMidnight({ year: 2026, month: 3, day: 29 })).toBe(at('2026-03-29T00:00:00Z'));
    expect(londonMidnight({ year: 2026, month: 3, day: 29 }, 1)).toBe(at('2026-03-29T23:00:00Z'));
  });

  it('before_flight: ends just before departure', () => {
    const dep = at('2026-12-05T09:30:00Z');
    const result = bookingWindow({ sku: 'SYN-UK-PCR-SNS-001', tags: ['before_flight'], departure: dep, arrival: null, chosenDate: { year: 2026, month: 12, day: 5 } });
    expect(result).toEqual({ ok: true, window: { from: at('2026-12-04T00:00:00Z'), to: dep - 1 } });
    if (!result.ok) return;
    expect(inBookingWindow(result.window, dep - 1)).toBe(true);
    expect(inBookingWindow(result.window, dep)).toBe(false);
  });

  it('after_flight: starts at landing', () => {
    const arrival = at('2026-12-05T18:00:00Z');
    const result = bookingWindow({ sku: 'DAY-2-UK-ANT-001', tags: ['after_flight'], departure: arrival - 8 * HOUR, arrival, chosenDate: { year: 2026, month: 12, day: 5 } });
    expect(result).toEqual({ ok: true, window: { from: arrival, to: at('2026-12-07T00:00:00Z') - 1 } });
    if (!result.ok) return;
    expect(inBookingWindow(result.window, arrival - 1)).toBe(false);
    expect(inBookingWindow(result.window, arrival)).toBe(true);
  });

  it('asks for what is missing', () => {
    expect(bookingWindow({ sku: 'CONSULT-ANT', tags: [], departure: null, arrival: null, chosenDate: null })).toEqual({ ok: false, message: ORDER_BOOKING_MSG.dateNeeded });
    expect(bookingWindow({ sku: 'X', tags: ['before_flight'], departure: null, arrival: null, chosenDate: { year: 2026, month: 1, day: 1 } })).toEqual({ ok: false, message: ORDER_BOOKING_MSG.departureNeeded });
    expect(bookingWindow({ sku: 'X', tags: ['after_flight'], departure: null, arrival: null, chosenDate: { year: 2026, month: 1, day: 1 } })).toEqual({ ok: false, message: ORDER_BOOKING_MSG.arrivalNeeded });
    expect(bookingWindow({ sku: 'X', tags: [], departure: 100, arrival: 100, chosenDate: { year: 2026, month: 1, day: 1 } })).toEqual({ ok: false, message: ORDER_BOOKING_MSG.arrivalBeforeDeparture });
  });
});

describe('six months from purchase (spec 2 §4.2)', () => {
  it('is the same time six calendar months later', () => {
    expect(orderBookableUntil(at('2026-05-27T10:15:00Z'))).toBe(at('2026-11-27T10:15:00Z'));
    expect(orderBookableUntil(at('2026-09-15T00:00:00Z'))).toBe(at('2027-03-15T00:00:00Z'));
  });
  it('ends on the last day of a shorter month', () => {
    expect(orderBookableUntil(at('2026-08-31T12:00:00Z'))).toBe(at('2027-02-28T12:00:00Z'));
    expect(orderBookableUntil(at('2027-08-31T12:00:00Z'))).toBe(at('2028-02-29T12:00:00Z'));
  });
});

describe('order lines', () => {
  it('counts the units left; the {token} product is never short', () => {
    expect(peopleLeft({ sku: 'FLX-UK-ANT-SNS-001', quantity: 4, fulfilled: 1 })).toBe(3);
    expect(peopleLeft({ sku: 'FLX-UK-ANT-SNS-001', quantity: 4, fulfilled: 4 })).toBe(0);
    expect(peopleLeft({ sku: 'ANT-CONSULT-001', quantity: 1, fulfilled: 1 })).toBe(Number.POSITIVE_INFINITY);
  });
  it('books a time only for bookable, non-Virtual, non-skipped products', () => {
    expect(isTimedBookable({ sku: 'FLX-UK-ANT-SNS-001', type: 'Antigen', bookable: true, tags: [] })).toBe(true);
    expect(isTimedBookable({ sku: 'COVID-TEST-CERTIFICATE', type: 'Virtual', bookable: true, tags: [] })).toBe(false);
    expect(isTimedBookable({ sku: 'CONSULT-PCR', type: 'Consultation', bookable: false, tags: [] })).toBe(false);
    expect(isTimedBookable({ sku: 'FACE-2-FACE-HOTEL', type: 'Antigen', bookable: true, tags: [] })).toBe(false);
  });
  it('has the spec’s guidance texts by SKU', () => {
    expect(bookingGuidance('FLX-UK-ANT-SNS-001')).toBe('72 to 57 hours before a flight');
    expect(bookingGuidance('DAY-2-UK-ANT-001')).toBe('within 2 days of arrival');
    expect(bookingGuidance('CONSULT-PCR')).toBeNull();
  });
});

describe('request bodies', () => {
  const person = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', date_of_birth: 0 };
  const order = { token: 'abcdefghjkmnpqrstuvw', hold_token: 'h'.repeat(30), product_id: '00000000-0000-4000-8000-000000000001', type: 'video_gp_vireo', booking_users: [person], toc_accept: true };

  it('reads a body with a token and no amount as an order booking', () => {
    const parsed = BookingPaymentBody.parse(order);
    expect(parsed.paid_by).toBe('order');
    if (parsed.paid_by === 'order') expect(parsed.token).toBe('ABCDEFGHJKMNPQRSTUVW');
  });

  it('gives an order booking’s own messages', () => {
    const result = BookingPaymentBody.safeParse({ ...order, booking_users: [person, person, person, person, person] });
    expect(result.error?.issues[0]).toMatchObject({ path: ['booking_users'], message: 'Maximum 4 people per appointment' });
  });

  it('reads a body with an amount as a card payment', () => {
    const result = BookingPaymentBody.safeParse({ ...order, amount: 2900 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain('billing_details');
  });

  it('takes token and product_id together for an untimed booking', () => {
    const base = { type: 'self_swab', booking_users: [person], toc_accept: true };
    expect(UntimedBookingRequest.safeParse(base).success).toBe(true);
    expect(UntimedBookingRequest.safeParse({ ...base, token: order.token, product_id: order.product_id }).success).toBe(true);
    expect(UntimedBookingRequest.safeParse({ ...base, token: order.token }).error?.issues[0]?.message).toBe(ORDER_BOOKING_MSG.notOnOrder);
  });
});
