import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One product's code prefix rule of a partner (contracts' `CodePrefixRule`). */
export interface CodePrefixRuleRow {
  sku: string;
  prefixes: string[];
  excluded: string[];
}

/**
 * Partners (issue 18, spec 2 §2.10, spec 3 §7.4): the holiday companies, attraction-ticket resellers,
 * airlines and European partners with a booking page at /book_test_{slug}. `source` is the label their
 * orders carry; `code_prefixes` the purchase code prefixes per product their forms accept. The page
 * address and the label are unique whatever their case. Seeded with OFL, attractionworld and floridatix.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    service: text('service').notNull(),
    language: text('language').notNull(),
    homePageUrl: text('home_page_url').notNull(),
    logo: text('logo').notNull().default(''),
    codePrefixes: jsonb('code_prefixes').$type<CodePrefixRuleRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partners_slug_key').on(sql`lower(${t.slug})`),
    uniqueIndex('partners_source_key').on(sql`lower(${t.source})`),
    check('partners_kind_check', sql`${t.kind} IN ('holiday', 'airline', 'european')`),
    check('partners_service_check', sql`${t.service} IN ('video_gp', 'video_gp_product', 'video_gp_euro')`),
    check('partners_language_check', sql`${t.language} IN ('EN', 'DE')`),
  ],
);
