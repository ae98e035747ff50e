// @module-tag wall-clock
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates, certificateSigningKeys, discounts, dropboxes, orderItems, orders, organisationProfiles, products, roleProfiles, testResults } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookAsPatient, MONDAY_START, shiftWithSlots } from '../../test/booking-world';
import { nodeRuntime } from './engine';
import { NODE_RUNS, NodeFailure, parseParams, type NodeRuntime } from './nodes';

// The lookups and the affiliate nodes against a real database and a test endpoint (the pure nodes are in nodes.unit.test.ts).
let h: Harness;
let org: string;
let other: string;
let patient: TestUser;
let endpoint: http.Server;
let endpointUrl: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
const run = randomBytes(3).toString('hex').toUpperCase();

function runtime(organisationId: string, options: { sealedCredential?: string; allowPrivateHosts?: boolean } = {}): NodeRuntime {
  return nodeRuntime(h.ctx.processor, { runId: randomUUID(), organisationId, nodeId: 'node', sealedCredential: options.sealedCredential, allowPrivateHosts: options.allowPrivateHosts ?? true });
}
const node = (kind: keyof typeof NODE_RUNS, params: Record<string, unknown>, inputs: Record<string, unknown>, rt = runtime(org)) => NODE_RUNS[kind](rt, parseParams(kind, params), inputs);

beforeAll(async () => {
  h = await createHarness();
  h.clock.set(MONDAY_START);
  org = await h.org();
  other = await h.org();
  patient = await h.user({ org, roles: ['patient'] });
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body || 'null') });
      res.writeHead(req.url === '/fail' ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  await h.close();
});

async function anOrder(owner: string) {
  const db = h.ctx.database.db;
  const now = h.clock.now();
  const [product] = await db
    .insert(products)
    .values({ sku: `SKU-NODE-${run}-${randomBytes(2).toString('hex')}`, title: 'PCR Test', country: 'UK', pricePence: 4900, msrpPence: 4900, type: 'PCR', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      shortToken: `T${randomBytes(5).toString('hex')}`,
      source: 'vireo',
      currency: 'GBP',
      createdAt: now,
      updatedAt: now,
      originalPricePence: 4900,
      pricePence: 4900,
      vatPence: 817,
      paymentFlag: 'Complete',
      shippingFlag: 'Pending',
      transactionId: 'tx-1',
      organisationId: owner,
      billingEmail: 'ada@example.test',
      billingDetail: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
      billingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
      shippingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
    })
    .returning();
  await db.insert(orderItems).values({ orderId: order!.id, position: 0, productId: product!.id, title: 'PCR Test', sku: product!.sku, type: 'PCR', bookable: false, shippable: true, discountExempt: false, vatExempt: false, unitPricePence: 4900, quantity: 1, amountPence: 4900, vatPence: 817 });
  return { order: order!, product: product! };
}

describe('lookup nodes', () => {
  it('order and product: the order of the task’s organisation with its lines; another organisation’s is not found', async () => {
    const { order, product } = await anOrder(org);
    const found = await node('lookup.order', {}, { data: { order_id: order.id } });
    expect(found.order).toMatchObject({ id: order.id, price: 4900, currency: 'GBP', payment_flag: 'Complete', transaction_id: 'tx-1', email: 'ada@example.test', first_name: 'Ada', items: [{ sku: product.sku, quantity: 1, amount: 4900 }] });
    expect(found.products).toEqual((found.order as { items: unknown }).items);
    await expect(node('lookup.order', {}, { data: { order_id: order.id } }, runtime(other))).rejects.toThrow(/No order/);
    await expect(node('lookup.order', { path: 'x' }, { data: { x: 'not-an-id' } })).rejects.toThrow(NodeFailure);
    expect((await node('lookup.product', { path: 'items.0.product_id' }, { data: found.order })).product).toMatchObject({ id: product.id, title: 'PCR Test', price: 4900, active: true });
    await expect(node('lookup.product', {}, { data: { product_id: randomUUID() } })).rejects.toThrow(/No product/);
  });

  it('appointment and booking users: only those of the task’s organisation (its shift’s, its booker’s or its order’s)', async () => {
    const practitioner = await h.user({ org, roles: ['practitioner'] });
    const { slots } = await shiftWithSlots(h, practitioner, { hours: 1 });
    const booked = await bookAsPatient(h, patient, slots[0]!.id);
    const person = booked.appointment.booking_users[0]!.id;
    expect((await node('lookup.appointment', {}, { data: { appointment_id: booked.appointment.id } })).appointment).toMatchObject({ id: booked.appointment.id });
    expect(await node('lookup.booking_user', {}, { data: { appointment_id: booked.appointment.id } })).toMatchObject({ first: { id: person } });
    expect(await node('lookup.booking_user', {}, { data: { appointment_id: person } })).toMatchObject({ first: { id: person } });
    await expect(node('lookup.appointment', {}, { data: { appointment_id: booked.appointment.id } }, runtime(other))).rejects.toThrow(/No appointment/);
    await expect(node('lookup.booking_user', {}, { data: { appointment_id: booked.appointment.id } }, runtime(other))).rejects.toThrow(/No booking users/);
    await expect(node('lookup.booking_user', {}, { data: { appointment_id: [person] } }, runtime(other))).rejects.toThrow(/No booking users/);
  });

  it('discount: the code with whether it can be used today', async () => {
    const code = `NODE${run}`;
    await h.ctx.database.db.insert(discounts).values({ project: 'Nodes', code, type: 'percentage', value: 10, activeFrom: '2027-02-01', activeTo: '2027-03-31', uses: 1, createdAt: h.clock.now() });
    const found = await node('lookup.discount', {}, { data: { discount_code: code } });
    expect(found).toEqual({ discount: expect.objectContaining({ code, type: 'percentage', value: 10, used_times: 0 }), usable: true });
    // Its days are London's: 23:30 UTC on its last day is the next day in London (BST), as at checkout.
    h.clock.set(new Date('2027-03-31T22:30:00Z'));
    expect((await node('lookup.discount', {}, { data: { discount_code: code } })).usable).toBe(true);
    h.clock.set(new Date('2027-03-31T23:30:00Z'));
    expect((await node('lookup.discount', {}, { data: { discount_code: code } })).usable).toBe(false);
    expect((await h.call('GET', `/api/commerce/v1/discount/${code}`, { token: (await h.user({ org: await h.org(), roles: ['patient'] })).token })).status).toBe(400);
    h.clock.set(new Date('2027-02-10T09:00:00Z'));
    await h.ctx.database.db.update(discounts).set({ usedTimes: 1 }).where(eq(discounts.code, code));
    expect((await node('lookup.discount', {}, { data: { discount_code: code } })).usable).toBe(false);
    h.clock.set(MONDAY_START);
    await expect(node('lookup.discount', {}, { data: { discount_code: 'NOPE' } })).rejects.toThrow(/No discount/);
  });

  it('certificate (its organisation’s only), dropbox and report (a test result of a person of the organisation)', async () => {
    const db = h.ctx.database.db;
    const practitioner = await h.user({ org, roles: ['practitioner'] });
    const { slots } = await shiftWithSlots(h, practitioner, { hours: 1 });
    const booked = await bookAsPatient(h, patient, slots[0]!.id);
    const kid = `kid-${run}`;
    await db.insert(certificateSigningKeys).values({ kid, publicKey: 'x', privateKeySealed: null, active: false, createdAt: h.clock.now() });
    const id = randomUUID();
    await db.insert(certificates).values({ id, number: `C-${run}`, appointmentId: booked.appointment.id, bookingUserId: booked.appointment.booking_users[0]!.id, organisationId: org, kind: 'uk_pcr_travel', facts: {}, kid, status: 'valid', issuedAt: h.clock.now(), pdfKey: 'none' });
    expect((await node('lookup.certificate', {}, { data: { certificate_id: id } })).certificate).toMatchObject({ id, number: `C-${run}`, status: 'valid', appointment_id: booked.appointment.id });
    await expect(node('lookup.certificate', {}, { data: { certificate_id: id } }, runtime(other))).rejects.toThrow(/No certificate/);

    const [dropbox] = await db.insert(dropboxes).values({ name: `Box ${run}`, address1: '2 Lab Road', city: 'London', county: 'London', postcode: 'E1 1AA', createdAt: h.clock.now(), updatedAt: h.clock.now() }).returning();
    expect((await node('lookup.dropbox', {}, { data: { dropbox_id: dropbox!.id } })).dropbox).toMatchObject({ name: `Box ${run}`, postcode: 'E1 1AA', active: true });

    const [profile] = await db.insert(roleProfiles).values({ roleId: patient.roles[0]!.id, userId: patient.user.id, organisationProfileId: (await db.select().from(organisationProfiles)).find((p) => p.organisationId === org)!.id, name: 'Pat' }).returning().onConflictDoNothing();
    const profileId = profile?.id ?? (await db.select().from(roleProfiles)).find((p) => p.roleId === patient.roles[0]!.id)!.id;
    const [result] = await db.insert(testResults).values({ roleProfileId: profileId, name: 'PCR', sampleDate: h.clock.now(), result: 'Negative', createdAt: h.clock.now() }).returning();
    expect((await node('lookup.report', {}, { data: { test_result_id: result!.id } })).report).toMatchObject({ id: result!.id, name: 'PCR', result: 'Negative', has_file: false });
    await expect(node('lookup.report', {}, { data: { test_result_id: result!.id } }, runtime(other))).rejects.toThrow(/No report/);
  });
});

describe('affiliate nodes', () => {
  it('push the conversion and the transaction status with the sealed credential and an idempotency key', async () => {
    const { order } = await anOrder(org);
    const { order: data } = await node('lookup.order', {}, { data: { order_id: order.id } });
    const rt = runtime(org, { sealedCredential: await h.ctx.sealer.seal('affiliate-secret') });
    expect(await node('affiliate.push', { url: `${endpointUrl}/push` }, { order: data }, rt)).toEqual({ response: { ok: true }, status: '200' });
    expect(await node('affiliate.transaction_status', { url: `${endpointUrl}/status` }, { order: data, status: 'declined' }, rt)).toMatchObject({ status: '200' });
    expect(await node('affiliate.transaction_status', { url: `${endpointUrl}/status` }, { order: data }, rt)).toMatchObject({ status: '200' });
    expect(received.slice(-3)).toMatchObject([
      { path: '/push', headers: { authorization: 'Bearer affiliate-secret', 'idempotency-key': `${rt.runId}:node` }, body: { event: 'conversion', order_id: order.id, amount: 4900, currency: 'GBP' } },
      { path: '/status', body: { order_id: order.id, transaction_id: 'tx-1', status: 'declined' } },
      { path: '/status', body: { status: 'approved' } },
    ]);
  });

  it('a 5xx is a passing failure; private addresses are refused unless allowed (SSRF)', async () => {
    await expect(node('affiliate.push', { url: `${endpointUrl}/fail` }, { order: {} })).rejects.toMatchObject({ transient: true });
    await expect(node('affiliate.push', { url: `${endpointUrl}/push` }, { order: {} }, runtime(org, { allowPrivateHosts: false }))).rejects.toThrow(/private or loopback/);
  });
});

describe('the e-mail node’s file input', () => {
  it('attaches another node’s bytes (the QR code’s image) with its name and type, and a test run names it without sending', async () => {
    const { image } = await node('qr.code', {}, { value: 'https://vireo.test/verify/1' });
    const template = { name: 'QR', key: null, en: { subject: 'Your code', body: 'Hello {{first_name}}' }, de: { subject: 'Ihr Code', body: 'Hallo' } };
    const send = vi.spyOn(h.ctx.processor.mailer, 'send');
    try {
      const to = `qr-${run.toLowerCase()}@example.test`;
      expect(await node('email.send', { file_name: 'code.png' }, { template, recipient: to, data: { first_name: 'Ada' }, file: image })).toEqual({ sent: true });
      const mail = send.mock.calls.at(-1)![1];
      expect(mail).toMatchObject({ to, subject: 'Your code', text: 'Hello Ada', template: 'processor.QR', attachments: [{ filename: 'code.png', contentType: 'image/png' }] });
      const content = mail.attachments![0]!.content as Buffer;
      expect(content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(content.equals(Buffer.from(image as string, 'base64'))).toBe(true);
      const calls = send.mock.calls.length;
      const dry = await node('email.send', { file_name: 'code.png' }, { template, recipient: to, file: image }, { ...runtime(org), dryRun: true });
      expect(dry).toEqual({ sent: false, would_send: { note: 'not sent: test run', template: 'processor.QR', recipients: [to], messages: [{ to, subject: 'Your code', text: 'Hello ', attachments: ['code.png'] }] } });
      const sms = await node('sms.send', {}, { to: '+447700900123', text: 'Your code' }, { ...runtime(org), dryRun: true });
      expect(sms).toEqual({ sent: false, would_send: { note: 'not sent: test run', recipients: ['+447700900123'], messages: [{ to: '+447700900123', text: 'Your code' }] } });
      expect(send.mock.calls).toHaveLength(calls);
      expect(() => parseParams('email.send', { file_name: '../etc/passwd' })).toThrow();
      expect(() => parseParams('email.send', { file_type: 'text/html; x' })).toThrow();
    } finally {
      send.mockRestore();
    }
  });
});
