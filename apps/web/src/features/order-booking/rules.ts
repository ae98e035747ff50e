import { bookingWindow, isBookingSkipped, TERMS_VERSION, UK_TIME_ZONE, type BookingUserInput, type BookingWindowResult } from '@vireo/contracts';
import { cityNamed } from './cities';
import type { BookableProduct, OrderBookingValues, Passenger } from './types';

/** The products whose booking is skipped (spec 2 §2.7): no 'Booking Appointment', 'Confirmation' at the end. */
export const skipsBooking = (product: Pick<BookableProduct, 'sku'>): boolean => isBookingSkipped(product.sku);

export const arrivesInGb = (product: Pick<BookableProduct, 'tags'>): boolean => product.tags.includes('after_flight');
export const needsVaccine = (product: Pick<BookableProduct, 'tags'>): boolean => product.tags.includes('additional_info');


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

/** A date input's yyyy-MM-dd as a calendar date. */
function calendarDate(date: string) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return day ? { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]) } : null;
}

/** yyyy-MM-dd as the booking service's dd-MM-yyyy. */
export const toServiceDay = (date: string): string => date.split('-').reverse().join('-');

/**
 * The times a product's slots may start in (contracts' bookingWindow, which the server applies too): the Fit to
 * Fly test 72 to 57 hours before departure; any other from the day before to the day after the appointment date,
 * before departure (before_flight) or from landing (after_flight).
 */
export function slotWindow(product: Pick<BookableProduct, 'sku' | 'tags'>, values: Parameters<typeof travelTimes>[0] & Pick<OrderBookingValues, 'appointmentDate'>): BookingWindowResult {
  const { departure, landing } = travelTimes(values);
  return bookingWindow({ sku: product.sku, tags: product.tags, departure, arrival: arrivesInGb(product) ? landing : null, chosenDate: calendarDate(values.appointmentDate) });
}

/** The appointment date the calendar starts on: the landing day after a flight, else the travel day. */
export const defaultAppointmentDate = (product: Pick<BookableProduct, 'tags'>, values: Pick<OrderBookingValues, 'travelDate' | 'landingDate'>): string =>
  arrivesInGb(product) ? values.landingDate : values.travelDate;

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
const isoInstant = (epoch: number | null) => (epoch === null ? undefined : new Date(epoch * 1000).toISOString());

/** The wizard's Travel Details as the booking's flight_details (spec 2 §3): after_flight products arrive in GB; the departure country is the city's iso2. */
export function flightDetailsOf(values: OrderBookingValues, product: Pick<BookableProduct, 'tags'>) {
  const city = cityNamed(values.city);
  const { departure, landing } = travelTimes(values);
  return {
    transport_type: values.transportType as 'Flight' | 'Train' | 'Other',
    transport_number: values.transportNumber.trim(),
    ...(city ? { transport_departure_country: city.iso2 } : {}),
    ...(departure !== null ? { transport_departure_date_time: isoInstant(departure) } : {}),
    ...(arrivesInGb(product) && landing !== null ? { transport_arrival_country: 'GB', transport_arrival_date_time: isoInstant(landing) } : {}),
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
      // The version of the terms the person accepted at Summary (issue 18: toc_accept keeps the version).
      ...(values.tocAccept ? { toc_version: TERMS_VERSION } : {}),
    },
  }));
}
