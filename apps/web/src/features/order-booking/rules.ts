import { FIT_TO_FLY_ANTIGEN_SKU, UK_TIME_ZONE, type BookingUserInput } from '@vireo/contracts';
import { cityNamed } from './cities';
import type { BookableProduct, OrderBookingValues, Passenger } from './types';

/** The products whose booking is skipped (spec 2 §2.7): no 'Booking Appointment', 'Confirmation' at the end. */
export const BOOKING_SKIPPED_SKUS: readonly string[] = ['FACE-2-FACE-HOTEL', 'SELF-SWABBING'];
export const skipsBooking = (product: Pick<BookableProduct, 'sku'>): boolean => BOOKING_SKIPPED_SKUS.includes(product.sku);

/** The guidance of spec 2 §9 per SKU: a key of the `guidance` texts. */
export type GuidanceKey = 'within24HoursOfTravel' | 'fitToFly' | 'within2DaysOfArrival' | 'within48HoursOfTravel';
const GUIDANCE: Readonly<Record<string, GuidanceKey>> = {
  [FIT_TO_FLY_ANTIGEN_SKU]: 'fitToFly',
  'DAY-2-UK-ANT-001': 'within2DaysOfArrival',
  'SYN-UK-PCR-SNS-002': 'within2DaysOfArrival',
  'RECONSULT-ANT-DAY-2': 'within2DaysOfArrival',
  'RECONSULT-PCR-DAY-2': 'within2DaysOfArrival',
  'SYN-UK-PCR-SNS-001': 'within48HoursOfTravel',
  'CONSULT-PCR': 'within48HoursOfTravel',
  'ANT-CONSULT-001': 'within24HoursOfTravel',
  'CONSULT-ANT': 'within24HoursOfTravel',
  'DAY-2-US-ANT-001': 'within24HoursOfTravel',
};
export const guidanceOf = (product: Pick<BookableProduct, 'sku'>): GuidanceKey | undefined => GUIDANCE[product.sku];

export const arrivesInGb = (product: Pick<BookableProduct, 'tags'>): boolean => product.tags.includes('after_flight');
export const needsVaccine = (product: Pick<BookableProduct, 'tags'>): boolean => product.tags.includes('additional_info');

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The offset (seconds) of `timeZone` from UTC at the instant `epoch`. */
function offsetAt(epoch: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(epoch * 1000))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) / 1000;
  return asUtc - epoch;
}

/** Epoch seconds of a wall-clock date (yyyy-MM-dd) and time (HH:mm) in a zone; null when either is not given. */
export function zonedEpoch(date: string, time: string, timeZone: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2])) / 1000;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** When the traveller leaves (the departure city's time) and, for after_flight products, lands in the UK. */
export function travelTimes(values: Pick<OrderBookingValues, 'city' | 'travelDate' | 'travelTime' | 'landingDate' | 'landingTime'>) {
  const zone = cityNamed(values.city)?.timezone ?? UK_TIME_ZONE;
  return { departure: zonedEpoch(values.travelDate, values.travelTime, zone), landing: zonedEpoch(values.landingDate, values.landingTime, UK_TIME_ZONE) };
}

/**
 * The times a product's slots may start in (spec 2 §9, issue 18): the Fit to Fly test 72 to 57 hours
 * before departure; any other from the day before to the day after the chosen date (the landing day
 * after a flight, else the travel day), in London, before departure or after landing. Null while
 * Travel Details lack what the window needs.
 */
export function slotWindow(product: Pick<BookableProduct, 'sku' | 'tags'>, values: Parameters<typeof travelTimes>[0]): { from: number; to: number } | null {
  const { departure, landing } = travelTimes(values);
  if (product.sku === FIT_TO_FLY_ANTIGEN_SKU) return departure === null ? null : { from: departure - 72 * HOUR, to: departure - 57 * HOUR };
  if (arrivesInGb(product)) {
    const dayStart = zonedEpoch(values.landingDate, '00:00', UK_TIME_ZONE);
    if (landing === null || dayStart === null) return null;
    return { from: Math.max(dayStart - DAY, landing), to: dayStart + 2 * DAY };
  }
  const dayStart = zonedEpoch(values.travelDate, '00:00', UK_TIME_ZONE);
  if (departure === null || dayStart === null) return null;
  return { from: dayStart - DAY, to: Math.min(dayStart + 2 * DAY, departure) };
}

/** A passenger as Passenger Details first shows them. */
export const EMPTY_PASSENGER: Passenger = {
  firstName: '',
  lastName: '',
  email: '',
  countryCode: 'GB',
  phone: '',
  dateOfBirth: '',
  ethnicity: '',
  sex: '',
  passportNumber: '',
  passportNumberConfirmation: '',
  vaccineStatus: '',
  vaccineType: '',
  vaccineTypeName: '',
  vaccineNumber: '',
};

/** The passengers list grown (empty people added) or cut to `people`. */
export function passengersFor(passengers: readonly Passenger[], people: number): Passenger[] {
  return Array.from({ length: people }, (_, i) => passengers[i] ?? EMPTY_PASSENGER);
}

export const peopleOf = (values: Pick<OrderBookingValues, 'numberOfPeople'>): number => {
  const people = Number(values.numberOfPeople);
  return Number.isInteger(people) && people > 0 ? people : 0;
};

const localDateTime = (date: string, time: string) => (date && time ? `${date} ${time}` : undefined);

/** The wizard's Travel Details as the booking's flight_details (spec 2 §3): after_flight products arrive in GB. */
export function flightDetailsOf(values: OrderBookingValues, product: BookableProduct) {
  const city = cityNamed(values.city);
  return {
    transport_type: values.transportType as 'Flight' | 'Train' | 'Other',
    transport_number: values.transportNumber.trim(),
    transport_departure_country: city?.iso2,
    transport_departure_date_time: localDateTime(values.travelDate, values.travelTime),
    ...(arrivesInGb(product) ? { transport_arrival_country: 'GB', transport_arrival_date_time: localDateTime(values.landingDate, values.landingTime) } : {}),
  };
}

/** The appointment address as one line (booking metadata), when the customer gave one. */
export function appointmentAddressLine(values: OrderBookingValues): string | undefined {
  const { streetAddress, extendedAddress, locality, county, postalCode } = values.appointmentAddress;
  const line = [streetAddress, extendedAddress, locality, county, postalCode].map((part) => part.trim()).filter(Boolean).join(', ');
  return line || undefined;
}

/** Epoch seconds of a date of birth (yyyy-MM-dd) at 00:00 UTC (spec 2 §5: day/month/year as a UTC date). */
export const dateOfBirthEpoch = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The people of the booking as the booking service takes them (spec 3 §7.4's booking user payload). */
export function bookingUsersOf(values: OrderBookingValues, product: BookableProduct, language: 'EN' | 'DE', dialCode: (country: string) => string): BookingUserInput[] {
  const city = cityNamed(values.city);
  const address = appointmentAddressLine(values);
  return values.passengers.slice(0, peopleOf(values)).map((person) => ({
    first_name: person.firstName.trim(),
    last_name: person.lastName.trim(),
    email: person.email.trim(),
    phone: `${dialCode(person.countryCode)}${person.phone.trim()}`,
    date_of_birth: dateOfBirthEpoch(person.dateOfBirth),
    sex: person.sex as 'Female' | 'Male' | 'Other',
    ethnicity: person.ethnicity as BookingUserInput['ethnicity'],
    language,
    tz_location: city?.timezone ?? UK_TIME_ZONE,
    toc_accept: values.tocAccept,
    product_id: product.id,
    ...(product.bundle_id ? { bundle_id: product.bundle_id } : {}),
    ...(values.selectedKit ? { selected_kit: values.selectedKit } : {}),
    ...(needsVaccine(product) && person.vaccineStatus
      ? {
          vaccine_information: {
            status: person.vaccineStatus as 'yes' | 'no',
            ...(person.vaccineStatus === 'yes'
              ? { type: person.vaccineType === 'Other' ? person.vaccineTypeName.trim() : person.vaccineType, number: person.vaccineNumber as 'one dose' | 'two doses' }
              : {}),
          },
        }
      : {}),
    metadata: {
      transit: values.transit,
      product_id: product.id,
      passport_number: person.passportNumber.trim(),
      test_type: product.type,
      ...(values.travelDate ? { travel_date: localDateTime(values.travelDate, values.travelTime) } : {}),
      ...(arrivesInGb(product) && values.landingDate ? { landing_date: localDateTime(values.landingDate, values.landingTime) } : {}),
      ...(values.transportNumber.trim() ? { flight_number: values.transportNumber.trim() } : {}),
      ...(address ? { appointment_address: address } : {}),
    },
  }));
}
