import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './identity';

/**
 * Dropboxes (spec 3 §3): where customers leave their sampled kits for a courier, with the facility's
 * address and contact; only active ones take drop-offs. Never erased (receipts name them).
 */
export const dropboxes = pgTable(
  'dropboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    active: boolean('active').notNull().default(true),
    name: text('name').notNull(),
    address1: text('address_1').notNull(),
    address2: text('address_2').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default(''),
    type: text('type').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dropboxes_name_idx').on(sql`lower(${t.name})`, t.id)],
);

/**
 * A dropbox's hours, one row per open weekday (1 Sunday to 7 Saturday), HH:mm, closing after opening;
 * a weekday without a row is closed.
 */
export const dropboxOpeningTimes = pgTable(
  'dropbox_opening_times',
  {
    dropboxId: uuid('dropbox_id')
      .notNull()
      .references(() => dropboxes.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startHour: text('start_hour').notNull(),
    endHour: text('end_hour').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dropboxId, t.weekday] }),
    check('dropbox_opening_times_weekday_check', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('dropbox_opening_times_hours_check', sql`${t.startHour} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endHour} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endHour} > ${t.startHour}`),
  ],
);

/**
 * Receipts (spec 3 §3; issue 19): a kit an order dispatched that its customer says they will leave
 * at a dropbox on `expected_dropoff_date` (a London calendar date). One per kit: a later drop-off
 * of the same kit replaces it. A courier's collection sets `collected_at`, `collected_by` and the
 * dropbox it was collected at (a kit collected without a drop-off gets its receipt then); the
 * missed-receipts job sets `missed_at` when none came by the next day's closing time.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shortToken: text('short_token').notNull(),
    kitId: text('kit_id').notNull(),
    dropboxId: uuid('dropbox_id')
      .notNull()
      .references(() => dropboxes.id),
    expectedDropoffDate: date('expected_dropoff_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    collectedBy: uuid('collected_by').references(() => users.id),
    collectedDropboxId: uuid('collected_dropbox_id').references(() => dropboxes.id),
    missedAt: timestamp('missed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_kit_id_key').on(t.kitId),
    index('receipts_awaiting_idx').on(t.expectedDropoffDate).where(sql`${t.collectedAt} IS NULL AND ${t.missedAt} IS NULL`),
    index('receipts_dropbox_date_idx').on(t.dropboxId, t.expectedDropoffDate),
    // A day's pickups count every dropbox's receipts of that day from this index alone.
    index('receipts_date_dropbox_idx').on(t.expectedDropoffDate, t.dropboxId, t.collectedAt),
    index('receipts_order_idx').on(t.orderId),
  ],
);
