import { describe, expect, it } from 'vitest';
import { nextSevenDays, rangeOf, startsWithin, type RangeSelection } from './ranges';

const at = (iso: string) => Date.parse(iso) / 1000;
const pick = (preset: RangeSelection['preset'], from = '', to = ''): RangeSelection => ({ preset, from, to });

describe('rangeOf: the filter bar in London days', () => {
  // 10:00 in London during summer time (UTC+1).
  const summer = new Date('2026-07-15T09:00:00Z');

  it('Today, Tomorrow and Week ahead start at London midnight', () => {
    expect(rangeOf(pick('today'), 'ahead', summer)).toEqual({ from: at('2026-07-14T23:00:00Z'), to: at('2026-07-15T23:00:00Z') });
    expect(rangeOf(pick('tomorrow'), 'ahead', summer)).toEqual({ from: at('2026-07-15T23:00:00Z'), to: at('2026-07-16T23:00:00Z') });
    expect(rangeOf(pick('week'), 'ahead', summer)).toEqual({ from: at('2026-07-14T23:00:00Z'), to: at('2026-07-21T23:00:00Z') });
  });

  it('past lists: Week is the seven days up to and including today; Yesterday the day before', () => {
    expect(rangeOf(pick('week'), 'past', summer)).toEqual({ from: at('2026-07-08T23:00:00Z'), to: at('2026-07-15T23:00:00Z') });
    expect(rangeOf(pick('yesterday'), 'past', summer)).toEqual({ from: at('2026-07-13T23:00:00Z'), to: at('2026-07-14T23:00:00Z') });
  });

  it('Customize runs from the start of From to the end of To, across the clock change', () => {
    expect(rangeOf(pick('custom', '2026-03-28', '2026-03-29'), 'ahead', summer)).toEqual({ from: at('2026-03-28T00:00:00Z'), to: at('2026-03-29T23:00:00Z') });
  });

  it('an incomplete, impossible or reversed custom range is no range', () => {
    expect(rangeOf(pick('custom', '2026-07-01', ''), 'ahead', summer)).toBeNull();
    expect(rangeOf(pick('custom', '2026-02-30', '2026-03-02'), 'ahead', summer)).toBeNull();
    expect(rangeOf(pick('custom', '2026-07-02', '2026-07-01'), 'ahead', summer)).toBeNull();
  });

  it('the Availability days are the seven from tomorrow', () => {
    const days = nextSevenDays(new Date('2026-12-31T23:30:00Z'));
    expect(days.map((d) => d.day)).toEqual(['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07']);
    expect(days[0]).toMatchObject({ from: at('2027-01-01T00:00:00Z'), to: at('2027-01-02T00:00:00Z') });
  });
});

describe('startsWithin: which live events can change a list', () => {
  const range = { from: at('2026-07-14T23:00:00Z'), to: at('2026-07-15T23:00:00Z') };
  const starting = (iso: string | null) => ({ start_time: iso === null ? null : at(iso) });

  it('an appointment starting within [from, to) can; one starting at `to` or before `from` cannot', () => {
    expect(startsWithin(range, [starting('2026-07-14T23:00:00Z')])).toBe(true);
    expect(startsWithin(range, [starting('2026-07-15T22:40:00Z')])).toBe(true);
    expect(startsWithin(range, [starting('2026-07-15T23:00:00Z')])).toBe(false);
    expect(startsWithin(range, [starting('2026-07-14T22:40:00Z'), starting('2026-07-16T09:00:00Z')])).toBe(false);
  });

  it('an appointment whose start the event does not tell might; a list with no range fetches nothing', () => {
    expect(startsWithin(range, [starting('2026-07-20T09:00:00Z'), starting(null)])).toBe(true);
    expect(startsWithin(null, [starting('2026-07-15T09:00:00Z')])).toBe(false);
  });
});
