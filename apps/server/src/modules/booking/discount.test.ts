// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MSG, DISCOUNT_MSG } from '@vireo/contracts';
import { appointments, auditEvents, bookingPayments, discounts } from '../../db/schema';
import type { TestPaymentGateway } from '../../platform/payments';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookAsPatient, bookingWorld, hold, paymentBody, PUBLIC_PRICE, PUBLIC_SERVICE, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

const onPostgres = Boolean(inject('postgresUrl'));

let h: Harness;
let w: BookingWorld;
let discountManager: TestUser;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
  discountManager = await h.user({ org: await h.org(), roles: ['super_admin'], grants: ['discounts.manage'] });
});
afterAll(() => h.close());
afterEach(() => {
  h.ctx.booking.beforeHoldCheck = undefined;
});

const db = () => h.ctx.database.db;
const gateway = () => h.ctx.booking.gateway as TestPaymentGateway;
/** This run's own codes, so runs sharing a PostgreSQL database never see each other's. */
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;

/** A code made by staff through the API, usable on the test's London day (TEST_START, 10 June 2026). */
async function newCode(overrides: Record<string, unknown> = {}): Promise<string> {
  const code = `BK${run}-${++counter}`;
  const res = await h.call('POST', '/api/commerce/v1/discount', {
    token: discountManager.token,
    body: { project: `Booking ${run}`, code, type: 'percentage', value: 10, active_from: '2026-06-01', active_to: '2026-12-31', uses: 5, ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}
const usedTimes = async (code: string) => (await db().select({ used: discounts.usedTimes }).from(discounts).where(eq(discounts.code, code)))[0]!.used;
const paymentsOf = (slotId: string) => db().select().from(bookingPayments).where(eq(bookingPayments.appointmentId, slotId));
const statusOf = async (slotId: string) => (await db().select({ status: appointments.status }).from(appointments).where(eq(appointments.id, slotId)))[0]!.status;
const price = (slotId: string, body: Record<string, unknown>, token?: string) => h.call('POST', `/api/booking/${slotId}/price`, { body: { service: PUBLIC_SERVICE, ...body }, token });
const pay = (slotId: string, body: unknown) => h.call('POST', `/api/booking/${slotId}/payment`, { body });

/** A held slot of its own: each test books in hours no other test uses. */
async function heldSlot(hoursAhead: number) {
  const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead });
  const held = await hold(h, slots[0]!.id);
  expect(held.status).toBe(200);
  return { slotId: slots[0]!.id, holdToken: held.body.hold_token as string, others: slots.slice(1) };
}

describe('POST /api/booking/{id}/price', () => {
  it('answers the held slot’s cost, what the code takes off as the shop takes it, and the amount to pay; no use is taken', async () => {
    const code = await newCode({ type: 'reduction', value: 750 });
    const { slotId, holdToken } = await heldSlot(48);
    expect(await price(slotId, { hold_token: holdToken })).toMatchObject({ status: 200, body: { price: { cost: PUBLIC_PRICE, discount_amount: 0, amount: PUBLIC_PRICE } } });
    expect(await price(slotId, { hold_token: holdToken, discount_code: code.toLowerCase() })).toMatchObject({ status: 200, body: { price: { cost: PUBLIC_PRICE, discount_amount: 750, amount: PUBLIC_PRICE - 750 } } });
    expect(await usedTimes(code)).toBe(0);
  });

  it('refuses a code that cannot be used with the spec’s words, another’s hold with 409, an unknown slot with 404 and no hold token as missing details', async () => {
    const { slotId, holdToken } = await heldSlot(50);
    const future = await newCode({ active_from: '2026-07-01' });
    for (const code of ['NOSUCHCODE', future]) {
      expect(await price(slotId, { hold_token: holdToken, discount_code: code })).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid, errors: { discount_code: DISCOUNT_MSG.invalid } } });
    }
    expect(await price(slotId, { hold_token: 'z'.repeat(43), discount_code: await newCode() })).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
    expect((await price('00000000-0000-4000-8000-000000000000', { hold_token: holdToken })).status).toBe(404);
    expect(await price(slotId, {})).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
  });

  it('takes nothing off what a covered patient books at no charge, and takes no use', async () => {
    const code = await newCode();
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 52 });
    const held = await hold(h, slots[0]!.id, undefined, w.patient.token);
    expect(await price(slots[0]!.id, { hold_token: held.body.hold_token, service: 'video_gp', discount_code: code }, w.patient.token)).toMatchObject({ status: 200, body: { price: { cost: 0, discount_amount: 0, amount: 0 } } });
    await bookAsPatient(h, w.patient, slots[1]!.id);
    expect(await usedTimes(code)).toBe(0);
  });
});

describe('POST /api/booking/{id}/payment with a discount code', () => {
  it('charges the discounted price, takes one use in the payment’s transaction and records it', async () => {
    const code = await newCode({ value: 20 });
    const { slotId, holdToken } = await heldSlot(54);
    const amount = PUBLIC_PRICE - 580;
    const res = await pay(slotId, paymentBody(holdToken, { amount, discount_code: ` ${code.toLowerCase()} ` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.confirmation).toMatchObject({ amount });
    const [payment] = await paymentsOf(slotId);
    expect(payment).toMatchObject({ amountPence: amount });
    expect(gateway().chargeOf(payment!.gatewayReference)).toEqual({ amountPence: amount, refunded: false });
    expect((await db().select({ amountPence: appointments.amountPence }).from(appointments).where(eq(appointments.id, slotId)))[0]).toEqual({ amountPence: amount });
    expect(await usedTimes(code)).toBe(1);
    const used = await db().select().from(auditEvents).where(eq(auditEvents.action, 'discount.used'));
    expect(used.map((event) => event.details)).toContainEqual(expect.objectContaining({ code, appointment_id: slotId, discount_pence: 580, used_times: 1 }));
  });

  it('refuses an unknown code and the full price with a code (400), charging nothing and keeping the hold', async () => {
    const code = await newCode();
    const { slotId, holdToken } = await heldSlot(56);
    expect(await pay(slotId, paymentBody(holdToken, { amount: PUBLIC_PRICE - 290, discount_code: 'NOSUCHCODE' }))).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid, errors: { discount_code: DISCOUNT_MSG.invalid } } });
    expect(await pay(slotId, paymentBody(holdToken, { amount: PUBLIC_PRICE, discount_code: code }))).toMatchObject({ status: 400, body: { message: BOOKING_MSG.amountMismatch } });
    expect(await paymentsOf(slotId)).toHaveLength(0);
    expect(await statusOf(slotId)).toBe('LOCKED');
    expect(await usedTimes(code)).toBe(0);
  });

  it('refuses a used-up code with "Your code is invalid", nothing charged; the hold stays and pays without it', async () => {
    const code = await newCode({ uses: 1 });
    const first = await heldSlot(58);
    expect((await pay(first.slotId, paymentBody(first.holdToken, { amount: PUBLIC_PRICE - 290, discount_code: code }))).status).toBe(201);
    const second = await heldSlot(60);
    expect(await price(second.slotId, { hold_token: second.holdToken, discount_code: code })).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
    expect(await pay(second.slotId, paymentBody(second.holdToken, { amount: PUBLIC_PRICE - 290, discount_code: code }))).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid, errors: { discount_code: DISCOUNT_MSG.invalid } } });
    expect(await paymentsOf(second.slotId)).toHaveLength(0);
    expect(await usedTimes(code)).toBe(1);
    expect((await pay(second.slotId, paymentBody(second.holdToken))).status).toBe(201);
  });

  it('refuses a code used up between the price shown and the payment’s transaction: nothing charged, the use not taken twice', async () => {
    const code = await newCode({ uses: 1 });
    const { slotId, holdToken } = await heldSlot(62);
    // The price was shown and the payment has checked the code; the last use goes to staff before its transaction begins.
    h.ctx.booking.beforeHoldCheck = async () => {
      h.ctx.booking.beforeHoldCheck = undefined;
      expect((await h.call('POST', `/api/commerce/v1/discount/${code}/apply`, { token: discountManager.token })).status).toBe(200);
    };
    expect(await pay(slotId, paymentBody(holdToken, { amount: PUBLIC_PRICE - 290, discount_code: code }))).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
    expect(await paymentsOf(slotId)).toHaveLength(0);
    expect(await statusOf(slotId)).toBe('LOCKED');
    expect(await usedTimes(code)).toBe(1);
  });

  it.skipIf(!onPostgres)('two payments racing for a code’s last use: one books at the discounted price, the other is refused and charged nothing', async () => {
    const code = await newCode({ uses: 1 });
    const a = await heldSlot(64);
    const b = await heldSlot(66);
    const answers = await Promise.all([a, b].map((held) => pay(held.slotId, paymentBody(held.holdToken, { amount: PUBLIC_PRICE - 290, discount_code: code }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const loser = answers.find((answer) => answer.status === 400)!;
    expect(loser.body.message).toBe(DISCOUNT_MSG.invalid);
    const payments = [...(await paymentsOf(a.slotId)), ...(await paymentsOf(b.slotId))];
    expect(payments.map((payment) => payment.amountPence)).toEqual([PUBLIC_PRICE - 290]);
    expect(await usedTimes(code)).toBe(1);
  });
});
