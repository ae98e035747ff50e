/** products.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import type { ProductData } from './products';

export const PRODUCT_TYPES = ['Antigen', 'PCR', 'Consultation', 'Virtual'] as const;
export const PRODUCT_TAGS = ['after_flight', 'before_flight', 'additional_info'] as const;
export const PRE_BOOK = ['before', 'after'] as const;

/** The card and point colours (GET /colour): names the product pages style by, with their hex. */
export const PRODUCT_COLOURS = [
  { name: 'doc-green', hex: '#2e7d32' },
  { name: 'doc-black', hex: '#1b1b1b' },
  { name: 'doc-blue', hex: '#1565c0' },
  { name: 'doc-red', hex: '#c62828' },
  { name: 'doc-orange', hex: '#b45309' },
  { name: 'doc-purple', hex: '#6a1b9a' },
  { name: 'doc-grey', hex: '#546e7a' },
] as const;
export const COLOUR_NAMES = /* @__PURE__ */ PRODUCT_COLOURS.map((c) => c.name) as [string, ...string[]];
export const DEFAULT_CARD_COLOUR = 'doc-green';
export const DEFAULT_POINT_COLOUR = 'doc-black';
export const DEFAULT_PRODUCT_COUNTRY = 'UK';
/** The Antigen Consultation's SKU ({token} in the spec): code prefix rules and the booking flows name it. */
export const ANT_CONSULT_SKU = 'ANT-CONSULT-001';
/** The Fit to Fly Antigen Test's SKU: purchase codes with the prefix ANT prepay it. */
export const FIT_TO_FLY_ANTIGEN_SKU = 'FLX-UK-ANT-SNS-001';
/** The PCR Test's SKU: purchase codes with the prefix ATE prepay it. */
export const PCR_TEST_SKU = 'SYN-UK-PCR-SNS-001';
export const MAX_PRICE = 100_000;

/** The country's currency: US in dollars, every other in pounds. */
export function currencyOf(country: string): 'USD' | 'GBP' {
  return country.toUpperCase() === 'US' ? 'USD' : 'GBP';
}

/** The approved kits' register (the Kits tab): the spec's words for each field. */
export const KIT_MSG = {
  name: 'Input name',
  specificity: 'Input specificity',
  sensitivity: 'Input sensitivity',
  percentage: 'Input a percentage from 0 to 100, like 99.6%',
  lotTracking: 'Choose yes or no',
  lotId: 'Input lot ID',
  lotIdCharacters: 'Letters, digits, ., /, - and _ only',
  duplicateLotId: 'This lot ID is already listed',
  lotIdsRequired: 'Add at least one lot ID',
  duplicateName: 'An approved kit with this name already exists',
  created: 'Kit has been created.',
  saved: 'Kit has been saved.',
  retired: 'Kit has been retired.',
} as const;
export const KIT_NAME_MAX = 200;
export const KIT_LOT_ID_MAX = 40;
export const KIT_MAX_LOT_IDS = 500;

/** The products every installation starts with (seeded once, by SKU). Prices in pounds (dollars for US). */
export const SEED_PRODUCTS: readonly (Omit<ProductData, 'sub_title' | 'bundle_id' | 'service' | 'description' | 'footer' | 'points' | 'card_colour' | 'pre_book'> & {
  pre_book?: 'before' | 'after';
})[] = /* @__PURE__ */ (() => {
  const base = { out_of_stock: 0, active: 1, discount_exempt: 0, vat_exempt: 0, shippable: 0, bookable: 1, pre_book: 'after' } as const;
  const kit = { ...base, shippable: 1 } as const;
  return [
    { ...kit, sku: FIT_TO_FLY_ANTIGEN_SKU, title: 'Fit to Fly Antigen Test', country: 'UK', price: 29, msrp: 29, type: 'Antigen', tags: ['before_flight'] },
    { ...base, sku: ANT_CONSULT_SKU, title: 'Antigen Consultation', country: 'UK', price: 19, msrp: 19, type: 'Consultation', tags: ['before_flight'] },
    { ...kit, sku: 'DAY-2-US-ANT-001', title: 'Day 3 Antigen Test', country: 'US', price: 35, msrp: 35, type: 'Antigen', tags: ['before_flight'] },
    { ...kit, sku: PCR_TEST_SKU, title: 'PCR Test', country: 'UK', price: 59, msrp: 59, type: 'PCR', tags: ['before_flight'] },
    { ...kit, sku: 'DAY-2-UK-ANT-001', title: 'Day 2 Antigen Test', country: 'UK', price: 22, msrp: 22, type: 'Antigen', tags: ['after_flight', 'additional_info'] },
    { ...kit, sku: 'SYN-UK-PCR-SNS-002', title: 'Day 2 PCR Test', country: 'UK', price: 49, msrp: 49, type: 'PCR', tags: ['after_flight'] },
    { ...base, sku: 'RECONSULT-ANT-DAY-2', title: 'Day 2 Antigen Reconsultation', country: 'UK', price: 15, msrp: 15, type: 'Consultation', tags: ['after_flight'] },
    { ...base, sku: 'RECONSULT-PCR-DAY-2', title: 'Day 2 PCR Reconsultation', country: 'UK', price: 25, msrp: 25, type: 'Consultation', tags: ['after_flight'] },
    { ...base, sku: 'RECONSULT-ANT-DAY-3', title: 'Day 3 Antigen Reconsultation', country: 'US', price: 15, msrp: 15, type: 'Consultation', tags: ['after_flight'] },
    { ...base, sku: 'CONSULT-ANT', title: 'Antigen Consultation', country: 'UK', price: 25, msrp: 25, type: 'Consultation', tags: [] },
    { ...base, sku: 'CONSULT-PCR', title: 'PCR Consultation', country: 'UK', price: 35, msrp: 35, type: 'Consultation', tags: [] },
    { ...base, sku: 'RECONSULT-ANT', title: 'Antigen Reconsultation', country: 'UK', price: 15, msrp: 15, type: 'Consultation', tags: [] },
    { ...base, sku: 'RECONSULT-PCR', title: 'PCR Reconsultation', country: 'UK', price: 25, msrp: 25, type: 'Consultation', tags: [] },
    { ...base, sku: 'FACE-2-FACE-HOTEL', title: 'Face to Face Hotel Test', country: 'UK', price: 45, msrp: 45, type: 'Antigen', tags: [] },
    { ...kit, sku: 'SELF-SWABBING', title: 'Self-swab Antigen Kit', country: 'UK', price: 15, msrp: 15, type: 'Antigen', tags: [], bookable: 0, pre_book: undefined },
    { ...base, sku: 'COVID-TEST-CERTIFICATE', title: 'COVID Test Certificate', country: 'UK', price: 10, msrp: 10, type: 'Virtual', tags: [], bookable: 0, pre_book: undefined },
  ];
})();
