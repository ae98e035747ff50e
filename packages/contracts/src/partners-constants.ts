/** partners.ts's constants, messages and plain rules, without zod: a booking page that needs only these loads no schema. */
import { ANT_CONSULT_SKU, FIT_TO_FLY_ANTIGEN_SKU, PCR_TEST_SKU } from './products-constants';
import { productSlug, type OrderCurrency } from './orders-constants';
import { PURCHASE_CODE_PREFIXES, US_PURCHASE_CODE_PREFIXES, type BuiltInPurchaseCodePrefix } from './purchase-codes-constants';

/**
 * Partner kinds (spec 2 §2.10): a holiday company or attraction-ticket reseller starts its booking
 * form with 'Number of travellers'; an airline with 'Travel Details'; a European partner books the
 * video_gp_euro service, in German by default.
 */
export const PARTNER_KINDS = ['holiday', 'airline', 'european'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The booking service a partner's page books: `video_gp_product` is video_gp_{product}, the configured product name. */
export const PARTNER_SERVICES = ['video_gp', 'video_gp_product', 'video_gp_euro'] as const;
export type PartnerService = (typeof PARTNER_SERVICES)[number];

export const PARTNER_LANGUAGES = ['EN', 'DE'] as const;
export type PartnerLanguage = (typeof PARTNER_LANGUAGES)[number];

/** A partner's booking page is /book_test_{slug}. */
export { PARTNER_PAGE_PREFIX, partnerPagePath } from './partner-pages-constants';
export const PARTNER_SLUG_PATTERN = /^[A-Za-z0-9_]+$/;
/** A source label, as an order's source: letters, digits, dots, hyphens and underscores. */
export const PARTNER_SOURCE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** A code prefix: capital letters and digits; `?` stands for any one character. */
export const CODE_PREFIX_PATTERN = /^[A-Z0-9?]+$/;
/** A logo: a PNG, JPEG, WebP or SVG image as a data URL (the pages' CSP allows data: images only besides the own origin). */
export const PARTNER_LOGO_PATTERN = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;

export const PARTNER_LIMITS = { name: 100, slug: 40, source: 60, url: 500, logo: 200_000, prefix: 10, prefixes: 8, rules: 20 } as const;

export const PARTNER_MSG = {
  name: 'Input name',
  slug: 'Use letters, digits and underscores',
  slugTaken: 'A partner with this page address already exists.',
  source: 'Input source label',
  sourceCharacters: 'Use letters, digits, dots, hyphens and underscores',
  sourceTaken: 'A partner with this source label already exists.',
  kind: 'Select kind',
  service: 'Select service',
  language: 'Select language',
  homePage: 'Enter the home page as an https address',
  logo: 'Choose a PNG, JPEG, WebP or SVG image under 150 kB',
  product: 'Select product',
  productRepeated: 'Each product may have one row only',
  prefixes: 'Input at least one code prefix',
  prefixCharacters: 'Capital letters, digits and ? only',
  excludedCharacters: 'Capital letters and digits only',
  rules: 'Add at least one product with its code prefixes',
  created: 'Partner has been created.',
  saved: 'Partner has been saved.',
  fetch: 'Error fetching partners',
  empty: 'No partners to display',
} as const;

// ---------------------------------------------------------------- purchase code rules

/** The booking forms' code messages (spec 2 §5, spec 3 §5). */
export const CODE_MSG = {
  required: 'Input your code',
  invalidPrefix: 'Invalid code',
  repeated: "Codes can't be same for different people",
  valid: 'Valid purchase code',
  expired: 'Your code is expired',
  invalid: 'Your code is invalid',
  otherTestType: 'You have chosen another test type',
  minimumPeople: 'Minimum 1 person',
  /** A partner page's order: as many codes as people (units). */
  onePerPerson: 'Input one code per person',
} as const;

/** The check waits this long after the last keystroke (spec 2 §5). */
export const CODE_CHECK_DEBOUNCE_MS = 300;

/** The products a partner takes codes for, each with the prefixes its codes start with and the texts they must not contain. */
export interface CodePrefixRule {
  sku: string;
  prefixes: readonly string[];
  excluded: readonly string[];
}

/** The test names the prefix messages use ('This code is not a Day 2 Antigen code'); another product's SKU stands for itself. */
export const TEST_TYPE_NAMES: Readonly<Record<string, string>> = {
  [FIT_TO_FLY_ANTIGEN_SKU]: 'Fit to Fly',
  'DAY-2-UK-ANT-001': 'Day 2 Antigen',
  'DAY-2-US-ANT-001': 'Day 3 Antigen',
  [ANT_CONSULT_SKU]: 'Antigen Consultation',
  [PCR_TEST_SKU]: 'PCR',
};

/** Whether `code` starts with `prefix`, where a `?` in the prefix matches any one character. */
export function codeHasPrefix(code: string, prefix: string): boolean {
  if (code.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== '?' && prefix[i] !== code[i]) return false;
  return true;
}

/** Whether `code` starts with one of the rule's prefixes and contains none of its excluded texts. */
export function codeFitsRule(code: string, rule: CodePrefixRule): boolean {
  return rule.prefixes.some((prefix) => codeHasPrefix(code, prefix)) && !rule.excluded.some((text) => text !== '' && code.includes(text));
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.' */
export function prefixMessage(rule: CodePrefixRule): string {
  const name = TEST_TYPE_NAMES[rule.sku] ?? rule.sku;
  return `Invalid code. This code is not ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} code. Please enter a code starting with ${orList(rule.prefixes)}.`;
}

/**
 * A partner's code for a product, as typed (upper-cased): null when it fits the partner's rule for
 * that product; else the message. An airline's codes name the test type ('You have chosen another
 * test type'); other partners say which prefixes the product's codes start with. A product the
 * partner has no rule for takes none of its codes.
 */
export function partnerCodeError(partner: { kind: PartnerKind; code_prefixes: readonly CodePrefixRule[] }, sku: string, code: string): string | null {
  if (code === '') return CODE_MSG.required;
  const rule = partner.code_prefixes.find((candidate) => candidate.sku === sku);
  if (rule && codeFitsRule(code, rule)) return null;
  if (partner.kind === 'airline' || !rule) return CODE_MSG.otherTestType;
  return prefixMessage(rule);
}

/** The source of the pharmacy form's orders (spec 2 §1), in pounds. */
export const PHARMACY_SOURCE = 'Pharmacy';

/** The source of the pharmacy form's US variant (/pharmacy/book?source={product}-us, spec 2 §2.8, spec 3 §3), in dollars. */
export function pharmacyUsSource(productName: string): string {
  return `${productSlug(productName)}-us`;
}

/** The currency of a pharmacy form's source: GBP for Pharmacy, USD for {product}-us; null for any other source. */
export function pharmacySourceCurrency(source: string, productName: string): OrderCurrency | null {
  if (source === PHARMACY_SOURCE) return 'GBP';
  return source === pharmacyUsSource(productName) ? 'USD' : null;
}

/** The built-in prefix a pharmacy code starts with (ANT, PFF or ATE, spec 2 §5), or null. */
function pharmacyCodePrefix(code: string): BuiltInPurchaseCodePrefix | null {
  return (Object.keys(PURCHASE_CODE_PREFIXES) as BuiltInPurchaseCodePrefix[]).find((candidate) => code.startsWith(candidate)) ?? null;
}

/** The product a pharmacy code prepays, by its prefix: the UK product, or in dollars (the US form) the US one; null without a pharmacy prefix or a product for it. */
export function pharmacyCodeSku(code: string, currency: OrderCurrency = 'GBP'): string | null {
  const prefix = pharmacyCodePrefix(code);
  if (!prefix) return null;
  return (currency === 'USD' ? US_PURCHASE_CODE_PREFIXES[prefix] : PURCHASE_CODE_PREFIXES[prefix]) ?? null;
}

/** The products the pharmacy form in `currency` lists: those its codes' prefixes prepay. */
export function pharmacySkus(currency: OrderCurrency): string[] {
  return Object.values(currency === 'USD' ? US_PURCHASE_CODE_PREFIXES : PURCHASE_CODE_PREFIXES);
}

/** A pharmacy code as typed: 'Input your code' when empty, 'Invalid code' without a pharmacy prefix, else null. */
export function pharmacyCodeError(code: string): string | null {
  if (code === '') return CODE_MSG.required;
  return pharmacyCodePrefix(code) ? null : CODE_MSG.invalidPrefix;
}

/** The positions of codes that repeat an earlier person's ('Codes can't be same for different people'). */
export function repeatedCodes(codes: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeats: number[] = [];
  codes.forEach((code, index) => {
    if (code !== '' && seen.has(code)) repeats.push(index);
    seen.add(code);
  });
  return repeats;
}

/**
 * The booking flow that takes a code, which decides the words for a known code with no use left
 * today: 'pharmacy', the pharmacy form (spec 2 §5: 'Your code is expired'); 'partner', the booking
 * forms of the partner and customer-services flows (spec 3 §7: a code is valid only with a value and
 * a positive uses count, else 'Your code is invalid').
 */
export type CodeFlow = 'pharmacy' | 'partner';

/** A known code with no use left today (used up, or past its batch's last day), in `flow`: 'Your code is expired' for the pharmacy (spec 2 §5), else 'Your code is invalid' (spec 3 §7). */
export function usedUpCodeMessage(flow: CodeFlow): string {
  return flow === 'pharmacy' ? CODE_MSG.expired : CODE_MSG.invalid;
}

/**
 * A form's word on the server's answer to a code check (GET /purchase-code/{value}; null when it
 * refused the code): 'Valid purchase code' with a value and uses left, `usedUpCodeMessage(flow)` with
 * a value and none left, else 'Your code is invalid' (spec 2 §5, spec 3 §7).
 */
export function codeCheckMessage(info: { value: string; uses: number } | null, flow: CodeFlow): string {
  if (!info || info.value === '') return CODE_MSG.invalid;
  return info.uses > 0 ? CODE_MSG.valid : usedUpCodeMessage(flow);
}

const rule = (sku: string, prefixes: string[], excluded: string[] = []): CodePrefixRule => ({ sku, prefixes, excluded });

/**
 * The partners every installation starts with (issue 18, spec 3 §5), added by the migration that made
 * the table (its hand-written part repeats these rows; a test holds the two together). The spec does
 * not give the partners' sites: the home pages are the reserved .example names until a super admin sets them.
 */
export const SEED_PARTNERS = /* @__PURE__ */ (() =>
  [
    {
      name: 'OFL',
      slug: 'OFL',
      source: 'OFL',
      kind: 'holiday',
      service: 'video_gp_product',
      language: 'EN',
      home_page_url: 'https://ofl.example/',
      code_prefixes: [rule(FIT_TO_FLY_ANTIGEN_SKU, ['F2F'], ['F2FAW']), rule('DAY-2-UK-ANT-001', ['D2T', 'D2D']), rule('DAY-2-US-ANT-001', ['US2'])],
    },
    {
      name: 'Attraction World',
      slug: 'attraction_world',
      source: 'attractionworld',
      kind: 'holiday',
      service: 'video_gp_product',
      language: 'EN',
      home_page_url: 'https://attractionworld.example/',
      code_prefixes: [rule(FIT_TO_FLY_ANTIGEN_SKU, ['F2FAW']), rule('DAY-2-UK-ANT-001', ['D2AW']), rule('DAY-2-US-ANT-001', ['US3AW']), rule(ANT_CONSULT_SKU, ['US3AW'])],
    },
    {
      name: 'Florida Tix',
      slug: 'florida_tix',
      source: 'floridatix',
      kind: 'holiday',
      service: 'video_gp_product',
      language: 'EN',
      home_page_url: 'https://floridatix.example/',
      code_prefixes: [rule(FIT_TO_FLY_ANTIGEN_SKU, ['FTF2F']), rule('DAY-2-UK-ANT-001', ['FTD2']), rule('DAY-2-US-ANT-001', ['FTUS3']), rule(ANT_CONSULT_SKU, ['FT?A'])],
    },
  ] as const satisfies readonly { name: string; slug: string; source: string; kind: PartnerKind; service: PartnerService; language: PartnerLanguage; home_page_url: string; code_prefixes: readonly CodePrefixRule[] }[])();
