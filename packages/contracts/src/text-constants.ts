/** text.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** Text on one line: no control characters at all (C0, DEL, C1), so no NUL reaches the database. */
export const SINGLE_LINE_TEXT = /^\P{Cc}*$/u;
/** Multi-line text (notes): tab, line feed and carriage return, and otherwise no control characters. */
export const MULTI_LINE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether 'yyyy-MM-dd' names a real calendar day. */
export function isIsoDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}
