import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLE_NAMES } from '@vireo/contracts';

export const roleName = pgEnum('role_name', ROLE_NAMES);

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organisationProfiles = pgTable('organisation_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .unique()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  dailyCheck: boolean('daily_check').notNull().default(false),
  orderKit: boolean('order_kit').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    dateOfBirth: bigint('date_of_birth', { mode: 'number' }),
    telephone: text('telephone'),
    avatarImage: text('avatar_image'),
    address1: text('address_1'),
    city: text('city'),
    county: text('county'),
    postcode: text('postcode'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When the owner proved the address. Every account counts as verified from its creation (the
     * column's default, which also filled the rows there were when it came) except a self sign-up,
     * which inserts null and may not sign in until its e-mailed link sets it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_organisation_idx').on(t.organisationId)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: roleName('name').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_user_name_org_key').on(t.userId, t.name, t.organisationId), index('roles_user_idx').on(t.userId)],
);

export const roleProfiles = pgTable('role_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  roleId: uuid('role_id')
    .notNull()
    .unique()
    .references(() => roles.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationProfileId: uuid('organisation_profile_id')
    .notNull()
    .references(() => organisationProfiles.id),
  name: text('name').notNull(),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in sessions. Only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time login tokens handed to /verify-token and exchanged once for a session. */
export const loginTokens = pgTable('login_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  name: text('name').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  roleId: uuid('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Forgotten-password links: one-time, expiring; the link's token is stored only as its SHA-256. */
/** A self sign-up's e-mailed verification links (SHA-256 of the token, a day, once; a newer link closes older ones). */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when a newer link for the same account replaces it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used, or when a newer link for the same account replaces it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Permissions granted to an account one by one (contracts' `GRANTABLE_PERMISSIONS`): the spec's lists
 * of named admins. The session store loads them with the roles; a change is forgotten at once in every process.
 */
export const permissionGrants = pgTable(
  'permission_grants',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] }), index('permission_grants_permission_idx').on(t.permission)],
);
