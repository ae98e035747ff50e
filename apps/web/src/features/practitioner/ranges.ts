import { UK_TIME_ZONE } from '@vireo/contracts';

/** The filter bar's choices (spec 2 §2.1). */
export type RangePreset = 'today' | 'tomorrow' | 'week' | 'yesterday' | 'custom';

/** Lists of what lies ahead: Today, Tomorrow, Week, Customize. */
export const AHEAD_PRESETS = ['today', 'tomorrow', 'week', 'custom'] as const satisfies readonly RangePreset[];
/** Past lists: Week, Yesterday, Today, Customize. */
export const PAST_PRESETS = ['week', 'yesterday', 'today', 'custom'] as const satisfies readonly RangePreset[];

export interface RangeSelection {
  preset: RangePreset;
  /** Customize: the first and last day, yyyy-MM-dd (the value of a date input). */
  from: string;
  to: string;
}

/** An interval [from, to) in epoch seconds, as the booking service's lists take it. */
export interface EpochRange {
  from: number;
  to: number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const londonDateParts = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function partsOf(instant: Date) {
  const parts = Object.fromEntries(londonDateParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The London calendar day of an instant as yyyy-MM-dd. */
export function londonIsoDay(instant: Date): string {
  const { year, month, day } = partsOf(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instant London's day `offset` days after the calendar day (year, month, day) begins.
 * London is UTC or one hour ahead, so its midnight is UTC midnight less the offset in force then.
 */
function londonMidnight(year: number, month: number, day: number, offset = 0): number {
  const utcMidnight = Date.UTC(year, month - 1, day + offset);
  const shown = partsOf(new Date(utcMidnight));
  const aheadMinutes = (Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute) - utcMidnight) / 60_000;
  return utcMidnight - aheadMinutes * 60_000;
}

function parseIsoDay(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/**
 * The interval a selection stands for, in London days: Today and Tomorrow are one day; Week is
 * the seven days from today, or for past lists the seven days up to and including today;
 * Customize runs from the start of From to the end of To. Null when a custom range is incomplete
 * or ends before it starts.
 */
export function rangeOf(selection: RangeSelection, direction: 'ahead' | 'past', now: Date): EpochRange | null {
  const today = partsOf(now);
  const days = (first: number, afterLast: number): EpochRange => ({
    from: londonMidnight(today.year, today.month, today.day, first) / 1000,
    to: londonMidnight(today.year, today.month, today.day, afterLast) / 1000,
  });
  switch (selection.preset) {
    case 'today':
      return days(0, 1);
    case 'tomorrow':
      return days(1, 2);
    case 'yesterday':
      return days(-1, 0);
    case 'week':
      return direction === 'ahead' ? days(0, 7) : days(-6, 1);
    case 'custom': {
      const from = parseIsoDay(selection.from);
      const to = parseIsoDay(selection.to);
      if (!from || !to) return null;
      const range = { from: londonMidnight(from.year, from.month, from.day) / 1000, to: londonMidnight(to.year, to.month, to.day, 1) / 1000 };
      return range.to > range.from ? range : null;
    }
  }
}

/** The selection a list opens with: Today ahead, Week behind; Customize starts on today. */
export function initialSelection(direction: 'ahead' | 'past', now: Date): RangeSelection {
  const today = londonIsoDay(now);
  return { preset: direction === 'ahead' ? 'today' : 'week', from: today, to: today };
}

/** The seven London days starting tomorrow (the Availability table), as [start, end) in epoch seconds. */
export function nextSevenDays(now: Date): { day: string; from: number; to: number }[] {
  const today = partsOf(now);
  return Array.from({ length: 7 }, (_, i) => {
    const from = londonMidnight(today.year, today.month, today.day, i + 1);
    return { day: londonIsoDay(new Date(from)), from: from / 1000, to: londonMidnight(today.year, today.month, today.day, i + 2) / 1000 };
  });
}

/**
 * Whether a live event's appointments can change a list of `range`: every staff list holds the
 * appointments starting within its range, so only a change to one of those (or one whose start the
 * event does not tell) can add, move or remove a row. No range fetches nothing, so nothing matters.
 */
export function startsWithin(range: EpochRange | null, appointments: readonly { start_time: number | null }[]): boolean {
  if (!range) return false;
  return appointments.some(({ start_time: start }) => start === null || (start >= range.from && start < range.to));
}
