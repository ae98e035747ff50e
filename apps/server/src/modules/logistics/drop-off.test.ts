// @module-tag wall-clock
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultOpeningTimes, LOGISTICS_MSG, MSG } from '@vireo/contracts';
import { auditEvents, products, receipts } from '../../db/schema';
import { createHarness, TEST_START, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let customer: TestUser;
let productId: string;
/** This run's own kit IDs, so runs sharing a PostgreSQL database never meet. */
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;
const kitId = () => `KIT-${run}-${++counter}`;

const base = '/api/commerce/v1';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

/** A paid order of `kits.length` kits, dispatched with those kit IDs (through the API); answers its id and short token. */
async function dispatchedOrder(kits: string[]): Promise<{ id: string; shortToken: string }> {
  const placed = await h.call('POST', `${base}/order`, {
    token: customer.token,
    body: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('drop') },
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
  return { id, shortToken: placed.body.order_details.short_token as string };
}

async function newDropbox(openingTimes = defaultOpeningTimes(), name = `Box ${run} ${++counter}`): Promise<string> {
  const body = { facility: { name, address_1: '1 High Street', address_2: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA', country: 'UK', type: '', first_name: '', last_name: '', phone: '', email: '' }, opening_times: openingTimes };
  const created = await h.call('POST', `${base}/dropbox`, { token: admin.token, body });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

const dropOff = (body: Record<string, unknown>, ip?: string) => h.call('POST', `${base}/drop-off`, { body, ...(ip ? { ip } : {}) });

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  customer = await h.user({ org, roles: ['b2c'] });
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-DROP-${run}`, title: 'PCR kit', country: 'UK', pricePence: 4900, msrpPence: 4900, type: 'PCR', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  productId = row!.id;
});
afterAll(() => h.close());

describe('POST /drop-off', () => {
  it('makes a receipt for a kit the order dispatched, at an active dropbox open that day (TEST_START is a Wednesday); audited as the token’s holder', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit, kitId()]);
    const dropbox = await newDropbox();
    const answer = await dropOff({ short_token: order.shortToken.toLowerCase(), kit_id: kit.toLowerCase(), dropbox_id: dropbox, date: '2026-06-10' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      message: LOGISTICS_MSG.droppedOff,
      data: { short_token: order.shortToken, kit_id: kit, expected_dropoff_date: '2026-06-10', created_at: TEST_START.getTime() / 1000, dropbox: { id: dropbox, city: 'Leeds', opening_times: defaultOpeningTimes() } },
    });
    expect(answer.body.data.dropbox).not.toHaveProperty('email');
    const [row] = await h.ctx.database.db.select().from(receipts).where(eq(receipts.kitId, kit));
    expect(row).toMatchObject({ orderId: order.id, dropboxId: dropbox, expectedDropoffDate: '2026-06-10' });
    const [record] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'receipt.drop_off'), eq(auditEvents.resourceId, row!.id)));
    expect(record).toMatchObject({ outcome: 'success', actorKind: 'short_token' });
    expect(JSON.stringify(record)).not.toContain(order.shortToken);

    const later = await newDropbox();
    const again = await dropOff({ short_token: order.shortToken, kit_id: kit, dropbox_id: later, date: '2026-06-24' });
    expect(again).toMatchObject({ status: 201, body: { data: { id: row!.id, expected_dropoff_date: '2026-06-24', dropbox: { id: later } } } });
    expect(await h.ctx.database.db.select().from(receipts).where(eq(receipts.kitId, kit))).toHaveLength(1);
  });

  it('answers one 404 for a wrong token, a kit the order did not dispatch, an unknown or inactive dropbox, and audits the refusal', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const other = await dispatchedOrder([kitId()]);
    const otherKit = kitId();
    await dispatchedOrder([otherKit]);
    const dropbox = await newDropbox();
    const inactive = await newDropbox();
    await h.call('PUT', `${base}/dropbox/${inactive}/switch`, { token: admin.token, body: { active: false } });
    const notFound = { status: 404, body: { message: LOGISTICS_MSG.dropOffNotFound } };
    const good = { short_token: order.shortToken, kit_id: kit, dropbox_id: dropbox, date: '2026-06-11' };
    expect(await dropOff({ ...good, short_token: other.shortToken })).toMatchObject(notFound);
    expect(await dropOff({ ...good, short_token: 'ABCDEFGHJKLMNPQRSTUV' })).toMatchObject(notFound);
    expect(await dropOff({ ...good, kit_id: otherKit })).toMatchObject(notFound);
    expect(await dropOff({ ...good, kit_id: 'NEVER-SENT' })).toMatchObject(notFound);
    expect(await dropOff({ ...good, dropbox_id: randomUUID() })).toMatchObject(notFound);
    expect(await dropOff({ ...good, dropbox_id: inactive })).toMatchObject(notFound);
    expect(await h.ctx.database.db.select().from(receipts).where(eq(receipts.kitId, kit))).toHaveLength(0);
    const refusals = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'receipt.drop_off'), eq(auditEvents.outcome, 'failure')));
    expect(refusals.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a dropbox closed that weekday and a date in the past, too far ahead or not a date, each with its reason', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    // Open Monday to Friday (2 to 6): 13 June 2026 is a Saturday, 14 June a Sunday.
    const weekdays = await newDropbox(defaultOpeningTimes().filter((time) => time.weekday >= 2 && time.weekday <= 6));
    const good = { short_token: order.shortToken, kit_id: kit, dropbox_id: weekdays };
    expect(await dropOff({ ...good, date: '2026-06-13' })).toMatchObject({ status: 400, body: { message: LOGISTICS_MSG.dropboxClosed, errors: { date: LOGISTICS_MSG.dropboxClosed } } });
    expect(await dropOff({ ...good, date: '2026-06-14' })).toMatchObject({ status: 400, body: { message: LOGISTICS_MSG.dropboxClosed } });
    expect((await dropOff({ ...good, date: '2026-06-15' })).status).toBe(201);
    expect(await dropOff({ ...good, date: '2026-06-09' })).toMatchObject({ status: 400, body: { errors: { date: LOGISTICS_MSG.dateInPast } } });
    expect(await dropOff({ ...good, date: '2026-06-25' })).toMatchObject({ status: 400, body: { errors: { date: LOGISTICS_MSG.dateTooFar } } });
    expect((await dropOff({ ...good, date: '2026-06-24' })).status).toBe(201);
    expect(await dropOff({ ...good, date: '2026-02-31' })).toMatchObject({ status: 400, body: { errors: { date: LOGISTICS_MSG.date } } });
    expect(await dropOff({ ...good, date: '10/06/2026' })).toMatchObject({ status: 400, body: { errors: { date: LOGISTICS_MSG.date } } });
  });

  it('checks what is sent: each field’s message, and no other fields', async () => {
    const expectField = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await dropOff(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors?.[field], field).toBe(message);
    };
    const good = { short_token: 'ABCDEFGHJKLMNPQRSTUV', kit_id: 'KIT-1', dropbox_id: randomUUID(), date: '2026-06-10' };
    await expectField({ ...good, short_token: ' ' }, 'short_token', LOGISTICS_MSG.shortToken);
    await expectField({ ...good, kit_id: '' }, 'kit_id', LOGISTICS_MSG.kitId);
    await expectField({ ...good, dropbox_id: 'box' }, 'dropbox_id', LOGISTICS_MSG.dropbox);
    await expectField({ ...good, date: '' }, 'date', LOGISTICS_MSG.date);
    expect((await dropOff({ ...good, kit_id: 'KIT\u0000' })).status).toBe(400);
    expect((await dropOff({ ...good, extra: 1 })).status).toBe(400);
  });

  it('is limited per address: a few drop-offs a minute, then 429', async () => {
    const body = { short_token: 'ABCDEFGHJKLMNPQRSTUV', kit_id: 'KIT-1', dropbox_id: randomUUID(), date: '2026-06-10' };
    const ip = `10.250.${counter % 250}.7`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await dropOff(body, ip)).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(await dropOff(body, ip)).toMatchObject({ status: 429, body: { message: MSG.tooManyRequests } });
  });
});

describe('GET /drop-off/dropboxes', () => {
  it('lists the active dropboxes with their opening times, without contact details, to anyone', async () => {
    const open = await newDropbox(defaultOpeningTimes(), `Aaa open ${run}`);
    const closed = await newDropbox(defaultOpeningTimes(), `Aaa closed ${run}`);
    await h.call('PUT', `${base}/dropbox/${closed}/switch`, { token: admin.token, body: { active: false } });
    const answer = await h.call('GET', `${base}/drop-off/dropboxes`);
    expect(answer.status).toBe(200);
    const ids = answer.body.data.map((d: { id: string }) => d.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(closed);
    expect(answer.body.data.find((d: { id: string }) => d.id === open)).toEqual({ id: open, name: `Aaa open ${run}`, address_1: '1 High Street', address_2: '', city: 'Leeds', postcode: 'LS1 1AA', opening_times: defaultOpeningTimes() });
  });
});

describe('the dispatch e-mail', () => {
  it('links the drop-off page, without the short token in the link', async () => {
    const kit = kitId();
    await dispatchedOrder([kit]);
    const mails = await h.mails({ template: 'order.dispatched' });
    const mail = mails.find((m) => m.body.includes(kit))!;
    expect(mail.body).toContain(`${h.ctx.config.publicUrl}/drop-off\n`);
  });
});
