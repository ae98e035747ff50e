import { CertificateSubmission } from './certificates';
import { z } from 'zod';
import {
  BOOKING,
  BOOKING_MSG,
  BookingUserFields,
  CardInput,
  DayString,
  FlightDetails,
  LanguageSchema,
  optionalText,
  PractitionerMetadata,
  ServiceName,
  TimeZoneName,
} from './booking';
import { phoneNumber } from './telephone';
import { EMAIL_PATTERN, text, Uuid } from './validation';

/*
 * The booking requests that carry a phone number. The phone rule (libphonenumber-js) lives in its own chunk, so
 * these stay out of booking.ts, which nearly every page imports: only the pages with a phone field (the booking
 * wizards, My Account, registration) and the server load it.
 */

const { first_name, last_name, email, ...bookingUserDetails } = BookingUserFields.shape;

/** One person on a booking (spec 2 §3 booking user, the passenger fields), as the customer sends it. */
export const BookingUserInput = z.object({
  first_name,
  last_name,
  email,
  phone: /* @__PURE__ */ phoneNumber(BOOKING_MSG.telephoneInvalid).optional(),
  ...bookingUserDetails,
});
export type BookingUserInput = z.infer<typeof BookingUserInput>;

export const BookingUsersInput = z
  .array(BookingUserInput, { error: BOOKING_MSG.inputNumberOfPeople })
  .min(BOOKING.minPeople, BOOKING_MSG.minimumPeople)
  .max(BOOKING.maxPeople, BOOKING_MSG.maximumPeople);

export const BillingDetails = z.object({
  first_name: /* @__PURE__ */ text().trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  last_name: /* @__PURE__ */ text().trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  /** dd-MM-yyyy */
  dateOfBirth: /* @__PURE__ */ DayString.optional(),
  email: /* @__PURE__ */ text().trim().max(254).regex(EMAIL_PATTERN, BOOKING_MSG.emailInvalid),
  phone: /* @__PURE__ */ phoneNumber(BOOKING_MSG.telephoneInvalid).optional(),
  company: /* @__PURE__ */ optionalText(100),
  street_address: /* @__PURE__ */ optionalText(200),
  extended_address: /* @__PURE__ */ optionalText(200),
  locality: /* @__PURE__ */ optionalText(100),
  region: /* @__PURE__ */ optionalText(100),
  postal_code: /* @__PURE__ */ optionalText(10),
});

export const PaymentRequest = z.object({
  hold_token: /* @__PURE__ */ text().min(20).max(100),
  /** Pence, GBP; must equal the slot's cost for this caller. */
  amount: z.number().int().nonnegative(),
  card: /* @__PURE__ */ CardInput.optional(),
  billing_details: BillingDetails,
  booking_users: /* @__PURE__ */ BookingUsersInput.optional(),
  toc_accept: z.literal(true, { error: BOOKING_MSG.acceptTerms }),
  marketing_accept: z.boolean().optional(),
  discount_code: /* @__PURE__ */ optionalText(40),
  service: ServiceName,
  type: /* @__PURE__ */ ServiceName.optional(),
  group: /* @__PURE__ */ Uuid.optional(),
  user: /* @__PURE__ */ Uuid.optional(),
  /** The short token of an earlier booking deleted in time, to rebook it without paying again. */
  token: /* @__PURE__ */ text().trim().max(100).optional(),
  language: /* @__PURE__ */ LanguageSchema.optional(),
  tz_location: /* @__PURE__ */ TimeZoneName.optional(),
  flight_details: /* @__PURE__ */ FlightDetails.optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

// ---- POST / (self_swab) ----

export const SelfSwabRequest = z.object({
  type: z.literal('self_swab'),
  booking_users: BookingUsersInput,
  language: /* @__PURE__ */ LanguageSchema.optional(),
  tz_location: /* @__PURE__ */ TimeZoneName.optional(),
  testing_kit_id: /* @__PURE__ */ optionalText(60),
  toc_accept: z.literal(true, { error: BOOKING_MSG.acceptTerms }),
});

// ---- Customer and practitioner edits ----

export const EditAppointmentRequest = z.object({ booking_users: BookingUsersInput });
/**
 * PUT /{id}/booking-users/{userId}: the practitioner's changes to one person, or (alone) the
 * certificate of spec 2 §2.4, judged by `certificateErrors`.
 */
export const BookingUserUpdate = /* @__PURE__ */ BookingUserInput.partial().extend({
  metadata: /* @__PURE__ */ PractitionerMetadata.optional(),
  certificate: /* @__PURE__ */ CertificateSubmission.optional(),
});

// ---- Public booking wizard, basic information (spec 2 §5) ----

/** The 'Basic information' step of the public wizard; the same rules the server applies to billing_details. */
export const BasicInformationForm = z.object({
  first_name: /* @__PURE__ */ text().trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  last_name: /* @__PURE__ */ text().trim().min(2, BOOKING_MSG.inputInvalid).max(100),
  /** yyyy-MM-dd from the date input */
  dateOfBirth: /* @__PURE__ */ text().regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MSG.invalidDate),
  telephone: /* @__PURE__ */ phoneNumber(BOOKING_MSG.telephoneInvalid),
  email: /* @__PURE__ */ text().trim().max(254).regex(EMAIL_PATTERN, BOOKING_MSG.emailInvalid),
  discount_code: /* @__PURE__ */ text().trim().max(40).optional(),
});
export type BasicInformationForm = z.infer<typeof BasicInformationForm>;
