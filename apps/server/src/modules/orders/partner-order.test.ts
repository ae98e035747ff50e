// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, MSG, ORDER_MSG } from '@vireo/contracts';
import { auditEvents, orderItems, orders, products, purchaseCodes } from '../../db/schema';
import { createHarness, TEST_START, type Harness, type TestUser } from '../../test/harness';
import { seedProducts } from '../commerce';
import { PARTNER_ORDERS_PER_MINUTE } from './orders.routes';

const onPostgres = Boolean(inject('postgresUrl'));

let h: Harness;
let manager: TestUser;
const productIds = new Map<string, string>();

const base = '/api/commerce/v1';
const DAY_2 = 'DAY-2-UK-ANT-001';
/** This run's own code prefixes (after the partner's), so runs sharing a PostgreSQL database never see each other's codes. */
const run = [...randomBytes(4)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
let ips = 0;
/** Each test its own client address, so the per-address limit meets only the test about it. */
const nextIp = () => `10.77.${Math.floor(++ips / 250)}.${ips % 250}`;

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  manager = await h.user({ org, roles: ['super_admin'], grants: ['discounts.manage'] });
  await seedProducts(h.ctx.commerce);
  for (const row of await h.ctx.database.db.select({ id: products.id, sku: products.sku }).from(products).where(isNull(products.retiredAt))) productIds.set(row.sku, row.id);
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

let batches = 0;
/** A batch of `count` codes starting with `prefix` (the partner's) for `sku`, each with `uses` uses. */
async function codes(prefix: string, sku: string, count = 2, uses = 1): Promise<string[]> {
  const res = await h.call('POST', `${base}/purchase-code-batch`, {
    token: manager.token,
    body: { source: 'Pharmacy', name: `Partner page ${run}`, prefix: `${prefix}${run}${String.fromCharCode(65 + (batches++ % 26))}`.slice(0, 10), product_id: productIds.get(sku), count, uses, valid_until: '2026-12-31' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const rows = await h.ctx.database.db.select({ value: purchaseCodes.value }).from(purchaseCodes).where(eq(purchaseCodes.batchId, res.body.data.id)).orderBy(purchaseCodes.value);
  return rows.map((row) => row.value);
}

const body = (sku: string, list: string[], overrides: Record<string, unknown> = {}) => ({
  billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  items: [{ product_id: productIds.get(sku), quantity: list.length }],
  codes: list,
  ...overrides,
});
const order = (slug: string, payload: unknown, ip = nextIp()) => h.call('POST', `${base}/partner-page/${slug}/order`, { body: payload, ip });
/** The codes' uses taken, in the order of `values`. */
async function usedTimes(values: string[]): Promise<number[]> {
  const rows = await h.ctx.database.db.select({ value: purchaseCodes.value, used: purchaseCodes.usedTimes }).from(purchaseCodes).where(inArray(purchaseCodes.value, values));
  const used = new Map(rows.map((row) => [row.value, row.used]));
  return values.map((value) => used.get(value) ?? -1);
}

describe('POST /partner-page/{slug}/order', () => {
  it('places the order in one go: source the partner’s label, every unit paid by its code (Complete, nothing due), each code’s use taken, audited without personal data', async () => {
    const list = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU);
    const res = await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, list.map((code) => ` ${code.toLowerCase()} `)));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: ORDER_MSG.placed, order_details: { id: expect.any(String), short_token: expect.any(String) } });
    const [row] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, res.body.order_details.id));
    expect(row).toMatchObject({ source: 'attractionworld', paymentFlag: 'Complete', shippingFlag: 'Processing', pricePence: 0, shortToken: res.body.order_details.short_token, customerUserId: null, billingAddress: null });
    expect(row!.discountPence).toBe(row!.originalPricePence);
    const items = await h.ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    expect(items).toMatchObject([{ sku: FIT_TO_FLY_ANTIGEN_SKU, quantity: 2 }]);
    expect(await usedTimes(list)).toEqual([1, 1]);
    const [audit] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'order.placed'), eq(auditEvents.resourceId, row!.id)));
    expect(audit).toMatchObject({ actorKind: 'anonymous', outcome: 'success' });
    expect(JSON.stringify(audit!.details)).not.toContain('ada@example.com');
  });

  it('holds each code to the partner’s prefix for its product, with the form’s message at codes.{i}; nothing is taken', async () => {
    const [attraction] = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU, 1);
    const [day2] = await codes('D2AW', DAY_2, 1);
    const [ofl] = await codes('F2F', FIT_TO_FLY_ANTIGEN_SKU, 1);
    const oflMessage = 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.';
    expect(await order('OFL', body(FIT_TO_FLY_ANTIGEN_SKU, [attraction!]))).toMatchObject({ status: 400, body: { message: oflMessage, errors: { 'codes.0': oflMessage } } });
    const awMessage = 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2FAW.';
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [attraction!, day2!]))).toMatchObject({ status: 400, body: { message: awMessage, errors: { 'codes.1': awMessage } } });
    const dayMessage = 'Invalid code. This code is not a Day 2 Antigen code. Please enter a code starting with FTD2.';
    expect(await order('florida_tix', body(DAY_2, [day2!]))).toMatchObject({ status: 400, body: { message: dayMessage, errors: { 'codes.0': dayMessage } } });
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, ['']))).toMatchObject({ status: 400, body: { errors: { 'codes.0': CODE_MSG.required } } });
    expect(await usedTimes([attraction!, day2!, ofl!])).toEqual([0, 0, 0]);
    const address = { address_1: '1 High Street', postcode: 'SW1A 1AA', town: 'London' };
    const placed = await order('OFL', body(FIT_TO_FLY_ANTIGEN_SKU, [ofl!], { billing_address: address }));
    expect(placed.status).toBe(201);
    const [row] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, placed.body.order_details.id));
    expect(row).toMatchObject({ source: 'OFL', billingAddress: address, shippingAddress: address });
  });

  it('refuses a code repeated for another person, and a count of codes other than the people', async () => {
    const [code, other] = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU, 2, 2);
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [code!, code!.toLowerCase()]))).toMatchObject({ status: 400, body: { message: CODE_MSG.repeated, errors: { 'codes.1': CODE_MSG.repeated } } });
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [code!, other!], { items: [{ product_id: productIds.get(FIT_TO_FLY_ANTIGEN_SKU), quantity: 1 }] }))).toMatchObject({
      status: 400,
      body: { message: CODE_MSG.onePerPerson, errors: { codes: CODE_MSG.onePerPerson } },
    });
    expect(await usedTimes([code!, other!])).toEqual([0, 0]);
  });

  it('a used-up code and an unknown one are both "Your code is invalid" (spec 3 §7); either rolls the whole order back', async () => {
    const [spent, fresh] = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU, 2, 1);
    expect((await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [spent!]))).status).toBe(201);
    const before = (await h.ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.source, 'attractionworld'))).length;
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [fresh!, spent!]))).toMatchObject({ status: 400, body: { message: CODE_MSG.invalid, errors: { 'codes.1': 'Your code is invalid' } } });
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [`F2FAW${run}NOSUCHCODE`]))).toMatchObject({ status: 400, body: { errors: { 'codes.0': CODE_MSG.invalid } } });
    expect(await usedTimes([spent!, fresh!])).toEqual([1, 0]);
    expect((await h.ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.source, 'attractionworld'))).length).toBe(before);
  });

  it('unknown page 404; bad input 400 with the field’s message; more than 4 people refused', async () => {
    const [code] = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU, 1);
    expect(await order('no_such_partner', body(FIT_TO_FLY_ANTIGEN_SKU, [code!]))).toMatchObject({ status: 404, body: { message: MSG.notFound } });
    expect(await order('bad-slug!', body(FIT_TO_FLY_ANTIGEN_SKU, [code!]))).toMatchObject({ status: 400 });
    const noName = await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [code!], { billing_detail: { first_name: '', last_name: 'Lovelace', email: 'ada@example.com' } }));
    expect(noName).toMatchObject({ status: 400, body: { errors: { 'billing_detail.first_name': ORDER_MSG.firstName } } });
    expect(await order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, ['A', 'B', 'C', 'D', 'E']))).toMatchObject({ status: 400, body: { message: 'Maximum 4 people per appointment' } });
    expect(await usedTimes([code!])).toEqual([0]);
  });

  it(`answers 429 after ${PARTNER_ORDERS_PER_MINUTE} orders a minute from one address; another address is not held back`, async () => {
    const ip = nextIp();
    for (let i = 0; i < PARTNER_ORDERS_PER_MINUTE; i++) expect((await order('no_such_partner', body(FIT_TO_FLY_ANTIGEN_SKU, ['X']), ip)).status).toBe(404);
    expect(await order('no_such_partner', body(FIT_TO_FLY_ANTIGEN_SKU, ['X']), ip)).toMatchObject({ status: 429, body: { message: MSG.tooManyRequests } });
    expect((await order('no_such_partner', body(FIT_TO_FLY_ANTIGEN_SKU, ['X']))).status).toBe(404);
    h.clock.advance(61_000);
    expect((await order('no_such_partner', body(FIT_TO_FLY_ANTIGEN_SKU, ['X']), ip)).status).toBe(404);
  });

  it.skipIf(!onPostgres)('one code with one use sent in 10 orders at once: exactly one order, the use taken once (runs on PostgreSQL only)', async () => {
    const [code] = await codes('F2FAW', FIT_TO_FLY_ANTIGEN_SKU, 1, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => order('attraction_world', body(FIT_TO_FLY_ANTIGEN_SKU, [code!]))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400 && answer.body.errors?.['codes.0'] === CODE_MSG.invalid)).toHaveLength(9);
    expect(await usedTimes([code!])).toEqual([1]);
    const placed = await h.ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.discountCode, code!));
    expect(placed).toHaveLength(1);
  });
});
