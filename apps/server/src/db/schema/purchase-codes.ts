import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { products } from './products';

/**
 * Batches of purchase codes (issue 17): `count` codes made at once, each `prefix` + 10 random
 * characters, prepaying one unit of `product_id` per use, `uses_per_code` times, until the London
 * day `valid_until` included. `used_times` is the sum of its codes' `used_times`, raised in the same
 * statement that takes a code's use, so the batch list reads batches only.
 */
export const purchaseCodeBatches = pgTable(
  'purchase_code_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    count: integer('count').notNull(),
    usesPerCode: integer('uses_per_code').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    usedTimes: integer('used_times').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    index('purchase_code_batches_created_idx').on(t.createdAt, t.id),
    check('purchase_code_batches_count_check', sql`${t.count} BETWEEN 1 AND 10000`),
    check('purchase_code_batches_uses_check', sql`${t.usesPerCode} >= 1`),
    check('purchase_code_batches_used_check', sql`${t.usedTimes} BETWEEN 0 AND ${t.count} * ${t.usesPerCode}`),
  ],
);

/**
 * Spec 3 §3's purchase code: id, value (unique), uses. A use is taken by one conditional UPDATE
 * (`used_times < uses`), so concurrent orders never take more uses than there are.
 */
export const purchaseCodes = pgTable(
  'purchase_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => purchaseCodeBatches.id),
    value: text('value').notNull(),
    uses: integer('uses').notNull(),
    usedTimes: integer('used_times').notNull().default(0),
  },
  (t) => [
    uniqueIndex('purchase_codes_value_key').on(t.value),
    index('purchase_codes_batch_idx').on(t.batchId, t.value),
    check('purchase_codes_uses_check', sql`${t.uses} >= 1 AND ${t.usedTimes} >= 0 AND ${t.usedTimes} <= ${t.uses}`),
  ],
);
