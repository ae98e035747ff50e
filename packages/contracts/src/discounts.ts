import { z } from 'zod';
import { EpochSeconds, text, Uuid } from './validation';
import {
  DISCOUNT_TYPES,
  DISCOUNT_PAGE_SIZES,
  DISCOUNT_DEFAULT_PAGE_SIZE,
  DISCOUNT_CODE_MAX,
  DISCOUNT_MAX_PENCE,
  DISCOUNT_MAX_USES,
  DISCOUNT_SORT_FIELDS,
  isIsoDay,
  aYearAfter,
} from './discounts-constants';

export * from './discounts-constants';

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
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export type DiscountSortField = (typeof DISCOUNT_SORT_FIELDS)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberFromForm = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : blankToUndefined(value));
const wholeNumber = (message: string) => z.preprocess(numberFromForm, z.number({ error: message }).int(DISCOUNT_MSG.wholeNumber));
const isoDay = (message: string) => z.preprocess(blankToUndefined, text({ error: message }).refine(isIsoDay, message));

/** A code as typed: trimmed and upper-cased. */
export const DiscountCode = /* @__PURE__ */ text({ error: DISCOUNT_MSG.code })
  .trim()
  .toUpperCase()
  .min(1, DISCOUNT_MSG.code)
  .max(DISCOUNT_CODE_MAX)
  .regex(/^[A-Z0-9_-]*$/, DISCOUNT_MSG.codeCharacters);

/** POST /discount: the generate form. active_to defaults to a year after active_from. */
export const DiscountInput = z
  .object({
    project: /* @__PURE__ */ text({ error: DISCOUNT_MSG.project }).trim().min(1, DISCOUNT_MSG.project).max(100),
    code: DiscountCode,
    type: z.enum(DISCOUNT_TYPES, { error: DISCOUNT_MSG.type }),
    value: /* @__PURE__ */ wholeNumber(DISCOUNT_MSG.value).pipe(z.number().min(0, DISCOUNT_MSG.value).max(DISCOUNT_MAX_PENCE)),
    active_from: /* @__PURE__ */ isoDay(DISCOUNT_MSG.activeFrom),
    active_to: /* @__PURE__ */ isoDay(DISCOUNT_MSG.activeTo).optional(),
    uses: /* @__PURE__ */ wholeNumber(DISCOUNT_MSG.uses).pipe(z.number().min(1, DISCOUNT_MSG.uses).max(DISCOUNT_MAX_USES)),
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
export const PublicDiscount = /* @__PURE__ */ Discount.pick({ code: true, type: true, value: true, active_to: true }).extend({ uses_left: z.number().int() });
export type PublicDiscount = z.infer<typeof PublicDiscount>;

export const DiscountCodeParams = z.object({ code: DiscountCode });

const oneOrMany = z.union([/* @__PURE__ */ text().trim().max(100), z.array(/* @__PURE__ */ text().trim().max(100)).max(50)]).transform((value) => (Array.isArray(value) ? value : [value]).filter(Boolean));

const PAGE_SIZE_MESSAGE = `One of ${DISCOUNT_PAGE_SIZES.join(', ')}`;
const SORT_PATTERN = new RegExp(`^(${DISCOUNT_SORT_FIELDS.join('|')}):(asc|desc)$`);

/** GET /discount: a page of discounts, filtered by code prefix, projects and used state, sorted by one field ('field:asc|desc'). */
export const DiscountsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .refine((size) => (DISCOUNT_PAGE_SIZES as readonly number[]).includes(size), PAGE_SIZE_MESSAGE)
    .default(DISCOUNT_DEFAULT_PAGE_SIZE),
  'filter[code]': /* @__PURE__ */ text().trim().toUpperCase().max(DISCOUNT_CODE_MAX).optional(),
  'filter[project]': /* @__PURE__ */ oneOrMany.optional(),
  'filter[state]': z.enum(['used', 'unused']).optional(),
  sort: z
    .string()
    .regex(SORT_PATTERN, 'Unknown sort')
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
