// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ORDER_MSG } from '@vireo/contracts';
import { auditEvents, products } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let customer: TestUser;
let stranger: TestUser;
let practitioner: TestUser;
let productId: string;
const run = randomBytes(3).toString('hex').toUpperCase();
const base = '/api/commerce/v1';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

async function placeOrder(by: TestUser): Promise<{ id: string; shortToken: string }> {
  const placed = await h.call('POST', `${base}/order`, {
    token: by.token,
    body: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('trip') },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: 1 }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { id: placed.body.order_details.id as string, shortToken: placed.body.order_details.short_token as string };
}

const TRIP = {
  transport_type: 'Flight',
  transport_number: 'ba117',
  transport_departure_country: 'GB',
  transport_departure_date_time: '2026-07-01T10:30',
  transport_arrival_country: 'US',
  transport_arrival_date_time: '2026-07-01T13:45',
};

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  customer = await h.user({ org, roles: ['b2c'] });
  stranger = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-TRIP-${run}`, title: 'Fit to Fly', country: 'UK', pricePence: 4900, msrpPence: 4900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: false, bookable: true, createdAt: now, updatedAt: now })
    .returning();
  productId = row!.id;
});
afterAll(() => h.close());

describe('PUT /flight-order/{id} (a trip saved on the order)', () => {
  it('its customer saves the trip (number upper-cased); GET /flight-order/{id} answers it first, by session or short token; audited', async () => {
    const order = await placeOrder(customer);
    const saved = await h.call('PUT', `${base}/flight-order/${order.id}`, { token: customer.token, body: TRIP });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: ORDER_MSG.tripSaved, trip: { ...TRIP, transport_number: 'BA117' } });
    const read = await h.call('GET', `${base}/flight-order/${order.id}`, { headers: { 'x-short-token': order.shortToken } });
    expect(read.status).toBe(200);
    expect(read.body.flightDetails[0]).toEqual({ ...TRIP, transport_number: 'BA117' });
    const byToken = await h.call('PUT', `${base}/flight-order/${order.id}`, { headers: { 'x-short-token': order.shortToken }, body: { ...TRIP, transport_type: 'Train', transport_number: '9O12', transport_arrival_country: '', transport_arrival_date_time: '' } });
    expect(byToken.status).toBe(200);
    expect((await h.call('GET', `${base}/flight-order/${order.id}`, { token: customer.token })).body.flightDetails[0]).toEqual({
      transport_type: 'Train',
      transport_number: '9O12',
      transport_departure_country: 'GB',
      transport_departure_date_time: '2026-07-01T10:30',
    });
    const audits = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'order.trip_saved'), eq(auditEvents.resourceId, order.id)));
    expect(audits).toHaveLength(2);
  });

  it('refuses bad input with its messages', async () => {
    const order = await placeOrder(customer);
    const attempt = (body: Record<string, unknown>) => h.call('PUT', `${base}/flight-order/${order.id}`, { token: customer.token, body: { ...TRIP, ...body } });
    expect((await attempt({ transport_type: 'Boat' })).body.errors).toMatchObject({ transport_type: ORDER_MSG.selectTransportType });
    expect((await attempt({ transport_number: ' ' })).body.errors).toMatchObject({ transport_number: ORDER_MSG.inputTransportNumber });
    expect((await attempt({ transport_departure_country: '' })).body.errors).toMatchObject({ transport_departure_country: ORDER_MSG.inputDepartureCountry });
    expect((await attempt({ transport_departure_date_time: '01-07-2026' })).body.errors).toMatchObject({ transport_departure_date_time: ORDER_MSG.inputDepartureTime });
    expect((await attempt({ transport_arrival_date_time: '2026-07-01T09:00' })).body.errors).toMatchObject({ transport_arrival_date_time: ORDER_MSG.arrivalBeforeDeparture });
  });

  it('answers 401 with neither session nor token, 404 to another customer, a wrong token and a practitioner', async () => {
    const order = await placeOrder(customer);
    const other = await placeOrder(stranger);
    expect((await h.call('PUT', `${base}/flight-order/${order.id}`, { body: TRIP })).status).toBe(401);
    expect((await h.call('PUT', `${base}/flight-order/${order.id}`, { token: stranger.token, body: TRIP })).body.message).toBe(ORDER_MSG.notFound);
    expect((await h.call('PUT', `${base}/flight-order/${order.id}`, { headers: { 'x-short-token': other.shortToken }, body: TRIP })).status).toBe(404);
    expect((await h.call('PUT', `${base}/flight-order/${order.id}`, { token: practitioner.token, body: TRIP })).status).toBe(404);
  });
});
