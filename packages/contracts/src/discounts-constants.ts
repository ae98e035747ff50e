/** discounts.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { londonCalendarDate } from './dates';
import type { DiscountState, DiscountLine, Discount, DiscountedAmount } from './discounts';

export const DISCOUNT_TYPES = ['percentage', 'reduction', 'trial'] as const;
export const DISCOUNT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DISCOUNT_DEFAULT_PAGE_SIZE = 10;
export const DISCOUNT_CODE_MAX = 40;
/** The greatest reduction or trial price: £100,000 in pence. */
export const DISCOUNT_MAX_PENCE = 10_000_000;
export const DISCOUNT_MAX_USES = 1_000_000;
export const DISCOUNT_SORT_FIELDS = ['code', 'project', 'type', 'value', 'active', 'active_from', 'active_to', 'uses', 'used_times', 'created_at'] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether 'yyyy-MM-dd' names a real calendar day. */
export function isIsoDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}

/** The Europe/London day of an instant as 'yyyy-MM-dd': the day a code's dates are compared with. */
export function londonIsoDay(instant: Date): string {
  const { year, month, day } = londonCalendarDate(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The same day a year later (29 February gives 28 February): the default end of a code. */
export function aYearAfter(day: string): string {
  const [year, month, date] = day.split('-') as [string, string, string];
  const next = `${Number(year) + 1}-${month}-${date}`;
  return isIsoDay(next) ? next : `${Number(year) + 1}-${month}-28`;
}

/** A code may be used on `londonToday` ('yyyy-MM-dd') when active, within its days (both ends included) and not used up. */
export function isDiscountValid(discount: DiscountState, londonToday: string): boolean {
  return discount.active && discount.active_from <= londonToday && londonToday <= discount.active_to && discount.used_times < discount.uses;
}

/**
 * The pence a code takes off each basket line (integer pence, in the lines' order): percentage takes
 * `value`% off each discountable line (rounded to the penny); reduction takes `value` pence off the
 * discountable lines' total, never below 0, shared among them in proportion to their amounts (the
 * pence left by rounding down go one each to the first lines); trial makes each discountable unit
 * cost `value` pence (0: free) unless it already costs less. Exempt lines are never touched.
 */
export function discountPerLine(lines: readonly DiscountLine[], discount: Pick<Discount, 'type' | 'value'>): number[] {
  const amount = (line: DiscountLine) => line.unit_pence * line.quantity;
  switch (discount.type) {
    case 'percentage':
      return lines.map((line) => (line.discount_exempt ? 0 : Math.round((amount(line) * discount.value) / 100)));
    case 'trial':
      return lines.map((line) => (line.discount_exempt ? 0 : Math.max(0, line.unit_pence - discount.value) * line.quantity));
    case 'reduction': {
      const discountable = lines.reduce((sum, line) => sum + (line.discount_exempt ? 0 : amount(line)), 0);
      const off = Math.min(discount.value, discountable);
      if (off === 0) return lines.map(() => 0);
      const shares = lines.map((line) => (line.discount_exempt ? 0 : Math.floor((off * amount(line)) / discountable)));
      let left = off - shares.reduce((sum, share) => sum + share, 0);
      return shares.map((share, i) => {
        const line = lines[i]!;
        if (left > 0 && !line.discount_exempt && share < amount(line)) {
          left -= 1;
          return share + 1;
        }
        return share;
      });
    }
  }
}

/** What a basket costs with a code (integer pence): `discountPerLine` summed. */
export function applyDiscount(lines: readonly DiscountLine[], discount: Pick<Discount, 'type' | 'value'>): DiscountedAmount {
  const subtotal = lines.reduce((sum, line) => sum + line.unit_pence * line.quantity, 0);
  const off = discountPerLine(lines, discount).reduce((sum, lineOff) => sum + lineOff, 0);
  return { subtotal_pence: subtotal, discount_pence: off, total_pence: subtotal - off };
}
