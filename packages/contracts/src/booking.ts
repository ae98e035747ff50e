import { z } from 'zod';
import { listQuery, sortParam } from './list-query';
import { EMAIL_PATTERN, EpochSeconds, multilineText, text, Uuid } from './validation';
import {
  SERVICE_NAME_PATTERN,
  BOOKING,
  DAY_PATTERN,
  MIN_BOOKING_DATE_OF_BIRTH_EPOCH,
  APPOINTMENT_STATUSES,
  LANGUAGES,
  SEXES,
  ETHNICITIES,
  TRANSPORT_TYPES,
  BOOKING_MSG,
  isTimeZone,
  METADATA_WRITERS,
  metadataFieldsRefused,
  luhnValid,
  LIST_SORT_FIELDS,
  TEST_RESULTS,
} from './booking-constants';

export * from './booking-constants';
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export const LanguageSchema = z.enum(LANGUAGES);

// ---- Services ----

/** A service name (SERVICE_NAME_PATTERN), trimmed. */
export const ServiceName = /* @__PURE__ */ text().trim().regex(SERVICE_NAME_PATTERN, 'Unknown service');

export const ServiceInfo = z.object({
  service: z.string(),
  label: z.string(),
  /** Price of one appointment in pence, GBP, for this caller. */
  cost: z.number().int().nonnegative(),
  currency: z.literal('GBP'),
  /** Whether the booking is chosen in the calendar (self_swab has no time). */
  has_slots: z.boolean(),
  public: z.boolean(),
  language: LanguageSchema,
  /** The IANA zone the service's times are shown in (Europe/Berlin for the euro service). */
  time_zone: z.string(),
  /** A video-guided test: the customer brings the test kit to the call (spec 2 §2.3 'Do you have your test kit with you?'). */
  test_kit: z.boolean(),
});
export type ServiceInfo = z.infer<typeof ServiceInfo>;
export const ServicesResponse = z.object({ success: z.literal(true), services: z.array(ServiceInfo) });

// ---- Building blocks ----

export const DayString = z.string().regex(DAY_PATTERN, 'Use the format dd-MM-yyyy');
export const optionalText = (max: number) => text().trim().max(max).optional();

/** A booking's tz_location: a real IANA zone such as Europe/London, so its times can always be shown. */
export const TimeZoneName = /* @__PURE__ */ text().trim().max(60).refine(isTimeZone, BOOKING_MSG.timeZoneInvalid);
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const VaccineInformation = z.object({
  number: z.enum(['one dose', 'two doses']).optional(),
  status: z.enum(['yes', 'no']),
  type: /* @__PURE__ */ text().trim().max(60).optional(),
});

/**
 * The booking-user metadata fields of spec 2 §3 (and spec 3 §7) that some writer may set, with
 * their types. The reported result (`result`, `reject_notes`, `invalid_notes`, `date_reported`) is
 * not among them: only the practitioner's result route, PATCH /{id}/result, writes it.
 */
const METADATA_FIELDS = {
  source: /* @__PURE__ */ text().trim().max(60),
  transit: z.boolean(),
  product_id: /* @__PURE__ */ text().trim().max(60),
  order_id: /* @__PURE__ */ text().trim().max(60),
  short_token: /* @__PURE__ */ text().trim().max(100),
  discount: /* @__PURE__ */ text().trim().max(40),
  passport_number: /* @__PURE__ */ text().trim().max(40),
  passportId: /* @__PURE__ */ text().trim().max(40),
  travel_date: /* @__PURE__ */ text().trim().max(40),
  landing_date: /* @__PURE__ */ text().trim().max(40),
  flight_number: /* @__PURE__ */ text().trim().max(20),
  test_type: /* @__PURE__ */ text().trim().max(40),
  nhs: /* @__PURE__ */ text().trim().max(20),
  forename: /* @__PURE__ */ text().trim().max(100),
  surname: /* @__PURE__ */ text().trim().max(100),
  first_name: /* @__PURE__ */ text().trim().max(100),
  last_name: /* @__PURE__ */ text().trim().max(100),
  email: /* @__PURE__ */ text().trim().max(254),
  phone: /* @__PURE__ */ text().trim().max(30),
  appointment_address: /* @__PURE__ */ text().trim().max(300),
  lot_id: /* @__PURE__ */ text().trim().max(60),
  kit_provider: /* @__PURE__ */ text().trim().max(100),
  kit_id: /* @__PURE__ */ text().trim().max(60),
  sample_taken: z.enum(['valid', 'invalid', 'rejected']),
  security_checked: z.boolean(),
  date_sampled: /* @__PURE__ */ text().trim().max(40),
  sample_date: /* @__PURE__ */ text().trim().max(40),
  activated_by_user: z.boolean(),
  /** The version of the terms the booking's toc_accept accepted (contracts' TERMS_VERSION). */
  toc_version: /* @__PURE__ */ text().trim().max(20),
} as const;
export type MetadataField = keyof typeof METADATA_FIELDS;
export type MetadataWriter = keyof typeof METADATA_WRITERS;

/** The metadata one writer may send: its own fields, typed; any other key is refused by name. */
export function metadataOf<W extends MetadataWriter>(writer: W) {
  const fields: readonly MetadataField[] = METADATA_WRITERS[writer];
  const shape = Object.fromEntries(fields.map((field) => [field, METADATA_FIELDS[field].optional()])) as {
    [K in (typeof METADATA_WRITERS)[W][number]]: z.ZodOptional<(typeof METADATA_FIELDS)[K]>;
  };
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? metadataFieldsRefused(issue.keys) : undefined) });
}
export const CustomerMetadata = /* @__PURE__ */ metadataOf('customer');
export const PractitionerMetadata = /* @__PURE__ */ metadataOf('practitioner');

const BookingUserName = /* @__PURE__ */ text({ error: BOOKING_MSG.inputFirstName }).trim().min(2, BOOKING_MSG.inputInvalid).max(100);

/** One person on a booking (spec 2 §3 booking user, the passenger fields) as the customer sends it, but for the
 * phone, whose rule (libphonenumber-js) only the requests in booking-requests.ts bring. */
export const BookingUserFields = z.object({
  first_name: BookingUserName,
  last_name: /* @__PURE__ */ text({ error: BOOKING_MSG.inputLastName }).trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  email: /* @__PURE__ */ text().trim().max(254).regex(EMAIL_PATTERN, BOOKING_MSG.emailInvalid),
  /** Epoch seconds of the date of birth at 00:00 UTC. */
  date_of_birth: /* @__PURE__ */ EpochSeconds.min(MIN_BOOKING_DATE_OF_BIRTH_EPOCH, BOOKING_MSG.dateOfBirthTooEarly),
  sex: z.enum(SEXES, { error: BOOKING_MSG.selectSex }).optional(),
  ethnicity: z.enum(ETHNICITIES).optional(),
  street_address: /* @__PURE__ */ optionalText(200),
  extended_address: /* @__PURE__ */ optionalText(200),
  locality: /* @__PURE__ */ optionalText(100),
  region: /* @__PURE__ */ optionalText(100),
  country: /* @__PURE__ */ optionalText(60),
  postal_code: /* @__PURE__ */ optionalText(10),
  language: /* @__PURE__ */ LanguageSchema.optional(),
  tz_location: /* @__PURE__ */ TimeZoneName.optional(),
  toc_accept: z.boolean().optional(),
  bundle_id: /* @__PURE__ */ optionalText(60),
  product_id: /* @__PURE__ */ optionalText(60),
  kit_id: /* @__PURE__ */ optionalText(60),
  selected_kit: /* @__PURE__ */ optionalText(100),
  vaccine_information: /* @__PURE__ */ VaccineInformation.optional(),
  metadata: /* @__PURE__ */ CustomerMetadata.optional(),
});
export const BookingUser = /* @__PURE__ */ BookingUserFields.extend({
  id: Uuid,
  email: z.string(),
  phone: z.string().nullable(),
  date_of_birth: EpochSeconds,
  minor: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
});
export type BookingUser = z.infer<typeof BookingUser>;

export const StatusChange = z.object({ changed_to: z.string(), created_at: EpochSeconds });
export const Note = z.object({ id: Uuid, content: z.string(), created_at: EpochSeconds, author: z.string().nullable() });

export const Appointment = z.object({
  id: Uuid,
  appointmentId: Uuid,
  type: z.string(),
  test_type: z.string(),
  status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  start_time: /* @__PURE__ */ EpochSeconds.nullable(),
  end_time: /* @__PURE__ */ EpochSeconds.nullable(),
  status_last_updated: EpochSeconds,
  language: LanguageSchema,
  tz_location: z.string(),
  booking_user: /* @__PURE__ */ BookingUser.nullable(),
  booking_users: z.array(BookingUser),
  testing_kit_id: z.string().nullable(),
  status_changes: z.array(StatusChange),
  notes: z.array(Note),
  user_video_token: z.string().nullable(),
  provider_booking_reference: z.string().nullable(),
  paid: z.boolean(),
  cost: z.number().int(),
  practitioner: z.object({ user_id: Uuid, user_name: z.string(), user_number: z.string().nullable() }).nullable(),
  appointmentDetails: z.object({ start_time: /* @__PURE__ */ EpochSeconds.nullable(), end_time: /* @__PURE__ */ EpochSeconds.nullable() }),
  claimable_slot: z.boolean(),
  alternative_video_link: z.string().nullable(),
  /** Whether an alternative video service is configured: the practitioner may e-mail its link to the customer only then. */
  alternative_video_available: z.boolean(),
});
export type Appointment = z.infer<typeof Appointment>;

export const AppointmentResponse = z.object({ success: z.literal(true), appointment: Appointment });

/**
 * An appointment as the staff lists show it: what their tables display and act on. The whole
 * record (contact details, status history, notes) is GET /{id}'s answer.
 */
export const AppointmentListItem = /* @__PURE__ */ Appointment.pick({
  id: true,
  type: true,
  test_type: true,
  status: true,
  start_time: true,
  end_time: true,
  status_last_updated: true,
  language: true,
  provider_booking_reference: true,
  claimable_slot: true,
}).extend({
  practitioner: z.object({ user_id: Uuid, user_name: z.string() }).nullable(),
  booking_users: z.array(z.object({ id: Uuid, first_name: z.string(), last_name: z.string() })),
});
export type AppointmentListItem = z.infer<typeof AppointmentListItem>;

/** One page of a list, with how many appointments match in all. */
export const AppointmentListResponse = z.object({ success: z.literal(true), appointments: z.array(AppointmentListItem), total: z.number().int() });
export type AppointmentListResponse = z.infer<typeof AppointmentListResponse>;

export const Slot = z.object({ id: Uuid, cost: z.number().int(), start_time: EpochSeconds, end_time: EpochSeconds });
export type Slot = z.infer<typeof Slot>;

// ---- GET / (slots) ----

export const SlotsQuery = z.object({
  service: ServiceName,
  /** One day in Europe/London (dd-MM-yyyy); or a range with date_time and date_time_to. */
  date: /* @__PURE__ */ DayString.optional(),
  date_time: z.coerce.number().int().optional(),
  date_time_to: z.coerce.number().int().optional(),
  validate_users: /* @__PURE__ */ queryBoolean.optional(),
  language: /* @__PURE__ */ LanguageSchema.optional(),
  isPharmacy: /* @__PURE__ */ queryBoolean.optional(),
  isEuro: /* @__PURE__ */ queryBoolean.optional(),
  /** An organisation whose practitioners should take the appointment. */
  group: /* @__PURE__ */ Uuid.optional(),
  /** A practitioner who should take the appointment. */
  user: /* @__PURE__ */ Uuid.optional(),
});
export const SlotsResponse = z.object({ success: z.literal(true), slots: z.array(Slot), appointments: z.array(Slot) });

export const DateSearchQuery = z.object({ date_from: DayString, date_to: DayString, service: ServiceName });
export const AvailableDate = z.object({ date: DayString, has_appointments: z.boolean() });
export const DateSearchResponse = z.object({ success: z.literal(true), dates: z.array(AvailableDate) });

// ---- POST /{id}/status: holds and call states ----

export const StatusRequest = z.object({
  status: AppointmentStatusSchema,
  /** The holder's token: on LOCKED it moves the holder's previous hold; on AVAILABLE it proves the hold. */
  hold_token: /* @__PURE__ */ text().min(20).max(100).optional(),
});
export const StatusResponse = z.object({
  success: z.literal(true),
  status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  hold_token: z.string().optional(),
  hold_expires_at: /* @__PURE__ */ EpochSeconds.optional(),
});

export const CardInput = z.object({
  number: /* @__PURE__ */ text()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && luhnValid(v), BOOKING_MSG.cardNumberInvalid),
  /** MM/YY */
  expiration_date: /* @__PURE__ */ text().trim().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, BOOKING_MSG.cardExpiryFormat),
  cvv: /* @__PURE__ */ text().trim().regex(/^\d{3,4}$/, BOOKING_MSG.cvvInvalid),
});
export type CardInput = z.infer<typeof CardInput>;

export const FlightDetails = z.object({
  transport_arrival_country: /* @__PURE__ */ optionalText(60),
  transport_arrival_date_time: /* @__PURE__ */ optionalText(40),
  transport_departure_country: /* @__PURE__ */ optionalText(60),
  transport_departure_date_time: /* @__PURE__ */ optionalText(40),
  transport_number: /* @__PURE__ */ optionalText(20),
  transport_type: z.enum(TRANSPORT_TYPES).optional(),
});

export const PaymentQuery = z.object({ ignore_fulfillment: /* @__PURE__ */ queryBoolean.optional() });

/** POST /{id}/price: what the held slot costs the caller, with a discount code taken off as the shop takes it off a basket. */
export const PriceRequest = z.object({
  hold_token: /* @__PURE__ */ text().min(20).max(100),
  service: ServiceName,
  discount_code: /* @__PURE__ */ optionalText(40),
});
export type PriceRequest = z.infer<typeof PriceRequest>;
/** Pence, GBP: the list cost, what the code takes off, and the amount the payment must carry. */
export const BookingPrice = z.object({ cost: z.number().int().nonnegative(), discount_amount: z.number().int().nonnegative(), amount: z.number().int().nonnegative() });
export type BookingPrice = z.infer<typeof BookingPrice>;
export const PriceResponse = z.object({ success: z.literal(true), price: BookingPrice });

export const BookingConfirmation = z.object({
  success: z.literal(true),
  message: z.string(),
  confirmation: z.object({
    id: Uuid,
    reference: z.string(),
    start_time: /* @__PURE__ */ EpochSeconds.nullable(),
    end_time: /* @__PURE__ */ EpochSeconds.nullable(),
    tz_location: z.string(),
    amount: z.number().int(),
    currency: z.literal('GBP'),
    rebooked: z.boolean(),
  }),
  /** The customer's link token for GET /-/short-token/{token}, edit and delete. Shown once. */
  short_token: z.string(),
  appointment: Appointment,
});

// ---- Practitioner side ----

export const ClaimQuery = z.object({ assigneeRoleId: /* @__PURE__ */ Uuid.optional(), override: /* @__PURE__ */ queryBoolean.optional() });
export const ClaimBody = z.object({ booking_id: /* @__PURE__ */ Uuid.optional() });
export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });
/** POST /{id}/reopen (issue 32): why a shift manager reopens a completed or abandoned appointment (kept in the audit). */
export const REOPEN_REASON_MAX = 500;
export const ReopenRequest = z.object({ reason: /* @__PURE__ */ text().trim().min(1, BOOKING_MSG.reopenReason).max(REOPEN_REASON_MAX) });

/** PUT /{id}/booking-users/{userId}: the practitioner's corrections and the result's checks (not the result). */
export const UpdateTermsRequest = z.object({ toc_accept: z.boolean(), marketing_accept: z.boolean().optional() });
export const DeleteQuery = z.object({ action: z.literal('delete'), actor: z.enum(['patient', 'practitioner', 'admin']) });
export const DeleteResponse = z.object({ success: z.literal(true), message: z.string(), rebookable: z.boolean(), warning: z.string().optional() });
export const UserVideoTokenRequest = z.object({ user_video_token: /* @__PURE__ */ text().trim().min(8).max(500) });
export const JoinRequest = z.object({ booking_id: /* @__PURE__ */ Uuid.optional() });
export const JoinResponse = z.object({ success: z.literal(true), appointment: Appointment, room: z.string() });
export const RescheduleRequest = z.object({ hold_token: /* @__PURE__ */ text().min(20).max(100) });
export const NoteRequest = z.object({ content: /* @__PURE__ */ multilineText().trim().min(1).max(4000) });
export const NotesHistoryResponse = z.object({ success: z.literal(true), notes: z.array(Note), status_changes: z.array(StatusChange) });
export const AlternativeLinkResponse = z.object({ success: z.literal(true), message: z.string(), link: z.string() });
export const ShortTokenResponse = z.object({ success: z.literal(true), appointments: z.array(Appointment), rebook_credit: z.boolean() });
export const InfoResponse = z.object({
  success: z.literal(true),
  appointment: z.object({
    id: Uuid,
    type: z.string(),
    status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
    start_time: /* @__PURE__ */ EpochSeconds.nullable(),
    end_time: /* @__PURE__ */ EpochSeconds.nullable(),
    tz_location: z.string(),
    /** The language of the booking: its pages and e-mails follow it. */
    language: LanguageSchema,
    cancelled: z.boolean(),
    people: z.number().int(),
    editable: z.boolean(),
    /** Deleted in time: the same link may book a new time once without paying again. */
    rebookable: z.boolean(),
  }),
});
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export const ListSort = /* @__PURE__ */ sortParam(LIST_SORT_FIELDS);
export type ListSort = z.infer<typeof ListSort>;

/** Which page of a list: `limit` rows (1 to 1000; 1000 when absent) from `offset`, in `sort` order. */
export const ListPaging = /* @__PURE__ */ listQuery({ sortColumns: LIST_SORT_FIELDS, maxLimit: BOOKING.tooManyResults });
export type ListPaging = z.infer<typeof ListPaging>;

export const RangeQuery = z.object({
  date_from: z.coerce.number().int().optional(),
  date_to: z.coerce.number().int().optional(),
});
export const ListRangeQuery = /* @__PURE__ */ RangeQuery.extend(ListPaging.shape);
export const SearchQuery = /* @__PURE__ */ ListPaging.extend({
  q: /* @__PURE__ */ text().trim().max(100).optional(),
  status: /* @__PURE__ */ text().trim().max(400).optional(),
  start_time_from: z.coerce.number().int().optional(),
  start_time_to: z.coerce.number().int().optional(),
  end_time_from: z.coerce.number().int().optional(),
  end_time_to: z.coerce.number().int().optional(),
  user: /* @__PURE__ */ Uuid.optional(),
  claimable_slot: /* @__PURE__ */ queryBoolean.optional(),
  type: /* @__PURE__ */ ServiceName.optional(),
  inc_practitioner_name: /* @__PURE__ */ queryBoolean.optional(),
  validate_users: /* @__PURE__ */ queryBoolean.optional(),
  /** The live status view: WAITING appointments that have not started yet are left out. */
  exclude_future_waiting: /* @__PURE__ */ queryBoolean.optional(),
  /**
   * The live dashboard's Waiting Rooms: appointments ON_HOLD, and those whose customer is in the
   * video room with no practitioner there (joined and waiting); `status` is then ignored.
   */
  waiting_room: /* @__PURE__ */ queryBoolean.optional(),
});
/** The text fields of PATCH /{id}/result (multipart, with an optional image in `file`). */
export const ResultFields = z.object({
  booking_user_id: Uuid,
  result: z.enum(TEST_RESULTS, { error: 'You must enter a result' }),
  reject_notes: /* @__PURE__ */ multilineText().trim().max(2000).optional(),
  invalid_notes: /* @__PURE__ */ multilineText().trim().max(2000).optional(),
  sample_taken: z.enum(['valid', 'invalid', 'rejected']).optional(),
  kit_id: /* @__PURE__ */ text().trim().toUpperCase().min(5).max(60).optional(),
  lot_id: /* @__PURE__ */ text().trim().max(60).optional(),
  kit_provider: /* @__PURE__ */ text().trim().max(100).optional(),
  /** 'true' when the test was watched on the alternative video platform, so no photo exists. */
  alternative_video: z.enum(['true', 'false']).optional(),
});
export const UploadFields = z.object({ booking_user_id: /* @__PURE__ */ Uuid.optional() });
export const FileResponse = z.object({ success: z.literal(true), message: z.string(), file_id: Uuid });

export const ResultsQuery = z.object({ time_from: z.coerce.number().int(), time_to: z.coerce.number().int() });
export const ResultRow = z.object({
  appointment_id: Uuid,
  booking_user_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  result: z.string(),
  start_time: /* @__PURE__ */ EpochSeconds.nullable(),
});
export const ResultsResponse = z.object({ success: z.literal(true), results: z.array(ResultRow) });

export const PractitionerInfo = z.object({
  user_id: Uuid,
  name: z.string(),
  last_online: /* @__PURE__ */ EpochSeconds.nullable(),
  last_atteneded_appointment: /* @__PURE__ */ Uuid.nullable(),
});
export const PractitionerInfoResponse = z.object({ success: z.literal(true), practitioner: PractitionerInfo });

// ---- Live updates of the booking engine (topics and kinds on GET /api/live) ----

/**
 * Every appointment change is published on `appointments`; presence on `presence`. Each socket
 * gets only the appointments its session may see: practitioners the claimable ones and their own,
 * shift managers and super admins all, a patient their own booking's status.
 */
export const AppointmentLiveItem = z.object({
  id: Uuid,
  status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  previous_status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  start_time: /* @__PURE__ */ EpochSeconds.nullable(),
});
/** The one payload of the `appointments` topic: the changed appointments' ids and states. */
export const AppointmentLiveData = z.object({ appointments: z.array(AppointmentLiveItem) });
export type AppointmentLiveData = z.infer<typeof AppointmentLiveData>;
/** The payload of the `presence` topic: a practitioner is online. */
export const PresenceLiveData = z.object({ user_id: Uuid, last_online: EpochSeconds });
export type PresenceLiveData = z.infer<typeof PresenceLiveData>;

/** The payloads of the `appointments` and `presence` topics (BOOKING_LIVE's), which their publisher checks. */
export const BOOKING_LIVE_DATA = { appointments: AppointmentLiveData, presence: PresenceLiveData } as const;
export const ClaimableCountResponse = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });

// ---- Shifts ----

export const ShiftInput = z.object({
  /** Defaults to the caller when a practitioner plans their own shift. */
  practitioner_id: /* @__PURE__ */ Uuid.optional(),
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  services: z.array(ServiceName).min(1).max(10),
  languages: z.array(LanguageSchema).min(1).max(2).optional(),
});
export const ShiftUpdate = /* @__PURE__ */ ShiftInput.omit({ practitioner_id: true }).partial();
export const Shift = z.object({
  id: Uuid,
  practitioner_id: Uuid,
  practitioner_name: z.string(),
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  services: z.array(z.string()),
  languages: z.array(LanguageSchema),
  slots: z.number().int(),
  booked: z.number().int(),
});
export const ShiftResponse = z.object({ success: z.literal(true), shift: Shift });
export const ShiftsResponse = z.object({ success: z.literal(true), shifts: z.array(Shift) });
export const ShiftsQuery = z.object({
  date_from: z.coerce.number().int(),
  date_to: z.coerce.number().int(),
  practitioner_id: /* @__PURE__ */ Uuid.optional(),
});
