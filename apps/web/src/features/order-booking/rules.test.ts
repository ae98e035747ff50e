import { BOOKING_MSG, BOOKING_WIZARD_MSG, SEED_PARTNERS, TERMS_VERSION } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { bookingUsersOf, flightDetailsOf, passengersFor, slotWindow, toServiceDay, zonedEpoch, EMPTY_PASSENGER } from './rules';
import { neverFewerPeople, passengerSchema, peopleField, travelSchema } from './schemas';
import type { BookableProduct, OrderBookingValues } from './types';
import { EMPTY_VALUES } from './components/OrderBookingWizard';
import { peopleStep } from './components/PeopleStep';
import { travellersSchema } from './components/TravellersStep';

const at = (iso: string) => Date.parse(iso) / 1000;
const flx: BookableProduct = { id: '00000000-0000-4000-8000-000000000001', sku: 'FLX-UK-ANT-SNS-001', title: 'Fit to Fly', type: 'Antigen', tags: ['before_flight'], bundle_id: null, unitsLeft: 2 };
const day2: BookableProduct = { ...flx, sku: 'DAY-2-UK-ANT-001', tags: ['after_flight', 'additional_info'] };
const values = (over: Partial<OrderBookingValues>): OrderBookingValues => ({ ...EMPTY_VALUES, ...over });
const person = { ...EMPTY_PASSENGER, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '7911123456', dateOfBirth: '1990-05-17', ethnicity: 'White British', sex: 'Female', passportNumber: 'P1234567', passportNumberConfirmation: 'P1234567' };
const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('travel times', () => {
  it('reads a wall-clock time in the departure city’s zone', () => {
    expect(zonedEpoch('2026-12-10', '12:00', 'Europe/London')).toBe(at('2026-12-10T12:00:00Z'));
    expect(zonedEpoch('2026-07-10', '12:00', 'Europe/London')).toBe(at('2026-07-10T11:00:00Z'));
    expect(zonedEpoch('2026-12-10', '12:00', 'America/New_York')).toBe(at('2026-12-10T17:00:00Z'));
    expect(zonedEpoch('', '12:00', 'Europe/London')).toBeNull();
  });

  it('gives the Fit to Fly test 72 to 57 hours before departure', () => {
    const result = slotWindow(flx, values({ city: 'Berlin', travelDate: '2026-12-10', travelTime: '13:00' }));
    expect(result).toEqual({ ok: true, window: { from: at('2026-12-10T12:00:00Z') - 72 * 3600, to: at('2026-12-10T12:00:00Z') - 57 * 3600 } });
  });

  it('starts an after_flight product’s window at the UK landing', () => {
    const result = slotWindow(day2, values({ travelDate: '2026-12-05', travelTime: '08:00', landingDate: '2026-12-05', landingTime: '18:00', appointmentDate: '2026-12-05' }));
    expect(result).toEqual({ ok: true, window: { from: at('2026-12-05T18:00:00Z'), to: at('2026-12-07T00:00:00Z') - 1 } });
  });

  it('sends flight details with the city’s country; after_flight arrives in GB', () => {
    const flight = flightDetailsOf(values({ transportNumber: ' BA117 ', city: 'Paris', travelDate: '2026-12-05', travelTime: '08:00', landingDate: '2026-12-05', landingTime: '09:30' }), day2);
    expect(flight).toEqual({
      transport_type: 'Flight',
      transport_number: 'BA117',
      transport_departure_country: 'FR',
      transport_departure_date_time: '2026-12-05T07:00:00.000Z',
      transport_arrival_country: 'GB',
      transport_arrival_date_time: '2026-12-05T09:30:00.000Z',
    });
    expect(flightDetailsOf(values({ city: 'Paris', travelDate: '2026-12-05', travelTime: '08:00' }), flx)).not.toHaveProperty('transport_arrival_country');
    expect(toServiceDay('2026-12-05')).toBe('05-12-2026');
  });
});

describe('the steps’ rules', () => {
  it('counts people 1 to 4 and never fewer than booked', () => {
    expect(messages(peopleField().safeParse(''))).toEqual([BOOKING_MSG.inputNumberOfPeople]);
    expect(messages(peopleField().safeParse('0'))).toEqual([BOOKING_MSG.minimumPeople]);
    expect(messages(peopleField().safeParse('5'))).toEqual([BOOKING_MSG.maximumPeople]);
    expect(messages(peopleField(3).safeParse('2'))).toEqual([BOOKING_MSG.cannotReducePeople]);
    expect(peopleField(2).parse('3')).toBe(3);
  });

  it('while a booking is edited, never takes fewer people than are booked, whatever the first step', () => {
    const people = neverFewerPeople(peopleStep('How many people will take the test?').schema, 2);
    expect(messages(people.safeParse({ numberOfPeople: '1' }))).toEqual([BOOKING_MSG.cannotReducePeople]);
    expect(people.safeParse({ numberOfPeople: '2' }).success).toBe(true);
    expect(messages(people.safeParse({ numberOfPeople: '5' }))).toContain(BOOKING_MSG.maximumPeople);
    expect(peopleStep('How many people will take the test?').schema.safeParse({ numberOfPeople: '1' }).success).toBe(true);
    const travellers = neverFewerPeople(travellersSchema(SEED_PARTNERS[1], [flx]), 2);
    const codes = (...values: string[]) => values.map((code) => ({ code }));
    expect(messages(travellers.safeParse({ product_id: flx.id, numberOfPeople: '1', purchaseCode: codes('F2FAWAAAA') }))).toEqual([BOOKING_MSG.cannotReducePeople]);
    expect(travellers.safeParse({ product_id: flx.id, numberOfPeople: '3', purchaseCode: codes('F2FAWAAAA', 'F2FAWBBBB', 'F2FAWCCCC') }).success).toBe(true);
  });

  it('names the transport number by its type', () => {
    const base = { transportType: 'Train', transportNumber: '', city: 'Westminster', travelDate: '2026-12-05', travelTime: '08:00', landingDate: '', landingTime: '', transit: false };
    expect(messages(travelSchema(flx).safeParse(base))).toEqual(['Input Train number']);
    expect(messages(travelSchema(flx).safeParse({ ...base, transportNumber: 'X1', city: 'Atlantis' }))).toEqual([BOOKING_WIZARD_MSG.selectCity]);
    expect(messages(travelSchema(day2).safeParse({ ...base, transportNumber: 'X1' }))).toEqual([BOOKING_WIZARD_MSG.inputLandingDate, BOOKING_WIZARD_MSG.inputLandingTime]);
  });

  it('checks a passenger as spec 2 §5 says', () => {
    expect(passengerSchema(flx).safeParse(person).success).toBe(true);
    expect(messages(passengerSchema(flx).safeParse({ ...person, phone: '+447911123456', passportNumberConfirmation: 'P7654321', ethnicity: '' }))).toEqual([
      BOOKING_WIZARD_MSG.inputEthnicity,
      BOOKING_WIZARD_MSG.phoneWithoutCountryCode,
      BOOKING_WIZARD_MSG.passportsMatch,
    ]);
    expect(messages(passengerSchema(flx).safeParse({ ...person, phone: '12' }))).toEqual([BOOKING_WIZARD_MSG.invalidPhone]);
    expect(messages(passengerSchema(flx).safeParse({ ...person, dateOfBirth: '1920-12-31' }))).toEqual([BOOKING_MSG.dateOfBirthTooEarly]);
    expect(messages(passengerSchema(day2).safeParse(person))).toEqual([BOOKING_WIZARD_MSG.selectVaccineStatus]);
    expect(messages(passengerSchema(day2).safeParse({ ...person, vaccineStatus: 'yes', vaccineType: 'Other' }))).toEqual([BOOKING_WIZARD_MSG.inputVaccineName, BOOKING_WIZARD_MSG.selectVaccineDoses]);
  });

  it('sends each person with the dial code, the date of birth at UTC midnight, the vaccine for additional_info products and the terms version accepted', () => {
    const answers = values({ numberOfPeople: '2', transit: true, travelDate: '2026-12-05', travelTime: '08:00', tocAccept: true, passengers: passengersFor([{ ...person, vaccineStatus: 'yes', vaccineType: 'Pfizer', vaccineNumber: 'two doses' }], 2) });
    const [first, second] = bookingUsersOf(answers, day2, 'EN', () => '+44');
    expect(first).toMatchObject({
      first_name: 'Ada',
      phone: '+447911123456',
      date_of_birth: at('1990-05-17T00:00:00Z'),
      tz_location: 'Europe/London',
      product_id: day2.id,
      vaccine_information: { status: 'yes', type: 'Pfizer', number: 'two doses' },
      metadata: { transit: true, passport_number: 'P1234567', test_type: 'Antigen', travel_date: '2026-12-05 08:00', toc_version: TERMS_VERSION },
    });
    expect(second?.first_name).toBe('');
  });
});
