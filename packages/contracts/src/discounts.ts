import { z } from 'zod';
import { londonCalendarDate } from './dates';
import { EpochSeconds, text, Uuid } from './validation';

/**
 * Discount codes (spec 3 §2.7, §3, §5, §7.1), under /api/commerce/v1: generated and listed by
 * holders of discounts.manage, checked by a customer at checkout, a use taken when an order is paid.
 * `value` is a percentage (1 to 100) for type percentage, else integer pence. Dates are London
 * calendar days, 'yyyy-MM-dd', both ends included.
 */
export const DISCOUNT_MSG = {
  project: 'Select project',
  code: 'Input discount unique code',
  codeCharacters: 'Letters, digits, - and _ only',
  type: 'Select discount type',
  value: 'Input value',
  wholeNumber: 'Whole numbers only',
  percentage: 'A percentage is from 1 to 100',
  reduction: 'A reduction is at least 1p',
  activeFrom: 'Input start date',
  activeTo: 'Select end date',
  endBeforeStart: 'The end date is before the start date',
  uses: 'Input uses quantity',
  generated: 'Discount successfully generated',
  duplicateCode: 'A discount with this code already exists',
  invalid: 'Your code is invalid',
  empty: 'No discounts to display',
  fetchDiscounts: 'Error fetching Discounts',
  fetchProjects: 'Error fetching Projects',
} as const;

export const DISCOUNT_TYPES = ['percentage', 'reduction', 'trial'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DISCOUNT_DEFAULT_PAGE_SIZE = 10;
export const DISCOUNT_CODE_MAX = 40;
/** The greatest reduction or trial price: £100,000 in pence. */
export const DISCOUNT_MAX_PENCE = 10_000_000;
export const DISCOUNT_MAX_USES = 1_000_000;
export const DISCOUNT_SORT_FIELDS = ['code', 'project', 'type', 'value', 'active', 'active_from', 'active_to', 'uses', 'used_times', 'created_at'] as const;
export type DiscountSortField = (typeof DISCOUNT_SORT_FIELDS)[number];

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

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberFromForm = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : blankToUndefined(value));
const wholeNumber = (message: string) => z.preprocess(numberFromForm, z.number({ error: message }).int(DISCOUNT_MSG.wholeNumber));
const isoDay = (message: string) => z.preprocess(blankToUndefined, text({ error: message }).refine(isIsoDay, message));

/** A code as typed: trimmed and upper-cased. */
export const DiscountCode = text({ error: DISCOUNT_MSG.code })
  .trim()
  .toUpperCase()
  .min(1, DISCOUNT_MSG.code)
  .max(DISCOUNT_CODE_MAX)
  .regex(/^[A-Z0-9_-]*$/, DISCOUNT_MSG.codeCharacters);

/** POST /discount: the generate form. active_to defaults to a year after active_from. */
export const DiscountInput = z
  .object({
    project: text({ error: DISCOUNT_MSG.project }).trim().min(1, DISCOUNT_MSG.project).max(100),
    code: DiscountCode,
    type: z.enum(DISCOUNT_TYPES, { error: DISCOUNT_MSG.type }),
    value: wholeNumber(DISCOUNT_MSG.value).pipe(z.number().min(0, DISCOUNT_MSG.value).max(DISCOUNT_MAX_PENCE)),
    active_from: isoDay(DISCOUNT_MSG.activeFrom),
    active_to: isoDay(DISCOUNT_MSG.activeTo).optional(),
    uses: wholeNumber(DISCOUNT_MSG.uses).pipe(z.number().min(1, DISCOUNT_MSG.uses).max(DISCOUNT_MAX_USES)),
  })
  .superRefine((discount, ctx) => {
    if (discount.type === 'percentage' && (discount.value < 1 || discount.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MSG.percentage });
    if (discount.type === 'reduction' && discount.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MSG.reduction });
    if (discount.active_to !== undefined && discount.active_to < discount.active_from) ctx.addIssue({ code: 'custom', path: ['active_to'], message: DISCOUNT_MSG.endBeforeStart });
  })
  .transform((discount) => ({ ...discount, active_to: discount.active_to ?? aYearAfter(discount.active_from) }));
export type DiscountInput = z.input<typeof DiscountInput>;
export type DiscountData = z.output<typeof DiscountInput>;

export const Discount = z.object({
  id: Uuid,
  project: z.string(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  active: z.boolean(),
  active_from: z.string(),
  active_to: z.string(),
  uses: z.number().int(),
  used_times: z.number().int(),
  created_at: EpochSeconds,
});
export type Discount = z.infer<typeof Discount>;

/** What a customer learns of a valid code at checkout (GET /discount/{code}). */
export const PublicDiscount = Discount.pick({ code: true, type: true, value: true, active_to: true }).extend({ uses_left: z.number().int() });
export type PublicDiscount = z.infer<typeof PublicDiscount>;

export const DiscountCodeParams = z.object({ code: DiscountCode });

const oneOrMany = z.union([text().trim().max(100), z.array(text().trim().max(100)).max(50)]).transform((value) => (Array.isArray(value) ? value : [value]).filter(Boolean));

/** GET /discount: a page of discounts, filtered by code prefix, projects and used state, sorted by one field ('field:asc|desc'). */
export const DiscountsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .refine((size) => (DISCOUNT_PAGE_SIZES as readonly number[]).includes(size), `One of ${DISCOUNT_PAGE_SIZES.join(', ')}`)
    .default(DISCOUNT_DEFAULT_PAGE_SIZE),
  'filter[code]': text().trim().toUpperCase().max(DISCOUNT_CODE_MAX).optional(),
  'filter[project]': oneOrMany.optional(),
  'filter[state]': z.enum(['used', 'unused']).optional(),
  sort: z
    .string()
    .regex(new RegExp(`^(${DISCOUNT_SORT_FIELDS.join('|')}):(asc|desc)$`), 'Unknown sort')
    .transform((value) => {
      const [field, direction] = value.split(':') as [DiscountSortField, 'asc' | 'desc'];
      return { field, direction };
    })
    .optional(),
});
export type DiscountsQuery = z.output<typeof DiscountsQuery>;

export const DiscountResponse = z.object({ success: z.literal(true), data: Discount });
export const DiscountCreatedResponse = z.object({ success: z.literal(true), data: Discount, message: z.string() });
export const DiscountsResponse = z.object({ success: z.literal(true), data: z.array(Discount), totalCount: z.number().int() });
export type DiscountsResponse = z.infer<typeof DiscountsResponse>;
export const DiscountProjectsResponse = z.object({ success: z.literal(true), data: z.array(z.string()) });
export const PublicDiscountResponse = z.object({ success: z.literal(true), data: PublicDiscount });

/** The fields of a discount that decide whether it may be used today. */
export interface DiscountState {
  active: boolean;
  active_from: string;
  active_to: string;
  uses: number;
  used_times: number;
}

/** A code may be used on `londonToday` ('yyyy-MM-dd') when active, within its days (both ends included) and not used up. */
export function isDiscountValid(discount: DiscountState, londonToday: string): boolean {
  return discount.active && discount.active_from <= londonToday && londonToday <= discount.active_to && discount.used_times < discount.uses;
}

/** One basket line: its unit price in integer pence, how many, and whether discounts pass it by. */
export interface DiscountLine {
  unit_pence: number;
  quantity: number;
  discount_exempt: boolean;
}

export interface DiscountedAmount {
  /** Every line at its price. */
  subtotal_pence: number;
  /** What the code takes off. */
  discount_pence: number;
  /** subtotal less discount, never below 0. */
  total_pence: number;
}

/**
 * What a basket costs with a code (integer pence): percentage takes `value`% off each discountable
 * line (rounded to the penny); reduction takes `value` pence off the discountable lines' total,
 * never below 0; trial makes each discountable unit cost `value` pence (0: free) unless it already
 * costs less. Exempt lines are never touched.
 */
export function applyDiscount(lines: readonly DiscountLine[], discount: Pick<Discount, 'type' | 'value'>): DiscountedAmount {
  const subtotal = lines.reduce((sum, line) => sum + line.unit_pence * line.quantity, 0);
  const discountable = lines.filter((line) => !line.discount_exempt);
  let off = 0;
  switch (discount.type) {
    case 'percentage':
      off = discountable.reduce((sum, line) => sum + Math.round((line.unit_pence * line.quantity * discount.value) / 100), 0);
      break;
    case 'reduction':
      off = Math.min(discount.value, discountable.reduce((sum, line) => sum + line.unit_pence * line.quantity, 0));
      break;
    case 'trial':
      off = discountable.reduce((sum, line) => sum + Math.max(0, line.unit_pence - discount.value) * line.quantity, 0);
      break;
  }
  return { subtotal_pence: subtotal, discount_pence: off, total_pence: subtotal - off };
}
