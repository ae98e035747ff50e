import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ANT_CONSULT_SKU, CODE_MSG, MSG, PCR_TEST_SKU, PURCHASE_CODE_ALPHABET, PURCHASE_CODE_MSG } from '@vireo/contracts';
import { auditEvents, products, purchaseCodeBatches, purchaseCodes } from '../../db/schema';
import { createHarness, TEST_START, type Harness, type TestUser } from '../../test/harness';
import { seedProducts, takePurchaseCodeUse } from '.';
import { PURCHASE_CODE_CHECKS_PER_MINUTE } from './purchase-codes.routes';

let h: Harness;
let manager: TestUser;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;
const productIds = new Map<string, string>();

const base = '/api/commerce/v1';
/** This run's own prefixes, so runs sharing a PostgreSQL database never see each other's batches. */
const run = [...randomBytes(4)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
/** The pharmacy form's US source ({product}-us, the harness's product being Vireo). */
const US = 'vireo-us';
const CODE = new RegExp(`^[A-Z0-9]*[${PURCHASE_CODE_ALPHABET}]{10}$`);

function batchBody(overrides: Record<string, unknown> = {}) {
  return { source: 'Pharmacy', name: `Partner ${run}`, prefix: `P${run}`, product_id: productIds.get(PCR_TEST_SKU), count: 5, uses: 2, valid_until: '2026-06-20', ...overrides };
}

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  manager = await h.user({ org, roles: ['super_admin'], grants: ['discounts.manage'] });
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'], grants: ['discounts.manage'] });
  patient = await h.user({ org, roles: ['patient'] });
  await seedProducts(h.ctx.commerce);
  for (const row of await h.ctx.database.db.select({ id: products.id, sku: products.sku }).from(products).where(isNull(products.retiredAt))) productIds.set(row.sku, row.id);
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

const createBatch = async (overrides: Record<string, unknown> = {}) => {
  const res = await h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; prefix: string; count: number };
};
const codesOf = (batchId: string) => h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.batchId, batchId)).orderBy(purchaseCodes.value);
const check = (value: string, ip = '10.1.1.1') => h.call('GET', `${base}/purchase-code/${value}`, { ip });
const use = (id: string, token = manager.token) => h.call('POST', `${base}/purchase-code/${id}/use`, { token, body: { order_id: randomUUID() } });

describe('POST /purchase-code-batch', () => {
  it('generates count unique codes of prefix + 10 unambiguous random characters, each with its uses; audited', async () => {
    const res = await h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody({ prefix: ` p${run.toLowerCase()} `, count: '25', uses: '3' }) });
    expect(res).toMatchObject({
      status: 201,
      body: {
        success: true,
        message: PURCHASE_CODE_MSG.generated,
        data: { name: `Partner ${run}`, prefix: `P${run}`, product_sku: PCR_TEST_SKU, count: 25, uses_per_code: 3, valid_until: '2026-06-20', used: 0, left: 75, created_at: TEST_START.getTime() / 1000 },
      },
    });
    const codes = await codesOf(res.body.data.id);
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((c) => c.value)).size).toBe(25);
    for (const code of codes) {
      expect(code.value.startsWith(`P${run}`)).toBe(true);
      expect(code.value.slice(`P${run}`.length)).toMatch(new RegExp(`^[${PURCHASE_CODE_ALPHABET}]{10}$`));
      expect(code).toMatchObject({ uses: 3, usedTimes: 0 });
    }
    expect(codes[0]!.value).toMatch(CODE);
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'purchase_code_batch.created'), eq(auditEvents.resourceId, res.body.data.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(manager.user.id);
  });

  it('makes a batch of 10,000 codes at once', async () => {
    const batch = await createBatch({ count: 10_000, uses: 1 });
    const codes = await codesOf(batch.id);
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes.map((c) => c.value)).size).toBe(10_000);
  });

  it('keeps the built-in prefixes for their products: ANT the Fit to Fly Antigen Test, PFF the Antigen Consultation, ATE the PCR Test', async () => {
    expect((await createBatch({ prefix: 'ANT', product_id: productIds.get('FLX-UK-ANT-SNS-001'), count: 1 })).prefix).toBe('ANT');
    expect((await createBatch({ prefix: 'pff', product_id: productIds.get(ANT_CONSULT_SKU), count: 1 })).prefix).toBe('PFF');
    expect((await createBatch({ prefix: 'ATE', product_id: productIds.get(PCR_TEST_SKU), count: 1 })).prefix).toBe('ATE');
    const refused = await h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody({ prefix: 'ANT', product_id: productIds.get(PCR_TEST_SKU) }) });
    expect(refused).toMatchObject({ status: 400, body: { message: PURCHASE_CODE_MSG.prefixTaken, errors: { prefix: PURCHASE_CODE_MSG.prefixTaken } } });
  });

  it('lets ANT and PFF prepay their US counterparts too (the pharmacy form’s US variant, source vireo-us); ATE has none', async () => {
    expect((await createBatch({ source: US, prefix: 'ANT', product_id: productIds.get('DAY-2-US-ANT-001'), count: 1 })).prefix).toBe('ANT');
    expect((await createBatch({ source: US, prefix: 'PFF', product_id: productIds.get('RECONSULT-ANT-DAY-3'), count: 1 })).prefix).toBe('PFF');
    for (const [prefix, sku] of [['ATE', 'DAY-2-US-ANT-001'], ['ANT', 'RECONSULT-ANT-DAY-3'], ['PFF', 'DAY-2-US-ANT-001']] as const) {
      const refused = await h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody({ source: US, prefix, product_id: productIds.get(sku) }) });
      expect(refused, `${prefix} ${sku}`).toMatchObject({ status: 400, body: { message: PURCHASE_CODE_MSG.prefixTaken } });
    }
  });

  it('refuses a product not of the batch’s source: a UK product for vireo-us, a US one for Pharmacy; an unknown source', async () => {
    const refusal = { status: 400, body: { message: PURCHASE_CODE_MSG.productSource, errors: { product_id: PURCHASE_CODE_MSG.productSource } } };
    const post = (body: Record<string, unknown>) => h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody({ name: `Refused ${run}`, ...body }) });
    expect(await post({ source: US, prefix: 'ANT', product_id: productIds.get('FLX-UK-ANT-SNS-001') })).toMatchObject(refusal);
    expect(await post({ source: US, product_id: productIds.get(PCR_TEST_SKU) })).toMatchObject(refusal);
    expect(await post({ source: 'Pharmacy', prefix: 'ANT', product_id: productIds.get('DAY-2-US-ANT-001') })).toMatchObject(refusal);
    expect(await post({ source: 'euro' })).toMatchObject({ status: 400, body: { message: PURCHASE_CODE_MSG.source, errors: { source: PURCHASE_CODE_MSG.source } } });
    expect(await post({ source: '' })).toMatchObject({ status: 400, body: { errors: { source: PURCHASE_CODE_MSG.source } } });
    expect(await post({ source: undefined })).toMatchObject({ status: 400, body: { errors: { source: MSG.missingDetails } } });
    expect(await h.ctx.database.db.select().from(purchaseCodeBatches).where(eq(purchaseCodeBatches.name, `Refused ${run}`))).toHaveLength(0);
    // A partner's own prefix for a US product is a vireo-us batch.
    expect((await createBatch({ source: US, prefix: `U${run}`, product_id: productIds.get('DAY-2-US-ANT-001'), count: 1 })).prefix).toBe(`U${run}`);
  });

  it('refuses each field with its message, at its limits', async () => {
    const errors = async (overrides: Record<string, unknown>) => {
      const res = await h.call('POST', `${base}/purchase-code-batch`, { token: manager.token, body: batchBody(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      return res.body.errors;
    };
    expect(await errors({ name: '' })).toMatchObject({ name: PURCHASE_CODE_MSG.name });
    expect(await errors({ prefix: '' })).toMatchObject({ prefix: PURCHASE_CODE_MSG.prefix });
    expect(await errors({ prefix: 'AB-1' })).toMatchObject({ prefix: PURCHASE_CODE_MSG.prefixCharacters });
    expect(await errors({ product_id: '' })).toMatchObject({ product_id: PURCHASE_CODE_MSG.product });
    expect(await errors({ product_id: randomUUID() })).toMatchObject({ product_id: PURCHASE_CODE_MSG.product });
    expect(await errors({ count: '' })).toMatchObject({ count: PURCHASE_CODE_MSG.count });
    expect(await errors({ count: 0 })).toMatchObject({ count: PURCHASE_CODE_MSG.countRange });
    expect(await errors({ count: 10_001 })).toMatchObject({ count: PURCHASE_CODE_MSG.countRange });
    expect(await errors({ count: 1.5 })).toMatchObject({ count: PURCHASE_CODE_MSG.wholeNumber });
    expect(await errors({ uses: 0 })).toMatchObject({ uses: PURCHASE_CODE_MSG.usesRange });
    expect(await errors({ uses: undefined })).toMatchObject({ uses: MSG.missingDetails });
    expect(await errors({ valid_until: '' })).toMatchObject({ valid_until: PURCHASE_CODE_MSG.validUntil });
    expect(await errors({ valid_until: '2026-02-30' })).toMatchObject({ valid_until: PURCHASE_CODE_MSG.validUntil });
    expect(await errors({ valid_until: '2026-06-09' })).toMatchObject({ valid_until: PURCHASE_CODE_MSG.validUntilPast });
    expect((await createBatch({ count: 1, valid_until: '2026-06-10' })).count).toBe(1);
  });
});

describe('GET /purchase-code-batch and its CSV', () => {
  it('lists batches newest first with the uses taken and left; exports a batch’s codes as a CSV attachment', async () => {
    const older = await createBatch({ name: `Older ${run}`, count: 3, uses: 2 });
    h.clock.advance(1000);
    const newer = await createBatch({ name: `Newer ${run}`, count: 2, uses: 1 });
    const [first] = await codesOf(older.id);
    expect((await use(first!.id)).status).toBe(200);
    const res = await h.call('GET', `${base}/purchase-code-batch`, { token: manager.token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((b: { id: string }) => b.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.body.data.find((b: { id: string }) => b.id === older.id)).toMatchObject({ used: 1, left: 5, count: 3 });
    expect(res.body.data.find((b: { id: string }) => b.id === newer.id)).toMatchObject({ used: 0, left: 2 });

    const csv = await h.app.inject({ method: 'GET', url: `${base}/purchase-code-batch/${older.id}/csv`, headers: { authorization: `Bearer ${manager.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="purchase-codes-P${run}-2026-06-10.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,uses,used,left,product_sku,valid_until');
    const codes = await codesOf(older.id);
    expect(lines.slice(1)).toEqual(codes.map((c) => `${c.value},2,${c.usedTimes},${2 - c.usedTimes},${PCR_TEST_SKU},2026-06-20`));
    expect((await h.call('GET', `${base}/purchase-code-batch/${randomUUID()}/csv`, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/purchase-code-batch/not-an-id/csv`, { token: manager.token })).status).toBe(400);
  });
});

describe('GET /purchase-code/{value}', () => {
  it('answers anyone the code’s id, value and uses left, as typed in any case; 0 past its last day or used up, with the pharmacy form’s "Your code is expired"; unknown is "Your code is invalid"', async () => {
    const batch = await createBatch({ count: 1, uses: 3, valid_until: '2026-06-12' });
    const [code] = await codesOf(batch.id);
    expect(await check(code!.value.toLowerCase())).toMatchObject({ status: 200, body: { success: true, data: { id: code!.id, value: code!.value, uses: 3 }, error: null } });
    await use(code!.id);
    expect((await check(code!.value)).body.data.uses).toBe(2);
    h.clock.set(new Date('2026-06-12T22:59:59Z'));
    expect((await check(code!.value, '10.1.1.2')).body.data.uses).toBe(2);
    h.clock.set(new Date('2026-06-12T23:00:00Z'));
    expect(await check(code!.value, '10.1.1.2')).toMatchObject({ status: 200, body: { data: { uses: 0 }, error: CODE_MSG.expired } });
    expect(await check(`NO${run}XXXXXXXXXX`)).toMatchObject({ status: 400, body: { success: false, message: PURCHASE_CODE_MSG.invalid } });
    h.clock.set(TEST_START);
    const [single] = await codesOf((await createBatch({ count: 1, uses: 1 })).id);
    await use(single!.id);
    expect(await check(single!.value, '10.1.1.3')).toMatchObject({ status: 200, body: { success: true, data: { id: single!.id, uses: 0 }, error: 'Your code is expired' } });
  });

  it('is limited per address: a few checks a minute, then 429', async () => {
    for (let i = 0; i < PURCHASE_CODE_CHECKS_PER_MINUTE; i++) expect((await check(`G${run}${i}`, '10.9.9.9')).status).toBe(400);
    expect(await check(`G${run}`, '10.9.9.9')).toMatchObject({ status: 429, body: { message: MSG.tooManyRequests } });
    expect((await check(`G${run}`, '10.9.9.8')).status).toBe(400);
    h.clock.advance(61_000);
    expect((await check(`G${run}`, '10.9.9.9')).status).toBe(400);
  });
});

describe('POST /purchase-code/{id}/use and takePurchaseCodeUse', () => {
  it('takes one use, audited with the order; none left or past its last day is "Your code is invalid" outside the pharmacy form (spec 3 §7); unknown 404; bad input 400', async () => {
    const batch = await createBatch({ count: 1, uses: 2, valid_until: '2026-06-12' });
    const [code] = await codesOf(batch.id);
    const orderId = randomUUID();
    const first = await h.call('POST', `${base}/purchase-code/${code!.id}/use`, { token: manager.token, body: { order_id: orderId } });
    expect(first).toMatchObject({ status: 200, body: { success: true, message: PURCHASE_CODE_MSG.used, data: { id: code!.id, value: code!.value, uses: 1 } } });
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'purchase_code.used'), eq(auditEvents.resourceId, code!.id)));
    expect(audit[0]!.details).toMatchObject({ order_id: orderId });
    h.clock.set(new Date('2026-06-12T23:00:00Z'));
    expect(await use(code!.id, await h.session(manager))).toMatchObject({ status: 400, body: { message: 'Your code is invalid', errors: { code: 'Your code is invalid' } } });
    h.clock.set(TEST_START);
    expect((await use(code!.id)).status).toBe(200);
    expect(await use(code!.id)).toMatchObject({ status: 400, body: { message: CODE_MSG.invalid, errors: { code: CODE_MSG.invalid } } });
    expect((await use(randomUUID())).status).toBe(404);
    expect((await h.call('POST', `${base}/purchase-code/${code!.id}/use`, { token: manager.token, body: { order_id: 'nope' } })).status).toBe(400);
  });

  it('lets an order take a use only for the code’s own product, within its days', async () => {
    const batch = await createBatch({ count: 1, uses: 1, valid_until: '2026-06-12' });
    const [code] = await codesOf(batch.id);
    const db = h.ctx.database.db;
    expect(await db.transaction((tx) => takePurchaseCodeUse(tx, code!.value, productIds.get(ANT_CONSULT_SKU)!, '2026-06-10'))).toBeNull();
    expect(await db.transaction((tx) => takePurchaseCodeUse(tx, code!.value, productIds.get(PCR_TEST_SKU)!, '2026-06-13'))).toBeNull();
    expect(await db.transaction((tx) => takePurchaseCodeUse(tx, ` ${code!.value.toLowerCase()}`, productIds.get(PCR_TEST_SKU)!, '2026-06-12'))).toEqual({ id: code!.id, value: code!.value, uses: 0 });
    expect(await db.transaction((tx) => takePurchaseCodeUse(tx, code!.value, productIds.get(PCR_TEST_SKU)!, '2026-06-12'))).toBeNull();
  });

  it('never takes more uses than there are: 100 concurrent uses of a 10-use code, exactly 10 succeed', async () => {
    const batch = await createBatch({ count: 1, uses: 10 });
    const [code] = await codesOf(batch.id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => use(code!.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(90);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.uses))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const [row] = await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.id, code!.id));
    expect(row!.usedTimes).toBe(10);
    const [counter] = await h.ctx.database.db.select().from(purchaseCodeBatches).where(eq(purchaseCodeBatches.id, batch.id));
    const codes = await codesOf(batch.id);
    expect(counter!.usedTimes).toBe(codes.reduce((sum, c) => sum + c.usedTimes, 0));
    expect(counter!.usedTimes).toBe(10);
  });
});

describe('who may manage purchase codes', () => {
  it('refuses without a session (401), another role even with the grant (403), and a super admin without discounts.manage (403; 404 for a use: pharmacy.book reaches only their own Pharmacy orders)', async () => {
    const batch = await createBatch({ count: 1 });
    const [code] = await codesOf(batch.id);
    const routes: [string, string, object | undefined][] = [
      ['GET', `${base}/purchase-code-batch`, undefined],
      ['POST', `${base}/purchase-code-batch`, batchBody()],
      ['GET', `${base}/purchase-code-batch/${batch.id}/csv`, undefined],
      ['POST', `${base}/purchase-code/${code!.id}/use`, { order_id: randomUUID() }],
    ];
    for (const [method, url, body] of routes) {
      expect((await h.call(method as 'POST', url, { body })).status, `${method} ${url}`).toBe(401);
      for (const user of [patient, support, admin]) {
        // A super admin holds pharmacy.book: a code's use for an order not their own Pharmacy order is 404 to them.
        const refusal = user === admin && url.endsWith('/use') ? 404 : 403;
        expect((await h.call(method as 'POST', url, { token: user.token, body })).status, `${method} ${url}`).toBe(refusal);
      }
    }
    const [row] = await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.id, code!.id));
    expect(row!.usedTimes).toBe(0);
    expect(await h.ctx.database.db.select().from(purchaseCodeBatches).where(eq(purchaseCodeBatches.createdBy, patient.user.id))).toHaveLength(0);
  });
});
