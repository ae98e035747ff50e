/** purchase-codes.ts's constants and messages, without zod: a page that needs only these loads no schema. */
import { ANT_CONSULT_SKU, FIT_TO_FLY_ANTIGEN_SKU, PCR_TEST_SKU } from './products-constants';

/**
 * The prefixes kept for one product each (issue 17): a batch with one of these prefixes prepays that
 * product. A batch may use another prefix for another product (partners' prefixes).
 */
export const PURCHASE_CODE_PREFIXES = {
  ANT: FIT_TO_FLY_ANTIGEN_SKU,
  PFF: ANT_CONSULT_SKU,
  ATE: PCR_TEST_SKU,
} as const satisfies Record<string, string>;
export type BuiltInPurchaseCodePrefix = keyof typeof PURCHASE_CODE_PREFIXES;

/**
 * The same prefixes on the pharmacy form's US variant (?source={product}-us, spec 2 §2.8), whose
 * products are the catalogue's US ones, priced in dollars: ANT the US antigen test, PFF the US
 * consultation; the catalogue has no US PCR test, so ATE prepays none there. A batch with one of
 * the built-in prefixes prepays its UK product or its US one.
 */
export const US_PURCHASE_CODE_PREFIXES: Readonly<Partial<Record<BuiltInPurchaseCodePrefix, string>>> = {
  ANT: 'DAY-2-US-ANT-001',
  PFF: 'RECONSULT-ANT-DAY-3',
};

/** The products a batch with `prefix` may prepay: a built-in prefix's own UK and US products; null for any other prefix (any product). */
export function builtInPrefixSkus(prefix: string): string[] | null {
  if (!(prefix in PURCHASE_CODE_PREFIXES)) return null;
  const key = prefix as BuiltInPurchaseCodePrefix;
  const us = US_PURCHASE_CODE_PREFIXES[key];
  return us ? [PURCHASE_CODE_PREFIXES[key], us] : [PURCHASE_CODE_PREFIXES[key]];
}

/**
 * The product a built-in prefix prepays in one catalogue: pounds (the Pharmacy source) its UK product,
 * dollars ({product}-us) its US one; null for any other prefix, or a built-in one without a product there.
 */
export function builtInPrefixSkuIn(prefix: string, currency: 'GBP' | 'USD'): string | null {
  if (!(prefix in PURCHASE_CODE_PREFIXES)) return null;
  const key = prefix as BuiltInPurchaseCodePrefix;
  return (currency === 'USD' ? US_PURCHASE_CODE_PREFIXES[key] : PURCHASE_CODE_PREFIXES[key]) ?? null;
}

/** A code's random part: no 0/O or 1/I, so a code read aloud or typed from paper is never mistaken. 32 symbols, 5 bits each. */
export const PURCHASE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PURCHASE_CODE_RANDOM_LENGTH = 10;
export const PURCHASE_CODE_PREFIX_MAX = 10;
export const PURCHASE_CODE_BATCH_MAX = 10_000;
export const PURCHASE_CODE_USES_MAX = 1_000;
export const PURCHASE_CODE_NAME_MAX = 100;

export const PURCHASE_CODE_MSG = {
  name: 'Input name',
  prefix: 'Input prefix',
  prefixCharacters: 'Capital letters and digits only',
  product: 'Select product',
  source: 'Select source',
  productSource: 'This product does not belong to this source',
  prefixTaken: 'This prefix belongs to another product',
  count: 'Input number of codes',
  countRange: 'From 1 to 10000 codes',
  uses: 'Input uses per code',
  usesRange: 'From 1 to 1000 uses',
  wholeNumber: 'Whole numbers only',
  validUntil: 'Select end date',
  validUntilPast: 'The end date is in the past',
  generated: 'Purchase codes successfully generated',
  invalid: 'Your code is invalid',
  used: 'Purchase code has been used',
  empty: 'No purchase code batches to display',
  fetchBatches: 'Error fetching purchase codes',
} as const;
