import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * An invitation to set a password: a practitioner account created by a shift manager has no
 * password until its owner follows the e-mailed link. Only the token's SHA-256 is kept.
 */
export const passwordInvitations = pgTable(
  'password_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer invitation replaces it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('password_invitations_user_idx').on(t.userId)],
);
