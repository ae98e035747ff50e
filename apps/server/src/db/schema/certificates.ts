import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CERTIFICATE_KINDS, CERTIFICATE_STATUSES } from '@vireo/contracts';
import { organisations, users } from './identity';
import { appointments, bookingUsers } from './booking';

/**
 * The Ed25519 keys certificates are signed with. One is active (signs new certificates); the
 * others stay published in the JWKS so the certificates they signed still verify. A generated key's
 * private half is kept sealed (platform/sealing); a configured one (CERTIFICATE_SIGNING_KEY) is not
 * stored at all.
 */
export const certificateSigningKeys = pgTable(
  'certificate_signing_keys',
  {
    kid: text('kid').primaryKey(),
    /** The raw 32-byte public key, base64url (the JWK's `x`). */
    publicKey: text('public_key').notNull(),
    privateKeySealed: text('private_key_sealed'),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('certificate_signing_keys_one_active').on(t.active).where(sql`${t.active}`)],
);

/** An issued certificate: the facts it signs, its token's key, its PDF, and whether it still stands. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    bookingUserId: uuid('booking_user_id')
      .notNull()
      .references(() => bookingUsers.id, { onDelete: 'cascade' }),
    /** The issuing practitioner's organisation. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    issuedByUserId: uuid('issued_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CERTIFICATE_KINDS }).notNull(),
    /** The signed payload (EU DCC test entry shape) exactly as signed. */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    kid: text('kid')
      .notNull()
      .references(() => certificateSigningKeys.kid),
    status: text('status', { enum: CERTIFICATE_STATUSES }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => certificates.id, { onDelete: 'set null' }),
    pdfKey: text('pdf_key').notNull(),
    /** The holder's name and e-mail as issued (certificate management searches and lists them). */
    holderName: text('holder_name').notNull().default(''),
    email: text('email'),
    /** The ID document's number printed on it. */
    documentNumber: text('document_number'),
    /** When it was last e-mailed, and when its recipient first opened the e-mailed link. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    index('certificates_appointment_idx').on(t.appointmentId),
    index('certificates_booking_user_idx').on(t.bookingUserId),
    // Certificate management's search: a range of issue times, newest first.
    index('certificates_issued_at_idx').on(t.issuedAt, t.id),
    // Its name search (holder's name or e-mail containing the text, ILIKE '%…%'): trigram indexes (pg_trgm), so a search
    // for one person reads their certificates, not every certificate of the range.
    index('certificates_holder_name_trgm_idx').using('gin', t.holderName.op('gin_trgm_ops')),
    index('certificates_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    uniqueIndex('certificates_one_valid_per_person').on(t.bookingUserId).where(sql`${t.status} = 'valid'`),
  ],
);
