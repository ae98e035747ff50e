import { TZDate } from '@date-fns/tz';
import { addDays, eachDayOfInterval, format, isMatch, parse } from 'date-fns';
import { BOOKING } from '@vireo/contracts';

const MINUTE = 60_000;
/** The booking engine's day format on the wire. */
const DAY = 'dd-MM-yyyy';

/** The wall-clock fields of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string = BOOKING.timeZone) {
  const zoned = new TZDate(instant, timeZone);
  return { year: zoned.getFullYear(), month: zoned.getMonth() + 1, day: zoned.getDate(), hour: zoned.getHours(), minute: zoned.getMinutes(), second: zoned.getSeconds() };
}

/**
 * The instant a wall-clock time in the zone happens: a time the clocks skip happens as much later as
 * they skip; when clocks go back, the later of the two.
 */
export function zonedTimeToUtc(year: number, month: number, day: number, hour = 0, minute = 0, timeZone: string = BOOKING.timeZone): Date {
  const zoned = new TZDate(year, month - 1, day, hour, minute, timeZone);
  const hourLater = new TZDate(zoned.getTime() + 3_600_000, timeZone);
  const repeated = hourLater.getHours() === zoned.getHours() && hourLater.getMinutes() === zoned.getMinutes();
  return new Date(repeated ? hourLater.getTime() : zoned.getTime());
}

/** 'dd-MM-yyyy' to its parts; null when it is not a real date. */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  if (!/^\d{2}-\d{2}-\d{4}$/.test(day) || !isMatch(day, DAY)) return null;
  const date = parse(day, DAY, new Date(0));
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The start and end of a London day ('dd-MM-yyyy'); null for an impossible date. */
export function londonDayBounds(day: string): { start: Date; end: Date } | null {
  const parts = parseDay(day);
  if (!parts) return null;
  const start = new TZDate(parts.year, parts.month - 1, parts.day, BOOKING.timeZone);
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

/** The London day of an instant as 'dd-MM-yyyy'. */
export function londonDay(instant: Date): string {
  return format(new TZDate(instant, BOOKING.timeZone), DAY);
}

/** The 'dd-MM-yyyy' days from one to another, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  if (!parseDay(from) || !parseDay(to)) return [];
  const [start, end] = [from, to].map((day) => parse(day, DAY, new Date(0)));
  if (start! > end!) return [];
  return eachDayOfInterval({ start: start!, end: end! }).map((day) => format(day, DAY));
}

/** The 20-minute slots that fit wholly inside a shift. */
export function slotTimes(start: Date, end: Date, slotMinutes: number = BOOKING.slotMinutes): { start: Date; end: Date }[] {
  const slots: { start: Date; end: Date }[] = [];
  for (let t = start.getTime(); t + slotMinutes * MINUTE <= end.getTime(); t += slotMinutes * MINUTE) {
    slots.push({ start: new Date(t), end: new Date(t + slotMinutes * MINUTE) });
  }
  return slots;
}

/** True when an instant falls on a slot boundary (:00, :20, :40 with no seconds). */
export function onSlotBoundary(instant: Date, slotMinutes: number = BOOKING.slotMinutes): boolean {
  return instant.getTime() % (slotMinutes * MINUTE) === 0;
}

/** The zone's short name as British English writes it ("GMT", "BST"; date-fns' `tzName` answers American English's "GMT+1"). */
function zoneAbbreviation(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "Monday, 2 March 2026, 10:20 (Europe/London, GMT)": the zone is always named. */
export function describeInZone(instant: Date, timeZone: string = BOOKING.timeZone): string {
  return `${format(new TZDate(instant, timeZone), 'EEEE, d MMMM yyyy, HH:mm')} (${timeZone}, ${zoneAbbreviation(instant, timeZone)})`;
}
