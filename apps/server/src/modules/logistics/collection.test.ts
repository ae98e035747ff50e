// @module-tag wall-clock
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { defaultOpeningTimes, LOGISTICS_MSG, type OpeningTime } from '@vireo/contracts';
import { auditEvents, outboxEvents, products, receipts } from '../../db/schema';
import { createHarness, TEST_START, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { markMissedReceipts } from './missed';

let h: Harness;
let admin: TestUser;
let services: TestUser;
let customer: TestUser;
let practitioner: TestUser;
let productId: string;
/** This run's own kit IDs, so runs sharing a PostgreSQL database never meet. */
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;
const kitId = () => `KIT-${run}-${++counter}`;

const base = '/api/commerce/v1';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

/** A paid order of `kits.length` kits, dispatched with those kit IDs (through the API); answers its id, short token and billing e-mail. */
async function dispatchedOrder(kits: string[]): Promise<{ id: string; shortToken: string; email: string }> {
  const email = uniqueEmail('collect');
  const placed = await h.call('POST', `${base}/order`, {
    token: customer.token,
    body: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: kits.length }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order_details.id as string;
  const dispatched = await h.call('PATCH', `${base}/order/${id}/process`, {
    token: admin.token,
    body: { units: kits.map((kit) => ({ product_id: productId, kit_id: kit, tracking_reference: 'RM1' })) },
  });
  expect(dispatched.status).toBe(200);
  return { id, shortToken: placed.body.order_details.short_token as string, email };
}

async function newDropbox(openingTimes: OpeningTime[] = defaultOpeningTimes(), name = `Box ${run} ${++counter}`): Promise<string> {
  const body = { facility: { name, address_1: '1 High Street', address_2: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA', country: 'UK', type: '', first_name: '', last_name: '', phone: '', email: '' }, opening_times: openingTimes };
  const created = await h.call('POST', `${base}/dropbox`, { token: admin.token, body });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

const dropOff = (order: { shortToken: string }, kit: string, dropbox: string, date = '2026-06-10') =>
  h.call('POST', `${base}/drop-off`, { body: { short_token: order.shortToken, kit_id: kit, dropbox_id: dropbox, date }, ip: `10.9.${counter % 250}.${++counter % 250}` });
const collect = (id: string, body: Record<string, unknown>, token = admin.token) => h.call('PUT', `${base}/collection/${id}`, { token, body });
const receiptOf = async (kit: string) => (await h.ctx.database.db.select().from(receipts).where(eq(receipts.kitId, kit)))[0];

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  services = await h.user({ org, roles: ['customer_services'] });
  customer = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-COLLECT-${run}`, title: 'PCR kit', country: 'UK', pricePence: 4900, msrpPence: 4900, type: 'PCR', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  productId = row!.id;
});
/** Moves the clock, with fresh sessions for the staff (a session does not live a day). */
async function at(instant: Date): Promise<void> {
  h.clock.set(instant);
  admin.token = await h.session(admin);
  services.token = await h.session(services);
}
afterEach(() => at(TEST_START));
afterAll(() => h.close());

describe('PUT and GET /collection/{id}', () => {
  it('marks the order’s samples collected now, by the courier, at the scanned dropbox; a sample without a receipt gets one; the switch sets it back; audited', async () => {
    const [dropped, undropped] = [kitId(), kitId()];
    const order = await dispatchedOrder([dropped, undropped]);
    const dropbox = await newDropbox();
    expect((await dropOff(order, dropped, dropbox)).status).toBe(201);

    const before = await h.call('GET', `${base}/collection/${order.id}`, { token: services.token });
    expect(before).toMatchObject({ status: 200, body: { data: { order_id: order.id, collected: false, order_reference: order.shortToken, kit_ids: [dropped, undropped].sort(), dropbox: null, collected_at: null, collected_by: null } } });

    const answer = await collect(order.id, { collected: true, dropbox_id: dropbox }, services.token);
    const now = TEST_START.getTime() / 1000;
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: LOGISTICS_MSG.collectionChanged,
        data: { collected: true, dropbox: { id: dropbox }, collected_at: now, collected_by: { id: services.user.id, name: `${services.user.firstName} ${services.user.lastName}` } },
      },
    });
    expect(await receiptOf(dropped)).toMatchObject({ collectedBy: services.user.id, collectedDropboxId: dropbox, dropboxId: dropbox });
    expect(await receiptOf(undropped)).toMatchObject({ orderId: order.id, shortToken: order.shortToken, dropboxId: dropbox, expectedDropoffDate: '2026-06-10', collectedBy: services.user.id });

    // Loading the page again keeps the first collection's time.
    h.clock.advance(60_000);
    expect((await collect(order.id, { collected: true, dropbox_id: dropbox })).body.data).toMatchObject({ collected: true, collected_at: now, collected_by: { id: services.user.id } });

    const back = await collect(order.id, { collected: false });
    expect(back).toMatchObject({ status: 200, body: { message: LOGISTICS_MSG.collectionChanged, data: { collected: false, dropbox: null, collected_at: null, collected_by: null } } });
    expect(await receiptOf(dropped)).toMatchObject({ collectedAt: null, collectedBy: null, collectedDropboxId: null });

    const records = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'order'), eq(auditEvents.resourceId, order.id), inArray(auditEvents.action, ['receipt.collected', 'receipt.uncollected'])));
    expect(records.map((record) => record.action).sort()).toEqual(['receipt.collected', 'receipt.collected', 'receipt.uncollected']);
    const health = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceType, 'receipt')));
    expect(health.length).toBeGreaterThan(0);
  });

  it('collects at the receipt’s own dropbox without a scanned one; a sample without a receipt then needs the dropbox (400)', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const dropbox = await newDropbox();
    expect((await dropOff(order, kit, dropbox)).status).toBe(201);
    expect(await collect(order.id, { collected: true })).toMatchObject({ status: 200, body: { data: { collected: true, dropbox: { id: dropbox } } } });

    const bare = await dispatchedOrder([kitId()]);
    expect(await collect(bare.id, { collected: true })).toMatchObject({ status: 400, body: { message: LOGISTICS_MSG.collectionDropbox, errors: { dropbox_id: LOGISTICS_MSG.collectionDropbox } } });
  });

  it('refuses bad input, no session (401), a role without logistics.collect (403), and answers 404 for an unknown order, one without samples, and an unknown dropbox', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    expect((await collect(order.id, { collected: 'yes' })).status).toBe(400);
    expect(await collect(order.id, { collected: true, dropbox_id: 'box' })).toMatchObject({ status: 400, body: { errors: { dropbox_id: LOGISTICS_MSG.dropbox } } });
    expect((await collect(order.id, { collected: true, extra: 1 })).status).toBe(400);
    expect((await h.call('GET', `${base}/collection/0`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/collection/${order.id}`)).status).toBe(401);
    expect((await h.call('PUT', `${base}/collection/${order.id}`, { body: { collected: true } })).status).toBe(401);
    for (const user of [customer, practitioner]) {
      expect((await h.call('GET', `${base}/collection/${order.id}`, { token: user.token })).status).toBe(403);
      expect((await collect(order.id, { collected: true }, user.token)).status).toBe(403);
    }
    expect(await h.call('GET', `${base}/collection/${randomUUID()}`, { token: admin.token })).toMatchObject({ status: 404, body: { message: LOGISTICS_MSG.collectionNotFound } });
    const placed = await h.call('POST', `${base}/order`, {
      token: customer.token,
      body: { billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('nokit') }, billing_address: address, shipping_address: address, source: 'vireo', items: [{ product_id: productId, quantity: 1 }], card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' } },
    });
    expect((await collect(placed.body.order_details.id, { collected: true, dropbox_id: await newDropbox() })).status).toBe(404);
    expect((await collect(order.id, { collected: true, dropbox_id: randomUUID() })).status).toBe(404);
    expect(await receiptOf(kit)).toBeUndefined();
  });

  it('two couriers collecting the same order at once make one receipt per sample', async () => {
    const kits = [kitId(), kitId(), kitId()];
    const order = await dispatchedOrder(kits);
    const dropbox = await newDropbox();
    const answers = await Promise.all([collect(order.id, { collected: true, dropbox_id: dropbox }), collect(order.id, { collected: true, dropbox_id: dropbox }, services.token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await h.ctx.database.db.select().from(receipts).where(inArray(receipts.kitId, kits));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.collectedAt !== null)).toBe(true);
  });
});

describe('GET /collection/search and /collection/dropbox/{id}', () => {
  it('finds an order by its id, short token (any case) or a dispatched kit ID; 404 otherwise; 400 without q', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    for (const q of [order.id, order.shortToken.toLowerCase(), kit.toLowerCase()]) {
      expect(await h.call('GET', `${base}/collection/search?q=${encodeURIComponent(q)}`, { token: services.token })).toMatchObject({ status: 200, body: { data: { order_id: order.id } } });
    }
    expect(await h.call('GET', `${base}/collection/search?q=NOPE`, { token: admin.token })).toMatchObject({ status: 404, body: { message: LOGISTICS_MSG.collectionNotFound } });
    expect(await h.call('GET', `${base}/collection/search?q=`, { token: admin.token })).toMatchObject({ status: 400, body: { errors: { q: LOGISTICS_MSG.collectionSearch } } });
    expect((await h.call('GET', `${base}/collection/search?q=x`)).status).toBe(401);
    expect((await h.call('GET', `${base}/collection/search?q=x`, { token: customer.token })).status).toBe(403);
  });

  it('lists the receipts expected today at the scanned dropbox, collected or not; 404 for an unknown dropbox', async () => {
    const [today, tomorrow] = [kitId(), kitId()];
    const order = await dispatchedOrder([today, tomorrow]);
    const dropbox = await newDropbox();
    await dropOff(order, today, dropbox, '2026-06-10');
    await dropOff(order, tomorrow, dropbox, '2026-06-11');
    const answer = await h.call('GET', `${base}/collection/dropbox/${dropbox}`, { token: services.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.dropbox).toEqual({ id: dropbox, name: expect.stringContaining('Box') });
    expect(answer.body.data.receipts).toEqual([{ id: expect.any(String), order_id: order.id, order_reference: order.shortToken, kit_id: today, expected_dropoff_date: '2026-06-10', collection_time: null, missed: false }]);
    expect((await h.call('GET', `${base}/collection/dropbox/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/collection/dropbox/${dropbox}`, { token: practitioner.token })).status).toBe(403);
  });
});

describe('GET /dropbox/pickups and /dropbox/{id}/receipts', () => {
  it('counts a day’s receipts per dropbox, the collected ones and the first collection; pages and sorts on the server', async () => {
    const kits = [kitId(), kitId(), kitId()];
    const order = await dispatchedOrder(kits);
    const other = await dispatchedOrder([kitId()]);
    const busy = await newDropbox(defaultOpeningTimes(), `Aab busy ${run}`);
    const quiet = await newDropbox(defaultOpeningTimes(), `Aac quiet ${run}`);
    for (const kit of kits) await dropOff(order, kit, busy, '2026-06-11');
    await dropOff(other, (await h.call('GET', `${base}/collection/${other.id}`, { token: admin.token })).body.data.kit_ids[0], busy, '2026-06-12');
    await at(new Date('2026-06-11T10:00:00Z'));
    await collect(order.id, { collected: true, dropbox_id: busy });
    await collect(order.id, { collected: false });
    await at(new Date('2026-06-11T11:30:00Z'));
    await h.ctx.database.db.update(receipts).set({ collectedAt: new Date('2026-06-11T11:30:00Z'), collectedBy: admin.user.id, collectedDropboxId: busy }).where(inArray(receipts.kitId, kits.slice(0, 2)));

    const answer = await h.call('GET', `${base}/dropbox/pickups?date=2026-06-11&limit=100`, { token: admin.token });
    expect(answer.status).toBe(200);
    const rows = answer.body.data as { dropbox_id: string }[];
    expect(rows.find((row) => row.dropbox_id === busy)).toEqual({ dropbox_id: busy, name: `Aab busy ${run}`, city: 'Leeds', expected_dropoff_date: '2026-06-11', expected_count: 3, found_count: 2, collection_time: Date.parse('2026-06-11T11:30:00Z') / 1000 });
    expect(rows.find((row) => row.dropbox_id === quiet)).toMatchObject({ expected_count: 0, found_count: 0, collection_time: null });
    expect(answer.body.total).toBeGreaterThanOrEqual(2);

    // The spec's form: the epoch seconds of the day's UTC start.
    const epoch = await h.call('GET', `${base}/dropbox/pickups?date=${Date.parse('2026-06-11T00:00:00Z') / 1000}&sort=-expected&limit=1`, { token: admin.token });
    expect(epoch).toMatchObject({ status: 200, body: { data: [{ expected_dropoff_date: '2026-06-11' }] } });
    expect(epoch.body.data[0].expected_count).toBeGreaterThanOrEqual(3);
    const paged = await h.call('GET', `${base}/dropbox/pickups?date=2026-06-11&limit=1&offset=1`, { token: admin.token });
    expect(paged.body.data).toHaveLength(1);

    const list = await h.call('GET', `${base}/dropbox/${busy}/receipts?date=2026-06-11&sort=kit_id`, { token: admin.token });
    expect(list).toMatchObject({ status: 200, body: { total: 3 } });
    expect(list.body.data.map((row: { kit_id: string; collection_time: number | null }) => [row.kit_id, row.collection_time])).toEqual([
      [kits[0], Date.parse('2026-06-11T11:30:00Z') / 1000],
      [kits[1], Date.parse('2026-06-11T11:30:00Z') / 1000],
      [kits[2], null],
    ]);
    expect((await h.call('GET', `${base}/dropbox/${busy}/receipts?date=2026-06-11&limit=2&offset=2`, { token: admin.token })).body.data).toHaveLength(1);
    expect((await h.call('GET', `${base}/dropbox/${busy}/receipts?date=2026-06-13`, { token: admin.token })).body).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a bad date or sort (400), no session (401), customer services and others (403); an unknown dropbox’s receipts are 404', async () => {
    const dropbox = await newDropbox();
    for (const url of [`${base}/dropbox/pickups`, `${base}/dropbox/${dropbox}/receipts`]) {
      expect(await h.call('GET', `${url}?date=11/06/2026`, { token: admin.token })).toMatchObject({ status: 400, body: { errors: { date: LOGISTICS_MSG.pickupDate } } });
      expect((await h.call('GET', url, { token: admin.token })).status).toBe(400);
      expect((await h.call('GET', `${url}?date=1781136001`, { token: admin.token })).status).toBe(400);
      expect((await h.call('GET', `${url}?date=2026-06-11&sort=email`, { token: admin.token })).status).toBe(400);
      expect((await h.call('GET', `${url}?date=2026-06-11&limit=1000`, { token: admin.token })).status).toBe(400);
      expect((await h.call('GET', `${url}?date=2026-06-11`)).status).toBe(401);
      expect((await h.call('GET', `${url}?date=2026-06-11`, { token: services.token })).status).toBe(403);
    }
    expect((await h.call('GET', `${base}/dropbox/${randomUUID()}/receipts?date=2026-06-11`, { token: admin.token })).status).toBe(404);
  });
});

describe('missed receipts', () => {
  it('are marked once the next day’s closing time has passed (London time), shown missed, and the customer is e-mailed once', async () => {
    const [kit, collectedKit] = [kitId(), kitId()];
    const order = await dispatchedOrder([kit]);
    const collectedOrder = await dispatchedOrder([collectedKit]);
    // Open every day 08:00–20:00: a receipt expected on Wednesday 10 June is due by Thursday 20:00 BST (19:00 UTC).
    const dropbox = await newDropbox();
    await dropOff(order, kit, dropbox);
    await dropOff(collectedOrder, collectedKit, dropbox);
    await collect(collectedOrder.id, { collected: true, dropbox_id: dropbox });

    await at(new Date('2026-06-11T18:59:59Z'));
    await markMissedReceipts(h.ctx.logistics);
    expect((await receiptOf(kit))!.missedAt).toBeNull();

    await at(new Date('2026-06-11T19:00:00Z'));
    await markMissedReceipts(h.ctx.logistics);
    expect((await receiptOf(kit))!.missedAt).toEqual(new Date('2026-06-11T19:00:00Z'));
    expect((await receiptOf(collectedKit))!.missedAt).toBeNull();
    const missedId = (await receiptOf(kit))!.id;
    const events = await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'receipt.missed'));
    expect(events.filter((event) => event.payload.receipt_id === missedId)).toHaveLength(1);

    await at(new Date('2026-06-11T20:00:00Z'));
    await markMissedReceipts(h.ctx.logistics);
    const mails = (await h.mails({ template: 'receipt.missed', recipient: order.email })).filter((mail) => mail.body.includes(kit));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('10/06/2026');

    const list = await h.call('GET', `${base}/dropbox/${dropbox}/receipts?date=2026-06-10`, { token: admin.token });
    expect(list.body.data.map((row: { kit_id: string; missed: boolean }) => [row.kit_id, row.missed]).sort()).toEqual([
      [collectedKit, false],
      [kit, true],
    ].sort());
  });

  it('a dropbox closed the next day leaves the whole of that day (to midnight London time)', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    // Open on Wednesdays (4) only.
    const dropbox = await newDropbox([{ weekday: 4, start_hour: '08:00', end_hour: '20:00' }]);
    await dropOff(order, kit, dropbox);
    await at(new Date('2026-06-11T22:59:59Z'));
    await markMissedReceipts(h.ctx.logistics);
    expect((await receiptOf(kit))!.missedAt).toBeNull();
    await at(new Date('2026-06-11T23:00:00Z'));
    await markMissedReceipts(h.ctx.logistics);
    expect((await receiptOf(kit))!.missedAt).not.toBeNull();
  });
});

describe('POST /drop-off today', () => {
  it('is refused once the dropbox has closed for today, with its own message (TEST_START is 10:00 in London)', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const early = await newDropbox(defaultOpeningTimes().map((time) => ({ ...time, end_hour: '10:00' })));
    expect(await dropOff(order, kit, early, '2026-06-10')).toMatchObject({ status: 400, body: { message: LOGISTICS_MSG.dropboxClosedToday, errors: { date: LOGISTICS_MSG.dropboxClosedToday } } });
    expect((await dropOff(order, kit, early, '2026-06-11')).status).toBe(201);
    await at(new Date('2026-06-10T08:59:00Z'));
    expect((await dropOff(order, kit, early, '2026-06-10')).status).toBe(201);
  });
});
