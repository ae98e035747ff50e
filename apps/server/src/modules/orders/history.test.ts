// @module-tag wall-clock
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createHarness, TEST_START, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let support: TestUser;
let customer: TestUser;
let practitioner: TestUser;
let kitId: string;

const base = '/api/commerce/v1';
const run = randomBytes(3).toString('hex').toUpperCase();
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };
const at = (minutes: number) => new Date(TEST_START.getTime() + minutes * 60_000);

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  support = await h.user({ org, roles: ['customer_services'] });
  customer = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
  const now = h.clock.now();
  const [kit] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-HIST-${run}`, title: 'Fit to Fly Antigen Test', country: 'UK', pricePence: 2900, msrpPence: 2900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  kitId = kit!.id;
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

describe('GET /order/{id}/history', () => {
  it('lists the order’s placing, e-mails, note and dispatch, newest first, with who and when; reads are left out', async () => {
    const email = uniqueEmail('history');
    const placed = await h.call('POST', `${base}/order`, {
      token: customer.token,
      body: { billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email }, billing_address: address, shipping_address: address, source: 'vireo', items: [{ product_id: kitId, quantity: 1 }], card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' } },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.order_details.id as string;
    await h.deliverOutbox();
    h.clock.set(at(5));
    expect((await h.call('POST', `${base}/order/${id}/note`, { token: support.token, body: { note: 'Called the customer' } })).status).toBe(201);
    expect((await h.call('GET', `${base}/order/${id}`, { token: support.token })).status).toBe(200);
    h.clock.set(at(10));
    const kit = `KIT-HIST-${run}`;
    expect((await h.call('PATCH', `${base}/order/${id}/process`, { token: support.token, body: { units: [{ product_id: kitId, kit_id: kit, tracking_reference: 'RM1' }] } })).status).toBe(200);
    await h.deliverOutbox();

    const res = await h.call('GET', `${base}/order/${id}/history`, { token: support.token });
    expect(res.status).toBe(200);
    const staff = `${support.user.firstName} ${support.user.lastName}`;
    const buyer = `${customer.user.firstName} ${customer.user.lastName}`;
    expect(res.body.data).toEqual([
      { at: at(10).getTime() / 1000, action: 'mail_sent', actor: null, detail: 'order.dispatched' },
      { at: at(10).getTime() / 1000, action: 'dispatched', actor: staff, detail: kit },
      { at: at(5).getTime() / 1000, action: 'note_added', actor: staff, detail: null },
      { at: at(0).getTime() / 1000, action: 'mail_sent', actor: null, detail: 'order.confirmation' },
      { at: at(0).getTime() / 1000, action: 'placed', actor: buyer, detail: 'Complete' },
    ]);
  });

  it('answers 404 for an unknown order, 400 for a bad id, 401 without a session, 403 without orders.manage', async () => {
    const email = uniqueEmail('history');
    const placed = await h.call('POST', `${base}/order`, {
      token: customer.token,
      body: { billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email }, billing_address: address, shipping_address: address, source: 'vireo', items: [{ product_id: kitId, quantity: 1 }] },
    });
    const id = placed.body.order_details.id as string;
    expect((await h.call('GET', `${base}/order/${randomUUID()}/history`, { token: support.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/order/not-an-id/history`, { token: support.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/order/${id}/history`)).status).toBe(401);
    expect((await h.call('GET', `${base}/order/${id}/history`, { token: customer.token })).status).toBe(403);
    expect((await h.call('GET', `${base}/order/${id}/history`, { token: practitioner.token })).status).toBe(403);
  });
});
