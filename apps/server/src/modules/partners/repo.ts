import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { partners, products } from '../../db/schema';

export type PartnerRow = typeof partners.$inferSelect;

export function listPartnerRows(db: Db): Promise<PartnerRow[]> {
  return db.select().from(partners).orderBy(asc(sql`lower(${partners.name})`), asc(partners.id));
}

export async function findPartnerRow(db: Db, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row;
}

/** By page address or source label, whatever their case (both are unique that way). */
export async function findPartnerBy(db: Db, column: 'slug' | 'source', value: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(sql`lower(${partners[column]}) = lower(${value})`);
  return row;
}

/** Which of `skus` are products on the catalogue (not retired). */
export async function knownSkus(db: Db, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db.select({ sku: products.sku }).from(products).where(and(inArray(products.sku, skus), isNull(products.retiredAt)));
  return new Set(rows.map((row) => row.sku));
}
