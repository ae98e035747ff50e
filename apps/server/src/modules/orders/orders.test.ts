// @module-tag wall-clock
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CODE_MSG, DISCOUNT_MSG, ORDER_BOOKING_MSG, ORDER_MSG, SHORT_TOKEN_PATTERN } from '@vireo/contracts';
import { auditEvents, discounts, orderPayments, orders, products, purchaseCodeBatches, purchaseCodes } from '../../db/schema';
import { actorKeyOf } from '../../platform/audit';
import type { TestPaymentGateway } from '../../platform/payments';
import { createHarness, TEST_START, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let support: TestUser;
let admin: TestUser;
let granted: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let practitioner: TestUser;

const base = '/api/commerce/v1';
/** This run's own prefix, so runs sharing a PostgreSQL database never see each other's products and codes. */
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;
const unique = () => `${run}-${++counter}`;

const APPROVED = { number: '4242424242424242', expiration_date: '12/30', cvv: '123' };
const DECLINED = { number: '4000000000000002', expiration_date: '12/30', cvv: '123' };
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

type ProductRow = typeof products.$inferSelect;
let kit: ProductRow;
let consultation: ProductRow;
let exempt: ProductRow;
let usKit: ProductRow;

async function product(overrides: Partial<typeof products.$inferInsert> = {}): Promise<ProductRow> {
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({
      sku: `SKU-${unique()}`,
      title: 'Test kit',
      country: 'UK',
      pricePence: 2900,
      msrpPence: 2900,
      type: 'Antigen',
      outOfStock: false,
      active: true,
      cardColour: 'doc-green',
      discountExempt: false,
      vatExempt: false,
      shippable: true,
      bookable: false,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  return row!;
}

async function discount(overrides: Partial<typeof discounts.$inferInsert> = {}): Promise<string> {
  const code = `ORD${unique()}`;
  await h.ctx.database.db.insert(discounts).values({ project: `Orders ${run}`, code, type: 'percentage', value: 10, activeFrom: '2026-06-01', activeTo: '2026-06-30', uses: 5, createdAt: h.clock.now(), ...overrides });
  return code;
}

/** A purchase code for one unit of `productId`, with `uses` uses; answers its value. */
async function purchaseCode(productId: string, uses = 1): Promise<string> {
  const [batch] = await h.ctx.database.db
    .insert(purchaseCodeBatches)
    .values({ name: `Orders ${run}`, prefix: 'TST', productId, count: 1, usesPerCode: uses, validUntil: '2026-12-31', createdAt: h.clock.now() })
    .returning();
  const value = `TST${unique().replace('-', '')}`;
  await h.ctx.database.db.insert(purchaseCodes).values({ batchId: batch!.id, value, uses });
  return value;
}
const codeUses = async (value: string) => (await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.value, value)))[0]!.usedTimes;
const discountUses = async (code: string) => (await h.ctx.database.db.select().from(discounts).where(eq(discounts.code, code)))[0]!.usedTimes;

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('buyer') },
    billing_address: address,
    shipping_address: address,
    source: 'vireo',
    items: [{ product_id: kit.id, title: kit.title, sku: kit.sku, quantity: 1, price: 29 }],
    card: APPROVED,
    ...overrides,
  };
}

const place = (body: object, token = customer.token) => h.call('POST', `${base}/order`, { token, body });

/** Places an order that must be accepted; answers its id, short token and billing e-mail. */
async function placed(overrides: Record<string, unknown> = {}, token = customer.token) {
  const body = orderBody(overrides);
  const res = await place(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.order_details.id as string, shortToken: res.body.order_details.short_token as string, email: body.billing_detail.email };
}

const orderRow = async (id: string) => (await h.ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (id: string) => h.ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
const gateway = () => h.ctx.orders.gateway as TestPaymentGateway;

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  support = await h.user({ org, roles: ['customer_services'] });
  admin = await h.user({ org, roles: ['super_admin'] });
  granted = await h.user({ org, roles: ['super_admin'], grants: ['orders.edit_items', 'orders.set_payment_complete'] });
  customer = await h.user({ org, roles: ['b2c'] });
  otherCustomer = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
  kit = await product({ title: 'Fit to Fly Antigen Test' });
  consultation = await product({ title: 'Antigen Consultation', type: 'Consultation', pricePence: 1900, msrpPence: 1900, shippable: false, bookable: true, preBook: 'after' });
  exempt = await product({ title: 'Certificate', type: 'Virtual', pricePence: 1000, msrpPence: 1000, shippable: false, discountExempt: true, vatExempt: true });
  usKit = await product({ title: 'Day 3 Antigen Test', country: 'US', pricePence: 3500, msrpPence: 3500 });
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

describe('POST /order', () => {
  it('charges the catalogue price (never the browser’s) with an approved card: Complete, Processing, the transaction id, the confirmation e-mail', async () => {
    const body = orderBody({ items: [{ product_id: kit.id, quantity: 2, price: 0.01 }, { product_id: consultation.id, quantity: 1, price: 0.01 }] });
    const res = await place(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: ORDER_MSG.paid, order_details: { payment_flag: 'Complete' } });
    const { id, short_token, booking_link } = res.body.order_details;
    expect(short_token).toMatch(SHORT_TOKEN_PATTERN);
    expect(booking_link).toBe(`/b2c/book-appointment?short_token=${short_token}&service=video_gp_vireo`);
    const row = await orderRow(id);
    expect(row).toMatchObject({ paymentFlag: 'Complete', shippingFlag: 'Processing', originalPricePence: 7700, pricePence: 7700, vatPence: 1284, currency: 'GBP', customerUserId: customer.user.id, organisationId: customer.user.organisationId });
    expect(row.transactionId).toMatch(/^test_/);
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ kind: 'charge', amountPence: 7700, currency: 'GBP', outcome: 'approved', gatewayReference: row.transactionId });
    expect(gateway().chargeOf(row.transactionId!)).toEqual({ amountPence: 7700, refunded: false });

    const [mail] = await h.mails({ recipient: body.billing_detail.email, template: 'order.confirmation' });
    expect(mail!.body).toContain('2 × Fit to Fly Antigen Test');
    expect(mail!.body).toContain('VAT (20%, included): £12.84');
    expect(mail!.body).toContain('Total: £77.00');
    expect(mail!.body).toContain(short_token);
    expect(mail!.body).toContain(`/b2c/book-appointment?short_token=${short_token}&service=video_gp_vireo`);
  });

  it('keeps a declined order Failed / failed, answers 402 with the message, and sends nothing', async () => {
    const body = orderBody({ card: DECLINED });
    const res = await place(body);
    expect(res).toMatchObject({ status: 402, body: { success: false, message: ORDER_MSG.cardDeclined, order_details: { payment_flag: 'Failed' } } });
    const row = await orderRow(res.body.order_details.id);
    expect(row).toMatchObject({ paymentFlag: 'Failed', shippingFlag: 'failed', transactionId: null });
    expect(await paymentsOf(row.id)).toMatchObject([{ kind: 'charge', outcome: 'declined', gatewayReference: null }]);
    expect(await h.mails({ recipient: body.billing_detail.email })).toHaveLength(0);
  });

  it('gives a declined order’s code its use back, so the customer pays with another card and the same code', async () => {
    const code = await discount({ uses: 1 });
    const declined = await place(orderBody({ discount: code, card: DECLINED }));
    expect(declined.status).toBe(402);
    expect(await orderRow(declined.body.order_details.id)).toMatchObject({ paymentFlag: 'Failed', discountCode: code, discountPence: 290 });
    expect(await discountUses(code)).toBe(0);
    const paid = await placed({ discount: code });
    expect(await orderRow(paid.id)).toMatchObject({ paymentFlag: 'Complete', pricePence: 2610 });
    expect(await discountUses(code)).toBe(1);
    const again = await place(orderBody({ discount: code }));
    expect(again).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
  });

  it('takes one unit of its product off with a purchase code (any case), once per use (then "Your code is invalid" outside the pharmacy form, spec 3 §7); a code for a product not in the basket is invalid', async () => {
    const value = await purchaseCode(kit.id);
    const paid = await placed({ discount: value.toLowerCase(), items: [{ product_id: kit.id, quantity: 2 }, { product_id: consultation.id, quantity: 1 }] });
    expect(await orderRow(paid.id)).toMatchObject({ originalPricePence: 7700, discountPence: 2900, pricePence: 4800, discountCode: value });
    expect(await codeUses(value)).toBe(1);
    expect(await place(orderBody({ discount: value }))).toMatchObject({ status: 400, body: { message: CODE_MSG.invalid, errors: { discount: CODE_MSG.invalid } } });
    const forTheKit = await purchaseCode(kit.id);
    expect(await place(orderBody({ discount: forTheKit, items: [{ product_id: consultation.id, quantity: 1 }] }))).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
    expect(await codeUses(forTheKit)).toBe(0);
    const declined = await place(orderBody({ discount: forTheKit, card: DECLINED, items: [{ product_id: kit.id, quantity: 2 }] }));
    expect(declined.status).toBe(402);
    expect(await codeUses(forTheKit)).toBe(0);
  });

  it('charges nothing when nothing is due (a 100% code; exempt lines keep their price)', async () => {
    const code = await discount({ value: 100 });
    const free = await placed({ discount: code.toLowerCase(), card: undefined });
    expect(await orderRow(free.id)).toMatchObject({ paymentFlag: 'Complete', shippingFlag: 'Processing', pricePence: 0, discountPence: 2900, vatPence: 0, discountCode: code });
    expect(await paymentsOf(free.id)).toHaveLength(0);
    const withExempt = await place(orderBody({ discount: code, items: [{ product_id: kit.id, quantity: 1 }, { product_id: exempt.id, quantity: 1 }] }));
    expect(await orderRow(withExempt.body.order_details.id)).toMatchObject({ pricePence: 1000, discountPence: 2900, vatPence: 0 });
  });

  it('takes each code’s rule off the discountable lines, VAT on what is left', async () => {
    const reduction = await discount({ type: 'reduction', value: 1000 });
    const res = await place(orderBody({ discount: reduction, items: [{ product_id: kit.id, quantity: 1 }, { product_id: exempt.id, quantity: 1 }] }));
    expect(await orderRow(res.body.order_details.id)).toMatchObject({ originalPricePence: 3900, discountPence: 1000, pricePence: 2900, vatPence: 317 });
    const trial = await discount({ type: 'trial', value: 100 });
    const trialOrder = await place(orderBody({ discount: trial, items: [{ product_id: kit.id, quantity: 3 }] }));
    expect(await orderRow(trialOrder.body.order_details.id)).toMatchObject({ pricePence: 300, discountPence: 8400 });
  });

  it('leaves an order with something due and no card Initiated / Pending', async () => {
    const { id } = await placed({ card: undefined });
    expect(await orderRow(id)).toMatchObject({ paymentFlag: 'Initiated', shippingFlag: 'Pending' });
    expect(await paymentsOf(id)).toHaveLength(0);
  });

  it('prices a -us source in dollars and charges them; mixing currencies is 400', async () => {
    const { id } = await placed({ source: 'vireo-us', items: [{ product_id: usKit.id, quantity: 1 }] });
    const row = await orderRow(id);
    expect(row).toMatchObject({ currency: 'USD', pricePence: 3500, paymentFlag: 'Complete' });
    expect(await paymentsOf(id)).toMatchObject([{ currency: 'USD', amountPence: 3500 }]);
    expect(await place(orderBody({ source: 'vireo-us', items: [{ product_id: usKit.id, quantity: 1 }, { product_id: kit.id, quantity: 1 }] }))).toMatchObject({
      status: 400,
      body: { message: ORDER_MSG.mixedCurrency },
    });
    expect(await place(orderBody({ items: [{ product_id: usKit.id, quantity: 1 }] }))).toMatchObject({ status: 400, body: { message: ORDER_MSG.mixedCurrency } });
  });

  it('refuses unknown, inactive, out-of-stock and retired products, bad quantities and an unusable code (400), writing nothing', async () => {
    const inactive = await product({ active: false });
    const outOfStock = await product({ outOfStock: true });
    const retired = await product({ retiredAt: h.clock.now() });
    for (const productId of [randomUUID(), inactive.id, outOfStock.id, retired.id]) {
      expect(await place(orderBody({ items: [{ product_id: productId, quantity: 1 }] }))).toMatchObject({ status: 400, body: { message: ORDER_MSG.productUnavailable } });
    }
    for (const quantity of [0, -1, 1.5, 101]) expect((await place(orderBody({ items: [{ product_id: kit.id, quantity }] }))).status).toBe(400);
    expect((await place(orderBody({ items: [] }))).status).toBe(400);
    expect((await place(orderBody({ card: { ...APPROVED, number: '4242424242424241' } }))).status).toBe(400);
    expect(await place(orderBody({ billing_detail: { first_name: 'A\u0000da', last_name: 'Lovelace', email: uniqueEmail('nul') } }))).toMatchObject({ status: 400 });
    expect((await place(orderBody({ source: 'vireo us' }))).status).toBe(400);
    const email = uniqueEmail('refused');
    const usedUp = await discount({ uses: 1, usedTimes: 1 });
    for (const code of ['NOSUCHCODE', usedUp]) {
      expect(await place(orderBody({ discount: code, billing_detail: { first_name: 'A', last_name: 'B', email } }))).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
    }
    expect(await h.ctx.database.db.select().from(orders).where(eq(orders.billingEmail, email))).toHaveLength(0);
  });

  it('needs a session (401) and a customer’s or staff role (403)', async () => {
    expect((await h.call('POST', `${base}/order`, { body: orderBody() })).status).toBe(401);
    expect((await place(orderBody(), practitioner.token)).status).toBe(403);
    const staffOrder = await placed({}, support.token);
    expect((await orderRow(staffOrder.id)).customerUserId).toBeNull();
  });
});

describe('GET /order', () => {
  it('pages every order for staff, newest first, by e-mail (any case), discount and short token; Initiated only when asked', async () => {
    const email = uniqueEmail('Search');
    const code = await discount();
    const first = await placed({ billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email } });
    h.clock.set(new Date(TEST_START.getTime() + 60_000));
    const second = await placed({ billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email }, discount: code });
    h.clock.set(new Date(TEST_START.getTime() + 120_000));
    const initiated = await placed({ billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email }, card: undefined });
    const list = (query: string, token = support.token) => h.call('GET', `${base}/order?${query}`, { token });

    const byEmail = await list(`email=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.totalCount).toBe(2);
    expect(byEmail.body.data.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
    expect(byEmail.body.data[0]).toMatchObject({ short_token: second.shortToken, email, payment_flag: 'Complete', shipping_flag: 'Processing', price: 2610, currency: 'GBP', source: 'vireo', discount: code });
    expect((await list(`email=${encodeURIComponent(email)}&incl_initiated=true`)).body.data.map((row: { id: string }) => row.id)).toEqual([initiated.id, second.id, first.id]);
    expect((await list(`email=${encodeURIComponent(email)}&incl_initiated=true&sort=created_at&page_size=1&page=2`)).body).toMatchObject({ totalCount: 3, data: [{ id: second.id }] });
    expect((await list(`discount=${code.toLowerCase()}`)).body.data.map((row: { id: string }) => row.id)).toEqual([second.id]);
    expect((await list(`short_token=${first.shortToken.toLowerCase()}`)).body.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await list('page_size=0')).status).toBe(400);
    expect((await list('sort=email')).status).toBe(400);
    expect((await list(`email=${encodeURIComponent(email)}`, admin.token)).body.totalCount).toBe(2);
    // The count is kept between reads, until a change to orders is heard.
    const third = await placed({ billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email } });
    expect((await list(`email=${encodeURIComponent(email)}`)).body).toMatchObject({ totalCount: 3, data: [{ id: third.id }, { id: second.id }, { id: first.id }] });
    await h.call('DELETE', `${base}/order/${third.id}?email=${encodeURIComponent(email)}`, { token: support.token });
    await h.ctx.database.db.update(orders).set({ paymentFlag: 'Initiated' }).where(eq(orders.id, third.id));
    expect((await list(`email=${encodeURIComponent(email)}`)).body.totalCount).toBe(2);
  });

  it('shows a customer their own orders only; 401 without a session, 403 for another role', async () => {
    const mine = await placed({}, otherCustomer.token);
    const own = await h.call('GET', `${base}/order?page_size=200`, { token: otherCustomer.token });
    expect(own.status).toBe(200);
    expect(own.body.data.map((row: { id: string }) => row.id)).toContain(mine.id);
    const theirs = await h.call('GET', `${base}/order?page_size=200`, { token: customer.token });
    expect(theirs.body.data.map((row: { id: string }) => row.id)).not.toContain(mine.id);
    expect((await h.call('GET', `${base}/order`)).status).toBe(401);
    expect((await h.call('GET', `${base}/order`, { token: practitioner.token })).status).toBe(403);
  });
});

describe('GET /order/{id}, its products, flight details and the short-token view', () => {
  it('answers staff the whole order and its customer (signed in or by short token) their view; audited; anyone else 404', async () => {
    const { id, shortToken } = await placed({ items: [{ product_id: kit.id, quantity: 2 }] });
    const staff = await h.call('GET', `${base}/order/${id}`, { token: support.token });
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ id, short_token: shortToken, payment_flag: 'Complete', order_notes: [], payments: [{ kind: 'charge', outcome: 'approved' }], items: [{ quantity: 2, fulfilled: 0, product: { id: kit.id, price: 2900, sku: kit.sku, bookable: 0 } }] });
    expect(staff.body.data.transaction_id).toMatch(/^test_/);
    const own = await h.call('GET', `${base}/order/${id}`, { token: customer.token });
    expect(own.status).toBe(200);
    expect(own.body.data).not.toHaveProperty('transaction_id');
    expect(own.body.data).not.toHaveProperty('order_notes');
    const byToken = await h.call('GET', `${base}/order/${id}`, { headers: { 'x-short-token': shortToken } });
    expect(byToken.status).toBe(200);
    expect((await h.call('GET', `${base}/order/-/short-token/${shortToken.toLowerCase()}`)).body).toMatchObject({ success: true, data: { id, billing_detail: { first_name: 'Ada' } } });
    const reads = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'order.read'), eq(auditEvents.resourceId, id)));
    expect(reads.map((read) => read.actorKind).sort()).toEqual(['short_token', 'short_token', 'user', 'user']);

    expect(await h.call('GET', `${base}/order/${id}`, { token: otherCustomer.token })).toMatchObject({ status: 404, body: { message: ORDER_MSG.notFound } });
    expect((await h.call('GET', `${base}/order/${id}`, { headers: { 'x-short-token': 'ABCDEFGHJKLMNPQRSTUV' } })).status).toBe(404);
    expect((await h.call('GET', `${base}/order/${randomUUID()}`, { token: support.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/order/${id}`)).status).toBe(401);
    expect((await h.call('GET', `${base}/order/-/short-token/ABCDEFGHJKLMNPQRSTUV`)).status).toBe(404);
    expect((await h.call('GET', `${base}/order/-/short-token/short`)).status).toBe(400);
  });

  it('the same short token in any letter case opens the order as the same holder: one actor_key, never the token', async () => {
    const { id, shortToken } = await placed({ items: [{ product_id: kit.id, quantity: 1 }] });
    for (const typed of [shortToken, shortToken.toLowerCase()]) {
      expect((await h.call('GET', `${base}/order/${id}`, { headers: { 'x-short-token': typed } })).status).toBe(200);
    }
    expect((await h.call('GET', `${base}/order/-/short-token/${shortToken.toLowerCase()}`)).status).toBe(200);
    const reads = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'order.read'), eq(auditEvents.resourceId, id)));
    expect(reads.map((read) => [read.actorKind, read.actorKey])).toEqual(Array(3).fill(['short_token', actorKeyOf(shortToken)]));
    expect(JSON.stringify(reads).toUpperCase()).not.toContain(shortToken);
  });

  it('lists the fulfilled lines or those with units left; flight details of its bookings', async () => {
    const { id, shortToken } = await placed({ items: [{ product_id: kit.id, quantity: 2 }, { product_id: consultation.id, quantity: 1 }] });
    await h.call('PATCH', `${base}/order/${id}/item`, { token: granted.token, body: { product_id: kit.id, fulfilled: 2 } });
    const products = (query: string) => h.call('GET', `${base}/order/${id}/product${query}`, { headers: { 'x-short-token': shortToken } });
    expect((await products('')).body.data.map((item: { product_id: string }) => item.product_id)).toEqual([kit.id, consultation.id]);
    expect((await products('?fulfilled=true')).body.data.map((item: { product_id: string }) => item.product_id)).toEqual([kit.id]);
    expect((await products('?fulfilled=false')).body.data.map((item: { product_id: string }) => item.product_id)).toEqual([consultation.id]);
    expect((await h.call('GET', `${base}/order/${id}/product`, { token: otherCustomer.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/order/${id}/product`)).status).toBe(401);
    expect(await h.call('GET', `${base}/flight-order/${id}`, { token: customer.token })).toMatchObject({ status: 200, body: { success: true, flightDetails: [] } });
    expect((await h.call('GET', `${base}/flight-order/${id}`, { token: otherCustomer.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/flight-order/${id}`)).status).toBe(401);
  });
});

describe('PUT /order/{id} payment_flag Complete', () => {
  it('is refused to the customer while something is due (409) and to staff without the grant (403); the grant turns Failed into Complete + Processing', async () => {
    const failed = await place(orderBody({ card: DECLINED }));
    const { id, short_token } = failed.body.order_details;
    const complete = (options: { token?: string; headers?: Record<string, string> }) => h.call('PUT', `${base}/order/${id}`, { ...options, body: { payment_flag: 'Complete' } });
    expect(await complete({ token: customer.token })).toMatchObject({ status: 409, body: { message: ORDER_MSG.paymentDue } });
    expect(await complete({ headers: { 'x-short-token': short_token } })).toMatchObject({ status: 409, body: { message: ORDER_MSG.paymentDue } });
    expect((await complete({ token: support.token })).status).toBe(403);
    expect((await complete({ token: admin.token })).status).toBe(403);
    expect((await complete({ token: otherCustomer.token })).status).toBe(404);
    expect((await complete({})).status).toBe(401);
    expect((await h.call('PUT', `${base}/order/${id}`, { token: granted.token, body: { payment_flag: 'Failed' } })).status).toBe(400);
    expect((await orderRow(id)).paymentFlag).toBe('Failed');

    const done = await complete({ token: granted.token });
    expect(done).toMatchObject({ status: 200, body: { message: ORDER_MSG.paymentUpdated, data: { payment_flag: 'Complete', shipping_flag: 'Processing' } } });
    expect(await h.mails({ template: 'order.confirmation', recipient: (await orderRow(id)).billingEmail })).toHaveLength(1);
    expect((await complete({ token: customer.token })).status).toBe(200);

    const initiated = await placed({ card: undefined });
    expect(await h.call('PUT', `${base}/order/${initiated.id}`, { token: granted.token, body: { payment_flag: 'Complete' } })).toMatchObject({ status: 409, body: { message: ORDER_MSG.onlyFailedPayments } });
  });

  it('takes the Failed order’s code use again (discount and purchase codes); refused with the code’s message when it has none left', async () => {
    const complete = (id: string) => h.call('PUT', `${base}/order/${id}`, { token: granted.token, body: { payment_flag: 'Complete' } });
    const code = await discount({ uses: 1 });
    const failed = (await place(orderBody({ discount: code, card: DECLINED }))).body.order_details.id as string;
    expect(await discountUses(code)).toBe(0);
    expect((await complete(failed)).status).toBe(200);
    expect(await discountUses(code)).toBe(1);

    const value = await purchaseCode(kit.id);
    const failedWithCode = (await place(orderBody({ discount: value, card: DECLINED, items: [{ product_id: kit.id, quantity: 2 }] }))).body.order_details.id as string;
    await placed({ discount: value });
    expect(await codeUses(value)).toBe(1);
    expect(await complete(failedWithCode)).toMatchObject({ status: 409, body: { message: ORDER_BOOKING_MSG.codeUsedUp } });
    expect((await orderRow(failedWithCode)).paymentFlag).toBe('Failed');
    expect(await codeUses(value)).toBe(1);
  });
});

describe('DELETE /order/{id}', () => {
  it('cancels only with the exact billing e-mail (else 400), refunding the charge; staff only', async () => {
    const { id, email } = await placed();
    const cancel = (typed: string, token = support.token) => h.call('DELETE', `${base}/order/${id}?email=${encodeURIComponent(typed)}`, { token });
    expect(await cancel(email.toUpperCase())).toMatchObject({ status: 400, body: { message: ORDER_MSG.cancelEmailMismatch } });
    expect(await cancel('someone@example.test')).toMatchObject({ status: 400, body: { message: ORDER_MSG.cancelEmailMismatch } });
    expect((await h.call('DELETE', `${base}/order/${id}`, { token: support.token })).status).toBe(400);
    expect((await cancel(email, customer.token)).status).toBe(403);
    expect((await h.call('DELETE', `${base}/order/${id}?email=${encodeURIComponent(email)}`)).status).toBe(401);
    expect((await orderRow(id)).shippingFlag).toBe('Processing');

    const res = await cancel(email);
    expect(res).toMatchObject({ status: 200, body: { message: ORDER_MSG.cancelled, data: { shipping_flag: 'cancelled', payments: [{ kind: 'charge' }, { kind: 'refund', outcome: 'approved', amount: 2900 }] } } });
    expect(gateway().chargeOf((await orderRow(id)).transactionId!)).toEqual({ amountPence: 2900, refunded: true });
    expect(await cancel(email)).toMatchObject({ status: 409, body: { message: ORDER_MSG.alreadyCancelled } });
    expect((await h.call('DELETE', `${base}/order/${randomUUID()}?email=${encodeURIComponent(email)}`, { token: support.token })).status).toBe(404);
  });

  it('puts the refund in the order’s history with its amount and e-mails the customer the cancellation with the amount refunded', async () => {
    const { id, email, shortToken } = await placed();
    expect((await h.call('DELETE', `${base}/order/${id}?email=${encodeURIComponent(email)}`, { token: support.token })).status).toBe(200);
    const history = await h.call('GET', `${base}/order/${id}/history`, { token: support.token });
    expect(history.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'refunded', detail: '£29.00' }), expect.objectContaining({ action: 'cancelled' })]));
    await h.deliverOutbox();
    const [mail] = await h.mails({ recipient: email, template: 'order.cancelled' });
    expect(mail?.body).toContain(`Your order ${shortToken} has been cancelled.`);
    expect(mail?.body).toContain('We have refunded £29.00 to the card you paid with');
  });

  it('leaves the order uncancelled with the reason when the gateway refuses the refund: no refund line, no e-mail', async () => {
    const { id, email } = await placed({ card: { number: '4000000000005126', expiration_date: '12/30', cvv: '123' } });
    const res = await h.call('DELETE', `${base}/order/${id}?email=${encodeURIComponent(email)}`, { token: support.token });
    expect(res).toMatchObject({ status: 409, body: { message: ORDER_MSG.refundFailed } });
    expect(await orderRow(id)).toMatchObject({ shippingFlag: 'Processing', paymentFlag: 'Complete' });
    expect((await paymentsOf(id)).map((payment) => payment.kind)).toEqual(['charge']);
    expect(gateway().chargeOf((await orderRow(id)).transactionId!)).toEqual({ amountPence: 2900, refunded: false });
    const history = await h.call('GET', `${base}/order/${id}/history`, { token: support.token });
    expect(history.body.data.map((entry: { action: string }) => entry.action)).not.toContain('refunded');
    await h.deliverOutbox();
    expect(await h.mails({ recipient: email, template: 'order.cancelled' })).toHaveLength(0);
  });
});

describe('PUT and PATCH /order/{id}/item', () => {
  it('changes a quantity, a product and the fulfilment with orders.edit_items; whole numbers from 0, fulfilment never above the quantity', async () => {
    const { id } = await placed({ items: [{ product_id: kit.id, quantity: 3 }] });
    const put = (body: object, token = granted.token) => h.call('PUT', `${base}/order/${id}/item`, { token, body });
    const patch = (body: object, token = granted.token) => h.call('PATCH', `${base}/order/${id}/item`, { token, body });
    expect(await patch({ product_id: kit.id, fulfilled: 2 })).toMatchObject({ status: 200, body: { message: ORDER_MSG.fulfillmentUpdated, data: { items: [{ quantity: 3, fulfilled: 2 }] } } });
    expect(await patch({ product_id: kit.id, fulfilled: 4 })).toMatchObject({ status: 400, body: { message: ORDER_MSG.fulfilledOverQuantity } });
    expect((await patch({ product_id: kit.id, fulfilled: -1 })).status).toBe(400);
    expect((await patch({ product_id: kit.id, fulfilled: 1.5 })).status).toBe(400);
    expect(await put({ product_id: kit.id, quantity: 1 })).toMatchObject({ status: 400, body: { message: ORDER_MSG.quantityBelowFulfilled } });
    expect(await put({ product_id: kit.id, quantity: 5 })).toMatchObject({ status: 200, body: { message: ORDER_MSG.quantityUpdated, data: { items: [{ quantity: 5, fulfilled: 2 }], price: 8700 } } });
    expect((await put({ product_id: kit.id })).status).toBe(400);
    expect(await put({ product_id: consultation.id, quantity: 1 })).toMatchObject({ status: 400, body: { message: ORDER_MSG.productNotOnOrder } });
    expect(await put({ product_id: kit.id, new_product_id: usKit.id })).toMatchObject({ status: 400, body: { message: ORDER_MSG.mixedCurrency } });
    expect(await put({ product_id: kit.id, new_product_id: consultation.id })).toMatchObject({ status: 200, body: { data: { items: [{ product_id: consultation.id, quantity: 5, product: { sku: consultation.sku } }] } } });
    const changes = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.resourceId, id), inArray(auditEvents.action, ['order.item_updated', 'order.item_fulfilled'])));
    expect(changes).toHaveLength(3);

    for (const token of [admin.token, support.token, customer.token]) {
      expect((await put({ product_id: consultation.id, quantity: 1 }, token)).status).toBe(403);
      expect((await patch({ product_id: consultation.id, fulfilled: 1 }, token)).status).toBe(403);
    }
    expect((await h.call('PUT', `${base}/order/${id}/item`, { body: { product_id: consultation.id, quantity: 1 } })).status).toBe(401);
    expect((await h.call('PATCH', `${base}/order/${randomUUID()}/item`, { token: granted.token, body: { product_id: kit.id, fulfilled: 0 } })).status).toBe(404);
  });
});

describe('POST /order/{id}/note', () => {
  it('adds a staff note with its author; customers 403, no session 401, bad input 400', async () => {
    const { id } = await placed();
    const res = await h.call('POST', `${base}/order/${id}/note`, { token: support.token, body: { note: 'Called the customer.\nAll fine.' } });
    expect(res).toMatchObject({ status: 201, body: { message: ORDER_MSG.noteAdded, data: { note: 'Called the customer.\nAll fine.', created_by: 'Test Person', created_at: TEST_START.getTime() / 1000 } } });
    expect((await h.call('GET', `${base}/order/${id}`, { token: admin.token })).body.data.order_notes).toHaveLength(1);
    expect((await h.call('POST', `${base}/order/${id}/note`, { token: support.token, body: { note: '  ' } })).status).toBe(400);
    expect((await h.call('POST', `${base}/order/${id}/note`, { token: support.token, body: { note: 'a\u0000b' } })).status).toBe(400);
    expect((await h.call('POST', `${base}/order/${id}/note`, { token: customer.token, body: { note: 'mine' } })).status).toBe(403);
    expect((await h.call('POST', `${base}/order/${id}/note`, { body: { note: 'x' } })).status).toBe(401);
    expect((await h.call('POST', `${base}/order/${randomUUID()}/note`, { token: support.token, body: { note: 'x' } })).status).toBe(404);
  });
});

describe('PATCH /order/{id}/process (dispatch)', () => {
  it('records each unit’s kit ID (upper case, unique) and tracking reference, sets Dispatched and sends the dispatch e-mail', async () => {
    const { id, email } = await placed({ items: [{ product_id: kit.id, quantity: 2 }, { product_id: consultation.id, quantity: 1 }] });
    const dispatch = (units: object[], token = support.token, orderId = id) => h.call('PATCH', `${base}/order/${orderId}/process`, { token, body: { units } });
    const kitA = `kit-${unique()}`;
    const kitB = `KIT-${unique()}`;
    expect(await dispatch([{ product_id: kit.id, kit_id: kitA, tracking_reference: 'RM1' }, { product_id: kit.id, kit_id: kitA.toUpperCase(), tracking_reference: 'RM1' }])).toMatchObject({
      status: 400,
      body: { message: ORDER_MSG.kitIdRepeated },
    });
    expect(await dispatch([{ product_id: consultation.id, kit_id: kitA, tracking_reference: 'RM1' }])).toMatchObject({ status: 400, body: { message: ORDER_MSG.notShippable } });
    expect((await dispatch([{ product_id: kit.id, kit_id: kitA, tracking_reference: '' }])).status).toBe(400);
    const res = await dispatch([{ product_id: kit.id, kit_id: kitA, tracking_reference: 'RM123456785GB' }]);
    expect(res).toMatchObject({ status: 200, body: { message: ORDER_MSG.dispatched, data: { shipping_flag: 'Dispatched', dispatches: [{ product_id: kit.id, kit_id: kitA.toUpperCase(), tracking_reference: 'RM123456785GB' }] } } });
    const [mail] = await h.mails({ recipient: email, template: 'order.dispatched' });
    expect(mail!.body).toContain(`Kit ID ${kitA.toUpperCase()}, tracking reference RM123456785GB`);
    expect(await dispatch([{ product_id: kit.id, kit_id: kitA, tracking_reference: 'RM2' }])).toMatchObject({ status: 409, body: { message: ORDER_MSG.kitIdTaken } });
    expect((await dispatch([{ product_id: kit.id, kit_id: kitB, tracking_reference: 'RM2' }])).status).toBe(200);
    expect(await dispatch([{ product_id: kit.id, kit_id: `KIT-${unique()}`, tracking_reference: 'RM3' }])).toMatchObject({ status: 400, body: { message: ORDER_MSG.tooManyUnits } });

    const unpaid = await placed({ card: undefined });
    expect(await dispatch([{ product_id: kit.id, kit_id: `KIT-${unique()}`, tracking_reference: 'RM4' }], support.token, unpaid.id)).toMatchObject({ status: 409, body: { message: ORDER_MSG.notDispatchable } });
    expect((await dispatch([{ product_id: kit.id, kit_id: `KIT-${unique()}`, tracking_reference: 'RM4' }], customer.token)).status).toBe(403);
    expect((await h.call('PATCH', `${base}/order/${id}/process`, { body: { units: [] } })).status).toBe(401);
  });
});

describe('a discount code’s uses under concurrent orders', () => {
  it('the same one-use purchase code in two orders at once: one is placed, the other is told the code is used up', async () => {
    const value = await purchaseCode(kit.id);
    const answers = await Promise.all([place(orderBody({ discount: value })), place(orderBody({ discount: value }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.message).toBe(CODE_MSG.invalid);
    expect(await codeUses(value)).toBe(1);
  });

  it('20 concurrent orders with a 10-use code: exactly 10 are placed and charged, the others get the code’s message', async () => {
    const code = await discount({ uses: 10 });
    const emails = Array.from({ length: 20 }, () => uniqueEmail('race'));
    const answers = await Promise.all(emails.map((email) => place(orderBody({ discount: code, billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email } }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual(Array(10).fill(DISCOUNT_MSG.invalid));
    const rows = await h.ctx.database.db.select().from(orders).where(inArray(orders.billingEmail, emails));
    expect(rows).toHaveLength(10);
    const charges = await h.ctx.database.db.select().from(orderPayments).where(inArray(orderPayments.orderId, rows.map((row) => row.id)));
    expect(charges).toHaveLength(10);
    const [used] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.code, code));
    expect(used!.usedTimes).toBe(10);
  });
});

describe('card details', () => {
  it('(their numbers) are never stored, logged or audited, whatever the gateway answers', async () => {
    const lines: string[] = [];
    const logged = await createHarness({ logLevel: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const org = await logged.org();
      const buyer = await logged.user({ org, roles: ['b2c'] });
      const [row] = await logged.ctx.database.db.insert(products).values({ sku: `SKU-${unique()}`, title: 'Kit', country: 'UK', pricePence: 2900, msrpPence: 2900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: logged.clock.now(), updatedAt: logged.clock.now() }).returning();
      const cards = [APPROVED, DECLINED, { ...APPROVED, number: '4242424242424241' }, { ...APPROVED, expiration_date: '01/20' }];
      for (const card of cards) {
        const res = await logged.call('POST', `${base}/order`, { token: buyer.token, body: { ...orderBody({ items: [{ product_id: row!.id, quantity: 1 }] }), card } });
        expect([201, 400, 402]).toContain(res.status);
      }
      const dump = JSON.stringify([
        lines,
        await logged.ctx.database.db.select().from(auditEvents),
        await logged.ctx.database.db.select().from(orders),
        await logged.ctx.database.db.select().from(orderPayments),
      ]);
      for (const number of ['4242424242424242', '4000000000000002', '4242424242424241']) expect(dump).not.toContain(number);
      expect(lines.length).toBeGreaterThan(0);
    } finally {
      await logged.close();
    }
  });
});
