import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Discount codes (spec 3 §2.7, §3). `code` is upper-cased and unique; `value` is a percentage (1 to
 * 100) for type percentage, else integer pence. A code is valid on the London days from
 * `active_from` to `active_to` inclusive while `used_times < uses`; a use is taken by one
 * conditional UPDATE, so concurrent checkouts never take more uses than there are.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project: text('project').notNull(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    active: boolean('active').notNull().default(true),
    activeFrom: date('active_from', { mode: 'string' }).notNull(),
    activeTo: date('active_to', { mode: 'string' }).notNull(),
    uses: integer('uses').notNull(),
    usedTimes: integer('used_times').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    // text_pattern_ops: the same index answers a code's lookup and the list's code-prefix filter.
    uniqueIndex('discounts_code_key').on(t.code.op('text_pattern_ops')),
    index('discounts_created_idx').on(t.createdAt, t.id),
    index('discounts_project_created_idx').on(t.project, t.createdAt, t.id),
    // The Discount List (never used) and the Used Discount List, newest first.
    index('discounts_unused_created_idx').on(t.createdAt, t.id).where(sql`${t.usedTimes} = 0`),
    index('discounts_used_created_idx').on(t.createdAt, t.id).where(sql`${t.usedTimes} > 0`),
    check('discounts_type_check', sql`${t.type} IN ('percentage', 'reduction', 'trial')`),
    check('discounts_value_check', sql`${t.value} >= 0 AND (${t.type} <> 'percentage' OR ${t.value} BETWEEN 1 AND 100)`),
    check('discounts_uses_check', sql`${t.uses} >= 1 AND ${t.usedTimes} >= 0 AND ${t.usedTimes} <= ${t.uses}`),
    check('discounts_dates_check', sql`${t.activeFrom} <= ${t.activeTo}`),
  ],
);
