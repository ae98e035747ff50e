import { z } from 'zod';
import { listQuery, sortParam } from './list-query';
import { EMAIL_PATTERN, EpochSeconds, multilineText, text, Uuid } from './validation';

// ---- Constants of spec 2 §9 ----

export const BOOKING = {
  /** A chosen slot is held for the holder this long (spec 2 §9). */
  holdMinutes: 30,
  slotMinutes: 20,
  minPeople: 1,
  maxPeople: 4,
  /** Under this age a person is a minor and needs a guardian on the booking. */
  minorUnderAge: 16,
  guardianMinAge: 18,
  /** Customers edit, reschedule or delete (with a rebook) only more than this before the start. */
  editCutoffHours: 24,
  calendarHorizonDays: 40,
  /** Same-day slots must start more than this from now. */
  sameDayLeadMinutes: 30,
  slotsShownFirst: 18,
  requestTimeoutMs: 15_000,
  /** A custom range with this many results or more shows the too-many warning. */
  tooManyResults: 1000,
  /** The longest shift accepted, in hours. */
  maxShiftHours: 16,
  /** How far ahead shifts may be planned, in days. */
  shiftHorizonDays: 180,
  timeZone: 'Europe/London',
  currency: 'GBP',
} as const;

/** Dates on the booking wire: dd-MM-yyyy (spec 2 §9). */
export const DAY_PATTERN = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/;
/** Earliest date of birth a booking accepts: 1 January 1921 (spec 2 §5). */
export const MIN_BOOKING_DATE_OF_BIRTH_EPOCH = Date.UTC(1921, 0, 1) / 1000;

export const APPOINTMENT_STATUSES = [
  'LOCKED',
  'PROVIDER_CANCELLED',
  'UNAVAILABLE',
  'USER_CANCELLED',
  'COMPLETED',
  'AVAILABLE',
  'CLAIMABLE',
  'WAITING',
  'PATIENT_ATTENDED',
  'PRACTITIONER_ATTENDED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PRACTITIONER_LEFT',
  'PATIENT_LEFT',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);

/** Display labels of spec 2 §4.1; other statuses are shown humanised. */
export const STATUS_LABELS: Partial<Record<AppointmentStatus, string>> = {
  ON_HOLD: 'On Hold',
  IN_PROGRESS: 'Ongoing',
  WAITING: 'Not Started',
  PATIENT_ATTENDED: 'Patient Waiting',
  PRACTITIONER_ATTENDED: 'Doctor Waiting',
  PRACTITIONER_LEFT: 'Doctor Left',
  PATIENT_LEFT: 'Patient Left',
};

/** Statuses of an appointment that has people booked on it and is not cancelled. */
export const BOOKED_STATUSES = [
  'CLAIMABLE',
  'WAITING',
  'PATIENT_ATTENDED',
  'PRACTITIONER_ATTENDED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PRACTITIONER_LEFT',
  'PATIENT_LEFT',
  'COMPLETED',
] as const satisfies readonly AppointmentStatus[];

/** The call states a practitioner or a patient may set through POST /{id}/status. */
export const CALL_STATUSES = [
  'PATIENT_ATTENDED',
  'PRACTITIONER_ATTENDED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PRACTITIONER_LEFT',
  'PATIENT_LEFT',
  'COMPLETED',
  'WAITING',
] as const satisfies readonly AppointmentStatus[];
/** Of those, the ones a patient sets for themself. */
export const PATIENT_CALL_STATUSES = ['PATIENT_ATTENDED', 'PATIENT_LEFT'] as const satisfies readonly AppointmentStatus[];

export const LANGUAGES = ['EN', 'DE'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export const SEXES = ['Female', 'Male', 'Other'] as const;
export const ETHNICITIES = [
  'White British',
  'White Irish',
  'White and Asian',
  'White and Black African',
  'White and Black Caribbean',
  'White Other',
  'Bangladeshi',
  'Black African',
  'Black Caribbean',
  'Black Other',
  'Chinese',
  'Indian',
  'Pakistani',
  'Any other mixed group',
  'Other / Mixed',
  'ISC - Unspecified',
] as const;
export const TRANSPORT_TYPES = ['Flight', 'Train', 'Other'] as const;

// ---- Services ----

/**
 * Service names: video_gp, video_gp_{product}, video_gp_euro, video_gp_tui and self_swab.
 * {product} is the configured product name in lower case ("video_gp_vireo" by default).
 */
export const ServiceName = text()
  .trim()
  .regex(/^(video_gp(_[a-z0-9]{2,30})?|self_swab)$/, 'Unknown service');

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

// ---- Messages (spec 2 §5, §8; ours where the spec is silent) ----

export const BOOKING_MSG = {
  noAvailableSlots: 'No available slots.',
  slotTaken: 'Unfortunately, this time slot has been already taken. Please choose another one. Thank you!',
  paymentFailed: 'Something went wrong, please try again.',
  bookingFailed: 'Something went wrong when placing your booking.',
  booked: 'Your Appointment Has Been Booked',
  missingService: 'Missing details, please book using the link in your email',
  cardDeclined: 'Your card was declined. Please use another card.',
  cardInvalid: 'Please check your card details.',
  timeZoneInvalid: 'Choose a time zone such as Europe/London.',
  cardExpired: 'This card has expired.',
  cardNumberInvalid: 'Enter a valid card number',
  cardExpiryFormat: 'Use the format MM/YY',
  cvvInvalid: 'Enter the 3 or 4 digits on the back of the card',
  amountMismatch: 'The amount does not match the price of this appointment.',
  holdNotYours: 'This time slot is held by someone else. Please choose another one.',
  holdExpired: 'Your hold on this time slot has expired. Please choose a time again.',
  tooManyHolds: 'Too many time slots have been held from your network. Please try again in a few minutes.',
  linkExpired: 'This link has expired because the appointment is over. Please contact customer services if you need help.',
  linkRenewed: 'A new link has been sent to the customer. The old link no longer works.',
  noBookingLink: 'This appointment has no booking link.',
  inputNumberOfPeople: 'Input number of people',
  minimumPeople: 'Minimum 1 person for appointment',
  maximumPeople: 'Maximum 4 people per appointment',
  cannotReducePeople: "You can't reduce quantity of booking users",
  guardianNeeded: 'Children under 16 may attend only with a legal guardian aged 18 or older on the same booking.',
  selectTime: 'You should select appointment time',
  acceptTerms: 'You must accept this acknowledge',
  inputInvalid: 'Input is invalid',
  emailInvalid: 'Input email is invalid',
  telephoneInvalid: 'Input telephone is invalid',
  inputFirstName: 'Input first name',
  inputLastName: 'Input last name',
  inputEmail: 'Input email',
  invalidEmail: 'Invalid email address',
  inputPhone: 'Input phone',
  inputDateOfBirth: 'Input date of birth',
  invalidDate: 'Invalid Date',
  selectSex: 'Select sex',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth must be on or after 01/01/1921',
  within24Hours: 'This appointment starts within 24 hours: it can no longer be changed, and deleting it will only notify the practitioner.',
  deleted: 'Your appointment has been deleted. You can book a new time with the same link.',
  deletedLate: 'Your appointment has been cancelled and the practitioner has been notified.',
  alreadyCancelled: 'This appointment has been cancelled.',
  claimOverlap: 'You already have an appointment booked at this time. Are you sure you want to claim this appointment?',
  alreadyClaimed: 'This appointment has already been claimed.',
  notClaimable: 'This appointment cannot be claimed.',
  notReleasable: 'This appointment cannot be released.',
  appointmentClaimed: 'Appointment claimed',
  appointmentReleased: 'Appointment released',
  errorReleasingAppointment: 'Error releasing appointment',
  tooManyAppointments: 'Too many appointments available. Please reduce the selected time frame.',
  alternativeLinkSent: 'Alternative Link has been sent successfully',
  noAlternativeVideo: 'No alternative video service is configured.',
  statusNotAllowed: 'This status change is not allowed.',
  shiftOverlap: 'This shift overlaps another shift of the same practitioner.',
  shiftAlignment: 'Shifts start and end on the hour or at 20 or 40 minutes past.',
  shiftTooLong: 'A shift lasts at most 16 hours.',
  shiftEndBeforeStart: 'End must be after start',
  shiftInPast: 'A shift must end in the future.',
  shiftTooFar: 'Shifts can be planned at most 180 days ahead.',
  notAPractitioner: 'Shifts belong to practitioners.',
  serviceNotBookable: 'This service cannot be booked here.',
  rangeTooLong: 'Choose a range of at most 62 days.',
  rangeInvalid: 'The end of the range must be after its start.',
  noteSaved: 'Note added successfully',
  fileUploaded: 'File uploaded',
  noImage: 'No image provided',
  imageType: 'Upload a JPEG, PNG or WebP image of at most 5 MB.',
  resultSent: 'Result sent successfully',
} as const;

// ---- Building blocks ----

export const DayString = z.string().regex(DAY_PATTERN, 'Use the format dd-MM-yyyy');
export const optionalText = (max: number) => text().trim().max(max).optional();

/** Whether `zone` is an IANA time zone this runtime can show times in. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** A booking's tz_location: a real IANA zone such as Europe/London, so its times can always be shown. */
export const TimeZoneName = text().trim().max(60).refine(isTimeZone, BOOKING_MSG.timeZoneInvalid);
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const VaccineInformation = z.object({
  number: z.enum(['one dose', 'two doses']).optional(),
  status: z.enum(['yes', 'no']),
  type: text().trim().max(60).optional(),
});

/**
 * The booking-user metadata fields of spec 2 §3 (and spec 3 §7) that some writer may set, with
 * their types. The reported result (`result`, `reject_notes`, `invalid_notes`, `date_reported`) is
 * not among them: only the practitioner's result route, PATCH /{id}/result, writes it.
 */
const METADATA_FIELDS = {
  source: text().trim().max(60),
  transit: z.boolean(),
  product_id: text().trim().max(60),
  order_id: text().trim().max(60),
  discount: text().trim().max(40),
  passport_number: text().trim().max(40),
  passportId: text().trim().max(40),
  travel_date: text().trim().max(40),
  landing_date: text().trim().max(40),
  flight_number: text().trim().max(20),
  test_type: text().trim().max(40),
  nhs: text().trim().max(20),
  forename: text().trim().max(100),
  surname: text().trim().max(100),
  first_name: text().trim().max(100),
  last_name: text().trim().max(100),
  email: text().trim().max(254),
  phone: text().trim().max(30),
  appointment_address: text().trim().max(300),
  lot_id: text().trim().max(60),
  kit_provider: text().trim().max(100),
  kit_id: text().trim().max(60),
  sample_taken: z.enum(['valid', 'invalid', 'rejected']),
  security_checked: z.boolean(),
  date_sampled: text().trim().max(40),
  sample_date: text().trim().max(40),
  activated_by_user: z.boolean(),
} as const;
export type MetadataField = keyof typeof METADATA_FIELDS;

/**
 * Who may write which metadata fields. Customers (the payment, self-swab and edit requests, with
 * or without a session) write the passenger and travel details; the practitioner's
 * PUT /{id}/booking-users/{userId} the sample, kit and ID checks of a result; kit registration
 * (spec 3 §7) the kit, the sample and the name on it.
 */
export const METADATA_WRITERS = {
  customer: ['source', 'transit', 'product_id', 'order_id', 'discount', 'passport_number', 'passportId', 'travel_date', 'landing_date', 'flight_number', 'test_type', 'nhs', 'forename', 'surname', 'first_name', 'last_name', 'email', 'phone', 'appointment_address'],
  practitioner: ['sample_taken', 'kit_id', 'lot_id', 'kit_provider', 'security_checked', 'date_sampled', 'sample_date', 'passport_number', 'passportId', 'forename', 'surname'],
  kitRegistration: ['kit_id', 'sample_taken', 'date_sampled', 'first_name', 'last_name', 'activated_by_user'],
} as const satisfies Record<string, readonly MetadataField[]>;
export type MetadataWriter = keyof typeof METADATA_WRITERS;
/** Metadata only PATCH /{id}/result writes: once reported, a result changes there alone (audited). */
export const REPORTED_RESULT_FIELDS = ['result', 'reject_notes', 'invalid_notes', 'date_reported'] as const;

/** The 400 message naming the metadata fields a writer may not set. */
export function metadataFieldsRefused(fields: readonly string[]): string {
  const names = fields.map((f) => `"${f}"`).join(', ');
  return fields.length === 1 ? `The field ${names} cannot be set here.` : `The fields ${names} cannot be set here.`;
}

/** The metadata one writer may send: its own fields, typed; any other key is refused by name. */
export function metadataOf<W extends MetadataWriter>(writer: W) {
  const fields: readonly MetadataField[] = METADATA_WRITERS[writer];
  const shape = Object.fromEntries(fields.map((field) => [field, METADATA_FIELDS[field].optional()])) as {
    [K in (typeof METADATA_WRITERS)[W][number]]: z.ZodOptional<(typeof METADATA_FIELDS)[K]>;
  };
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? metadataFieldsRefused(issue.keys) : undefined) });
}
export const CustomerMetadata = metadataOf('customer');
export const PractitionerMetadata = metadataOf('practitioner');

const BookingUserName = text({ error: BOOKING_MSG.inputFirstName }).trim().min(2, BOOKING_MSG.inputInvalid).max(100);

/** One person on a booking (spec 2 §3 booking user, the passenger fields) as the customer sends it, but for the
 * phone, whose rule (libphonenumber-js) only the requests in booking-requests.ts bring. */
export const BookingUserFields = z.object({
  first_name: BookingUserName,
  last_name: text({ error: BOOKING_MSG.inputLastName }).trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  email: text().trim().max(254).regex(EMAIL_PATTERN, BOOKING_MSG.emailInvalid),
  /** Epoch seconds of the date of birth at 00:00 UTC. */
  date_of_birth: EpochSeconds.min(MIN_BOOKING_DATE_OF_BIRTH_EPOCH, BOOKING_MSG.dateOfBirthTooEarly),
  sex: z.enum(SEXES, { error: BOOKING_MSG.selectSex }).optional(),
  ethnicity: z.enum(ETHNICITIES).optional(),
  street_address: optionalText(200),
  extended_address: optionalText(200),
  locality: optionalText(100),
  region: optionalText(100),
  country: optionalText(60),
  postal_code: optionalText(10),
  language: LanguageSchema.optional(),
  tz_location: TimeZoneName.optional(),
  toc_accept: z.boolean().optional(),
  bundle_id: optionalText(60),
  product_id: optionalText(60),
  kit_id: optionalText(60),
  selected_kit: optionalText(100),
  vaccine_information: VaccineInformation.optional(),
  metadata: CustomerMetadata.optional(),
});
export const BookingUser = BookingUserFields.extend({
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
  status: AppointmentStatusSchema.nullable(),
  start_time: EpochSeconds.nullable(),
  end_time: EpochSeconds.nullable(),
  status_last_updated: EpochSeconds,
  language: LanguageSchema,
  tz_location: z.string(),
  booking_user: BookingUser.nullable(),
  booking_users: z.array(BookingUser),
  testing_kit_id: z.string().nullable(),
  status_changes: z.array(StatusChange),
  notes: z.array(Note),
  user_video_token: z.string().nullable(),
  provider_booking_reference: z.string().nullable(),
  paid: z.boolean(),
  cost: z.number().int(),
  practitioner: z.object({ user_id: Uuid, user_name: z.string(), user_number: z.string().nullable() }).nullable(),
  appointmentDetails: z.object({ start_time: EpochSeconds.nullable(), end_time: EpochSeconds.nullable() }),
  claimable_slot: z.boolean(),
  alternative_video_link: z.string().nullable(),
});
export type Appointment = z.infer<typeof Appointment>;

export const AppointmentResponse = z.object({ success: z.literal(true), appointment: Appointment });

/**
 * An appointment as the staff lists show it: what their tables display and act on. The whole
 * record (contact details, status history, notes) is GET /{id}'s answer.
 */
export const AppointmentListItem = Appointment.pick({
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
  date: DayString.optional(),
  date_time: z.coerce.number().int().optional(),
  date_time_to: z.coerce.number().int().optional(),
  validate_users: queryBoolean.optional(),
  language: LanguageSchema.optional(),
  isPharmacy: queryBoolean.optional(),
  isEuro: queryBoolean.optional(),
  /** An organisation whose practitioners should take the appointment. */
  group: Uuid.optional(),
  /** A practitioner who should take the appointment. */
  user: Uuid.optional(),
});
export const SlotsResponse = z.object({ success: z.literal(true), slots: z.array(Slot), appointments: z.array(Slot) });

export const DateSearchQuery = z.object({ date_from: DayString, date_to: DayString, service: ServiceName });
export const AvailableDate = z.object({ date: DayString, has_appointments: z.boolean() });
export const DateSearchResponse = z.object({ success: z.literal(true), dates: z.array(AvailableDate) });

// ---- POST /{id}/status: holds and call states ----

export const StatusRequest = z.object({
  status: AppointmentStatusSchema,
  /** The holder's token: on LOCKED it moves the holder's previous hold; on AVAILABLE it proves the hold. */
  hold_token: text().min(20).max(100).optional(),
});
export const StatusResponse = z.object({
  success: z.literal(true),
  status: AppointmentStatusSchema.nullable(),
  hold_token: z.string().optional(),
  hold_expires_at: EpochSeconds.optional(),
});

// ---- POST /{id}/payment ----

/** Luhn check over the digits of a card number. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a card's MM/YY has passed at `now`: a card is valid through the last day of its month (UTC). */
export function cardExpired(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export const CardInput = z.object({
  number: text()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && luhnValid(v), BOOKING_MSG.cardNumberInvalid),
  /** MM/YY */
  expiration_date: text().trim().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, BOOKING_MSG.cardExpiryFormat),
  cvv: text().trim().regex(/^\d{3,4}$/, BOOKING_MSG.cvvInvalid),
});
export type CardInput = z.infer<typeof CardInput>;

/** Used when no card is entered (spec 2 §3): a booking covered by the patient's organisation. */
export const PLACEHOLDER_CARD = { number: '4111111111111111', cvv: '123' } as const;

export const FlightDetails = z.object({
  transport_arrival_country: optionalText(60),
  transport_arrival_date_time: optionalText(40),
  transport_departure_country: optionalText(60),
  transport_departure_date_time: optionalText(40),
  transport_number: optionalText(20),
  transport_type: z.enum(TRANSPORT_TYPES).optional(),
});

export const PaymentQuery = z.object({ ignore_fulfillment: queryBoolean.optional() });

export const BookingConfirmation = z.object({
  success: z.literal(true),
  message: z.string(),
  confirmation: z.object({
    id: Uuid,
    reference: z.string(),
    start_time: EpochSeconds.nullable(),
    end_time: EpochSeconds.nullable(),
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

export const ClaimQuery = z.object({ assigneeRoleId: Uuid.optional(), override: queryBoolean.optional() });
export const ClaimBody = z.object({ booking_id: Uuid.optional() });
export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });

/** PUT /{id}/booking-users/{userId}: the practitioner's corrections and the result's checks (not the result). */
export const UpdateTermsRequest = z.object({ toc_accept: z.boolean(), marketing_accept: z.boolean().optional() });
export const DeleteQuery = z.object({ action: z.literal('delete'), actor: z.enum(['patient', 'practitioner', 'admin']) });
export const DeleteResponse = z.object({ success: z.literal(true), message: z.string(), rebookable: z.boolean(), warning: z.string().optional() });
export const UserVideoTokenRequest = z.object({ user_video_token: text().trim().min(8).max(500) });
export const JoinRequest = z.object({ booking_id: Uuid.optional() });
export const JoinResponse = z.object({ success: z.literal(true), appointment: Appointment, room: z.string() });
export const RescheduleRequest = z.object({ hold_token: text().min(20).max(100) });
export const NoteRequest = z.object({ content: multilineText().trim().min(1).max(4000) });
export const NotesHistoryResponse = z.object({ success: z.literal(true), notes: z.array(Note), status_changes: z.array(StatusChange) });
export const AlternativeLinkResponse = z.object({ success: z.literal(true), message: z.string(), link: z.string() });
export const ShortTokenResponse = z.object({ success: z.literal(true), appointments: z.array(Appointment), rebook_credit: z.boolean() });
export const InfoResponse = z.object({
  success: z.literal(true),
  appointment: z.object({
    id: Uuid,
    type: z.string(),
    status: AppointmentStatusSchema.nullable(),
    start_time: EpochSeconds.nullable(),
    end_time: EpochSeconds.nullable(),
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

/**
 * The columns a list sorts by (`-` first for descending). Rows without a value come last either
 * way; ties, and lists without a sort, go by start time.
 */
export const LIST_SORT_FIELDS = ['start_time', 'time', 'type', 'status', 'patient', 'people', 'reference', 'practitioner', 'language', 'status_last_updated'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export const ListSort = sortParam(LIST_SORT_FIELDS);
export type ListSort = z.infer<typeof ListSort>;

/** Which page of a list: `limit` rows (1 to 1000; 1000 when absent) from `offset`, in `sort` order. */
export const ListPaging = listQuery({ sortColumns: LIST_SORT_FIELDS, maxLimit: BOOKING.tooManyResults });
export type ListPaging = z.infer<typeof ListPaging>;

export const RangeQuery = z.object({
  date_from: z.coerce.number().int().optional(),
  date_to: z.coerce.number().int().optional(),
});
export const ListRangeQuery = RangeQuery.extend(ListPaging.shape);
export const SearchQuery = ListPaging.extend({
  q: text().trim().max(100).optional(),
  status: text().trim().max(400).optional(),
  start_time_from: z.coerce.number().int().optional(),
  start_time_to: z.coerce.number().int().optional(),
  end_time_from: z.coerce.number().int().optional(),
  end_time_to: z.coerce.number().int().optional(),
  user: Uuid.optional(),
  claimable_slot: queryBoolean.optional(),
  type: ServiceName.optional(),
  inc_practitioner_name: queryBoolean.optional(),
  validate_users: queryBoolean.optional(),
  /** The live status view: WAITING appointments that have not started yet are left out. */
  exclude_future_waiting: queryBoolean.optional(),
});
export const TEST_RESULTS = ['Positive', 'Negative', 'Invalid', 'Rejected'] as const;
/** The text fields of PATCH /{id}/result (multipart, with an optional image in `file`). */
export const ResultFields = z.object({
  booking_user_id: Uuid,
  result: z.enum(TEST_RESULTS, { error: 'You must enter a result' }),
  reject_notes: multilineText().trim().max(2000).optional(),
  invalid_notes: multilineText().trim().max(2000).optional(),
  sample_taken: z.enum(['valid', 'invalid', 'rejected']).optional(),
  kit_id: text().trim().toUpperCase().min(5).max(60).optional(),
  lot_id: text().trim().max(60).optional(),
  kit_provider: text().trim().max(100).optional(),
  /** 'true' when the test was watched on the alternative video platform, so no photo exists. */
  alternative_video: z.enum(['true', 'false']).optional(),
});
export const UploadFields = z.object({ booking_user_id: Uuid.optional() });
export const FileResponse = z.object({ success: z.literal(true), message: z.string(), file_id: Uuid });

export const ResultsQuery = z.object({ time_from: z.coerce.number().int(), time_to: z.coerce.number().int() });
export const ResultRow = z.object({
  appointment_id: Uuid,
  booking_user_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  result: z.string(),
  start_time: EpochSeconds.nullable(),
});
export const ResultsResponse = z.object({ success: z.literal(true), results: z.array(ResultRow) });

export const PractitionerInfo = z.object({
  user_id: Uuid,
  name: z.string(),
  last_online: EpochSeconds.nullable(),
  last_atteneded_appointment: Uuid.nullable(),
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
  status: AppointmentStatusSchema.nullable(),
  previous_status: AppointmentStatusSchema.nullable(),
  start_time: EpochSeconds.nullable(),
});
/** The one payload of the `appointments` topic: the changed appointments' ids and states. */
export const AppointmentLiveData = z.object({ appointments: z.array(AppointmentLiveItem) });
export type AppointmentLiveData = z.infer<typeof AppointmentLiveData>;
/** The payload of the `presence` topic: a practitioner is online. */
export const PresenceLiveData = z.object({ user_id: Uuid, last_online: EpochSeconds });
export type PresenceLiveData = z.infer<typeof PresenceLiveData>;

/**
 * The booking engine's live topics. Booking's `live-events.ts` is their one publisher (other modules
 * call it) and checks each payload against `data` before publishing; the web app parses each event
 * against it too and ignores one that does not match.
 */
export const BOOKING_LIVE = {
  appointmentsTopic: 'appointments',
  presenceTopic: 'presence',
  kinds: {
    created: 'appointment.created',
    held: 'appointment.held',
    booked: 'appointment.booked',
    claimed: 'appointment.claimed',
    released: 'appointment.released',
    reassigned: 'appointment.reassigned',
    statusChanged: 'appointment.status_changed',
    presence: 'practitioner.presence',
  },
  data: { appointments: AppointmentLiveData, presence: PresenceLiveData },
} as const;

/**
 * The claimable badge (spec 1 §2) counts claimable appointments starting from the start of today
 * to the end of the day this many days ahead, in UTC.
 */
export const CLAIMABLE_BADGE_DAYS_AHEAD = 3;
export const ClaimableCountResponse = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });

/** The badge's text (spec 1 §2: "There are N claimable appointments"), in the singular for one. */
export function claimableBadgeText(count: number): string {
  return count === 1 ? 'There is 1 claimable appointment' : `There are ${count} claimable appointments`;
}

// ---- Shifts ----

export const ShiftInput = z.object({
  /** Defaults to the caller when a practitioner plans their own shift. */
  practitioner_id: Uuid.optional(),
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  services: z.array(ServiceName).min(1).max(10),
  languages: z.array(LanguageSchema).min(1).max(2).optional(),
});
export const ShiftUpdate = ShiftInput.omit({ practitioner_id: true }).partial();
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
  practitioner_id: Uuid.optional(),
});

/** Age in whole years on a given day (both epoch seconds, dates of birth at 00:00 UTC). */
export function ageOn(dateOfBirth: number, at: number): number {
  const born = new Date(dateOfBirth * 1000);
  const on = new Date(at * 1000);
  let age = on.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday = on.getUTCMonth() < born.getUTCMonth() || (on.getUTCMonth() === born.getUTCMonth() && on.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** A booking with a minor (under 16) needs a person of 18 or older on it (spec 2 §9). */
export function needsGuardian(datesOfBirth: number[], at: number): boolean {
  const hasMinor = datesOfBirth.some((dob) => ageOn(dob, at) < BOOKING.minorUnderAge);
  const hasGuardian = datesOfBirth.some((dob) => ageOn(dob, at) >= BOOKING.guardianMinAge);
  return hasMinor && !hasGuardian;
}
