import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HEALTH_SEXES, KIT_ORDER_STATUSES, REGISTRATION_STATUSES, TEST_RESULT_VALUES, TRIAGE_CODES } from '@vireo/contracts';
import { organisationProfiles, organisations, roleProfiles, users } from './identity';

/** A role profile's delivery address for home test kits (one per profile). */
export const shippingDetails = pgTable('shipping_details', {
  id: uuid('id').primaryKey().defaultRandom(),
  roleProfileId: uuid('role_profile_id')
    .notNull()
    .unique()
    .references(() => roleProfiles.id, { onDelete: 'cascade' }),
  organisationProfileId: uuid('organisation_profile_id')
    .notNull()
    .references(() => organisationProfiles.id),
  address1: text('address_1').notNull(),
  address2: text('address_2'),
  city: text('city').notNull(),
  county: text('county').notNull(),
  postcode: text('postcode').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The onboarding health assessment: taken once per role profile. */
export const healthAssessments = pgTable('health_assessments', {
  id: uuid('id').primaryKey().defaultRandom(),
  roleProfileId: uuid('role_profile_id')
    .notNull()
    .unique()
    .references(() => roleProfiles.id, { onDelete: 'cascade' }),
  sex: text('sex', { enum: HEALTH_SEXES }).notNull(),
  heightCm: doublePrecision('height_cm').notNull(),
  weightKg: doublePrecision('weight_kg').notNull(),
  smoking: boolean('smoking').notNull(),
  healthConditions: integer('health_conditions').array().notNull(),
  familyHealthConditions: integer('family_health_conditions').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Every symptom-checker submission, kept as the profile's symptom history. */
export const symptomSubmissions = pgTable(
  'symptom_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleProfileId: uuid('role_profile_id')
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    contactIds: integer('contact_ids').array().notNull(),
    symptomatic: boolean('symptomatic').notNull(),
    fever: boolean('fever').notNull(),
    cough: boolean('cough').notNull(),
    shortnessOfBreath: boolean('shortness_of_breath').notNull(),
    lossOfSmell: boolean('loss_of_smell').notNull(),
    worsening: boolean('worsening').notNull(),
    breathingFast: boolean('breathing_fast').notNull(),
    coughingBlood: boolean('coughing_blood').notNull(),
    highRiskCountry: boolean('high_risk_country').notNull(),
    symptoms: integer('symptoms').array().notNull(),
    code: text('code', { enum: TRIAGE_CODES }).notNull(),
  },
  (t) => [index('symptom_submissions_profile_idx').on(t.roleProfileId, t.submittedAt)],
);

/** Home test kit orders. At most one open order per profile, enforced by a partial unique index. */
export const kitOrders = pgTable(
  'kit_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleProfileId: uuid('role_profile_id')
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    appointmentDate: timestamp('appointment_date', { withTimezone: true }).notNull(),
    status: text('status', { enum: KIT_ORDER_STATUSES }).notNull(),
    confirmationEmail: text('confirmation_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('kit_orders_profile_idx').on(t.roleProfileId, t.createdAt),
    uniqueIndex('kit_orders_one_open_key').on(t.roleProfileId).where(sql`${t.status} in ('ordered', 'dispatched')`),
  ],
);

/** Test results with the result letter (a PDF in file storage). */
export const testResults = pgTable(
  'test_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleProfileId: uuid('role_profile_id')
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'cascade' }),
    kitOrderId: uuid('kit_order_id').references(() => kitOrders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sampleDate: timestamp('sample_date', { withTimezone: true }).notNull(),
    result: text('result', { enum: TEST_RESULT_VALUES }).notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_results_profile_idx').on(t.roleProfileId, t.sampleDate)],
);

/** Employees a manager invited; pending until the invitee creates their account. */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    /** SHA-256 of the invitation token; cleared once the account exists. */
    tokenHash: text('token_hash').unique(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    roleProfileId: uuid('role_profile_id').references(() => roleProfiles.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('registrations_org_email_key').on(t.organisationId, sql`lower(${t.email})`)],
);

/** Secrets that sign short-lived download links; shared by every server process through the database. */
export const linkSigningKeys = pgTable('link_signing_keys', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
