import { DATE_PATTERN, londonCalendarDate } from '@vireo/contracts';

/** A London calendar date `days` after today, yyyy-MM-dd. */
export function londonDate(days = 0): string {
  const today = londonCalendarDate(new Date());
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return date.toISOString().slice(0, 10);
}

/** The page's `?date=` when it is yyyy-MM-dd, else today in London. */
export function dateParam(value: string | null): string {
  return value && DATE_PATTERN.test(value) ? value : londonDate();
}

const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

/** An instant (epoch seconds) as London reads it, e.g. 11 Jun 2026, 12:30. */
export function londonDateTime(seconds: number): string {
  return TIME.format(new Date(seconds * 1000));
}
