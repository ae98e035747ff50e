import { describe, expect, it } from 'vitest';
import { DropboxForm, DropboxInput, LOGISTICS_MSG, OpeningTimesInput, collectionLink, defaultOpeningTimes, hoursOn, openingDaysOf, openingTimeError, openingTimesOf, weekdayOf } from './logistics';

describe('opening times', () => {
  it('default to 08:00–20:00 on every weekday, 1 Sunday to 7 Saturday', () => {
    expect(defaultOpeningTimes()).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_hour: '08:00', end_hour: '20:00' })));
  });

  it('need HH:mm times, the end after the start', () => {
    expect(openingTimeError({ start_hour: '08:00', end_hour: '20:00' })).toBeNull();
    expect(openingTimeError({ start_hour: '00:00', end_hour: '23:59' })).toBeNull();
    expect(openingTimeError({ start_hour: '8:00', end_hour: '20:00' })).toEqual({ field: 'start_hour', message: LOGISTICS_MSG.time });
    expect(openingTimeError({ start_hour: '24:00', end_hour: '20:00' })).toEqual({ field: 'start_hour', message: LOGISTICS_MSG.time });
    expect(openingTimeError({ start_hour: '08:00', end_hour: '20:60' })).toEqual({ field: 'end_hour', message: LOGISTICS_MSG.time });
    expect(openingTimeError({ start_hour: '09:30', end_hour: '09:30' })).toEqual({ field: 'end_hour', message: LOGISTICS_MSG.endAfterStart });
    expect(openingTimeError({ start_hour: '10:00', end_hour: '09:59' })).toEqual({ field: 'end_hour', message: LOGISTICS_MSG.endAfterStart });
  });

  it('name each weekday once; a weekday left out is closed', () => {
    expect(OpeningTimesInput.safeParse([]).success).toBe(true);
    const repeated = OpeningTimesInput.safeParse([
      { weekday: 3, start_hour: '08:00', end_hour: '09:00' },
      { weekday: 3, start_hour: '10:00', end_hour: '11:00' },
    ]);
    expect(repeated.success ? null : repeated.error.issues[0]!.message).toBe(LOGISTICS_MSG.weekdayRepeated);
    expect(OpeningTimesInput.safeParse([{ weekday: 0, start_hour: '08:00', end_hour: '09:00' }]).success).toBe(false);
    const weekdays = defaultOpeningTimes().filter((time) => time.weekday !== 1 && time.weekday !== 7);
    expect(hoursOn(weekdays, 1)).toBeUndefined();
    expect(hoursOn(weekdays, 2)).toEqual({ weekday: 2, start_hour: '08:00', end_hour: '20:00' });
  });

  it('put the end-after-start message on the end field of the weekday at fault', () => {
    const parsed = DropboxInput.safeParse({
      facility: { name: 'A', address_1: 'B', address_2: '', city: 'C', county: 'D', postcode: 'E', country: '', type: '', first_name: '', last_name: '', phone: '', email: '' },
      opening_times: [{ weekday: 2, start_hour: '12:00', end_hour: '11:00' }],
    });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['opening_times.0.end_hour', LOGISTICS_MSG.endAfterStart]]);
  });
});

describe('weekdayOf', () => {
  it('numbers a calendar date’s weekday 1 Sunday to 7 Saturday', () => {
    expect(weekdayOf('2026-06-07')).toBe(1);
    expect(weekdayOf('2026-06-10')).toBe(4);
    expect(weekdayOf('2026-06-13')).toBe(7);
    expect(weekdayOf('2026-03-29')).toBe(1);
  });
});

describe('collectionLink', () => {
  it('is the collection page for no order, naming the dropbox', () => {
    expect(collectionLink('https://vireo.example', 'b0x')).toBe('https://vireo.example/collection/0?dropbox=b0x');
  });
});

describe('the opening-times editor', () => {
  it('shows a row per weekday, closed days at the default hours, and gives back the open ones', () => {
    const times = [{ weekday: 2 as const, start_hour: '07:00', end_hour: '19:00' }];
    const days = openingDaysOf(times);
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ weekday: 1, open: false, start_hour: '08:00', end_hour: '20:00' });
    expect(days[1]).toEqual({ weekday: 2, open: true, start_hour: '07:00', end_hour: '19:00' });
    expect(openingTimesOf(days)).toEqual(times);
  });

  it('checks the hours of open days only, on the day’s own field', () => {
    const facility = { name: 'A', address_1: 'B', address_2: '', city: 'C', county: 'D', postcode: 'E', country: '', type: '', first_name: '', last_name: '', phone: '', email: '' };
    const days = openingDaysOf(defaultOpeningTimes());
    days[3] = { ...days[3]!, start_hour: '21:00' };
    days[5] = { ...days[5]!, open: false, start_hour: '22:00', end_hour: '01:00' };
    const parsed = DropboxForm.safeParse({ facility, days });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['days.3.end_hour', LOGISTICS_MSG.endAfterStart]]);
  });
});
