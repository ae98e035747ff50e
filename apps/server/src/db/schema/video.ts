import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CALL_ROLES } from '@vireo/contracts';
import { users } from './identity';
import { appointments } from './booking';

/**
 * A participant's video token (POST /api/video/token), stored as its SHA-256, and whether that
 * participant is in the room now: `connection_id` names the live socket (in any server process)
 * that joined with it, `seen_at` is refreshed by that process's heartbeat, `left_at` is when the
 * socket went away (the practitioner's 2-second rule is settled from it).
 */
export const videoParticipants = pgTable(
  'video_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CALL_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The signed-in user it was given to; null for the customer's link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    connectionId: text('connection_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('video_participants_appointment_idx').on(t.appointmentId, t.role), index('video_participants_left_idx').on(t.leftAt)],
);
