import { aYearAfter, DiscountInput, londonIsoDay, PRODUCT_MSG, type Discount, type DiscountType } from '@vireo/contracts';
import { z } from 'zod';

/** The generate form as typed: a reduction's or trial's value in pounds with pence, a percentage as a number. */
export interface DiscountFormValues {
  project: string;
  code: string;
  type: DiscountType | '';
  value: string;
  active_from: string;
  active_to: string;
  uses: string;
}

/** An empty form starting today (London) and ending a year later. */
export function newDiscountForm(now = new Date()): DiscountFormValues {
  const today = londonIsoDay(now);
  return { project: '', code: '', type: '', value: '', active_from: today, active_to: aYearAfter(today), uses: '' };
}

const POUNDS = /^\d+(\.\d{1,2})?$/;

/** Whole pence of an amount typed in pounds ('12.5' → 1250), or undefined when it is not one. */
export function poundsToPence(typed: string): number | undefined {
  const amount = typed.trim();
  if (!POUNDS.test(amount)) return undefined;
  const [pounds = '0', pence = ''] = amount.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

/**
 * The form's schema: contracts' DiscountInput after the value typed in pounds becomes integer pence
 * (percentages stay as typed), so the spec's messages come from the one schema the server uses too.
 */
export const DiscountForm = z.preprocess((form: DiscountFormValues, ctx) => {
  if (form.type === 'percentage' || form.type === '' || form.value.trim() === '') return form;
  const pence = poundsToPence(form.value);
  if (pence !== undefined) return { ...form, value: pence };
  if (Number.isFinite(Number(form.value))) ctx.addIssue({ code: 'custom', path: ['value'], message: PRODUCT_MSG.pennies, input: form.value });
  return form;
}, DiscountInput);

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** A discount's value as the lists show it: '15%' for a percentage, else pounds with pence ('£12.50'). */
export function formatDiscountValue(discount: Pick<Discount, 'type' | 'value'>): string {
  return discount.type === 'percentage' ? `${discount.value}%` : pounds.format(discount.value / 100);
}
