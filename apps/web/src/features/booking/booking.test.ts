import { BOOKING_MSG, FIELD_MSG, MSG, Slot } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { BasicInformationSchema } from './components/BasicInformationStep';
import { describeFailure } from './outcome';
import { readKeptHold } from './useSlotHold';
import { createInstance } from 'i18next';
import de from './locales/de';
import en from './locales/en';
import { addDays, calendarWindow, formatCountdown, formatTime, isoDateToDayString, parseDayString, toDayString, zoneLabel } from './time';

const texts = createInstance({ resources: { en: { booking: en }, de: { booking: de } }, interpolation: { escapeValue: false }, initAsync: false });
void texts.init();
const EN = texts.getFixedT('en', 'booking');
const DE = texts.getFixedT('de', 'booking');
/** The messages as they came (English), and as lib/messageText would give them in another language: here marked, to see which lines went through it. */
const inEnglish = (message: string) => message;
const translated = (message: string) => `[de] ${message}`;

describe('payment failures (spec 2 §8)', () => {
  it("shows the server's 'Something went wrong, please try again.' as the slot-taken text, and the slot as lost", () => {
    const error = new ApiError(409, BOOKING_MSG.paymentFailed);
    const failure = describeFailure(error, EN, inEnglish);
    expect(failure).toEqual({ lines: [BOOKING_MSG.slotTaken], slotLost: true, cardRefused: false, cause: error });
  });

  it('keeps the hold on a declined card and shows the server message, in German for a German booking', () => {
    expect(describeFailure(new ApiError(402, BOOKING_MSG.cardDeclined), EN, inEnglish)).toMatchObject({ lines: [BOOKING_MSG.cardDeclined], slotLost: false, cardRefused: true });
    expect(describeFailure(new ApiError(402, BOOKING_MSG.cardDeclined), DE, translated).lines).toEqual([`[de] ${BOOKING_MSG.cardDeclined}`]);
  });

  it('lists field messages under the main message, and keeps the generic text when no answer arrived', () => {
    const invalid = describeFailure(new ApiError(400, 'Missing details.', { 'billing_details.email': BOOKING_MSG.emailInvalid }), EN, inEnglish);
    expect(invalid.lines).toEqual(['Missing details.', BOOKING_MSG.emailInvalid]);
    expect(describeFailure(new ApiError(0, BOOKING_MSG.paymentFailed), EN, inEnglish)).toMatchObject({ lines: [BOOKING_MSG.paymentFailed], slotLost: false });
  });

  it('puts the server’s message and every field message through the shared message texts, whatever their group', () => {
    const invalid = new ApiError(400, MSG.missingDetails, { 'billing_details.postal_code': FIELD_MSG.atMostCharacters(10), 'billing_details.email': BOOKING_MSG.emailInvalid });
    expect(describeFailure(invalid, DE, translated).lines).toEqual([`[de] ${MSG.missingDetails}`, `[de] ${FIELD_MSG.atMostCharacters(10)}`, `[de] ${BOOKING_MSG.emailInvalid}`]);
    expect(describeFailure(new ApiError(409, BOOKING_MSG.paymentFailed), DE, translated).lines).toEqual([DE('slotTaken')]);
  });
});

describe('basic information (spec 2 §5)', () => {
  const valid = { first_name: 'Ada', last_name: 'Lovelace', dateOfBirth: '1990-04-12', telephone: '07911 123456', email: 'ada@example.test', discount_code: '' };
  const messageFor = (values: typeof valid, field: string) => BasicInformationSchema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('accepts a complete person with or without a discount code', () => {
    expect(BasicInformationSchema.safeParse(valid).success).toBe(true);
    expect(BasicInformationSchema.safeParse({ ...valid, discount_code: 'SPRING' }).success).toBe(true);
  });

  it("answers 'Input is invalid' for names under 2 characters and 'Input email is invalid' for a bad e-mail", () => {
    expect(messageFor({ ...valid, first_name: 'A' }, 'first_name')).toBe(BOOKING_MSG.inputInvalid);
    expect(messageFor({ ...valid, last_name: 'L' }, 'last_name')).toBe(BOOKING_MSG.inputInvalid);
    expect(messageFor({ ...valid, email: 'ada@example' }, 'email')).toBe(BOOKING_MSG.emailInvalid);
  });

  it("answers 'Input telephone is invalid' for a telephone that is no phone number, by the patient forms' dial-code rule", () => {
    expect(messageFor({ ...valid, telephone: 'x' }, 'telephone')).toBe(BOOKING_MSG.telephoneInvalid);
    expect(messageFor({ ...valid, telephone: '0770090012' }, 'telephone')).toBe(BOOKING_MSG.telephoneInvalid);
    expect(messageFor({ ...valid, telephone: '+49 30 12345678' }, 'telephone')).toBeUndefined();
  });

  it('refuses a date of birth in the future or before 1921', () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(messageFor({ ...valid, dateOfBirth: tomorrow }, 'dateOfBirth')).toBe(BOOKING_MSG.dateOfBirthFuture);
    expect(messageFor({ ...valid, dateOfBirth: '1920-12-31' }, 'dateOfBirth')).toBe(BOOKING_MSG.dateOfBirthTooEarly);
  });
});

describe('booking times', () => {
  it('offers London today to 40 days ahead', () => {
    const { first, last } = calendarWindow(new Date('2026-03-28T23:30:00Z'));
    expect(toDayString(first)).toBe('28-03-2026');
    expect(toDayString(last)).toBe('07-05-2026');
    // After midnight in London (BST) the calendar starts on the new day although UTC is still on the old one.
    expect(toDayString(calendarWindow(new Date('2026-06-01T23:30:00Z')).first)).toBe('02-06-2026');
  });

  it('shows times in the zone and names the zone with its abbreviation at that instant', () => {
    const winter = Date.UTC(2026, 0, 15, 9, 20) / 1000;
    const summer = Date.UTC(2026, 6, 15, 9, 20) / 1000;
    expect(formatTime(winter, 'Europe/London', 'en-GB')).toBe('09:20');
    expect(formatTime(summer, 'Europe/London', 'en-GB')).toBe('10:20');
    expect(zoneLabel('Europe/London', winter)).toBe('Europe/London (GMT)');
    expect(zoneLabel('Europe/London', summer)).toBe('Europe/London (BST)');
  });

  it('counts down in mm:ss and never below zero', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(61.2)).toBe('01:02');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('converts between the date input, the wire format and calendar dates', () => {
    expect(isoDateToDayString('1990-04-12')).toBe('12-04-1990');
    expect(parseDayString('01-02-2026')).toEqual({ year: 2026, month: 2, day: 1 });
    expect(toDayString(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe('01-01-2027');
  });
});

describe('a hold kept for the session', () => {
  const slot = { id: '0b6f4c1e-3f0a-4d8e-9a43-6a2f5d1c7e90', cost: 4900, start_time: 1_795_000_000, end_time: 1_795_000_900 };

  it('takes up what the tab wrote, the slot as contracts\' Slot reads it', () => {
    const kept = readKeptHold(JSON.parse(JSON.stringify({ slot, token: 'hold-token' })));
    expect(kept).toEqual({ slot, token: 'hold-token' });
    expect(Slot.parse(kept?.slot)).toEqual(slot);
  });

  it.each([
    ['nothing', undefined],
    ['no token', { slot }],
    ['a slot id that is no uuid', { slot: { ...slot, id: 'slot-1' }, token: 't' }],
    ['a cost with pence fractions', { slot: { ...slot, cost: 49.5 }, token: 't' }],
    ['a start time as text', { slot: { ...slot, start_time: '1795000000' }, token: 't' }],
    ['a slot of another shape', { slot: [slot], token: 't' }],
  ])('refuses %s, as the Slot schema does', (_, value) => {
    expect(readKeptHold(value)).toBeUndefined();
    const slotValue = (value as { slot?: unknown } | undefined)?.slot;
    if (slotValue !== undefined && (value as { token?: unknown }).token !== undefined) expect(Slot.safeParse(slotValue).success).toBe(false);
  });
});
