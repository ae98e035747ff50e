import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Live events too large for a NOTIFY payload (PostgreSQL caps it at 8,000 bytes): the
 * notification carries the row's id and every server process reads the event from here. Rows are
 * only needed for the moment it takes the listeners to read them; publishing prunes old ones.
 */
export const livePayloads = pgTable(
  'live_payloads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_payloads_created_idx').on(t.createdAt)],
);
