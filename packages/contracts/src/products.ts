import { z } from 'zod';
import { multilineText, text, Uuid, EpochSeconds } from './validation';
import { PRODUCT_TYPES, PRODUCT_TAGS, PRE_BOOK, COLOUR_NAMES, DEFAULT_CARD_COLOUR, MAX_PRICE, KIT_MSG, KIT_NAME_MAX, KIT_LOT_ID_MAX, KIT_MAX_LOT_IDS } from './products-constants';

export * from './products-constants';

/**
 * The commerce API's catalogue (spec 3 §2.3, §3, §5, §7.1), mounted at /api/commerce/v1: products,
 * their tags and card colours, and the register of approved test kits. Prices are entered in pounds
 * (dollars for country US) and kept as integer pence (cents); booleans travel as 0/1.
 */
export const PRODUCT_MSG = {
  title: 'Input title',
  country: 'Input country',
  price: 'Input price',
  minimalPrice: 'Minimal price is 1',
  msrp: 'Input MRP',
  minimalValue: 'Minimal value is 1',
  colour: 'Select colour',
  text: 'Input text',
  sku: 'Input SKU',
  type: 'Select type',
  choose: 'Choose yes or no',
  pennies: 'At most two decimal places',
  tooExpensive: 'At most 100000',
  virtualNotBookable: 'A virtual product is never bookable',
  preBook: 'Choose before or after purchase',
  duplicateSku: 'A product with this SKU already exists',
  includeInactive: 'Only product managers may list inactive products',
} as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type ProductTag = (typeof PRODUCT_TAGS)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value);

/** An amount in pounds (or dollars): required, at least 1, whole pence. */
function money(required: string, minimal: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .number({ error: required })
      .min(1, minimal)
      .max(MAX_PRICE, PRODUCT_MSG.tooExpensive)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, PRODUCT_MSG.pennies),
  );
}

/** A 0/1 flag (one literal check, so a form's resolver shows this message rather than a union member's). */
const flag = () => z.literal([0, 1], { error: PRODUCT_MSG.choose });

export const ProductPoint = z.object({
  text: /* @__PURE__ */ text({ error: PRODUCT_MSG.text }).trim().min(1, PRODUCT_MSG.text).max(300),
  colour: z.enum(COLOUR_NAMES, { error: PRODUCT_MSG.colour }),
});
export type ProductPoint = z.infer<typeof ProductPoint>;

const optionalText = (max: number) => text().trim().max(max).nullish().transform((value) => value || null);
const optionalMultiline = (max: number) => multilineText().max(max).nullish().transform((value) => value || null);

/** POST /product and PUT /product/{id} (the whole product): the product form's fields. */
export const ProductInput = z
  .object({
    country: /* @__PURE__ */ text({ error: PRODUCT_MSG.country }).trim().min(1, PRODUCT_MSG.country).max(3).toUpperCase(),
    title: /* @__PURE__ */ text({ error: PRODUCT_MSG.title }).trim().min(1, PRODUCT_MSG.title).max(200),
    sub_title: /* @__PURE__ */ optionalText(200),
    price: /* @__PURE__ */ money(PRODUCT_MSG.price, PRODUCT_MSG.minimalPrice),
    msrp: /* @__PURE__ */ money(PRODUCT_MSG.msrp, PRODUCT_MSG.minimalValue),
    sku: /* @__PURE__ */ text({ error: PRODUCT_MSG.sku }).trim().min(1, PRODUCT_MSG.sku).max(64),
    type: z.enum(PRODUCT_TYPES, { error: PRODUCT_MSG.type }),
    tags: z.array(z.enum(PRODUCT_TAGS)).max(PRODUCT_TAGS.length).default([]),
    out_of_stock: /* @__PURE__ */ flag(),
    active: /* @__PURE__ */ flag(),
    bundle_id: /* @__PURE__ */ optionalText(100),
    service: /* @__PURE__ */ optionalText(100),
    description: /* @__PURE__ */ optionalMultiline(5000),
    points: z.array(ProductPoint).max(20).default([]),
    footer: /* @__PURE__ */ optionalMultiline(2000),
    card_colour: z.enum(COLOUR_NAMES, { error: PRODUCT_MSG.colour }).default(DEFAULT_CARD_COLOUR),
    discount_exempt: /* @__PURE__ */ flag(),
    vat_exempt: /* @__PURE__ */ flag(),
    shippable: /* @__PURE__ */ flag(),
    bookable: /* @__PURE__ */ flag(),
    pre_book: z.enum(PRE_BOOK, { error: PRODUCT_MSG.preBook }).nullish().transform((value) => value ?? null),
  })
  .superRefine((product, ctx) => {
    if (product.type === 'Virtual' && product.bookable === 1) ctx.addIssue({ code: 'custom', path: ['bookable'], message: PRODUCT_MSG.virtualNotBookable });
    if (product.bookable === 1 && product.pre_book === null) ctx.addIssue({ code: 'custom', path: ['pre_book'], message: PRODUCT_MSG.preBook });
  })
  .transform((product) => ({ ...product, pre_book: product.bookable === 1 ? product.pre_book : null }));
export type ProductInput = z.input<typeof ProductInput>;
export type ProductData = z.output<typeof ProductInput>;

export const Product = z.object({
  id: Uuid,
  country: z.string(),
  currency: z.enum(['GBP', 'USD']),
  title: z.string(),
  sub_title: z.string().nullable(),
  price: z.number(),
  msrp: z.number(),
  sku: z.string(),
  type: z.enum(PRODUCT_TYPES),
  tags: z.array(z.enum(PRODUCT_TAGS)),
  out_of_stock: z.union([z.literal(0), z.literal(1)]),
  active: z.union([z.literal(0), z.literal(1)]),
  bundle_id: z.string().nullable(),
  service: z.string().nullable(),
  description: z.string().nullable(),
  points: z.array(ProductPoint),
  footer: z.string().nullable(),
  card_colour: z.string(),
  discount_exempt: z.union([z.literal(0), z.literal(1)]),
  vat_exempt: z.union([z.literal(0), z.literal(1)]),
  shippable: z.union([z.literal(0), z.literal(1)]),
  bookable: z.union([z.literal(0), z.literal(1)]),
  pre_book: z.enum(PRE_BOOK).nullable(),
  updated_at: EpochSeconds,
});
export type Product = z.infer<typeof Product>;

/** GET /product: `tags` (comma-separated, any of them); `include_inactive` (products.manage) adds inactive and out-of-stock ones. */
export const ProductsQuery = z.object({
  tags: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const tags = (value ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
      for (const tag of tags) {
        if (!(PRODUCT_TAGS as readonly string[]).includes(tag)) ctx.addIssue({ code: 'custom', message: `Unknown tag: ${tag.slice(0, 40)}` });
      }
      return tags as ProductTag[];
    }),
  include_inactive: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
  /** The shop's catalogue: the active products out of stock too (out_of_stock 1, shown disabled); never inactive ones. */
  include_out_of_stock: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
});

export const ProductsResponse = z.object({ success: z.literal(true), data: z.array(Product) });
export type ProductsResponse = z.infer<typeof ProductsResponse>;
export const ProductResponse = z.object({ success: z.literal(true), data: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

/** PUT /product/switch: one flag set on every product. */
export const ProductSwitchRequest = z.object({
  field: z.enum(['out_of_stock', 'active']),
  value: z.union([z.literal(0), z.literal(1)]),
});
export type ProductSwitchRequest = z.infer<typeof ProductSwitchRequest>;
export const ProductSwitchResponse = z.object({ success: z.literal(true), data: z.object({ changed: z.number().int().nonnegative() }) });

/** One change of a product, from the audit log. */
export const ProductChange = z.object({
  at: EpochSeconds,
  action: z.enum(['created', 'edited', 'switched', 'retired']),
  actor: z.string().nullable(),
  fields: z.array(z.string()),
});
export type ProductChange = z.infer<typeof ProductChange>;
export const ProductHistoryResponse = z.object({ success: z.literal(true), data: z.array(ProductChange) });

export const TagsResponse = z.object({ success: z.literal(true), data: z.array(z.enum(PRODUCT_TAGS)) });
export const ColoursResponse = z.object({ success: z.literal(true), data: z.array(z.object({ name: z.string(), hex: z.string() })) });

/**
 * The approved test kits' register (GET /approved_kits, GET /lot_ids): what certificates name as the
 * kit, with its specificity and sensitivity, and the lot IDs of those whose lots are tracked.
 */
export const ApprovedKit = z.object({
  id: z.string(),
  name: z.string(),
  specificity: z.string(),
  sensitivity: z.string(),
  lot_tracking: z.boolean(),
  lot_ids: z.array(z.string()),
});
export type ApprovedKit = z.infer<typeof ApprovedKit>;
export const ApprovedKitsResponse = z.object({ success: z.literal(true), data: z.array(ApprovedKit) });
export const ApprovedKitResponse = z.object({ success: z.literal(true), data: ApprovedKit, message: z.string() });
export const ApprovedKitParams = z.object({ id: z.string().min(1).max(100) });

/** '99.6', '99.6%' or ' 100 % ': a percentage from 0 to 100 with at most two decimals, kept as '99.6%'. */
const percentage = (required: string) =>
  text({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{1,3}(\.\d{1,2})?\s*%?$/, KIT_MSG.percentage)
    .transform((value) => `${value.replace(/\s*%$/, '')}%`)
    .refine((value) => Number.parseFloat(value) <= 100, KIT_MSG.percentage);

export const LotId = /* @__PURE__ */ text({ error: KIT_MSG.lotId })
  .trim()
  .min(1, KIT_MSG.lotId)
  .max(KIT_LOT_ID_MAX)
  .regex(/^[A-Za-z0-9._/-]*$/, KIT_MSG.lotIdCharacters);

/**
 * POST /approved_kits and PUT /approved_kits/{id}: the Kits tab's form. A kit whose lots are tracked
 * lists at least one lot ID (a certificate for it names one of them); each lot ID once.
 */
export const ApprovedKitInput = z
  .object({
    name: /* @__PURE__ */ text({ error: KIT_MSG.name }).trim().min(1, KIT_MSG.name).max(KIT_NAME_MAX),
    specificity: /* @__PURE__ */ percentage(KIT_MSG.specificity),
    sensitivity: /* @__PURE__ */ percentage(KIT_MSG.sensitivity),
    lot_tracking: z.boolean({ error: KIT_MSG.lotTracking }),
    lot_ids: z.array(LotId).max(KIT_MAX_LOT_IDS).default([]),
  })
  .superRefine((kit, ctx) => {
    if (kit.lot_tracking && kit.lot_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['lot_ids'], message: KIT_MSG.lotIdsRequired });
    const seen = new Set<string>();
    kit.lot_ids.forEach((lotId, index) => {
      if (seen.has(lotId.toUpperCase())) ctx.addIssue({ code: 'custom', path: ['lot_ids', index], message: KIT_MSG.duplicateLotId });
      seen.add(lotId.toUpperCase());
    });
  });
export type ApprovedKitInput = z.input<typeof ApprovedKitInput>;
export type ApprovedKitData = z.output<typeof ApprovedKitInput>;
export const LotIdsResponse = z.object({ success: z.literal(true), data: z.array(z.object({ kit_id: z.string(), kit_name: z.string(), lot_id: z.string() })) });
