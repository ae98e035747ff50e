import { and, arrayOverlaps, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  PRODUCT_MSG,
  ProductsResponse,
  SEED_PRODUCTS,
  currencyOf,
  type Product,
  type ProductChange,
  type ProductData,
  type ProductSwitchRequest,
  type ProductTag,
} from '@vireo/contracts';
import { hasPermission } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import { SYSTEM_CALLER, type Caller, type SignedInCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { conflict, forbidden, notFound, sqlStateOf, unauthenticated } from '../../platform/errors';
import { auditEvents, orderItems, products, users } from '../../db/schema';
import { cachedJson, type CatalogueCache } from './catalogue-cache';

/** What the commerce API needs; built once per process (ctx.commerce). */
export interface CommerceDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** The shop's product lists and the countries register, answered from memory between changes. */
  cache: CatalogueCache;
  /** {product} in the pharmacy form's US source, {product}-us. */
  productName: string;
}

type ProductRow = typeof products.$inferSelect;
type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'retiredAt'>;

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
const toPence = (amount: number) => Math.round(amount * 100);

/** What a product says about the test it sells: its type (Antigen, PCR, Consultation…) and tags (before_flight, after_flight…). */
export interface TestProduct {
  type: string;
  tags: string[];
}

/** The product an order's line sold (a booking from the order keeps the line), or undefined for an unknown line. */
export async function productOfOrderLine(db: Db, orderItemId: string): Promise<TestProduct | undefined> {
  const [row] = await db.select({ type: products.type, tags: products.tags }).from(orderItems).innerJoin(products, eq(products.id, orderItems.productId)).where(eq(orderItems.id, orderItemId));
  return row;
}

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    country: row.country,
    currency: currencyOf(row.country),
    title: row.title,
    sub_title: row.subTitle,
    price: row.pricePence / 100,
    msrp: row.msrpPence / 100,
    sku: row.sku,
    type: row.type as Product['type'],
    tags: row.tags as ProductTag[],
    out_of_stock: bit(row.outOfStock),
    active: bit(row.active),
    bundle_id: row.bundleId,
    service: row.service,
    description: row.description,
    points: row.points,
    footer: row.footer,
    card_colour: row.cardColour,
    discount_exempt: bit(row.discountExempt),
    vat_exempt: bit(row.vatExempt),
    shippable: bit(row.shippable),
    bookable: bit(row.bookable),
    pre_book: row.preBook as Product['pre_book'],
    updated_at: epochSeconds(row.updatedAt),
  };
}

function valuesOf(input: ProductData, now: Date): ProductValues {
  return {
    sku: input.sku,
    title: input.title,
    subTitle: input.sub_title,
    country: input.country,
    pricePence: toPence(input.price),
    msrpPence: toPence(input.msrp),
    type: input.type,
    tags: [...new Set(input.tags)],
    outOfStock: input.out_of_stock === 1,
    active: input.active === 1,
    bundleId: input.bundle_id,
    service: input.service,
    description: input.description,
    points: input.points,
    footer: input.footer,
    cardColour: input.card_colour,
    discountExempt: input.discount_exempt === 1,
    vatExempt: input.vat_exempt === 1,
    shippable: input.shippable === 1,
    bookable: input.bookable === 1,
    preBook: input.pre_book,
    updatedAt: now,
  };
}

/** The API's name of each stored field. */
const API_FIELDS: Record<Exclude<keyof ProductValues, 'updatedAt'>, keyof Product> = {
  sku: 'sku',
  title: 'title',
  subTitle: 'sub_title',
  country: 'country',
  pricePence: 'price',
  msrpPence: 'msrp',
  type: 'type',
  tags: 'tags',
  outOfStock: 'out_of_stock',
  active: 'active',
  bundleId: 'bundle_id',
  service: 'service',
  description: 'description',
  points: 'points',
  footer: 'footer',
  cardColour: 'card_colour',
  discountExempt: 'discount_exempt',
  vatExempt: 'vat_exempt',
  shippable: 'shippable',
  bookable: 'bookable',
  preBook: 'pre_book',
};

/** The fields (by their API names) whose values differ: what a change's audit record names. */
function changedFields(before: ProductRow, after: ProductValues): string[] {
  const keys = Object.keys(API_FIELDS) as (keyof typeof API_FIELDS)[];
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => API_FIELDS[key]);
}

/** 409 for a second live product with the same SKU (the partial unique index decides, so a race cannot slip by). */
async function uniqueSku<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw conflict(PRODUCT_MSG.duplicateSku);
    throw error;
  }
}

async function liveProduct(db: Db, id: string, lock = false): Promise<ProductRow> {
  const query = db.select().from(products).where(and(eq(products.id, id), isNull(products.retiredAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * GET /product: anyone gets the active, in-stock products (having any of `tags`); `includeInactive`
 * (products.manage) adds the inactive and out-of-stock ones. Newest SKU order is by title.
 */
export async function listProducts(deps: CommerceDeps, caller: Caller, query: { tags: ProductTag[]; include_inactive: boolean; include_out_of_stock?: boolean }): Promise<Product[]> {
  if (query.include_inactive) {
    if (!caller.auth) throw unauthenticated();
    if (!hasPermission(caller.auth, 'products.manage')) throw forbidden(PRODUCT_MSG.includeInactive);
  }
  const rows = await deps.db
    .select()
    .from(products)
    .where(
      and(
        isNull(products.retiredAt),
        query.include_inactive ? undefined : and(eq(products.active, true), query.include_out_of_stock ? undefined : eq(products.outOfStock, false)),
        query.tags.length ? arrayOverlaps(products.tags, query.tags) : undefined,
      ),
    )
    .orderBy(asc(products.title), asc(products.sku));
  return rows.map(presentProduct);
}

/**
 * GET /product for anyone: the active, in-stock products with any of `tags` (all without), by title,
 * as the answer's JSON text; from memory until a product changes. `includeOutOfStock` (the shop's
 * catalogue) adds the active ones out of stock, flagged out_of_stock 1.
 */
export function onSaleProductsJson(deps: CommerceDeps, tags: ProductTag[], includeOutOfStock = false): Promise<string> {
  const key = `${includeOutOfStock ? 'all:' : ''}${[...new Set(tags)].sort().join(',')}`;
  return cachedJson(deps.cache, deps.cache.products, key, deps.clock.now(), ProductsResponse, async () => ({
    success: true as const,
    data: await listProducts(deps, SYSTEM_CALLER, { tags, include_inactive: false, include_out_of_stock: includeOutOfStock }),
  }));
}

/** GET /product/{id}: anyone an active, in-stock product; a products.manage holder any that is not retired. */
export async function getProduct(deps: CommerceDeps, caller: Caller, id: string): Promise<Product> {
  const row = await liveProduct(deps.db, id);
  const manager = caller.auth !== null && hasPermission(caller.auth, 'products.manage');
  if (!manager && (!row.active || row.outOfStock)) throw notFound();
  return presentProduct(row);
}

export async function createProduct(deps: CommerceDeps, caller: SignedInCaller, input: ProductData): Promise<Product> {
  const now = deps.clock.now();
  return uniqueSku(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values({ ...valuesOf(input, now), createdAt: now }).returning();
      if (!row) throw new Error('product insert returned nothing');
      await deps.audit.record({ action: 'product.created', outcome: 'success', resourceType: 'product', resourceId: row.id, details: { sku: row.sku } }, caller, tx);
      return presentProduct(row);
    }),
  );
}

/** PUT /product/{id}: the whole product replaced (the switches send it with one flag flipped). */
export async function replaceProduct(deps: CommerceDeps, caller: SignedInCaller, id: string, input: ProductData): Promise<Product> {
  const now = deps.clock.now();
  return uniqueSku(() =>
    deps.db.transaction(async (tx) => {
      const before = await liveProduct(tx, id, true);
      const values = valuesOf(input, now);
      const fields = changedFields(before, values);
      const [row] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
      await deps.audit.record({ action: 'product.edited', outcome: 'success', resourceType: 'product', resourceId: id, details: { fields } }, caller, tx);
      return presentProduct(row!);
    }),
  );
}

/** PUT /product/switch: one flag set on every product that is not retired; each product that changed is audited. */
export async function switchAllProducts(deps: CommerceDeps, caller: SignedInCaller, input: ProductSwitchRequest): Promise<number> {
  const column = input.field === 'active' ? products.active : products.outOfStock;
  const value = input.value === 1;
  return deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(products)
      .set(input.field === 'active' ? { active: value, updatedAt: deps.clock.now() } : { outOfStock: value, updatedAt: deps.clock.now() })
      .where(and(isNull(products.retiredAt), sql`${column} IS DISTINCT FROM ${value}`))
      .returning({ id: products.id });
    for (const { id } of changed) {
      await deps.audit.record({ action: 'product.switched', outcome: 'success', resourceType: 'product', resourceId: id, details: { fields: [input.field], all: true } }, caller, tx);
    }
    return changed.length;
  });
}

/**
 * POST /product/{id}/delete: the product is retired, never erased (orders that name it keep it);
 * from then on it answers 404 and its SKU is free.
 */
export async function retireProduct(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await liveProduct(tx, id, true);
    await tx.update(products).set({ retiredAt: deps.clock.now() }).where(eq(products.id, id));
    await deps.audit.record({ action: 'product.retired', outcome: 'success', resourceType: 'product', resourceId: id }, caller, tx);
  });
}

const CHANGE_ACTIONS: Record<string, ProductChange['action']> = {
  'product.created': 'created',
  'product.edited': 'edited',
  'product.switched': 'switched',
  'product.retired': 'retired',
};

/** GET /product/{id}/history: who changed what and when, newest first, from the audit log. */
export async function productHistory(deps: CommerceDeps, _caller: SignedInCaller, id: string): Promise<ProductChange[]> {
  await liveProduct(deps.db, id);
  const rows = await deps.db
    .select({ at: auditEvents.at, action: auditEvents.action, details: auditEvents.details, firstName: users.firstName, lastName: users.lastName })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.resourceType, 'product'), eq(auditEvents.resourceId, id)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(200);
  return rows.flatMap((row) => {
    const action = CHANGE_ACTIONS[row.action];
    if (!action) return [];
    const fields = Array.isArray(row.details?.fields) ? (row.details.fields as string[]) : [];
    return [{ at: epochSeconds(row.at), action, actor: row.firstName ? `${row.firstName} ${row.lastName}` : null, fields }];
  });
}

/** Serialises the catalogue seed when several processes start on one empty database. */
const SEED_LOCK = 72_190_404;

/** The starting catalogue, once per SKU: a product whose SKU was ever used (even retired) is not added again. */
export async function seedProducts(deps: CommerceDeps): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const known = new Set((await tx.select({ sku: products.sku }).from(products)).map((row) => row.sku));
    const missing = SEED_PRODUCTS.filter((product) => !known.has(product.sku));
    for (const product of missing) {
      const data: ProductData = { sub_title: null, bundle_id: null, service: null, description: null, footer: null, points: [], card_colour: 'doc-green', ...product, pre_book: product.pre_book ?? null };
      const [row] = await tx.insert(products).values({ ...valuesOf(data, now), createdAt: now }).returning({ id: products.id });
      await deps.audit.record({ action: 'product.created', outcome: 'success', resourceType: 'product', resourceId: row!.id, details: { sku: product.sku, seeded: true } }, SYSTEM_CALLER, tx);
    }
    return missing.length;
  });
}
