import { DISCOUNT_MSG, PRODUCT_MSG } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { DiscountForm, formatDiscountValue, newDiscountForm, poundsToPence, type DiscountFormValues } from './discountValue';

const filled = (overrides: Partial<DiscountFormValues>): DiscountFormValues => ({
  ...newDiscountForm(new Date('2026-03-01T12:00:00Z')),
  project: 'Spring',
  code: 'spring-10',
  type: 'percentage',
  value: '10',
  uses: '5',
  ...overrides,
});
const valueError = (overrides: Partial<DiscountFormValues>) => DiscountForm.safeParse(filled(overrides)).error?.issues.find((issue) => issue.path[0] === 'value')?.message;

describe('discount values', () => {
  it('starts a new form today (London) and ends it a year later', () => {
    expect(newDiscountForm(new Date('2026-06-30T23:30:00Z'))).toMatchObject({ active_from: '2026-07-01', active_to: '2027-07-01' });
  });

  it('turns pounds with pence into whole pence, and refuses anything else', () => {
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence('100000')).toBe(10_000_000);
    expect(poundsToPence('0.29')).toBe(29);
    expect(poundsToPence('1.234')).toBeUndefined();
    expect(poundsToPence('-1')).toBeUndefined();
    expect(poundsToPence('')).toBeUndefined();
  });

  it('sends a percentage as typed and a reduction or trial in pence, the code upper-cased', () => {
    expect(DiscountForm.parse(filled({}))).toEqual({ project: 'Spring', code: 'SPRING-10', type: 'percentage', value: 10, active_from: '2026-03-01', active_to: '2027-03-01', uses: 5 });
    expect(DiscountForm.parse(filled({ type: 'reduction', value: '4.99' }))).toMatchObject({ value: 499 });
    expect(DiscountForm.parse(filled({ type: 'trial', value: '0' }))).toMatchObject({ value: 0 });
  });

  it('shows the spec’s message of each field left empty', () => {
    const empty = DiscountForm.safeParse({ project: '', code: '', type: '', value: '', active_from: '', active_to: '', uses: '' });
    const messages = Object.fromEntries(empty.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({
      project: DISCOUNT_MSG.project,
      code: DISCOUNT_MSG.code,
      type: DISCOUNT_MSG.type,
      value: DISCOUNT_MSG.value,
      active_from: DISCOUNT_MSG.activeFrom,
      active_to: DISCOUNT_MSG.activeTo,
      uses: DISCOUNT_MSG.uses,
    });
  });

  it('refuses fractions of a penny and percentages out of range', () => {
    expect(valueError({ type: 'reduction', value: '1.234' })).toBe(PRODUCT_MSG.pennies);
    expect(valueError({ type: 'reduction', value: '0' })).toBe(DISCOUNT_MSG.reduction);
    expect(valueError({ type: 'percentage', value: '101' })).toBe(DISCOUNT_MSG.percentage);
    expect(valueError({ type: 'reduction', value: 'ten' })).toBe(DISCOUNT_MSG.value);
  });

  it('shows a percentage with % and an amount in pounds with pence', () => {
    expect(formatDiscountValue({ type: 'percentage', value: 15 })).toBe('15%');
    expect(formatDiscountValue({ type: 'reduction', value: 1250 })).toBe('£12.50');
    expect(formatDiscountValue({ type: 'trial', value: 0 })).toBe('£0.00');
  });
});
