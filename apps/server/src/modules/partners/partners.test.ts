// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CODE_MSG, FIT_TO_FLY_ANTIGEN_SKU, ORDER_MSG, PARTNER_MSG, PCR_TEST_SKU, SEED_PARTNERS, pharmacyUsSource } from '@vireo/contracts';
import { auditEvents, orders, products, purchaseCodeBatches, purchaseCodes } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { seedProducts } from '../commerce';

let h: Harness;
let admin: TestUser;
let ungranted: TestUser;
let support: TestUser;
let customer: TestUser;

const base = '/api/commerce/v1';
/** This run's own names, so runs sharing a PostgreSQL database never clash. */
const run = randomBytes(3).toString('hex');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const partner = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sky Air',
  slug: `sky_air_${run}`,
  source: `skyair-${run}`,
  kind: 'airline',
  service: 'video_gp_product',
  language: 'EN',
  home_page_url: 'https://skyair.example/',
  logo: '',
  code_prefixes: [
    { sku: FIT_TO_FLY_ANTIGEN_SKU, prefixes: ['EANT', 'EAIR'], excluded: [] },
    { sku: PCR_TEST_SKU, prefixes: 'epcr', excluded: '' },
  ],
  ...overrides,
});
const create = (body: unknown, token = admin.token) => h.call('POST', `${base}/partner`, { token, body });

beforeAll(async () => {
  h = await createHarness();
  await seedProducts(h.ctx.commerce);
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'], grants: ['pages.manage', 'discounts.manage'] });
  ungranted = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
  customer = await h.user({ org, roles: ['b2c'] });
});
afterAll(() => h.close());

describe('/api/commerce/v1/partner', () => {
  it('starts with the seeded partners and their prefixes', async () => {
    const list = await h.call('GET', `${base}/partner`, { token: admin.token });
    expect(list.status).toBe(200);
    for (const seeded of SEED_PARTNERS) {
      const row = list.body.data.find((p: { source: string }) => p.source === seeded.source);
      expect(row, seeded.source).toMatchObject({ ...seeded, code_prefixes: seeded.code_prefixes.map((rule) => ({ ...rule, excluded: [...rule.excluded] })), url: `/book_test_${seeded.slug}` });
    }
  });

  it('creates, reads, lists and replaces a partner; audited with the changed fields', async () => {
    const created = await create(partner());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      message: PARTNER_MSG.created,
      data: { name: 'Sky Air', kind: 'airline', url: `/book_test_sky_air_${run}`, code_prefixes: [{ prefixes: ['EANT', 'EAIR'] }, { sku: PCR_TEST_SKU, prefixes: ['EPCR'], excluded: [] }] },
    });
    const id = created.body.data.id as string;
    expect(await h.call('GET', `${base}/partner/${id}`, { token: admin.token })).toMatchObject({ status: 200, body: { data: created.body.data } });
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const replaced = await h.call('PUT', `${base}/partner/${id}`, { token: admin.token, body: partner({ name: 'Sky Air Europe', kind: 'european', service: 'video_gp_euro', language: 'DE', logo }) });
    expect(replaced).toMatchObject({ status: 200, body: { message: PARTNER_MSG.saved, data: { name: 'Sky Air Europe', kind: 'european', service: 'video_gp_euro', language: 'DE', logo } } });
    const list = await h.call('GET', `${base}/partner`, { token: admin.token });
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(id);
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'partner'), eq(auditEvents.resourceId, id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['partner.created', 'partner.updated']);
    expect(audited.find((row) => row.action === 'partner.updated')!.details).toEqual({ fields: ['name', 'kind', 'service', 'language', 'logo'] });
  });

  it("answers the form's messages: each field, a product the catalogue does not sell, a taken address or label (any case)", async () => {
    const fresh = (overrides: Record<string, unknown>) => partner({ slug: `fresh_${run}`, source: `fresh-${run}`, ...overrides });
    const expectField = async (body: unknown, field: string, message: string, status = 400) => {
      const answer = await create(body);
      expect(answer.status, field).toBe(status);
      expect(answer.body.errors?.[field], field).toBe(message);
    };
    await expectField(fresh({ name: '' }), 'name', PARTNER_MSG.name);
    await expectField(fresh({ slug: 'no spaces' }), 'slug', PARTNER_MSG.slug);
    await expectField(fresh({ source: 'a b' }), 'source', PARTNER_MSG.sourceCharacters);
    await expectField(fresh({ kind: 'cruise' }), 'kind', PARTNER_MSG.kind);
    await expectField(fresh({ home_page_url: 'javascript:alert(1)' }), 'home_page_url', PARTNER_MSG.homePage);
    await expectField(fresh({ code_prefixes: [] }), 'code_prefixes', PARTNER_MSG.rules);
    await expectField(fresh({ code_prefixes: [{ sku: 'NO-SUCH-SKU', prefixes: ['X'], excluded: [] }] }), 'code_prefixes.0.sku', PARTNER_MSG.product);
    await expectField(fresh({ slug: 'ofl' }), 'slug', PARTNER_MSG.slugTaken, 409);
    await expectField(fresh({ source: 'FloridaTix' }), 'source', PARTNER_MSG.sourceTaken, 409);
    await expectField(fresh({ source: 'pharmacy' }), 'source', PARTNER_MSG.sourceTaken, 409);
    const [ofl] = (await h.call('GET', `${base}/partner`, { token: admin.token })).body.data.filter((p: { source: string }) => p.source === 'OFL');
    const clash = await h.call('PUT', `${base}/partner/${ofl.id}`, { token: admin.token, body: fresh({ slug: 'attraction_world' }) });
    expect(clash).toMatchObject({ status: 409, body: { errors: { slug: PARTNER_MSG.slugTaken } } });
  });

  it('needs a session (401) and pages.manage (403); an unknown partner is 404', async () => {
    expect((await h.call('GET', `${base}/partner`)).status).toBe(401);
    expect((await h.call('POST', `${base}/partner`, { body: partner() })).status).toBe(401);
    for (const token of [support.token, ungranted.token, customer.token]) {
      expect((await h.call('GET', `${base}/partner`, { token })).status).toBe(403);
      expect((await create(partner({ slug: `x_${run}`, source: `x-${run}` }), token)).status).toBe(403);
      expect((await h.call('PUT', `${base}/partner/${UNKNOWN}`, { token, body: partner() })).status).toBe(403);
    }
    expect((await h.call('GET', `${base}/partner/${UNKNOWN}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PUT', `${base}/partner/${UNKNOWN}`, { token: admin.token, body: partner({ slug: `y_${run}`, source: `y-${run}` }) })).status).toBe(404);
  });
});

describe('/api/commerce/v1/partner-page/{slug}', () => {
  it('answers anyone what the booking page needs, by its address in any case, the service by its booking name', async () => {
    const page = await h.call('GET', `${base}/partner-page/Florida_Tix`);
    expect(page.status).toBe(200);
    const seeded = SEED_PARTNERS.find((p) => p.source === 'floridatix')!;
    expect(page.body.data).toEqual({
      name: seeded.name,
      slug: seeded.slug,
      source: seeded.source,
      kind: 'holiday',
      service: 'video_gp_vireo',
      language: 'EN',
      home_page_url: seeded.home_page_url,
      logo: '',
      code_prefixes: seeded.code_prefixes.map((rule) => ({ ...rule, excluded: [...rule.excluded] })),
    });
    expect((await h.call('GET', `${base}/partner-page/no_such_partner`)).status).toBe(404);
    expect((await h.call('GET', `${base}/partner-page/${encodeURIComponent('../partner')}`)).status).toBe(400);
  });
});

describe('orders from a partner or the pharmacy with a code', () => {
  let codeCounter = 0;
  async function code(prefix: string, sku: string): Promise<{ value: string; productId: string }> {
    const [product] = await h.ctx.database.db.select().from(products).where(eq(products.sku, sku));
    const [batch] = await h.ctx.database.db
      .insert(purchaseCodeBatches)
      .values({ name: `Partners ${run}`, prefix, productId: product!.id, count: 1, usesPerCode: 1, validUntil: '2026-12-31', createdAt: h.clock.now() })
      .returning();
    const value = `${prefix}${run.toUpperCase()}${++codeCounter}`;
    await h.ctx.database.db.insert(purchaseCodes).values({ batchId: batch!.id, value, uses: 1 });
    return { value, productId: product!.id };
  }
  const order = async (source: string, discount: string, productId: string) => {
    const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };
    return h.call('POST', `${base}/order`, {
      token: customer.token,
      body: { billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('partner') }, billing_address: address, shipping_address: address, source, items: [{ product_id: productId, quantity: 1 }], discount },
    });
  };

  it("holds a partner's order to the partner's prefixes, with the form's message", async () => {
    const wrong = await code('F2FAW', FIT_TO_FLY_ANTIGEN_SKU);
    const refused = await order('OFL', wrong.value, wrong.productId);
    expect(refused).toMatchObject({ status: 400, body: { message: 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.', errors: { discount: 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.' } } });
    const accepted = await order('attractionworld', wrong.value.toLowerCase(), wrong.productId);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.order_details.payment_flag).toBe('Complete');
  });

  it("holds a pharmacy order to ANT, PFF or ATE, the prefix's own product", async () => {
    const partnerCode = await code('F2F', FIT_TO_FLY_ANTIGEN_SKU);
    expect(await order('Pharmacy', partnerCode.value, partnerCode.productId)).toMatchObject({ status: 400, body: { message: CODE_MSG.invalidPrefix } });
    const pcrCode = await code('ATE', PCR_TEST_SKU);
    expect(await order('Pharmacy', pcrCode.value.replace(/^ATE/, 'ANT'), pcrCode.productId)).toMatchObject({ status: 400, body: { message: CODE_MSG.otherTestType } });
    const paid = await order('Pharmacy', pcrCode.value, pcrCode.productId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it("holds an order's extra codes (POST /purchase-code/{id}/use) to its source's rules", async () => {
    const first = await code('ANT', FIT_TO_FLY_ANTIGEN_SKU);
    const placed = await order('Pharmacy', first.value, first.productId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order_details.id as string;
    const idOf = async (value: string) => (await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.value, value)))[0]!.id;
    const partnerCode = await code('F2F', FIT_TO_FLY_ANTIGEN_SKU);
    const refused = await h.call('POST', `${base}/purchase-code/${await idOf(partnerCode.value)}/use`, { token: admin.token, body: { order_id: orderId } });
    expect(refused).toMatchObject({ status: 400, body: { message: CODE_MSG.invalidPrefix, errors: { code: CODE_MSG.invalidPrefix } } });
    const extra = await code('ANT', FIT_TO_FLY_ANTIGEN_SKU);
    const used = await h.call('POST', `${base}/purchase-code/${await idOf(extra.value)}/use`, { token: admin.token, body: { order_id: orderId } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
  });
});

describe('pharmacy staff (pharmacy.book)', () => {
  let pharmacist: TestUser;
  let otherPharmacist: TestUser;
  let codeCounter = 0;

  beforeAll(async () => {
    const org = await h.org();
    pharmacist = await h.user({ org, roles: ['pharmacy'] });
    otherPharmacist = await h.user({ org, roles: ['pharmacy'] });
  });

  async function antCode(sku = FIT_TO_FLY_ANTIGEN_SKU, prefix = 'ANT'): Promise<{ id: string; value: string; productId: string }> {
    const [product] = await h.ctx.database.db.select().from(products).where(eq(products.sku, sku));
    const [batch] = await h.ctx.database.db
      .insert(purchaseCodeBatches)
      .values({ name: `Pharmacy ${run}`, prefix, productId: product!.id, count: 1, usesPerCode: 1, validUntil: '2026-12-31', createdAt: h.clock.now() })
      .returning();
    const value = `${prefix}PH${run.toUpperCase()}${++codeCounter}`;
    const [row] = await h.ctx.database.db.insert(purchaseCodes).values({ batchId: batch!.id, value, uses: 1 }).returning();
    return { id: row!.id, value, productId: product!.id };
  }
  const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };
  const placeFor = (token: string, source: string, discount: string, productId: string, quantity: number) =>
    h.call('POST', `${base}/order`, {
      token,
      body: { billing_detail: { first_name: 'Walk', last_name: 'In', email: uniqueEmail('pharmacy') }, billing_address: address, shipping_address: address, source, items: [{ product_id: productId, quantity }], discount },
    });
  const use = (codeId: string, orderId: string, token?: string) => h.call('POST', `${base}/purchase-code/${codeId}/use`, { ...(token ? { token } : {}), body: { order_id: orderId } });
  const complete = (orderId: string, token?: string) => h.call('PUT', `${base}/order/${orderId}`, { ...(token ? { token } : {}), body: { payment_flag: 'Complete' } });

  it('places a Pharmacy order of two people with a code each, takes the extra code and completes it', async () => {
    const first = await antCode();
    const second = await antCode();
    const placed = await placeFor(pharmacist.token, 'Pharmacy', first.value, first.productId, 2);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order_details.payment_flag).toBe('Initiated');
    const orderId = placed.body.order_details.id as string;
    expect(await complete(orderId, pharmacist.token)).toMatchObject({ status: 409 });
    const used = await use(second.id, orderId, pharmacist.token);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const completed = await complete(orderId, pharmacist.token);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.data.payment_flag).toBe('Complete');
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.payment_completed'), eq(auditEvents.resourceId, orderId)));
    expect(audit?.details).toMatchObject({ by_pharmacy_codes: true });
  });

  it("a used-up code is 'Your code is expired' on the pharmacy form (spec 2 §5), 'Your code is invalid' to customer services and on another's order (spec 3 §7)", async () => {
    const first = await antCode();
    const second = await antCode();
    const placed = await placeFor(pharmacist.token, 'Pharmacy', first.value, first.productId, 2);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order_details.id as string;
    expect((await use(second.id, orderId, pharmacist.token)).status).toBe(200);
    expect(await placeFor(pharmacist.token, 'Pharmacy', first.value, first.productId, 1)).toMatchObject({ status: 400, body: { message: CODE_MSG.expired, errors: { discount: CODE_MSG.expired } } });
    expect(await use(second.id, orderId, pharmacist.token)).toMatchObject({ status: 400, body: { message: CODE_MSG.expired, errors: { code: CODE_MSG.expired } } });
    expect(await placeFor(support.token, 'vireo', first.value, first.productId, 1)).toMatchObject({ status: 400, body: { message: CODE_MSG.invalid, errors: { discount: CODE_MSG.invalid } } });
    expect(await use(second.id, orderId, admin.token)).toMatchObject({ status: 400, body: { message: CODE_MSG.invalid, errors: { code: CODE_MSG.invalid } } });
  });

  it("places the pharmacy form's orders only: another source is 400 with its message", async () => {
    const first = await antCode();
    for (const source of ['OFL', 'acme-us', 'pharmacy', `${pharmacyUsSource(h.ctx.config.productName)}x`]) {
      expect(await placeFor(pharmacist.token, source, first.value, first.productId, 1), source).toMatchObject({ status: 400, body: { message: ORDER_MSG.pharmacySource, errors: { source: ORDER_MSG.pharmacySource } } });
    }
  });

  it("answers 401 without a session, 403 to a role without pharmacy.book or discounts.manage, 404 for another's order", async () => {
    const first = await antCode();
    const extra = await antCode();
    const placed = await placeFor(pharmacist.token, 'Pharmacy', first.value, first.productId, 2);
    const orderId = placed.body.order_details.id as string;
    expect(await use(extra.id, orderId)).toMatchObject({ status: 401 });
    expect(await complete(orderId)).toMatchObject({ status: 401 });
    expect(await use(extra.id, orderId, support.token)).toMatchObject({ status: 403 });
    expect(await use(extra.id, orderId, otherPharmacist.token)).toMatchObject({ status: 404 });
    expect(await complete(orderId, otherPharmacist.token)).toMatchObject({ status: 404 });
    const customersFirst = await antCode();
    const customers = await placeFor(customer.token, 'Pharmacy', customersFirst.value, customersFirst.productId, 2);
    expect(customers.status, JSON.stringify(customers.body)).toBe(201);
    expect(await use(extra.id, customers.body.order_details.id as string, pharmacist.token)).toMatchObject({ status: 404 });
    const [code] = await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.id, extra.id));
    expect(code?.usedTimes).toBe(0);
  });

  describe('the US form (?source={product}-us, spec 2 §2.8)', () => {
    const US_ANTIGEN = 'DAY-2-US-ANT-001';
    const usSource = () => pharmacyUsSource(h.ctx.config.productName);

    it('places a US order of two people in dollars with a code each (ANT: the US antigen test), takes the extra code and completes it', async () => {
      const first = await antCode(US_ANTIGEN);
      const second = await antCode(US_ANTIGEN);
      const placed = await placeFor(pharmacist.token, usSource(), first.value.toLowerCase(), first.productId, 2);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.order_details.id as string;
      const [row] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ source: 'vireo-us', currency: 'USD', originalPricePence: 7000, discountPence: 3500, pricePence: 3500, paymentFlag: 'Initiated', customerUserId: pharmacist.user.id });
      expect(await use(second.id, orderId, pharmacist.token)).toMatchObject({ status: 200 });
      const completed = await complete(orderId, pharmacist.token);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      expect(completed.body.data.payment_flag).toBe('Complete');
    });

    it('holds a US order to the US products and their prefixes; never mixes currencies', async () => {
      const ukCode = await antCode();
      expect(await placeFor(pharmacist.token, usSource(), ukCode.value, ukCode.productId, 1)).toMatchObject({ status: 400, body: { message: ORDER_MSG.mixedCurrency } });
      const usCode = await antCode(US_ANTIGEN);
      expect(await placeFor(pharmacist.token, 'Pharmacy', usCode.value, usCode.productId, 1)).toMatchObject({ status: 400, body: { message: ORDER_MSG.mixedCurrency } });
      const mixed = await h.call('POST', `${base}/order`, {
        token: pharmacist.token,
        body: {
          billing_detail: { first_name: 'Walk', last_name: 'In', email: uniqueEmail('pharmacy') },
          billing_address: address,
          shipping_address: address,
          source: usSource(),
          items: [{ product_id: usCode.productId, quantity: 1 }, { product_id: ukCode.productId, quantity: 1 }],
          discount: usCode.value,
        },
      });
      expect(mixed).toMatchObject({ status: 400, body: { message: ORDER_MSG.mixedCurrency, errors: { 'items.1.product_id': ORDER_MSG.mixedCurrency } } });
      expect(await placeFor(pharmacist.token, usSource(), `F2F${usCode.value}`, usCode.productId, 1)).toMatchObject({ status: 400, body: { message: CODE_MSG.invalidPrefix } });
      expect(await placeFor(pharmacist.token, usSource(), `ATE${usCode.value}`, usCode.productId, 1)).toMatchObject({ status: 400, body: { message: CODE_MSG.otherTestType } });
      const [code] = await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.id, usCode.id));
      expect(code?.usedTimes).toBe(0);
    });

    it("answers 401 without a session, 403 to a role without pharmacy.book or orders, 404 for another pharmacist's or organisation's US order", async () => {
      const first = await antCode(US_ANTIGEN);
      const extra = await antCode(US_ANTIGEN);
      expect(await placeFor('', usSource(), first.value, first.productId, 2)).toMatchObject({ status: 401 });
      const practitioner = await h.user({ org: await h.org(), roles: ['practitioner'] });
      expect(await placeFor(practitioner.token, usSource(), first.value, first.productId, 2)).toMatchObject({ status: 403 });
      const placed = await placeFor(pharmacist.token, usSource(), first.value, first.productId, 2);
      const orderId = placed.body.order_details.id as string;
      const elsewhere = await h.user({ org: await h.org(), roles: ['pharmacy'] });
      for (const other of [otherPharmacist, elsewhere]) {
        expect(await use(extra.id, orderId, other.token)).toMatchObject({ status: 404 });
        expect(await complete(orderId, other.token)).toMatchObject({ status: 404 });
      }
      expect(await use(extra.id, orderId)).toMatchObject({ status: 401 });
      expect(await use(extra.id, orderId, practitioner.token)).toMatchObject({ status: 403 });
      const [code] = await h.ctx.database.db.select().from(purchaseCodes).where(eq(purchaseCodes.id, extra.id));
      expect(code?.usedTimes).toBe(0);
    });

    it("holds a US order's extra codes to its own US product: a UK ANT code or another US product's is 'You have chosen another test type'", async () => {
      const first = await antCode(US_ANTIGEN);
      const placed = await placeFor(pharmacist.token, usSource(), first.value, first.productId, 2);
      const orderId = placed.body.order_details.id as string;
      for (const code of [await antCode(), await antCode('RECONSULT-ANT-DAY-3', 'PFF')]) {
        expect(await use(code.id, orderId, pharmacist.token)).toMatchObject({ status: 400, body: { message: CODE_MSG.otherTestType, errors: { code: CODE_MSG.otherTestType } } });
      }
    });
  });
});
