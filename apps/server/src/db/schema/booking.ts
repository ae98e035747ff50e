import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, LANGUAGES } from '@vireo/contracts';
import { organisations, sessions, users } from './identity';
import { orderItems, orders } from './orders';

/** A practitioner's working time: it produces AVAILABLE 20-minute appointments for its services. */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerUserId: uuid('practitioner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    services: text('services').array().notNull(),
    languages: text('languages', { enum: LANGUAGES }).array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('shifts_practitioner_time_idx').on(t.practitionerUserId, t.startTime), check('shifts_time_order', sql`${t.endTime} > ${t.startTime}`)],
);

/**
 * An appointment (spec 2 §3). A slot is an AVAILABLE appointment made by a shift; holding, paying
 * and claiming change the same row under conditional updates, so one slot has one winner.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    testType: text('test_type').notNull().default('Antigen'),
    /** Null for rows without a slot (self_swab), as spec 2 §4.1 says some rows have no status. */
    status: text('status', { enum: APPOINTMENT_STATUSES }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    statusLastUpdated: timestamp('status_last_updated', { withTimezone: true }).notNull(),
    language: text('language', { enum: LANGUAGES }).notNull().default('EN'),
    tzLocation: text('tz_location').notNull().default('Europe/London'),
    /** Services and languages this slot may be booked for (copied from its shift). */
    offeredServices: text('offered_services').array().notNull().default(sql`'{}'::text[]`),
    offeredLanguages: text('offered_languages', { enum: LANGUAGES }).array().notNull().default(sql`'{EN}'::text[]`),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    practitionerUserId: uuid('practitioner_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimableSlot: boolean('claimable_slot').notNull().default(false),
    testingKitId: text('testing_kit_id'),
    userVideoToken: text('user_video_token'),
    providerBookingReference: text('provider_booking_reference'),
    paid: boolean('paid').notNull().default(false),
    /** What was charged for this booking, in pence (GBP). */
    amountPence: integer('amount_pence').notNull().default(0),
    /** The signed-in account that booked it, if any: a patient sees their own bookings. */
    bookerUserId: uuid('booker_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the customer's link token (GET /-/short-token/{token}, edit, delete). */
    shortTokenHash: text('short_token_hash'),
    /**
     * The same token sealed with the message key, so its signed-in booker's list can open the
     * booking's link (the confirmation e-mail, sealed with the same key, carries it too).
     */
    shortTokenSealed: text('short_token_sealed'),
    tocAccept: boolean('toc_accept').notNull().default(false),
    marketingAccept: boolean('marketing_accept').notNull().default(false),
    flightDetails: jsonb('flight_details').$type<Record<string, unknown>>(),
    /**
     * The order that paid for it (issue 18) and its line: the line's `fulfilled` counts the people
     * booked. Such an appointment keeps the order's short token as its link (short_token_hash/sealed).
     */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** SHA-256 of the holder's token while LOCKED, and when the hold lapses. */
    holdTokenHash: text('hold_token_hash'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** A booking deleted in time may be rebooked once with the same link. */
    rebookable: boolean('rebookable').notNull().default(false),
    rebookedFromId: uuid('rebooked_from_id'),
    alternativeVideoRoom: text('alternative_video_room'),
    videoRoom: text('video_room'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The lists count every match for their total: with end_time (and status) in the keys, that count
  // reads the index alone. Start time then id is the lists' order, so a page is read in order from
  // the index, forwards or backwards, and only its own rows come from the table.
  (t) => [
    index('appointments_status_start_idx').on(t.status, t.startTime, t.id, t.endTime),
    index('appointments_practitioner_start_idx').on(t.practitionerUserId, t.startTime, t.id, t.status, t.endTime),
    index('appointments_booker_idx').on(t.bookerUserId),
    index('appointments_order_idx').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    index('appointments_short_token_idx').on(t.shortTokenHash),
    // A link from before a reschedule follows the booking along rebooked_from_id (customer.ts).
    index('appointments_rebooked_from_idx').on(t.rebookedFromId),
    index('appointments_shift_idx').on(t.shiftId),
    index('appointments_hold_expiry_idx').on(t.holdExpiresAt),
    // The next end of any appointment: how long a cached list page that depends on the time stays true (list-page.ts).
    index('appointments_end_idx').on(t.endTime),
  ],
);

/**
 * A holder's run of slot holds: 30 minutes from the first hold (spec 2 §9), whatever slots the
 * holder moves between, never renewed. The holder carries the run's token; a signed-in session has
 * one run (session_id is unique), so it holds one slot at a time. A run whose slot was booked is over.
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the holder's token; the held appointment carries the same hash. */
    tokenHash: text('token_hash').notNull().unique(),
    sessionId: uuid('session_id')
      .unique()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The slot the run holds, or held last. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [index('slot_holds_expiry_idx').on(t.expiresAt)],
);

/** A person on a booking (spec 2 §3 booking user). */
export const bookingUsers = pgTable(
  'booking_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    dateOfBirth: bigint('date_of_birth', { mode: 'number' }).notNull(),
    sex: text('sex'),
    ethnicity: text('ethnicity'),
    streetAddress: text('street_address'),
    extendedAddress: text('extended_address'),
    locality: text('locality'),
    region: text('region'),
    country: text('country'),
    postalCode: text('postal_code'),
    language: text('language', { enum: LANGUAGES }),
    tzLocation: text('tz_location'),
    tocAccept: boolean('toc_accept').notNull().default(false),
    bundleId: text('bundle_id'),
    productId: text('product_id'),
    kitId: text('kit_id'),
    selectedKit: text('selected_kit'),
    vaccineInformation: jsonb('vaccine_information').$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * A PCR person's sample time (metadata.date_sampled, an ISO 8601 UTC text, so its order is time order), else null.
     * Kept by the database (migration 0042_pcr_sampled): booking_users' row trigger sets it from the person's metadata
     * and their appointment's test type (`isPcrPerson`'s rule), and a change of an appointment's test type recomputes
     * its people. Never written by the application.
     */
    pcrSampled: text('pcr_sampled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('booking_users_appointment_idx').on(t.appointmentId, t.position),
    // Uploaded lab results find their person by the registered kit ID.
    index('booking_users_kit_id_idx').on(t.kitId).where(sql`${t.kitId} IS NOT NULL`),
    // PCR Tests Management: PCR people by sample time; its page and its count read only this index.
    index('booking_users_pcr_sampled_idx').on(t.pcrSampled, t.id).where(sql`${t.pcrSampled} IS NOT NULL`),
  ],
);

export const appointmentStatusChanges = pgTable(
  'appointment_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    changedTo: text('changed_to').notNull(),
    actorUserId: uuid('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appointment_status_changes_appointment_idx').on(t.appointmentId, t.id)],
);

export const appointmentNotes = pgTable(
  'appointment_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appointment_notes_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/** Images and documents attached to an appointment (uploads and result photos), kept in ctx.files. */
export const appointmentFiles = pgTable(
  'appointment_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    bookingUserId: uuid('booking_user_id').references(() => bookingUsers.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['upload', 'result'] }).notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appointment_files_appointment_idx').on(t.appointmentId)],
);

/** An approved card payment; written in the same transaction as the booking it pays for. */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference').notNull(),
    cardLast4: text('card_last4'),
    payerEmail: text('payer_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_payments_appointment_idx').on(t.appointmentId)],
);

/**
 * A payment's idempotency record, keyed by its hold token's hash: a retry of a payment that
 * committed (its answer lost) answers the same booking instead of charging again. The booking's
 * link token is sealed with a key derived from the hold token, so only the payer can open it.
 */
export const bookingPaymentRequests = pgTable(
  'booking_payment_requests',
  {
    keyHash: text('key_hash').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    rebooked: boolean('rebooked').notNull(),
    shortTokenSealed: text('short_token_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyHash, t.appointmentId] })],
);

/** What a practitioner's dashboard polls: last seen online and the appointment last joined. */
export const practitionerPresence = pgTable('practitioner_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastOnline: timestamp('last_online', { withTimezone: true }),
  lastAttendedAppointmentId: uuid('last_attended_appointment_id'),
});
