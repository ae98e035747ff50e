import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to which record, when, and how it ended. Health-data access and denials land here.
 * `actor_kind` says what the actor is (platform/audit.ts `AuditActorKind`): a signed-in user, the
 * holder of an appointment's short token, the holder of a signed download link, an anonymous
 * request, or the system. A short-token holder is told apart by `actor_key`, a digest of the token
 * (platform/audit.ts `actorKeyOf`), never the token. List reads are kept one record per reader (a
 * user or a short-token holder), record and 15-minute window (`window_start`, the first read's time
 * in `at`, the reads in `read_count`); every other record stands for one event (`read_count` 1, no window).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorKey: text('actor_key'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    windowStart: timestamp('window_start', { withTimezone: true }),
    readCount: integer('read_count').notNull().default(1),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actorUserId),
    // A record's change history (a product's, say).
    index('audit_events_resource_idx').on(t.resourceType, t.resourceId, t.at),
    uniqueIndex('audit_events_read_window_key').on(t.actorUserId, t.resourceType, t.resourceId, t.windowStart).where(sql`${t.windowStart} IS NOT NULL`),
    uniqueIndex('audit_events_token_read_window_key')
      .on(t.actorKey, t.resourceType, t.resourceId, t.windowStart)
      .where(sql`${t.windowStart} IS NOT NULL AND ${t.actorKey} IS NOT NULL`),
  ],
);

/** Fixed-window counters shared by every server process (sign-in limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Domain events written in the same transaction as the change that caused them. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    organisationId: uuid('organisation_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** One-time links' tokens and the like, sealed with the message key; cleared once every handler has it. */
    secrets: text('secrets'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the last of its handlers had it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_events_pending_idx').on(t.deliveredAt, t.id)],
);

/** One row per outbox event and handler registered for it: the handler-keyed delivery record. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The earliest time the next attempt may run (now, or later after a failure: the backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.handler] }),
    index('outbox_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** Every e-mail and SMS Vireo produces, with its delivery status. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** Sealed with the message key (AES-256-GCM): bodies hold set-password, registration and booking links. */
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['recorded', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('messages_created_idx').on(t.createdAt)],
);
