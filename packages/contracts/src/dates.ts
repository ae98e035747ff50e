/** Calendar dates as the UK sees them: every day-based rule of the spec counts Europe/London days. */
export const UK_TIME_ZONE = 'Europe/London';

export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

const londonParts = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/London calendar date of an instant. */
export function londonCalendarDate(instant: Date): CalendarDate {
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

/**
 * The instant Vireo sends for a chosen calendar date: 12:00 UTC of that date, which is the same
 * date in Europe/London in winter and in summer, whatever the browser's own time zone.
 */
export function calendarDateToEpochSeconds(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day, 12) / 1000;
}

/** dd/MM/yyyy in Europe/London, the spec's date format. */
export function formatUkDate(instant: Date): string {
  const { year, month, day } = londonCalendarDate(instant);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}
