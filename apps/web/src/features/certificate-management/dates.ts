import { londonCalendarDate, type CalendarDate } from '@vireo/contracts';

const londonHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });
const LONDON = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

/** The instant (epoch seconds) a Europe/London calendar day starts. */
export function londonMidnight(date: CalendarDate): number {
  const utcMidnight = Date.UTC(date.year, date.month - 1, date.day);
  // London is UTC or one hour ahead: at UTC midnight it is 00:00 or 01:00 there.
  const hourThere = Number(londonHour.format(new Date(utcMidnight)));
  return utcMidnight / 1000 - hourThere * 3600;
}

/** The London day `daysAgo` days before `now`'s, as [start, end) in epoch seconds. */
export function londonDay(now: Date, daysAgo: number): { from: number; to: number } {
  const today = londonCalendarDate(now);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day - daysAgo));
  const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { from: londonMidnight(date), to: londonMidnight({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }) };
}

/** yyyy-mm-dd (a date input's value) as a calendar date, or null. */
export function dayOfInput(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** A calendar date as a date input's value. */
export function inputOfDay(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** An instant (epoch seconds) as London's date and time: '27 Nov 2026, 09:30'. */
export function formatLondon(epochSeconds: number): string {
  return LONDON.format(new Date(epochSeconds * 1000));
}
