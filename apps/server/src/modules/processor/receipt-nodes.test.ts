// @module-tag wall-clock
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { defaultOpeningTimes, LOGISTICS_MSG } from '@vireo/contracts';
import { outboxEvents, products, receipts } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { nodeRuntime } from './engine';
import { NODE_RUNS, NodeFailure, parseParams, type NodeRuntime } from './nodes';

// The dropbox receipt nodes through the logistics module's front door (ProcessorDeps.receipts).
let h: Harness;
let org: string;
let other: string;
let admin: TestUser;
let customer: TestUser;
let productId: string;
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;
const kitId = () => `KIT-${run}-N${++counter}`;
const base = '/api/commerce/v1';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

function runtime(organisationId: string, dryRun = false): NodeRuntime {
  return nodeRuntime(h.ctx.processor, { runId: randomUUID(), organisationId, nodeId: 'node', allowPrivateHosts: false, dryRun });
}
const node = (kind: keyof typeof NODE_RUNS, params: Record<string, unknown>, data: unknown, rt = runtime(org)) => NODE_RUNS[kind](rt, parseParams(kind, params), { data });

async function dispatchedOrder(kits: string[]): Promise<{ id: string; shortToken: string }> {
  const placed = await h.call('POST', `${base}/order`, {
    token: customer.token,
    body: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('receipt-node') },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: kits.length }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order_details.id as string;
  const dispatched = await h.call('PATCH', `${base}/order/${id}/process`, { token: admin.token, body: { units: kits.map((kit) => ({ product_id: productId, kit_id: kit, tracking_reference: 'RM1' })) } });
  expect(dispatched.status).toBe(200);
  return { id, shortToken: placed.body.order_details.short_token as string };
}

async function newDropbox(): Promise<string> {
  const body = { facility: { name: `Box ${run} ${++counter}`, address_1: '1 High Street', address_2: '', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA', country: 'UK', type: '', first_name: '', last_name: '', phone: '', email: '' }, opening_times: defaultOpeningTimes() };
  const created = await h.call('POST', `${base}/dropbox`, { token: admin.token, body });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

beforeAll(async () => {
  h = await createHarness();
  org = await h.org();
  other = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  customer = await h.user({ org, roles: ['b2c'] });
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-RNODE-${run}`, title: 'PCR kit', country: 'UK', pricePence: 4900, msrpPence: 4900, type: 'PCR', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  productId = row!.id;
});
afterAll(() => h.close());

describe('the dropbox receipt nodes', () => {
  it('create a receipt, mark the order collected and mark a receipt missed, for the task’s organisation only', async () => {
    const [first, second] = [kitId(), kitId()];
    const order = await dispatchedOrder([first, second]);
    const dropbox = await newDropbox();
    const data = { drop: { short_token: order.shortToken, kit_id: first, dropbox_id: dropbox, date: '2026-06-10' } };

    // A test run writes nothing; another organisation's order is not found; bad data fails with logistics' reason.
    expect(await node('receipt.create', { path: 'drop' }, data, runtime(org, true))).toEqual({ receipt: { would_write: { create: { ...data.drop } } } });
    expect(await h.ctx.database.db.select().from(receipts).where(eq(receipts.orderId, order.id))).toHaveLength(0);
    await expect(node('receipt.create', { path: 'drop' }, data, runtime(other))).rejects.toThrow(new NodeFailure(LOGISTICS_MSG.collectionNotFound));
    await expect(node('receipt.create', { path: 'drop' }, { drop: { ...data.drop, dropbox_id: 'nope' } })).rejects.toThrow(LOGISTICS_MSG.dropbox);
    await expect(node('receipt.create', { path: 'drop' }, { drop: { ...data.drop, date: '2020-01-01' } })).rejects.toThrow(LOGISTICS_MSG.dateInPast);

    const created = await node('receipt.create', { path: 'drop' }, data);
    expect(created.receipt).toMatchObject({ short_token: order.shortToken, kit_id: first, expected_dropoff_date: '2026-06-10', dropbox: { id: dropbox } });
    const second_ = await node('receipt.create', { path: 'drop' }, { drop: { ...data.drop, kit_id: second } });
    const secondId = (second_.receipt as { id: string }).id;

    // Missed: one receipt, once, writing receipt.missed for the order's organisation.
    await expect(node('receipt.mark_missed', {}, { receipt_id: secondId }, runtime(other))).rejects.toThrow(LOGISTICS_MSG.collectionNotFound);
    expect(await node('receipt.mark_missed', {}, { receipt_id: secondId })).toEqual({ receipt: { id: secondId }, marked: true });
    expect(await node('receipt.mark_missed', {}, { receipt_id: secondId })).toEqual({ receipt: { id: secondId }, marked: false });
    const events = await h.ctx.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.event, 'receipt.missed'), eq(outboxEvents.organisationId, org)));
    expect(events.filter((e) => (e.payload as { receipt_id?: string }).receipt_id === secondId)).toHaveLength(1);
    await expect(node('receipt.mark_missed', {}, { receipt_id: 'x' })).rejects.toThrow('No receipt id at "receipt_id".');

    // Collected: every sample of the order, at the dropbox, with no courier named; then cleared.
    await expect(node('receipt.update', {}, { order_id: order.id }, runtime(other))).rejects.toThrow(LOGISTICS_MSG.collectionNotFound);
    const collected = await node('receipt.update', {}, { order_id: order.id, dropbox_id: dropbox });
    expect(collected.collection).toMatchObject({ order_id: order.id, collected: true });
    const rows = await h.ctx.database.db.select().from(receipts).where(eq(receipts.orderId, order.id));
    expect(rows.map((r) => [r.kitId, r.collectedAt !== null, r.collectedBy]).sort()).toEqual([[first, true, null], [second, true, null]].sort());
    expect((await node('receipt.update', { status: 'uncollected' }, { order_id: order.id })).collection).toMatchObject({ collected: false });
    expect(await node('receipt.update', {}, { order_id: order.id }, runtime(org, true))).toEqual({ collection: { would_write: { order_id: order.id, collected: true } } });
    expect((await h.ctx.database.db.select().from(receipts).where(eq(receipts.orderId, order.id))).every((r) => r.collectedAt === null)).toBe(true);
  });
});
