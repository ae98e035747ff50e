import { BOOKING, londonCalendarDate, type CalendarDate } from '@vireo/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The booking service's dd-MM-yyyy as a calendar date. */
export function parseDayString(day: string): CalendarDate {
  const [dd, mm, yyyy] = day.split('-').map(Number) as [number, number, number];
  return { year: yyyy, month: mm, day: dd };
}

/** A calendar date as the booking service's dd-MM-yyyy. */
export function toDayString(date: CalendarDate): string {
  return `${pad(date.day)}-${pad(date.month)}-${date.year}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Today in London, and the last day the calendar offers (spec 2 §5: at most 40 days ahead). */
export function calendarWindow(now: Date): { first: CalendarDate; last: CalendarDate } {
  const first = londonCalendarDate(now);
  return { first, last: addDays(first, BOOKING.calendarHorizonDays) };
}

/** "14:20" in the zone. */
export function formatTime(epochSeconds: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(epochSeconds * 1000));
}

/** "Monday, 2 March 2026" in the zone. */
export function formatDate(epochSeconds: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(epochSeconds * 1000));
}

/** A calendar date written out, e.g. "Monday, 2 March 2026" (no zone: it is a date, not an instant). */
export function formatCalendarDate(date: CalendarDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(date.year, date.month - 1, date.day, 12)),
  );
}

/** The zone named for people: "Europe/London (GMT)" or "Europe/London (BST)" at that instant. */
export function zoneLabel(timeZone: string, epochSeconds: number): string {
  const short = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(epochSeconds * 1000))
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** mm:ss of a countdown; never negative. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** £29.00 */
export function formatPrice(pence: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: BOOKING.currency }).format(pence / 100);
}

/** The price line: the amount, or why there is nothing to pay. */
export function priceText(amountPence: number, locale: string, whyFree: string): string {
  return amountPence > 0 ? formatPrice(amountPence, locale) : whyFree;
}

/** yyyy-MM-dd (the date input's value) as dd-MM-yyyy for billing_details.dateOfBirth. */
export function isoDateToDayString(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}

/** A date of birth (epoch seconds at 00:00 UTC) as dd-MM-yyyy. */
export function dateOfBirthDayString(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}
