import { z } from 'zod';
import { isIsoDay } from './discounts-constants';
import { EpochSeconds, text, Uuid } from './validation';
import { PURCHASE_CODE_BATCH_MAX, PURCHASE_CODE_MSG, PURCHASE_CODE_NAME_MAX, PURCHASE_CODE_PREFIX_MAX, PURCHASE_CODE_USES_MAX } from './purchase-codes-constants';

export * from './purchase-codes-constants';

/**
 * Purchase codes (issue 17, spec 3 §3 "Purchase code: id, value, uses", §7.1), under /api/commerce/v1:
 * batches generated and exported by holders of discounts.manage; a code prepays one unit of its
 * batch's product per use, until its batch's last London day. Anyone may check a code (rate limited).
 */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const numberFromForm = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : blankToUndefined(value));
const wholeNumber = (message: string) => z.preprocess(numberFromForm, z.number({ error: message }).int(PURCHASE_CODE_MSG.wholeNumber));

/**
 * POST /purchase-code-batch: the Purchase Codes tab's form. The prefix is upper-cased as typed. The
 * source is the pharmacy form's whose catalogue the product must be in: Pharmacy (pounds, UK products)
 * or {product}-us (dollars, US products); the server knows {product}.
 */
export const PurchaseCodeBatchInput = z.object({
  source: /* @__PURE__ */ text({ error: PURCHASE_CODE_MSG.source }).trim().min(1, PURCHASE_CODE_MSG.source).max(40),
  name: /* @__PURE__ */ text({ error: PURCHASE_CODE_MSG.name }).trim().min(1, PURCHASE_CODE_MSG.name).max(PURCHASE_CODE_NAME_MAX),
  prefix: /* @__PURE__ */ text({ error: PURCHASE_CODE_MSG.prefix })
    .trim()
    .toUpperCase()
    .min(1, PURCHASE_CODE_MSG.prefix)
    .max(PURCHASE_CODE_PREFIX_MAX)
    .regex(/^[A-Z0-9]*$/, PURCHASE_CODE_MSG.prefixCharacters),
  product_id: z.preprocess(blankToUndefined, z.uuid({ error: PURCHASE_CODE_MSG.product })),
  count: /* @__PURE__ */ wholeNumber(PURCHASE_CODE_MSG.count).pipe(z.number().min(1, PURCHASE_CODE_MSG.countRange).max(PURCHASE_CODE_BATCH_MAX, PURCHASE_CODE_MSG.countRange)),
  uses: /* @__PURE__ */ wholeNumber(PURCHASE_CODE_MSG.uses).pipe(z.number().min(1, PURCHASE_CODE_MSG.usesRange).max(PURCHASE_CODE_USES_MAX, PURCHASE_CODE_MSG.usesRange)),
  valid_until: z.preprocess(blankToUndefined, /* @__PURE__ */ text({ error: PURCHASE_CODE_MSG.validUntil }).refine(isIsoDay, PURCHASE_CODE_MSG.validUntil)),
});
export type PurchaseCodeBatchInput = z.input<typeof PurchaseCodeBatchInput>;
export type PurchaseCodeBatchData = z.output<typeof PurchaseCodeBatchInput>;

/** A batch as listed: its product, and across its codes the uses taken and the uses left. */
export const PurchaseCodeBatch = z.object({
  id: Uuid,
  name: z.string(),
  prefix: z.string(),
  product_id: Uuid,
  product_sku: z.string(),
  product_title: z.string(),
  count: z.number().int(),
  uses_per_code: z.number().int(),
  valid_until: z.string(),
  created_at: EpochSeconds,
  used: z.number().int(),
  left: z.number().int(),
});
export type PurchaseCodeBatch = z.infer<typeof PurchaseCodeBatch>;
export const PurchaseCodeBatchesResponse = z.object({ success: z.literal(true), data: z.array(PurchaseCodeBatch) });
export const PurchaseCodeBatchCreatedResponse = z.object({ success: z.literal(true), data: PurchaseCodeBatch, message: z.string() });

/** GET /purchase-code/{value}: spec 3 §7.1's "check purchase code info": its id, value and the uses left (0: none today). */
export const PurchaseCodeInfo = z.object({ id: Uuid, value: z.string(), uses: z.number().int() });
export type PurchaseCodeInfo = z.infer<typeof PurchaseCodeInfo>;
/**
 * `error`: the pharmacy form's words when no use is left today, 'Your code is expired' (spec 2 §5,
 * §7's check answer), else null. The forms decide their words from `data` (contracts'
 * `codeCheckMessage` with their flow); the partner and customer-services forms say 'Your code is
 * invalid' for such a code (spec 3 §7), whatever `error` says.
 */
export const PurchaseCodeInfoResponse = z.object({ success: z.literal(true), data: PurchaseCodeInfo, error: z.string().nullable() });

/** A code as typed: trimmed and upper-cased. */
export const PurchaseCodeValueParams = z.object({
  value: /* @__PURE__ */ text({ error: PURCHASE_CODE_MSG.invalid }).trim().toUpperCase().min(1, PURCHASE_CODE_MSG.invalid).max(40),
});

/** POST /purchase-code/{id}/use: the order the use is for. */
export const PurchaseCodeUseInput = z.object({ order_id: z.uuid() });
export const PurchaseCodeUseResponse = z.object({ success: z.literal(true), data: PurchaseCodeInfo, message: z.string() });
