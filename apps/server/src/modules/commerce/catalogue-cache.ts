import type { z } from 'zod';
import type { LiveHub } from '../../platform/live';
import { PageCache } from '../../platform/page-cache';

/** What the shop's product lists and the countries register read (migration 0019_catalogue_cache's triggers tell of changes). */
const PRODUCT_TABLES = ['products'] as const;
const COUNTRY_TABLES = ['countries', 'country_nca_addresses', 'country_restrictions', 'country_vaccine_information'] as const;

/**
 * The catalogue's most read answers as JSON text, kept in memory until a change to what they were
 * read from is heard from PostgreSQL (any process, or by hand): the shop's products on sale by tag,
 * and the countries register. Every product or country change drops its own kind only.
 */
export interface CatalogueCache {
  live: Pick<LiveHub, 'tablesHeard'>;
  products: PageCache<string>;
  countries: PageCache<string>;
}

export function createCatalogueCache(live: Pick<LiveHub, 'tablesHeard' | 'watchTables'>): CatalogueCache {
  const products = new PageCache<string>(PRODUCT_TABLES);
  const countries = new PageCache<string>(COUNTRY_TABLES);
  live.watchTables(products);
  live.watchTables(countries);
  return { live, products, countries };
}

/**
 * The answer `read` gives, checked against the route's `schema` and as JSON text: from memory once
 * every change committed before this read has been heard (`tablesHeard`), else read and kept.
 */
export async function cachedJson<T>(cache: CatalogueCache, pages: PageCache<string>, key: string, now: Date, schema: z.ZodType<T>, read: () => Promise<T>): Promise<string> {
  if (pages.get(key, now) !== undefined && (await cache.live.tablesHeard())) {
    const kept = pages.get(key, now);
    if (kept !== undefined) return kept;
  }
  const begun = pages.begin();
  const json = JSON.stringify(schema.parse(await read()));
  pages.put(key, begun, json, json.length, { from: now, until: Number.POSITIVE_INFINITY });
  return json;
}
