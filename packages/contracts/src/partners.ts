import { z } from 'zod';
import { text } from './text';
import { EpochSeconds, Uuid } from './validation';
import { BOOKING, BOOKING_MSG } from './booking-constants';
import { ORDER_MSG } from './orders-constants';
import { BillingDetail, OrderAddress } from './orders';
import {
  CODE_MSG,
  CODE_PREFIX_PATTERN,
  PARTNER_KINDS,
  PARTNER_LANGUAGES,
  PARTNER_LIMITS,
  PARTNER_LOGO_PATTERN,
  PARTNER_MSG,
  PARTNER_SERVICES,
  PARTNER_SLUG_PATTERN,
  PARTNER_SOURCE_PATTERN,
} from './partners-constants';

export * from './partners-constants';

/**
 * Partner records (issue 18, spec 2 §2.10, spec 3 §7.4), under /api/commerce/v1: the holiday
 * companies, attraction-ticket resellers, airlines and European partners whose booking pages are
 * /book_test_{slug}. Super admins with `pages.manage` keep them on Pages Management; anyone reads
 * what a partner's page needs by its slug.
 */
const requiredText = (message: string, max: number) => text({ error: message }).trim().min(1, message).max(max, message);

/** A list typed as one line ("F2FAW, FTF2F") or sent as an array: upper-cased, split at commas and spaces; a bad item is the list's error (the form shows it at the field). */
const prefixList = (pattern: RegExp, message: string) =>
  z
    .union([z.string().transform((line) => line.split(/[\s,]+/)), z.array(z.string({ error: message }))], { error: message })
    .transform((items) => items.map((item) => item.trim().toUpperCase()).filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .max(PARTNER_LIMITS.prefixes, message)
        .refine((items) => items.every((item) => item.length <= PARTNER_LIMITS.prefix && pattern.test(item)), message),
    );

/** One product the partner takes codes for: its SKU, the prefixes its codes start with and the texts they must not contain. */
export const CodePrefixRuleInput = z.strictObject({
  sku: /* @__PURE__ */ requiredText(PARTNER_MSG.product, 60),
  prefixes: /* @__PURE__ */ prefixList(CODE_PREFIX_PATTERN, PARTNER_MSG.prefixCharacters).pipe(z.array(z.string()).min(1, PARTNER_MSG.prefixes)),
  excluded: /* @__PURE__ */ prefixList(/^[A-Z0-9]+$/, PARTNER_MSG.excludedCharacters),
});

/** POST /partner and PUT /partner/{id}: the whole record. */
export const PartnerInput = z
  .strictObject({
    name: /* @__PURE__ */ requiredText(PARTNER_MSG.name, PARTNER_LIMITS.name),
    slug: /* @__PURE__ */ text({ error: PARTNER_MSG.slug }).trim().min(1, PARTNER_MSG.slug).max(PARTNER_LIMITS.slug, PARTNER_MSG.slug).regex(PARTNER_SLUG_PATTERN, PARTNER_MSG.slug),
    source: /* @__PURE__ */ requiredText(PARTNER_MSG.source, PARTNER_LIMITS.source).regex(PARTNER_SOURCE_PATTERN, PARTNER_MSG.sourceCharacters),
    kind: z.enum(PARTNER_KINDS, { error: PARTNER_MSG.kind }),
    service: z.enum(PARTNER_SERVICES, { error: PARTNER_MSG.service }),
    language: z.enum(PARTNER_LANGUAGES, { error: PARTNER_MSG.language }),
    home_page_url: /* @__PURE__ */ text({ error: PARTNER_MSG.homePage })
      .trim()
      .max(PARTNER_LIMITS.url, PARTNER_MSG.homePage)
      .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', PARTNER_MSG.homePage),
    logo: z.union([z.literal(''), z.string().max(PARTNER_LIMITS.logo, PARTNER_MSG.logo).regex(PARTNER_LOGO_PATTERN, PARTNER_MSG.logo)]),
    code_prefixes: z.array(CodePrefixRuleInput, { error: PARTNER_MSG.rules }).min(1, PARTNER_MSG.rules).max(PARTNER_LIMITS.rules, PARTNER_MSG.rules),
  })
  .superRefine((partner, ctx) => {
    const seen = new Set<string>();
    partner.code_prefixes.forEach((rule, index) => {
      if (seen.has(rule.sku)) ctx.addIssue({ code: 'custom', path: ['code_prefixes', index, 'sku'], message: PARTNER_MSG.productRepeated });
      seen.add(rule.sku);
    });
  });
export type PartnerInput = z.input<typeof PartnerInput>;
export type PartnerData = z.output<typeof PartnerInput>;

export const CodePrefixRule = z.object({ sku: z.string(), prefixes: z.array(z.string()), excluded: z.array(z.string()) });
export type CodePrefixRule = z.infer<typeof CodePrefixRule>;

export const Partner = z.object({
  id: Uuid,
  name: z.string(),
  slug: z.string(),
  source: z.string(),
  kind: z.enum(PARTNER_KINDS),
  service: z.enum(PARTNER_SERVICES),
  language: z.enum(PARTNER_LANGUAGES),
  home_page_url: z.string(),
  logo: z.string(),
  code_prefixes: z.array(CodePrefixRule),
  url: z.string(),
  updated_at: EpochSeconds,
});
export type Partner = z.infer<typeof Partner>;
export const PartnersResponse = z.object({ success: z.literal(true), data: z.array(Partner) });
export const PartnerResponse = z.object({ success: z.literal(true), data: Partner, message: z.string().optional() });

/** GET /partner-page/{slug} (public): what the partner's booking page shows and checks; `service` is the booking service's name. */
export const PublicPartner = z.object({
  name: z.string(),
  slug: z.string(),
  source: z.string(),
  kind: z.enum(PARTNER_KINDS),
  service: z.string(),
  language: z.enum(PARTNER_LANGUAGES),
  home_page_url: z.string(),
  logo: z.string(),
  code_prefixes: z.array(CodePrefixRule),
});
export type PublicPartner = z.infer<typeof PublicPartner>;
export const PublicPartnerResponse = z.object({ success: z.literal(true), data: PublicPartner });
export const PartnerSlugParams = z.object({ slug: /* @__PURE__ */ text().max(PARTNER_LIMITS.slug).regex(PARTNER_SLUG_PATTERN) });

/**
 * POST /partner-page/{slug}/order (public): a partner page's order, paid by its codes — one code per
 * person, upper-cased, each held to the partner's rule for its unit's product (the items' units in
 * order: the first item's units take the first codes). `billing_address`, when given, is the order's
 * billing and shipping address (the partner forms ask for none).
 */
export const PartnerOrderRequest = z.object({
  billing_detail: BillingDetail,
  billing_address: OrderAddress.optional(),
  items: z
    .array(z.object({ product_id: Uuid, quantity: z.number({ error: ORDER_MSG.quantity }).int(ORDER_MSG.quantity).min(1, ORDER_MSG.quantity).max(BOOKING.maxPeople, BOOKING_MSG.maximumPeople) }), { error: ORDER_MSG.noItems })
    .min(1, ORDER_MSG.noItems)
    .max(BOOKING.maxPeople, BOOKING_MSG.maximumPeople),
  codes: z
    .array(/* @__PURE__ */ text().trim().max(40).transform((code) => code.toUpperCase()))
    .min(BOOKING.minPeople, CODE_MSG.minimumPeople)
    .max(BOOKING.maxPeople, BOOKING_MSG.maximumPeople),
});
export type PartnerOrderRequest = z.input<typeof PartnerOrderRequest>;
export type PartnerOrderData = z.output<typeof PartnerOrderRequest>;
export const PartnerOrderResponse = z.object({ success: z.literal(true), order_details: z.object({ id: Uuid, short_token: z.string() }), message: z.string() });
export type PartnerOrderResponse = z.infer<typeof PartnerOrderResponse>;
