import { ageOn, BOOKING, type BookingUser, type BookingUserInput } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { bookingUsers } from '../../db/schema';
import type { BookingUserRow } from './repo';

type NewBookingUserRow = typeof bookingUsers.$inferInsert;

/**
 * The booking-user fields that travel as they are stored: optional on the wire (absent when
 * empty), null in the row. One list for both directions, so a new field is added once.
 */
const OPTIONAL_FIELDS = {
  sex: 'sex',
  ethnicity: 'ethnicity',
  street_address: 'streetAddress',
  extended_address: 'extendedAddress',
  locality: 'locality',
  region: 'region',
  country: 'country',
  postal_code: 'postalCode',
  bundle_id: 'bundleId',
  product_id: 'productId',
  kit_id: 'kitId',
  selected_kit: 'selectedKit',
  vaccine_information: 'vaccineInformation',
} as const satisfies Partial<Record<keyof BookingUserInput & keyof BookingUser, keyof BookingUserRow>>;

type OptionalField = keyof typeof OPTIONAL_FIELDS;
const OPTIONAL = Object.entries(OPTIONAL_FIELDS) as [OptionalField, (typeof OPTIONAL_FIELDS)[OptionalField]][];

/** The rows of the people on a booking, in the order given (spec 2 §3 field names → columns). */
export function bookingUserValues(appointmentId: string, people: BookingUserInput[], now: Date, defaults: { language: 'EN' | 'DE'; tzLocation: string }): NewBookingUserRow[] {
  return people.map((p, position) => ({
    ...(Object.fromEntries(OPTIONAL.map(([field, column]) => [column, p[field] ?? null])) as Pick<NewBookingUserRow, (typeof OPTIONAL_FIELDS)[OptionalField]>),
    appointmentId,
    position,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email.toLowerCase(),
    phone: p.phone ?? null,
    dateOfBirth: p.date_of_birth,
    language: p.language ?? defaults.language,
    tzLocation: p.tz_location ?? defaults.tzLocation,
    tocAccept: p.toc_accept ?? false,
    metadata: p.metadata ?? {},
    createdAt: now,
  }));
}

/** A booking user as the booking service answers it. */
export function presentBookingUser(row: BookingUserRow, now: Date): BookingUser {
  return {
    ...(Object.fromEntries(OPTIONAL.map(([field, column]) => [field, row[column] ?? undefined])) as Pick<BookingUser, OptionalField>),
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    minor: ageOn(row.dateOfBirth, epochSeconds(now)) < BOOKING.minorUnderAge,
    language: row.language ?? undefined,
    tz_location: row.tzLocation ?? undefined,
    toc_accept: row.tocAccept,
    metadata: row.metadata,
  };
}
