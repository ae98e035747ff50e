import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_MSG,
  DiscountInput,
  DiscountsQuery,
  aYearAfter,
  applyDiscount,
  isDiscountValid,
  londonIsoDay,
  type DiscountLine,
} from './discounts';

const line = (unit_pence: number, quantity = 1, discount_exempt = false): DiscountLine => ({ unit_pence, quantity, discount_exempt });

describe('applyDiscount', () => {
  it('percentage: 1% and 100% off each discountable line, to the penny; exempt lines untouched', () => {
    expect(applyDiscount([line(2900)], { type: 'percentage', value: 1 })).toEqual({ subtotal_pence: 2900, discount_pence: 29, total_pence: 2871 });
    expect(applyDiscount([line(2900, 2), line(1000, 1, true)], { type: 'percentage', value: 100 })).toEqual({ subtotal_pence: 6800, discount_pence: 5800, total_pence: 1000 });
    // 10% of 1995 is 199.5p: half a penny rounds up, per line.
    expect(applyDiscount([line(1995), line(1995)], { type: 'percentage', value: 10 }).discount_pence).toBe(400);
    expect(applyDiscount([line(1999, 3)], { type: 'percentage', value: 33 }).discount_pence).toBe(1979);
  });

  it('reduction: value pence off the discountable total, never below 0; exempt lines still paid', () => {
    expect(applyDiscount([line(2900), line(1000)], { type: 'reduction', value: 3899 })).toMatchObject({ discount_pence: 3899, total_pence: 1 });
    expect(applyDiscount([line(2900), line(1000)], { type: 'reduction', value: 3900 })).toMatchObject({ discount_pence: 3900, total_pence: 0 });
    expect(applyDiscount([line(2900), line(1000)], { type: 'reduction', value: 3901 })).toMatchObject({ discount_pence: 3900, total_pence: 0 });
    expect(applyDiscount([line(2900), line(1000, 1, true)], { type: 'reduction', value: 5000 })).toMatchObject({ discount_pence: 2900, total_pence: 1000 });
    expect(applyDiscount([line(1000, 1, true)], { type: 'reduction', value: 500 })).toMatchObject({ discount_pence: 0, total_pence: 1000 });
  });

  it('trial: each discountable unit costs value pence (0: free), never more than its price', () => {
    expect(applyDiscount([line(2900, 3)], { type: 'trial', value: 0 })).toMatchObject({ discount_pence: 8700, total_pence: 0 });
    expect(applyDiscount([line(2900, 3)], { type: 'trial', value: 100 })).toMatchObject({ discount_pence: 8400, total_pence: 300 });
    expect(applyDiscount([line(2900)], { type: 'trial', value: 2900 })).toMatchObject({ discount_pence: 0, total_pence: 2900 });
    expect(applyDiscount([line(2900)], { type: 'trial', value: 5000 })).toMatchObject({ discount_pence: 0, total_pence: 2900 });
    expect(applyDiscount([line(2900), line(1500, 2, true)], { type: 'trial', value: 0 })).toMatchObject({ discount_pence: 2900, total_pence: 3000 });
  });

  it('an empty basket costs nothing', () => {
    expect(applyDiscount([], { type: 'reduction', value: 100 })).toEqual({ subtotal_pence: 0, discount_pence: 0, total_pence: 0 });
  });
});

describe('isDiscountValid', () => {
  const code = { active: true, active_from: '2026-06-10', active_to: '2026-06-20', uses: 10, used_times: 9 };

  it('holds on the first and the last day, not the day before or after', () => {
    expect(isDiscountValid(code, '2026-06-09')).toBe(false);
    expect(isDiscountValid(code, '2026-06-10')).toBe(true);
    expect(isDiscountValid(code, '2026-06-20')).toBe(true);
    expect(isDiscountValid(code, '2026-06-21')).toBe(false);
  });

  it('holds while used_times < uses, and only when active', () => {
    expect(isDiscountValid({ ...code, used_times: 10 }, '2026-06-15')).toBe(false);
    expect(isDiscountValid({ ...code, used_times: 11 }, '2026-06-15')).toBe(false);
    expect(isDiscountValid({ ...code, active: false }, '2026-06-15')).toBe(false);
  });
});

describe('London days', () => {
  it('counts the day in Europe/London: 23:30 UTC in summer is the next day', () => {
    expect(londonIsoDay(new Date('2026-06-10T22:59:59Z'))).toBe('2026-06-10');
    expect(londonIsoDay(new Date('2026-06-10T23:00:00Z'))).toBe('2026-06-11');
    expect(londonIsoDay(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('a year after is the same day, 29 February giving 28 February', () => {
    expect(aYearAfter('2026-06-10')).toBe('2027-06-10');
    expect(aYearAfter('2028-02-29')).toBe('2029-02-28');
  });
});

describe('DiscountInput', () => {
  const form = { project: 'Vireo', code: ' summer-10 ', type: 'percentage', value: '10', active_from: '2026-06-10', uses: '5' };
  const errors = (overrides: Record<string, unknown>) => {
    const result = DiscountInput.safeParse({ ...form, ...overrides });
    expect(result.success).toBe(false);
    return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('upper-cases the code, takes numbers from the form and ends a year later by default', () => {
    expect(DiscountInput.parse(form)).toEqual({ project: 'Vireo', code: 'SUMMER-10', type: 'percentage', value: 10, active_from: '2026-06-10', active_to: '2027-06-10', uses: 5 });
    expect(DiscountInput.parse({ ...form, active_to: '2026-06-10' }).active_to).toBe('2026-06-10');
  });

  it('refuses each field with the spec’s message', () => {
    expect(errors({ code: '' })).toMatchObject({ code: DISCOUNT_MSG.code });
    expect(errors({ code: 'TWO WORDS' })).toMatchObject({ code: DISCOUNT_MSG.codeCharacters });
    expect(errors({ type: '' })).toMatchObject({ type: DISCOUNT_MSG.type });
    expect(errors({ type: 'free' })).toMatchObject({ type: DISCOUNT_MSG.type });
    expect(errors({ value: '' })).toMatchObject({ value: DISCOUNT_MSG.value });
    expect(errors({ value: 'ten' })).toMatchObject({ value: DISCOUNT_MSG.value });
    expect(errors({ value: 1.5 })).toMatchObject({ value: DISCOUNT_MSG.wholeNumber });
    expect(errors({ active_from: '' })).toMatchObject({ active_from: DISCOUNT_MSG.activeFrom });
    expect(errors({ active_from: '2026-02-30' })).toMatchObject({ active_from: DISCOUNT_MSG.activeFrom });
    expect(errors({ active_to: 'tomorrow' })).toMatchObject({ active_to: DISCOUNT_MSG.activeTo });
    expect(errors({ active_to: '2026-06-09' })).toMatchObject({ active_to: DISCOUNT_MSG.endBeforeStart });
    expect(errors({ uses: '' })).toMatchObject({ uses: DISCOUNT_MSG.uses });
    expect(errors({ uses: 0 })).toMatchObject({ uses: DISCOUNT_MSG.uses });
    expect(errors({ project: ' ' })).toMatchObject({ project: DISCOUNT_MSG.project });
  });

  it('keeps each type’s value within its bounds', () => {
    expect(errors({ value: 0 })).toMatchObject({ value: DISCOUNT_MSG.percentage });
    expect(DiscountInput.parse({ ...form, value: 1 }).value).toBe(1);
    expect(DiscountInput.parse({ ...form, value: 100 }).value).toBe(100);
    expect(errors({ value: 101 })).toMatchObject({ value: DISCOUNT_MSG.percentage });
    expect(errors({ type: 'reduction', value: 0 })).toMatchObject({ value: DISCOUNT_MSG.reduction });
    expect(DiscountInput.parse({ ...form, type: 'reduction', value: 1 }).value).toBe(1);
    expect(DiscountInput.parse({ ...form, type: 'trial', value: 0 }).value).toBe(0);
    expect(errors({ type: 'trial', value: -1 })).toMatchObject({ value: DISCOUNT_MSG.value });
  });
});

describe('DiscountsQuery', () => {
  it('pages 10 by default, only 10/25/50/100, and sorts by a known field', () => {
    expect(DiscountsQuery.parse({})).toMatchObject({ page: 1, page_size: 10 });
    expect(DiscountsQuery.parse({ page_size: '100', sort: 'used_times:desc', 'filter[project]': 'Vireo' })).toMatchObject({
      page_size: 100,
      sort: { field: 'used_times', direction: 'desc' },
      'filter[project]': ['Vireo'],
    });
    expect(DiscountsQuery.safeParse({ page_size: '20' }).success).toBe(false);
    expect(DiscountsQuery.safeParse({ sort: 'password:asc' }).success).toBe(false);
    expect(DiscountsQuery.safeParse({ 'filter[state]': 'half' }).success).toBe(false);
  });
});
