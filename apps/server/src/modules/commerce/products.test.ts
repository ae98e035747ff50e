import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ANT_CONSULT_SKU, MSG, PRODUCT_COLOURS, PRODUCT_MSG, PRODUCT_TAGS, SEED_PRODUCTS } from '@vireo/contracts';
import { auditEvents, permissionGrants, products } from '../../db/schema';
import { countQueries } from '../../test/count-queries';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { seedProducts } from '.';

let h: Harness;
let manager: TestUser;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;
let run = 0;

const base = '/api/commerce/v1';

/** A product as the create form sends it, its SKU unique to the test run. */
function productBody(overrides: Record<string, unknown> = {}) {
  run += 1;
  return {
    country: 'UK',
    title: 'Travel Antigen Test',
    sub_title: 'Results in 30 minutes',
    price: 29.5,
    msrp: 35,
    sku: `TEST-${process.pid}-${Date.now()}-${run}`,
    type: 'Antigen',
    tags: ['before_flight'],
    out_of_stock: 0,
    active: 1,
    bundle_id: null,
    service: 'video_gp',
    description: 'A lateral flow test.',
    points: [{ text: 'Fast', colour: 'doc-black' }],
    footer: null,
    card_colour: 'doc-green',
    discount_exempt: 0,
    vat_exempt: 1,
    shippable: 1,
    bookable: 1,
    pre_book: 'after',
    ...overrides,
  };
}

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  manager = await h.user({ org, roles: ['super_admin'] });
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
  patient = await h.user({ org, roles: ['patient'] });
  await h.ctx.database.db.insert(permissionGrants).values({ userId: manager.user.id, permission: 'products.manage', grantedAt: h.clock.now() });
  await seedProducts(h.ctx.commerce);
});
afterAll(() => h.close());

const create = (body: object, token = manager.token) => h.call('POST', `${base}/product`, { token, body });

describe('the seeded catalogue', () => {
  it('is there once, by SKU, in pence at rest and pounds (dollars for US) on the wire', async () => {
    expect(await seedProducts(h.ctx.commerce)).toBe(0);
    const rows = await h.ctx.database.db.select().from(products).where(eq(products.sku, 'FLX-UK-ANT-SNS-001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pricePence).toBe(2900);
    const listed = await h.call('GET', `${base}/product?include_inactive=true`, { token: manager.token });
    const bySku = new Map(listed.body.data.map((p: { sku: string }) => [p.sku, p]));
    for (const seed of SEED_PRODUCTS) expect(bySku.get(seed.sku), seed.sku).toMatchObject({ price: seed.price, title: seed.title });
    expect(bySku.get(ANT_CONSULT_SKU)).toMatchObject({ title: 'Antigen Consultation', price: 19, currency: 'GBP' });
    expect(bySku.get('DAY-2-US-ANT-001')).toMatchObject({ price: 35, currency: 'USD' });
    expect(bySku.get('COVID-TEST-CERTIFICATE')).toMatchObject({ type: 'Virtual', bookable: 0 });
    expect(bySku.get('SELF-SWABBING')).toMatchObject({ shippable: 1 });
  });
});

describe('the shop’s product list from memory', () => {
  it('a repeat read sends no statement; a change through the API or by hand shows on the next read', async () => {
    const read = () => h.call('GET', `${base}/product?tags=additional_info`);
    const first = await read();
    const again = await countQueries(h.ctx.database.db, read);
    expect(again.result.body).toEqual(first.body);
    expect(again.queries).toBe(0);

    const created = (await create(productBody({ tags: ['additional_info'], title: 'Added through the API' }))).body.data;
    expect((await read()).body.data.map((p: { id: string }) => p.id)).toContain(created.id);

    await h.ctx.database.db.update(products).set({ title: 'Renamed by hand' }).where(eq(products.id, created.id));
    expect((await read()).body.data.find((p: { id: string }) => p.id === created.id).title).toBe('Renamed by hand');
    await h.ctx.database.db.update(products).set({ active: false }).where(eq(products.id, created.id));
    expect((await read()).body.data.map((p: { id: string }) => p.id)).not.toContain(created.id);
  });
});

describe('GET /product and /product/{id}', () => {
  it('answers anyone the active, in-stock products, by tag; include_inactive only to products.manage', async () => {
    const hidden = await create(productBody({ active: 0, tags: ['after_flight'] }));
    const away = await create(productBody({ out_of_stock: 1, tags: ['after_flight'] }));
    const anyone = await h.call('GET', `${base}/product?tags=before_flight`);
    expect(anyone.status).toBe(200);
    expect(anyone.body.data.length).toBeGreaterThan(0);
    for (const product of anyone.body.data) {
      expect(product.tags).toContain('before_flight');
      expect(product).toMatchObject({ active: 1, out_of_stock: 0 });
    }
    const after = await h.call('GET', `${base}/product?tags=after_flight,additional_info`);
    const skus = after.body.data.map((p: { sku: string }) => p.sku);
    expect(skus).toContain('DAY-2-UK-ANT-001');
    expect(skus).not.toContain(hidden.body.data.sku);
    expect(skus).not.toContain(away.body.data.sku);
    // The shop's catalogue: the active ones out of stock too, flagged; never an inactive one, to anyone.
    const shop = await h.call('GET', `${base}/product?include_out_of_stock=true&tags=after_flight`);
    const shopSkus = shop.body.data.map((p: { sku: string }) => p.sku);
    expect(shopSkus).toContain(away.body.data.sku);
    expect(shopSkus).not.toContain(hidden.body.data.sku);
    expect(shop.body.data.find((p: { sku: string }) => p.sku === away.body.data.sku)).toMatchObject({ out_of_stock: 1, active: 1 });
    expect((await h.call('GET', `${base}/product?include_out_of_stock=true&tags=after_flight`)).body.data.map((p: { sku: string }) => p.sku)).toEqual(shopSkus);
    expect(after.body.data.map((p: { sku: string }) => p.sku)).not.toContain(away.body.data.sku);
    const all = await h.call('GET', `${base}/product?include_inactive=true&tags=after_flight`, { token: manager.token });
    expect(all.body.data.map((p: { sku: string }) => p.sku)).toEqual(expect.arrayContaining([hidden.body.data.sku, away.body.data.sku]));

    expect((await h.call('GET', `${base}/product?include_inactive=true`)).status).toBe(401);
    expect(await h.call('GET', `${base}/product?include_inactive=true`, { token: admin.token })).toMatchObject({ status: 403, body: { message: PRODUCT_MSG.includeInactive } });
    expect((await h.call('GET', `${base}/product?tags=in_flight`)).status).toBe(400);

    expect((await h.call('GET', `${base}/product/${hidden.body.data.id}`)).status).toBe(404);
    expect((await h.call('GET', `${base}/product/${hidden.body.data.id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/product/${hidden.body.data.id}`, { token: manager.token })).status).toBe(200);
    const seeded = anyone.body.data[0];
    expect(await h.call('GET', `${base}/product/${seeded.id}`)).toMatchObject({ status: 200, body: { data: seeded } });
    expect((await h.call('GET', `${base}/product/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await h.call('GET', `${base}/product/not-a-uuid`)).status).toBe(400);
  });
});

describe('POST /product', () => {
  it('creates a product and answers data.id; prices kept in pence; audited', async () => {
    const res = await create(productBody({ price: 1, msrp: '1.00' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ price: 1, msrp: 1, country: 'UK', currency: 'GBP', active: 1, card_colour: 'doc-green', pre_book: 'after' });
    const [row] = await h.ctx.database.db.select().from(products).where(eq(products.id, res.body.data.id));
    expect(row).toMatchObject({ pricePence: 100, msrpPence: 100 });
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'product.created'), eq(auditEvents.resourceId, res.body.data.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(manager.user.id);
  });

  it('keeps 29.99 as 2999 pence and a dollar product in cents', async () => {
    const res = await create(productBody({ price: 29.99, msrp: 40.1, country: 'us' }));
    expect(res.body.data).toMatchObject({ price: 29.99, msrp: 40.1, country: 'US', currency: 'USD' });
    const [row] = await h.ctx.database.db.select().from(products).where(eq(products.id, res.body.data.id));
    expect(row).toMatchObject({ pricePence: 2999, msrpPence: 4010 });
  });

  it('refuses each field with the spec’s message, at its limit', async () => {
    const errors = async (overrides: Record<string, unknown>) => {
      const res = await create(productBody(overrides));
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await errors({ title: '' })).toMatchObject({ title: PRODUCT_MSG.title });
    expect(await errors({ title: undefined })).toMatchObject({ title: MSG.missingDetails });
    expect(await errors({ country: ' ' })).toMatchObject({ country: PRODUCT_MSG.country });
    expect(await errors({ price: null })).toMatchObject({ price: PRODUCT_MSG.price });
    expect(await errors({ price: '' })).toMatchObject({ price: PRODUCT_MSG.price });
    expect(await errors({ price: 0.99 })).toMatchObject({ price: PRODUCT_MSG.minimalPrice });
    expect(await errors({ price: 1.001 })).toMatchObject({ price: PRODUCT_MSG.pennies });
    expect(await errors({ msrp: '' })).toMatchObject({ msrp: PRODUCT_MSG.msrp });
    expect(await errors({ msrp: 'ten' })).toMatchObject({ msrp: PRODUCT_MSG.msrp });
    expect(await errors({ msrp: 0.99 })).toMatchObject({ msrp: PRODUCT_MSG.minimalValue });
    expect(await errors({ points: [{ text: '', colour: 'doc-black' }] })).toMatchObject({ 'points.0.text': PRODUCT_MSG.text });
    expect(await errors({ points: [{ text: 'Fast', colour: '' }] })).toMatchObject({ 'points.0.colour': PRODUCT_MSG.colour });
    expect(await errors({ card_colour: 'pink' })).toMatchObject({ card_colour: PRODUCT_MSG.colour });
    for (const flag of ['out_of_stock', 'discount_exempt', 'vat_exempt', 'shippable', 'bookable']) {
      expect(await errors({ [flag]: null }), flag).toMatchObject({ [flag]: PRODUCT_MSG.choose });
      expect(await errors({ [flag]: undefined }), flag).toMatchObject({ [flag]: MSG.missingDetails });
    }
    expect(await errors({ active: 2 })).toMatchObject({ active: PRODUCT_MSG.choose });
    expect(await errors({ type: 'Virtual', bookable: 1 })).toMatchObject({ bookable: PRODUCT_MSG.virtualNotBookable });
    expect(await errors({ bookable: 1, pre_book: null })).toMatchObject({ pre_book: PRODUCT_MSG.preBook });
    expect(await errors({ title: 'a\u0000b' })).toHaveProperty('title');
  });

  it('asks pre_book only when bookable, and keeps none otherwise', async () => {
    const res = await create(productBody({ bookable: 0, pre_book: 'before' }));
    expect(res.body.data).toMatchObject({ bookable: 0, pre_book: null });
  });

  it('refuses a duplicate SKU (409), whatever the spaces around it', async () => {
    const body = productBody();
    expect((await create(body)).status).toBe(201);
    expect(await create({ ...body, sku: ` ${body.sku} ` })).toMatchObject({ status: 409, body: { message: PRODUCT_MSG.duplicateSku } });
    expect((await create({ ...body, sku: 'FLX-UK-ANT-SNS-001' })).status).toBe(409);
  });
});

describe('PUT /product/{id}, PUT /product/switch and POST /product/{id}/delete', () => {
  it('replaces the whole product (a switch is the product with one flag flipped), audited with the fields that changed', async () => {
    const created = (await create(productBody())).body.data;
    const { id, currency: _currency, updated_at: _updated, ...whole } = created;
    const edited = await h.call('PUT', `${base}/product/${id}`, { token: manager.token, body: { ...whole, title: 'Renamed test', price: 30 } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, title: 'Renamed test', price: 30 });
    const switched = await h.call('PUT', `${base}/product/${id}`, { token: manager.token, body: { ...whole, title: 'Renamed test', price: 30, out_of_stock: 1 } });
    expect(switched.body.data.out_of_stock).toBe(1);
    expect((await h.call('PUT', `${base}/product/${id}`, { token: manager.token, body: { ...whole, price: 0.99 } })).body.errors).toMatchObject({ price: PRODUCT_MSG.minimalPrice });
    const other = (await create(productBody())).body.data;
    expect((await h.call('PUT', `${base}/product/${id}`, { token: manager.token, body: { ...whole, sku: other.sku } })).status).toBe(409);
    expect((await h.call('PUT', `${base}/product/00000000-0000-4000-8000-000000000000`, { token: manager.token, body: whole })).status).toBe(404);

    const history = await h.call('GET', `${base}/product/${id}/history`, { token: manager.token });
    expect(history.status).toBe(200);
    expect(history.body.data.map((c: { action: string; fields: string[] }) => [c.action, c.fields])).toEqual([
      ['edited', ['out_of_stock']],
      ['edited', ['title', 'price']],
      ['created', []],
    ]);
    expect(history.body.data[0].actor).toBe('Test Person');
  });

  it('switches every product at once, and each product that changed is audited', async () => {
    const created = (await create(productBody())).body.data;
    const off = await h.call('PUT', `${base}/product/switch`, { token: manager.token, body: { field: 'out_of_stock', value: 1 } });
    expect(off.status).toBe(200);
    expect(off.body.data.changed).toBeGreaterThan(SEED_PRODUCTS.length - 1);
    expect((await h.call('GET', `${base}/product`)).body.data).toEqual([]);
    const again = await h.call('PUT', `${base}/product/switch`, { token: manager.token, body: { field: 'out_of_stock', value: 1 } });
    expect(again.body.data.changed).toBe(0);
    const on = await h.call('PUT', `${base}/product/switch`, { token: manager.token, body: { field: 'out_of_stock', value: 0 } });
    expect(on.body.data.changed).toBeGreaterThanOrEqual(off.body.data.changed);
    expect((await h.call('GET', `${base}/product/${created.id}`)).status).toBe(200);
    const history = await h.call('GET', `${base}/product/${created.id}/history`, { token: manager.token });
    expect(history.body.data.slice(0, 2).map((c: { action: string }) => c.action)).toEqual(['switched', 'switched']);
    expect((await h.call('PUT', `${base}/product/switch`, { token: manager.token, body: { field: 'price', value: 1 } })).status).toBe(400);
  });

  it('retires a product rather than erasing it: 404 from then on, its SKU free again', async () => {
    const body = productBody();
    const created = (await create(body)).body.data;
    const retired = await h.call('POST', `${base}/product/${created.id}/delete`, { token: manager.token });
    expect(retired).toMatchObject({ status: 200, body: { success: true } });
    const [row] = await h.ctx.database.db.select().from(products).where(eq(products.id, created.id));
    expect(row!.retiredAt).toEqual(h.clock.now());
    expect((await h.call('GET', `${base}/product/${created.id}`, { token: manager.token })).status).toBe(404);
    expect((await h.call('POST', `${base}/product/${created.id}/delete`, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/product/${created.id}/history`, { token: manager.token })).status).toBe(404);
    const listed = await h.call('GET', `${base}/product?include_inactive=true`, { token: manager.token });
    expect(listed.body.data.map((p: { id: string }) => p.id)).not.toContain(created.id);
    expect((await create(body)).status).toBe(201);
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'product.retired'), eq(auditEvents.resourceId, created.id)));
    expect(audit).toHaveLength(1);
  });
});

describe('the form’s lists', () => {
  it('answers tags and colours to any signed-in role (approved kits and lot IDs: approved-kits.test.ts)', async () => {
    expect((await h.call('GET', `${base}/tag`, { token: patient.token })).body.data).toEqual([...PRODUCT_TAGS]);
    expect((await h.call('GET', `${base}/colour`, { token: support.token })).body.data).toEqual(PRODUCT_COLOURS.map((c) => ({ ...c })));
    for (const path of ['tag', 'colour', 'approved_kits', 'lot_ids']) expect((await h.call('GET', `${base}/${path}`)).status, path).toBe(401);
  });
});

describe('who may change products', () => {
  it('refuses without a session (401), with another role (403) and a super admin without products.manage (403)', async () => {
    const id = (await create(productBody())).body.data.id;
    const changes: [string, string, object | undefined][] = [
      ['POST', `${base}/product`, productBody()],
      ['PUT', `${base}/product/${id}`, productBody()],
      ['PUT', `${base}/product/switch`, { field: 'active', value: 1 }],
      ['POST', `${base}/product/${id}/delete`, undefined],
      ['GET', `${base}/product/${id}/history`, undefined],
    ];
    for (const [method, url, body] of changes) {
      expect((await h.call(method as 'POST', url, { body })).status, `${method} ${url}`).toBe(401);
      for (const user of [patient, support, admin]) {
        expect((await h.call(method as 'POST', url, { token: user.token, body })).status, `${method} ${url}`).toBe(403);
      }
    }
    expect((await h.call('GET', `${base}/product/${id}`, { token: manager.token })).status).toBe(200);
  });
});
