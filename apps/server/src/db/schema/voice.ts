import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VOICE_CALL_STATUSES, VOICE_VIAS } from '@vireo/contracts';
import { users } from './identity';
import { appointments, bookingUsers } from './booking';

/** A practitioner's call device (POST /api/voice/token), stored as its SHA-256. */
export const voiceDevices = pgTable(
  'voice_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identity: text('identity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('voice_devices_expiry_idx').on(t.expiresAt)],
);

/**
 * One call from a practitioner's widget to a booking user: who rang whom, how (`app`: the customer's
 * open Vireo page; `phone`: their number, through the provider, whose call id it keeps), when it was
 * answered and when it ended (its length), and how it ended. No content is kept.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    bookingUserId: uuid('booking_user_id')
      .notNull()
      .references(() => bookingUsers.id, { onDelete: 'cascade' }),
    callerUserId: uuid('caller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's account whose pages ring; null for a phone call to a booking made without one. */
    calleeUserId: uuid('callee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    via: text('via', { enum: VOICE_VIAS }).notNull().default('app'),
    providerCallId: text('provider_call_id'),
    status: text('status', { enum: VOICE_CALL_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('voice_calls_caller_status_idx').on(t.callerUserId, t.status), index('voice_calls_status_created_idx').on(t.status, t.createdAt), index('voice_calls_booking_user_idx').on(t.bookingUserId), uniqueIndex('voice_calls_provider_call_idx').on(t.providerCallId)],
);
