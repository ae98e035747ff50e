import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A country's national competent authority address (spec 3 §3 `NCA_address`), its own record. */
export const countryNcaAddresses = pgTable('country_nca_addresses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  address5: text('address_5').notNull().default(''),
  email: text('email').notNull().default(''),
});

/** What a country says about carrying narcotic and psychotropic medicines, its own record. */
export const countryRestrictions = pgTable('country_restrictions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  narcotic: text('narcotic').notNull(),
  psychotropic: text('psychotropic').notNull(),
});

/** A country's vaccine information, its own record. */
export const countryVaccineInformation = pgTable('country_vaccine_information', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  mostTravellers: text('most_travellers').notNull(),
  recommended: text('recommended').notNull(),
});

/**
 * A destination country, keyed by its ISO 3166-1 alpha-3 code (spec 3 §2.4, §3). The NCA address,
 * restriction and vaccine information are linked records, created and deleted with the country.
 */
export const countries = pgTable(
  'countries',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ncaAddressId: integer('nca_address_id')
      .notNull()
      .references(() => countryNcaAddresses.id),
    restrictionId: integer('restriction_id')
      .notNull()
      .references(() => countryRestrictions.id),
    vaccineInformationId: integer('vaccine_information_id')
      .notNull()
      .references(() => countryVaccineInformation.id),
    prohibitedSchedule: integer('prohibited_schedule').notNull(),
    prohibitedScheduleNarcotics: integer('prohibited_schedule_narcotics').array().notNull(),
    prohibitedSchedulePsychotropics: integer('prohibited_schedule_psychotropics').array().notNull(),
    recommendations: text('recommendations').array().notNull(),
    prohibitions: text('prohibitions').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('countries_name_idx').on(t.name, t.id)],
);

/**
 * The drug register (spec 3 §2.5), in the order of its lower-case name byte by byte (`COLLATE "C"`:
 * the same order on every database, and a prefix `LIKE 'abc%'` reads the index): the register's
 * pages read `drugs_name_idx`, the autocomplete's prefix search `drugs_autocomplete_idx`.
 */
export const drugs = pgTable(
  'drugs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    baseComponent: text('base_component').notNull(),
    type: text('type').notNull(),
    drugClass: integer('class').notNull(),
    showInAutocomplete: boolean('show_in_autocomplete').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('drugs_name_idx').on(sql`lower(${t.name}) COLLATE "C"`, t.id),
    index('drugs_autocomplete_idx').on(sql`lower(${t.name}) COLLATE "C"`, t.id).where(sql`${t.showInAutocomplete}`),
  ],
);

/** An info page a super admin writes (spec 3 §2.6): served at /info/{slug} once published; body in Markdown. */
export const infoPages = pgTable(
  'info_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    source: text('source').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull(),
    published: boolean('published').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('info_pages_slug_key').on(t.slug)],
);
