import { describe, expect, it } from 'vitest';
import { calendarDateToEpochSeconds, formatUkDate, londonCalendarDate } from './dates';
import {
  HealthAssessmentInput,
  NONE_OF_THE_ABOVE,
  ShippingDetailsInput,
  conditionCodesOf,
  isKitOrderDateAllowed,
  kitOrderDaysAhead,
  parseEmailList,
} from './userdata';

describe('Europe/London dates', () => {
  it('gives the London calendar date of an instant, across summer time', () => {
    expect(londonCalendarDate(new Date(Date.UTC(2026, 6, 10, 23, 30)))).toEqual({ year: 2026, month: 7, day: 11 });
    expect(londonCalendarDate(new Date(Date.UTC(2026, 0, 10, 23, 30)))).toEqual({ year: 2026, month: 1, day: 10 });
  });

  it('turns the London date at London midnight, on both clock-change nights and at the end of a month', () => {
    const dateAt = (iso: string) => londonCalendarDate(new Date(iso));
    expect(dateAt('2026-07-31T22:59:59Z')).toEqual({ year: 2026, month: 7, day: 31 });
    expect(dateAt('2026-07-31T23:00:00Z')).toEqual({ year: 2026, month: 8, day: 1 });
    expect(dateAt('2026-12-31T23:59:59Z')).toEqual({ year: 2026, month: 12, day: 31 });
    expect(dateAt('2027-01-01T00:00:00Z')).toEqual({ year: 2027, month: 1, day: 1 });
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; the next midnight comes at 23:00 UTC.
    expect(dateAt('2026-03-29T00:59:59Z')).toEqual({ year: 2026, month: 3, day: 29 });
    expect(dateAt('2026-03-29T22:59:59Z')).toEqual({ year: 2026, month: 3, day: 29 });
    expect(dateAt('2026-03-29T23:00:00Z')).toEqual({ year: 2026, month: 3, day: 30 });
    // 25 October 2026 starts at 23:00 UTC the day before; 01:30 happens twice, both on the 25th.
    expect(dateAt('2026-10-24T22:59:59Z')).toEqual({ year: 2026, month: 10, day: 24 });
    expect(dateAt('2026-10-24T23:00:00Z')).toEqual({ year: 2026, month: 10, day: 25 });
    expect(dateAt('2026-10-25T00:30:00Z')).toEqual({ year: 2026, month: 10, day: 25 });
    expect(dateAt('2026-10-25T01:30:00Z')).toEqual({ year: 2026, month: 10, day: 25 });
    expect(dateAt('2026-10-25T23:59:59Z')).toEqual({ year: 2026, month: 10, day: 25 });
  });

  it('formats dd/MM/yyyy and sends 12:00 UTC of a chosen date', () => {
    expect(formatUkDate(new Date(Date.UTC(2026, 2, 5, 1)))).toBe('05/03/2026');
    expect(calendarDateToEpochSeconds({ year: 2026, month: 3, day: 5 })).toBe(Date.UTC(2026, 2, 5, 12) / 1000);
  });
});

describe('kit order date rule', () => {
  const now = new Date(Date.UTC(2026, 2, 1, 9));
  it('refuses today and the next 11 days, accepts day 12 and up to a year', () => {
    expect(kitOrderDaysAhead(now, { year: 2026, month: 3, day: 12 })).toBe(11);
    expect(isKitOrderDateAllowed(now, { year: 2026, month: 3, day: 1 })).toBe(false);
    expect(isKitOrderDateAllowed(now, { year: 2026, month: 3, day: 12 })).toBe(false);
    expect(isKitOrderDateAllowed(now, { year: 2026, month: 3, day: 13 })).toBe(true);
    expect(isKitOrderDateAllowed(now, { year: 2027, month: 3, day: 1 })).toBe(true);
    expect(isKitOrderDateAllowed(now, { year: 2027, month: 3, day: 2 })).toBe(false);
  });

  it.each([
    { when: 'just before London midnight', now: '2026-07-10T22:59:59Z', day12: { year: 2026, month: 7, day: 22 } },
    { when: 'just after London midnight, still the evening before in UTC', now: '2026-07-10T23:00:00Z', day12: { year: 2026, month: 7, day: 23 } },
    { when: 'in the hour the clocks skip (29 March)', now: '2026-03-29T01:00:00Z', day12: { year: 2026, month: 4, day: 10 } },
    { when: 'at the first 01:30 of 25 October', now: '2026-10-25T00:30:00Z', day12: { year: 2026, month: 11, day: 6 } },
    { when: 'at the second 01:30 of 25 October', now: '2026-10-25T01:30:00Z', day12: { year: 2026, month: 11, day: 6 } },
    { when: 'late on the last day of February', now: '2026-02-28T23:30:00Z', day12: { year: 2026, month: 3, day: 12 } },
    { when: 'late on the last day of a leap February', now: '2028-02-29T23:30:00Z', day12: { year: 2028, month: 3, day: 12 } },
    { when: 'late on New Year’s Eve', now: '2026-12-31T23:30:00Z', day12: { year: 2027, month: 1, day: 12 } },
  ])('counts day 12 from the London date $when', ({ now, day12 }) => {
    const clock = new Date(now);
    const dayBefore = new Date(Date.UTC(day12.year, day12.month - 1, day12.day - 1));
    expect(kitOrderDaysAhead(clock, day12)).toBe(12);
    expect(isKitOrderDateAllowed(clock, day12)).toBe(true);
    expect(isKitOrderDateAllowed(clock, { year: dayBefore.getUTCFullYear(), month: dayBefore.getUTCMonth() + 1, day: dayBefore.getUTCDate() })).toBe(false);
  });
});

describe('health assessment schema', () => {
  it('sends "None of the above" as an empty list', () => {
    expect(conditionCodesOf([NONE_OF_THE_ABOVE])).toEqual([]);
    expect(conditionCodesOf([1, 4])).toEqual([1, 4]);
  });

  it('gives unanswered questions (null or NaN in the form) the form’s messages', () => {
    const result = HealthAssessmentInput.safeParse({ sex: null, height: Number.NaN, weight: Number.NaN, smoking: null, health_conditions: [], family_health_conditions: [] });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      sex: 'Select your sex',
      height: 'Enter your height (cm)',
      weight: 'Enter your weight (kg)',
      smoking: 'Select an option',
    });
  });
});

describe('shipping schema', () => {
  it('upper-cases and checks the postcode', () => {
    expect(ShippingDetailsInput.parse({ address_1: '1 Long Lane', city: 'Leeds', county: 'West Yorkshire', postcode: ' ls1 4ap ' }).postcode).toBe('LS1 4AP');
  });
});

describe('parseEmailList', () => {
  it('splits a pasted list, drops repeats and reports entries that are not addresses', () => {
    expect(parseEmailList('a@example.com, B@example.com;\nb@example.com  <c@example.org> nonsense')).toEqual({
      emails: ['a@example.com', 'B@example.com', 'c@example.org'],
      invalid: ['nonsense'],
    });
  });
});
