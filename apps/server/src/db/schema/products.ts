import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductPoint } from '@vireo/contracts';

/**
 * The commerce API's products (spec 3 §3). Prices in integer pence (cents for country US). A product
 * is never erased: deleting retires it (`retired_at`), so the orders that name it keep it; a retired
 * product answers 404 and leaves its SKU free for a new one.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    country: text('country').notNull(),
    pricePence: integer('price_pence').notNull(),
    msrpPence: integer('msrp_pence').notNull(),
    type: text('type').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    outOfStock: boolean('out_of_stock').notNull(),
    active: boolean('active').notNull(),
    bundleId: text('bundle_id'),
    service: text('service'),
    description: text('description'),
    points: jsonb('points').$type<ProductPoint[]>().notNull().default(sql`'[]'::jsonb`),
    footer: text('footer'),
    cardColour: text('card_colour').notNull(),
    discountExempt: boolean('discount_exempt').notNull(),
    vatExempt: boolean('vat_exempt').notNull(),
    shippable: boolean('shippable').notNull(),
    bookable: boolean('bookable').notNull(),
    preBook: text('pre_book'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku).where(sql`${t.retiredAt} IS NULL`),
    // GET /product for anyone: the active, in-stock products, by tag.
    index('products_on_sale_tags_idx').using('gin', t.tags).where(sql`${t.retiredAt} IS NULL AND ${t.active} AND NOT ${t.outOfStock}`),
  ],
);

/**
 * The approved test kits' register (GET /approved_kits, /lot_ids; the Kits tab): what a certificate
 * names as its kit, with specificity and sensitivity, and the lot IDs of a kit whose lots are
 * tracked. `id` is a slug made from the first name. A kit is never erased: retiring it
 * (`retired_at`) takes it off the register, and the certificates that name it keep their copy.
 */
export const approvedKits = pgTable(
  'approved_kits',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    specificity: text('specificity').notNull(),
    sensitivity: text('sensitivity').notNull(),
    lotTracking: boolean('lot_tracking').notNull(),
    lotIds: text('lot_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('approved_kits_name_key').on(sql`lower(${t.name})`).where(sql`${t.retiredAt} IS NULL`)],
);
