import { BOOKING } from '@vireo/contracts';

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string = BOOKING.timeZone) {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(instant: Date, timeZone: string = BOOKING.timeZone): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time in the zone happens (the later one when clocks go back). */
export function zonedTimeToUtc(year: number, month: number, day: number, hour = 0, minute = 0, timeZone: string = BOOKING.timeZone): Date {
  const local = Date.UTC(year, month - 1, day, hour, minute);
  let guess = local - zoneOffsetMs(new Date(local), timeZone);
  guess = local - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** 'dd-MM-yyyy' to its parts; null when it is not a real date. */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(day);
  if (!match) return null;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { year: y, month: m, day: d };
}

/** The start and end of a London day ('dd-MM-yyyy'); null for an impossible date. */
export function londonDayBounds(day: string): { start: Date; end: Date } | null {
  const parts = parseDay(day);
  if (!parts) return null;
  const start = zonedTimeToUtc(parts.year, parts.month, parts.day);
  const next = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1));
  const end = zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  return { start, end };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The London day of an instant as 'dd-MM-yyyy'. */
export function londonDay(instant: Date): string {
  const w = wallClock(instant);
  return `${pad(w.day)}-${pad(w.month)}-${w.year}`;
}

/** The 'dd-MM-yyyy' days from one to another, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return [];
  const days: string[] = [];
  for (let t = Date.UTC(a.year, a.month - 1, a.day); t <= Date.UTC(b.year, b.month - 1, b.day); t += 86_400_000) {
    const d = new Date(t);
    days.push(`${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`);
  }
  return days;
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

/** "Monday, 2 March 2026, 10:20 (Europe/London, GMT)": the zone is always named. */
export function describeInZone(instant: Date, timeZone: string = BOOKING.timeZone): string {
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const zoneName =
    new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return `${date}, ${time} (${timeZone}, ${zoneName})`;
}
