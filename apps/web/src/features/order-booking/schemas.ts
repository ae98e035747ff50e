import { BOOKING, BOOKING_MSG, BOOKING_WIZARD_MSG, EMAIL_PATTERN, ETHNICITIES, MIN_BOOKING_DATE_OF_BIRTH_EPOCH, SEXES, TRANSPORT_TYPES, inputLabel } from '@vireo/contracts';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { z, type ZodType } from 'zod';
import { cityNamed } from './cities';
import { arrivesInGb, dateOfBirthEpoch, needsVaccine, travelTimes } from './rules';
import type { BookableProduct } from './types';

const filled = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The transport number's label per transport type ('Input {label}'). */
export const TRANSPORT_NUMBER_LABELS: Readonly<Record<string, string>> = { Flight: 'Flight number', Train: 'Train number', Other: 'Transport number' };

/**
 * 'Number of people' of the first steps (spec 2 §5, spec 3 §5): 'Input number of people', 1 to 4, never
 * below `atLeast` (the people already on a booking being edited) and, unless `unitsLeft` is null, not
 * more than the units left.
 */
export function peopleField(atLeast = 0) {
  return z
    .string({ error: BOOKING_MSG.inputNumberOfPeople })
    .trim()
    .min(1, BOOKING_MSG.inputNumberOfPeople)
    .transform(Number)
    .pipe(z.number({ error: BOOKING_MSG.inputNumberOfPeople }).int(BOOKING_MSG.inputNumberOfPeople).min(BOOKING.minPeople, BOOKING_MSG.minimumPeople).max(BOOKING.maxPeople, BOOKING_MSG.maximumPeople))
    .refine((people) => people >= atLeast, BOOKING_MSG.cannotReducePeople);
}

/**
 * A first step's answers while a booking is edited (the wizard frame's `editing`): whatever the step
 * ('How many people will take the test?', 'Select Test', 'Number of travellers'), never fewer people
 * than are booked ('You can't reduce quantity of booking users'; the server's PATCH refuses them too).
 */
export function neverFewerPeople(schema: ZodType, booked: number): ZodType {
  return z.intersection(schema, z.object({ numberOfPeople: peopleField(booked) }));
}

/** 'Travel Details' (spec 2 §3, §5): transport type, number ('Input {label}'), city, travel times, transit; the landing for after_flight products. */
export function travelSchema(product: Pick<BookableProduct, 'tags'> | undefined) {
  const landing = product !== undefined && arrivesInGb(product);
  return z
    .object({
      transportType: z.enum(TRANSPORT_TYPES, { error: BOOKING_WIZARD_MSG.selectTransportType }),
      transportNumber: z.string(),
      city: z.string().refine((name) => cityNamed(name) !== undefined, BOOKING_WIZARD_MSG.selectCity),
      travelDate: filled(BOOKING_WIZARD_MSG.inputTravelDate),
      travelTime: filled(BOOKING_WIZARD_MSG.inputTravelTime),
      landingDate: landing ? filled(BOOKING_WIZARD_MSG.inputLandingDate) : z.string(),
      landingTime: landing ? filled(BOOKING_WIZARD_MSG.inputLandingTime) : z.string(),
      transit: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.transportNumber.trim() === '') ctx.addIssue({ code: 'custom', path: ['transportNumber'], message: inputLabel(TRANSPORT_NUMBER_LABELS[values.transportType] ?? 'Transport number') });
      if (!landing) return;
      const { departure, landing: landed } = travelTimes(values);
      if (departure !== null && landed !== null && landed <= departure) ctx.addIssue({ code: 'custom', path: ['landingTime'], message: BOOKING_WIZARD_MSG.landingBeforeTravel });
    });
}

/** Today (the browser's) as yyyy-MM-dd: no date of birth after it. */
const today = () => new Date().toISOString().slice(0, 10);

/** One person of 'Passenger Details' (spec 2 §5), the vaccine fields for additional_info products. */
export function passengerSchema(product: Pick<BookableProduct, 'tags'> | undefined) {
  const vaccine = product !== undefined && needsVaccine(product);
  return z
    .object({
      firstName: filled(BOOKING_MSG.inputFirstName).pipe(z.string().min(2, BOOKING_MSG.inputInvalid).max(100)),
      lastName: filled(BOOKING_MSG.inputLastName).pipe(z.string().min(2, BOOKING_MSG.inputInvalid).max(100)),
      email: filled(BOOKING_MSG.inputEmail).pipe(z.string().max(254).regex(EMAIL_PATTERN, BOOKING_MSG.invalidEmail)),
      countryCode: filled(BOOKING_WIZARD_MSG.selectCountryCode),
      phone: filled(BOOKING_MSG.inputPhone),
      dateOfBirth: filled(BOOKING_MSG.inputDateOfBirth).pipe(
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MSG.invalidDate)
          .refine((date) => !Number.isNaN(dateOfBirthEpoch(date)), BOOKING_MSG.invalidDate)
          .refine((date) => dateOfBirthEpoch(date) >= MIN_BOOKING_DATE_OF_BIRTH_EPOCH, BOOKING_MSG.dateOfBirthTooEarly)
          .refine((date) => date <= today(), BOOKING_MSG.dateOfBirthFuture),
      ),
      // Checked as strings, not enums: a refused enum stops the person's refinements (phone, passport) from running.
      ethnicity: z.string().refine((value) => (ETHNICITIES as readonly string[]).includes(value), BOOKING_WIZARD_MSG.inputEthnicity),
      sex: z.string().refine((value) => (SEXES as readonly string[]).includes(value), BOOKING_MSG.selectSex),
      passportNumber: filled(BOOKING_WIZARD_MSG.inputPassport).pipe(z.string().max(40)),
      passportNumberConfirmation: z.string(),
      vaccineStatus: z.string(),
      vaccineType: z.string(),
      vaccineTypeName: z.string(),
      vaccineNumber: z.string(),
    })
    .superRefine((person, ctx) => {
      const phone = person.phone.trim();
      if (phone.startsWith('+') || phone.startsWith('00')) ctx.addIssue({ code: 'custom', path: ['phone'], message: BOOKING_WIZARD_MSG.phoneWithoutCountryCode });
      else if (!isValidPhoneNumber(phone, person.countryCode as CountryCode)) ctx.addIssue({ code: 'custom', path: ['phone'], message: BOOKING_WIZARD_MSG.invalidPhone });
      if (person.passportNumberConfirmation.trim() !== person.passportNumber.trim()) ctx.addIssue({ code: 'custom', path: ['passportNumberConfirmation'], message: BOOKING_WIZARD_MSG.passportsMatch });
      if (!vaccine) return;
      if (person.vaccineStatus !== 'yes' && person.vaccineStatus !== 'no') ctx.addIssue({ code: 'custom', path: ['vaccineStatus'], message: BOOKING_WIZARD_MSG.selectVaccineStatus });
      if (person.vaccineStatus !== 'yes') return;
      if (!person.vaccineType) ctx.addIssue({ code: 'custom', path: ['vaccineType'], message: BOOKING_WIZARD_MSG.selectVaccineType });
      if (person.vaccineType === 'Other' && person.vaccineTypeName.trim() === '') ctx.addIssue({ code: 'custom', path: ['vaccineTypeName'], message: BOOKING_WIZARD_MSG.inputVaccineName });
      if (person.vaccineNumber !== 'one dose' && person.vaccineNumber !== 'two doses') ctx.addIssue({ code: 'custom', path: ['vaccineNumber'], message: BOOKING_WIZARD_MSG.selectVaccineDoses });
    });
}

/** 'Passenger Details' as a whole: every person of the booking. */
export const passengersSchema = (product: Pick<BookableProduct, 'tags'> | undefined, people: number) =>
  z.object({ passengers: z.array(passengerSchema(product)).min(people) });

/** 'Summary': the terms accepted. */
export const SummarySchema = z.object({ tocAccept: z.literal(true, { error: BOOKING_MSG.acceptTerms }) });

export const VACCINE_TYPES = ['Pfizer', 'Astrazeneca', 'Moderna', 'Johnson & Johnson', 'Sputnik', 'Other'] as const;
export const VACCINE_DOSES = ['one dose', 'two doses'] as const;
