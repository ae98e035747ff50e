// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { KIT_MSG, MSG } from '@vireo/contracts';
import { approvedKits, auditEvents, orders } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { findApprovedKit, seedApprovedKits } from '.';

let h: Harness;
let manager: TestUser;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;

const base = '/api/commerce/v1';
/** This run's own names, so runs sharing a PostgreSQL database never see each other's kits. */
const run = randomBytes(3).toString('hex');
let counter = 0;
const kitBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Test Kit ${run} ${++counter}`,
  specificity: '99.5%',
  sensitivity: '96%',
  lot_tracking: true,
  lot_ids: ['LOT-A1', 'LOT-B2'],
  ...overrides,
});

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  manager = await h.user({ org, roles: ['super_admin'], grants: ['products.manage'] });
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'], grants: ['products.manage'] });
  patient = await h.user({ org, roles: ['patient'] });
  await seedApprovedKits(h.ctx.commerce);
});
afterAll(() => h.close());

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await h.call('POST', `${base}/approved_kits`, { token: manager.token, body: kitBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string; lot_ids: string[] };
};
const auditOf = (action: string, id: string) => h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, id)));

describe('the seeded register', () => {
  it('holds the four approved kits once, whatever the number of seeds', async () => {
    expect(await seedApprovedKits(h.ctx.commerce)).toBe(0);
    const res = await h.call('GET', `${base}/approved_kits`, { token: patient.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((kit: { id: string }) => [kit.id, kit]));
    expect(byId.get('innova')).toEqual({
      id: 'innova',
      name: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test',
      specificity: '99.6%',
      sensitivity: '95.0%',
      lot_tracking: true,
      lot_ids: ['X2010051', 'X2011132'],
    });
    for (const id of ['flowflex', 'orient-gene', 'synlab-pcr']) expect(byId.has(id), id).toBe(true);
    const lots = await h.call('GET', `${base}/lot_ids`, { token: support.token });
    expect(lots.status).toBe(200);
    expect(lots.body.data).toContainEqual({ kit_id: 'innova', kit_name: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test', lot_id: 'X2010051' });
    expect(lots.body.data.some((lot: { kit_id: string }) => lot.kit_id === 'orient-gene')).toBe(false);
  });
});

describe('POST /approved_kits', () => {
  it('adds a kit with a slug of its name; listed, its lots too; audited', async () => {
    const name = `Rapid Kit ${run} (Nasal)`;
    const res = await h.call('POST', `${base}/approved_kits`, { token: manager.token, body: kitBody({ name: `  ${name} `, specificity: '99.8', sensitivity: ' 100 % ' }) });
    expect(res).toMatchObject({
      status: 201,
      body: { success: true, message: KIT_MSG.created, data: { id: `rapid-kit-${run}-nasal`, name, specificity: '99.8%', sensitivity: '100%', lot_tracking: true, lot_ids: ['LOT-A1', 'LOT-B2'] } },
    });
    const listed = await h.call('GET', `${base}/approved_kits`, { token: patient.token });
    expect(listed.body.data).toContainEqual(res.body.data);
    const lots = await h.call('GET', `${base}/lot_ids`, { token: patient.token });
    expect(lots.body.data).toContainEqual({ kit_id: res.body.data.id, kit_name: name, lot_id: 'LOT-B2' });
    const audit = await auditOf('approved_kit.created', res.body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(manager.user.id);
  });

  it('gives a second kit of the same slug its own id; refuses a name already on the register (409), whatever its case', async () => {
    const first = await create({ name: `Twin ${run}` });
    expect(await h.call('POST', `${base}/approved_kits`, { token: manager.token, body: kitBody({ name: `TWIN ${run}` }) })).toMatchObject({
      status: 409,
      body: { success: false, message: KIT_MSG.duplicateName },
    });
    const second = await create({ name: `Twin ${run}!` });
    expect(second.id).toBe(`${first.id}-2`);
  });

  it('refuses each field with its message', async () => {
    const errors = async (overrides: Record<string, unknown>) => {
      const res = await h.call('POST', `${base}/approved_kits`, { token: manager.token, body: kitBody(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      return res.body.errors;
    };
    expect(await errors({ name: ' ' })).toMatchObject({ name: KIT_MSG.name });
    expect(await errors({ name: undefined })).toMatchObject({ name: MSG.missingDetails });
    expect(await errors({ specificity: '' })).toMatchObject({ specificity: KIT_MSG.specificity });
    expect(await errors({ specificity: 'high' })).toMatchObject({ specificity: KIT_MSG.percentage });
    expect(await errors({ sensitivity: '100.01%' })).toMatchObject({ sensitivity: KIT_MSG.percentage });
    expect(await errors({ lot_tracking: 'yes' })).toMatchObject({ lot_tracking: KIT_MSG.lotTracking });
    expect(await errors({ lot_ids: [] })).toMatchObject({ lot_ids: KIT_MSG.lotIdsRequired });
    expect(await errors({ lot_ids: ['A1', ''] })).toMatchObject({ 'lot_ids.1': KIT_MSG.lotId });
    expect(await errors({ lot_ids: ['A1', 'B 2'] })).toMatchObject({ 'lot_ids.1': KIT_MSG.lotIdCharacters });
    expect(await errors({ lot_ids: ['A1', 'a1'] })).toMatchObject({ 'lot_ids.1': KIT_MSG.duplicateLotId });
    // At the limits: 0% and 100%, and a kit without tracked lots needs none.
    expect((await create({ specificity: '0', sensitivity: '100.00%', lot_tracking: false, lot_ids: [] })).lot_ids).toEqual([]);
  });
});

describe('PUT /approved_kits/{id}', () => {
  it('replaces the kit, lot IDs added and removed; the audit names the fields that changed', async () => {
    const kit = await create();
    const renamed = `Renamed ${run}`;
    const res = await h.call('PUT', `${base}/approved_kits/${kit.id}`, { token: manager.token, body: kitBody({ name: renamed, lot_ids: ['LOT-B2', 'LOT-C3'] }) });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: KIT_MSG.saved, data: { id: kit.id, name: renamed, lot_ids: ['LOT-B2', 'LOT-C3'] } } });
    const [row] = await h.ctx.database.db.select().from(approvedKits).where(eq(approvedKits.id, kit.id));
    expect(row).toMatchObject({ name: renamed, lotIds: ['LOT-B2', 'LOT-C3'] });
    const audit = await auditOf('approved_kit.edited', kit.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ fields: ['name', 'lot_ids'] });
  });

  it('refuses bad input (400), another kit’s name (409) and an unknown or retired kit (404)', async () => {
    const kit = await create();
    const other = await create();
    expect((await h.call('PUT', `${base}/approved_kits/${kit.id}`, { token: manager.token, body: kitBody({ specificity: '' }) })).body.errors).toMatchObject({ specificity: KIT_MSG.specificity });
    expect((await h.call('PUT', `${base}/approved_kits/${kit.id}`, { token: manager.token, body: kitBody({ name: other.name }) })).status).toBe(409);
    expect((await h.call('PUT', `${base}/approved_kits/no-such-kit-${run}`, { token: manager.token, body: kitBody() })).status).toBe(404);
    await h.call('DELETE', `${base}/approved_kits/${kit.id}`, { token: manager.token });
    expect((await h.call('PUT', `${base}/approved_kits/${kit.id}`, { token: manager.token, body: kitBody() })).status).toBe(404);
  });
});

describe('DELETE /approved_kits/{id}', () => {
  it('retires the kit: off the register and its lots, never erased, not found for a new certificate; its name free again; audited', async () => {
    const kit = await create();
    expect(await findApprovedKit(h.ctx.database.db, kit.name)).toMatchObject({ id: kit.id });
    expect(await h.call('DELETE', `${base}/approved_kits/${kit.id}`, { token: manager.token })).toMatchObject({ status: 200, body: { success: true, message: KIT_MSG.retired } });
    const [row] = await h.ctx.database.db.select().from(approvedKits).where(eq(approvedKits.id, kit.id));
    expect(row!.retiredAt).toEqual(h.clock.now());
    const listed = await h.call('GET', `${base}/approved_kits`, { token: patient.token });
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(kit.id);
    const lots = await h.call('GET', `${base}/lot_ids`, { token: patient.token });
    expect(lots.body.data.map((lot: { kit_id: string }) => lot.kit_id)).not.toContain(kit.id);
    expect(await findApprovedKit(h.ctx.database.db, kit.id)).toBeUndefined();
    expect(await findApprovedKit(h.ctx.database.db, kit.name)).toBeUndefined();
    expect(await auditOf('approved_kit.retired', kit.id)).toHaveLength(1);
    expect((await h.call('DELETE', `${base}/approved_kits/${kit.id}`, { token: manager.token })).status).toBe(404);
    expect((await create({ name: kit.name })).id).toBe(`${kit.id}-2`);
  });

  it('answers 404 for an unknown kit', async () => {
    expect((await h.call('DELETE', `${base}/approved_kits/no-such-kit-${run}`, { token: manager.token })).status).toBe(404);
  });
});

describe('who may read and change the register', () => {
  it('reads for any signed-in role or an order’s short token (the order wizards); else 401', async () => {
    const token = randomBytes(20).toString('hex').slice(0, 20).toUpperCase().replace(/[01]/g, 'X');
    const now = h.clock.now();
    const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };
    await h.ctx.database.db.insert(orders).values({
      shortToken: token,
      source: 'vireo',
      currency: 'GBP',
      createdAt: now,
      updatedAt: now,
      originalPricePence: 0,
      pricePence: 0,
      vatPence: 0,
      paymentFlag: 'Complete',
      shippingFlag: 'Processing',
      billingEmail: 'kits@example.test',
      billingDetail: { first_name: 'Ada', last_name: 'Lovelace', email: 'kits@example.test' },
      billingAddress: address,
      shippingAddress: address,
    });
    for (const path of ['approved_kits', 'lot_ids']) {
      expect((await h.call('GET', `${base}/${path}`)).status, path).toBe(401);
      expect((await h.call('GET', `${base}/${path}`, { headers: { 'x-short-token': 'Y'.repeat(20) } })).status, path).toBe(401);
      const read = await h.call('GET', `${base}/${path}`, { headers: { 'x-short-token': token.toLowerCase() } });
      expect(read.status, path).toBe(200);
      expect(read.body.data.length, path).toBeGreaterThan(0);
    }
  });

  it('changes: refuses without a session (401), another role even with the grant (403), a super admin without products.manage (403)', async () => {
    const kit = await create();
    const changes: [string, string, object | undefined][] = [
      ['POST', `${base}/approved_kits`, kitBody()],
      ['PUT', `${base}/approved_kits/${kit.id}`, kitBody()],
      ['DELETE', `${base}/approved_kits/${kit.id}`, undefined],
    ];
    for (const [method, url, body] of changes) {
      expect((await h.call(method as 'POST', url, { body })).status, `${method} ${url}`).toBe(401);
      for (const user of [patient, support, admin]) {
        expect((await h.call(method as 'POST', url, { token: user.token, body })).status, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await h.ctx.database.db.select().from(approvedKits).where(eq(approvedKits.id, kit.id));
    expect(row!.retiredAt).toBeNull();
  });
});
