import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organisations, users } from './identity';

/**
 * A customer of the support chat: whoever pressed "Start a chat" (a signed-in customer's account,
 * or the name and e-mail they gave). Their chat token, kept only as its SHA-256, is what they read
 * and write their own rooms with (the x-chat-token header, and the live socket's first message).
 */
export const chatCustomers = pgTable('chat_customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A chat room: `internal` between staff of one organisation, or `external` between a customer and
 * the staff who claimed it. Status claimable → live → closed; claiming is a conditional UPDATE.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['internal', 'external'] }).notNull(),
    status: text('status', { enum: ['claimable', 'live', 'closed'] }).notNull(),
    userRole: text('user_role').notNull(),
    /** Internal rooms: their organisation. External rooms belong to the support team of every organisation. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => chatCustomers.id, { onDelete: 'cascade' }),
    /** The customer's read horizon (the last message id they read). */
    customerLastRead: bigint('customer_last_read', { mode: 'number' }).notNull().default(0),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the customer was last e-mailed that staff answered while they were away (at most one e-mail per window). */
    customerNotifiedAt: timestamp('customer_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_rooms_status_idx').on(t.type, t.status, t.createdAt),
    index('chat_rooms_customer_idx').on(t.customerId),
    check('chat_rooms_customer_check', sql`(${t.type} = 'external') = (${t.customerId} IS NOT NULL)`),
  ],
);

/**
 * A room's link tokens, e-mailed to its customer when staff answer while they are away: the token
 * (only its SHA-256 kept here; sealed in the outbox until the e-mail is written) opens that one room
 * until it expires, as the x-chat-token header and the live socket's guest token.
 */
export const chatRoomLinks = pgTable(
  'chat_room_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_room_links_room_idx').on(t.roomId)],
);

/** Staff in a room, each with their read horizon (the last message id they read). */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastRead: bigint('last_read', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

/**
 * Messages, in id order; `internal` notes between staff are never shown to the customer. The body
 * is sealed at rest (`platform/sealing.ts`, `v1.…`); an attached image is kept in file storage,
 * re-encoded, with its thumbnail, and named by `image_id` in its signed links.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorKind: text('author_kind', { enum: ['staff', 'customer', 'system'] }).notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    imageId: uuid('image_id').unique(),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    imageType: text('image_type'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    check('chat_messages_image_check', sql`(${t.imageId} IS NULL) = (${t.imageKey} IS NULL) AND (${t.imageKey} IS NULL) = (${t.thumbnailKey} IS NULL)`),
  ],
);

/** When a staff member's or customer's chat page last reported in: online within a few heartbeats. */
export const chatPresence = pgTable('chat_presence', {
  memberId: uuid('member_id').primaryKey(),
  staff: boolean('staff').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
