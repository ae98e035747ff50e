/** booking.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import type { AppointmentStatus, MetadataField } from './booking';

/**
 * Service names: video_gp, video_gp_{product}, video_gp_euro, video_gp_tui and self_swab.
 * {product} is the configured product name in lower case ("video_gp_vireo" by default).
 */
export const SERVICE_NAME_PATTERN = /^(video_gp(_[a-z0-9]{2,30})?|self_swab)$/;

/** Whether `name`, trimmed, is a service name: what contracts' ServiceName accepts, without zod. */
export function isServiceName(name: string): boolean {
  return SERVICE_NAME_PATTERN.test(name.trim());
}

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
export const MIN_BOOKING_DATE_OF_BIRTH_EPOCH = /* @__PURE__ */ Date.UTC(1921, 0, 1) / 1000;

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

// ---- Messages (spec 2 §5, §8; ours where the spec is silent) ----

/** Discount-code prices one address may ask for a minute in the public wizard: enough for a booking, too few to guess codes. */
export const BOOKING_PRICE_CHECKS_PER_MINUTE = 20;

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
  onlyPractitionerEnds: 'Only the practitioner of the appointment can end the consultation.',
  callCompleted: 'This appointment has been completed: its call is over.',
  notTakeable: 'This consultation cannot be taken over.',
  takeOverNotPractitioner: 'Only a practitioner can take over a consultation.',
  notReopenable: 'Only a completed or abandoned appointment can be reopened.',
  reopenHasResults: 'This appointment has a result or a sample recorded: it cannot be reopened.',
  reopenReason: 'Say why the appointment is reopened.',
  reopened: 'Appointment reopened',
  takenOver: 'You are now the practitioner of this appointment.',
  reopenTooLate: 'This appointment’s time is over: book the customer a new time instead.',
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
  fileUploaded: 'Successfully uploaded image',
  uploadFailed: 'Error uploading image, please try again',
  noImage: 'No image provided',
  imageType: 'Upload a JPEG, PNG or WebP image of at most 5 MB.',
  resultSent: 'Result sent successfully',
} as const;

/** Whether `zone` is an IANA time zone this runtime can show times in. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/**
 * Who may write which metadata fields. Customers (the payment, self-swab and edit requests, with
 * or without a session) write the passenger and travel details; the practitioner's
 * PUT /{id}/booking-users/{userId} the sample, kit and ID checks of a result; kit registration
 * (spec 3 §7) the kit, the sample and the name on it.
 */
export const METADATA_WRITERS = {
  customer: ['source', 'transit', 'product_id', 'order_id', 'short_token', 'discount', 'passport_number', 'passportId', 'travel_date', 'landing_date', 'flight_number', 'test_type', 'nhs', 'forename', 'surname', 'first_name', 'last_name', 'email', 'phone', 'appointment_address', 'toc_version'],
  practitioner: ['sample_taken', 'kit_id', 'lot_id', 'kit_provider', 'security_checked', 'date_sampled', 'sample_date', 'passport_number', 'passportId', 'forename', 'surname'],
  kitRegistration: ['kit_id', 'sample_taken', 'date_sampled', 'first_name', 'last_name', 'activated_by_user'],
} as const satisfies Record<string, readonly MetadataField[]>;
/** Metadata only PATCH /{id}/result writes: once reported, a result changes there alone (audited). */
export const REPORTED_RESULT_FIELDS = ['result', 'reject_notes', 'invalid_notes', 'date_reported'] as const;

/** The 400 message naming the metadata fields a writer may not set. */
export function metadataFieldsRefused(fields: readonly string[]): string {
  const names = fields.map((f) => `"${f}"`).join(', ');
  return fields.length === 1 ? `The field ${names} cannot be set here.` : `The fields ${names} cannot be set here.`;
}

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

/** Used when no card is entered (spec 2 §3): a booking covered by the patient's organisation. */
export const PLACEHOLDER_CARD = { number: '4111111111111111', cvv: '123' } as const;

/**
 * The columns a list sorts by (`-` first for descending). Rows without a value come last either
 * way; ties, and lists without a sort, go by start time.
 */
export const LIST_SORT_FIELDS = ['start_time', 'time', 'type', 'status', 'patient', 'people', 'reference', 'practitioner', 'language', 'status_last_updated'] as const;
export const TEST_RESULTS = ['Positive', 'Negative', 'Invalid', 'Rejected'] as const;

/**
 * The claimable badge (spec 1 §2) counts claimable appointments starting from the start of today
 * to the end of the day this many days ahead, in UTC.
 */
export const CLAIMABLE_BADGE_DAYS_AHEAD = 3;

/** The badge's text (spec 1 §2: "There are N claimable appointments"), in the singular for one. */
export function claimableBadgeText(count: number): string {
  return count === 1 ? 'There is 1 claimable appointment' : `There are ${count} claimable appointments`;
}

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

/**
 * The booking engine's live topics. Booking's `live-events.ts` is their one publisher (other modules
 * call it) and checks each payload against `BOOKING_LIVE_DATA` before publishing; the web app parses each event
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
} as const;
