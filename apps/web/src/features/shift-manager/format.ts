import type { AppointmentListItem } from '@vireo/contracts';

const TIME_ZONE = 'Europe/London';
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const partsFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd-MM-yyyy in London (spec 2 §9), the booking service's day format too. */
export const formatDay = (seconds: number) => dayFormat.format(new Date(seconds * 1000)).replaceAll('/', '-');
/** HH:mm in London. */
export const formatTime = (seconds: number | null) => (seconds === null ? '' : timeFormat.format(new Date(seconds * 1000)));
export const formatDayTime = (seconds: number | null) => (seconds === null ? '' : `${formatDay(seconds)} ${formatTime(seconds)}`);

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The people on an appointment, by name (a list item or the whole record). */
export const peopleOf = (a: Pick<AppointmentListItem, 'booking_users'>) => a.booking_users.map((u) => `${u.first_name} ${u.last_name}`).join(', ');

/** London wall-clock parts of an instant. */
export function londonParts(seconds: number) {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(seconds * 1000)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute) };
}

/** The instant (epoch seconds) of a London wall-clock time, correct across the clock changes. */
export function londonInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute) / 1000;
  const shown = londonParts(guess);
  const offset = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute) / 1000 - guess;
  return guess - offset;
}

/** The start of the London day `offset` days from the day of `seconds`. */
export function londonDayStart(seconds: number, offset = 0): number {
  const p = londonParts(seconds);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + offset));
  return londonInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export type NextRange = 'today' | 'yesterday' | 'tomorrow' | 'week' | 'month' | 'lastWeek' | 'lastMonth';
export const NEXT_RANGES: NextRange[] = ['today', 'yesterday', 'tomorrow', 'week', 'month', 'lastWeek', 'lastMonth'];

/** The Next Appointments filter as [from, to) epoch seconds: weeks start on Monday, months on the 1st. */
export function nextRange(range: NextRange, now: number): { from: number; to: number } {
  const today = londonDayStart(now);
  const p = londonParts(now);
  const weekday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
  const monthStart = (shift: number) => {
    const d = new Date(Date.UTC(p.year, p.month - 1 + shift, 1));
    return londonInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  };
  switch (range) {
    case 'today':
      return { from: today, to: londonDayStart(now, 1) };
    case 'yesterday':
      return { from: londonDayStart(now, -1), to: today };
    case 'tomorrow':
      return { from: londonDayStart(now, 1), to: londonDayStart(now, 2) };
    case 'week':
      return { from: londonDayStart(now, -weekday), to: londonDayStart(now, 7 - weekday) };
    case 'lastWeek':
      return { from: londonDayStart(now, -weekday - 7), to: londonDayStart(now, -weekday) };
    case 'month':
      return { from: monthStart(0), to: monthStart(1) };
    case 'lastMonth':
      return { from: monthStart(-1), to: monthStart(0) };
  }
}
