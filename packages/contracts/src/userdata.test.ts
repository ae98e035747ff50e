import { describe, expect, it } from 'vitest';
import { calendarDateToEpochSeconds, formatUkDate, londonCalendarDate } from './dates';
import { HealthAssessmentInput, NONE_OF_THE_ABOVE, ShippingDetailsInput, conditionCodesOf, isKitOrderDateAllowed, kitOrderDaysAhead, parseEmailList } from './userdata';

describe('Europe/London dates', () => {
  it('gives the London calendar date of an instant, across summer time', () => {
    expect(londonCalendarDate(new Date(Date.UTC(2026, 6, 10, 23, 30)))).toEqual({ year: 2026, month: 7, day: 11 });
    expect(londonCalendarDate(new Date(Date.UTC(2026, 0, 10, 23, 30)))).toEqual({ year: 2026, month: 1, day: 10 });
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
