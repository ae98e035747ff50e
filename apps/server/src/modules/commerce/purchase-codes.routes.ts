import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  PURCHASE_CODE_MSG,
  PurchaseCodeBatchCreatedResponse,
  PurchaseCodeBatchInput,
  PurchaseCodeBatchesResponse,
  PurchaseCodeInfoResponse,
  PurchaseCodeUseInput,
  PurchaseCodeUseResponse,
  PurchaseCodeValueParams,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { tooManyRequests } from '../../platform/errors';
import { IdParams, withErrors } from '../../platform/schemas';
import { checkPurchaseCode, createPurchaseCodeBatch, exportPurchaseCodeBatch, listPurchaseCodeBatches, usePurchaseCode } from './purchase-codes';

const tags = ['commerce'];

/** Code checks one address may make a minute: enough for a booking form of four people, too few to guess codes. */
export const PURCHASE_CODE_CHECKS_PER_MINUTE = 30;

/**
 * Purchase codes (issue 17; spec 3 §3, §7.1): batches generated, listed and exported by holders of
 * discounts.manage, who also take a code's further uses for an order (as pharmacy staff do for the
 * Pharmacy orders they placed); a code checked by anyone, a few times a minute per address.
 */
export async function purchaseCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = permission('discounts.manage');

  r.get('/purchase-code-batch', {
    config: { access: manage },
    schema: { tags, summary: 'The purchase code batches, newest first, with the uses taken (used) and left across their codes', response: withErrors({ 200: PurchaseCodeBatchesResponse }) },
    handler: async () => ({ success: true as const, data: await listPurchaseCodeBatches(ctx.commerce) }),
  });

  r.post('/purchase-code-batch', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Generate a batch: count (1–10,000) codes of prefix + 10 random characters for one product (ANT, PFF and ATE only for their own products)',
      body: PurchaseCodeBatchInput,
      response: withErrors({ 201: PurchaseCodeBatchCreatedResponse }),
    },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await createPurchaseCodeBatch(ctx.commerce, signedInCaller(request), request.body), message: PURCHASE_CODE_MSG.generated }),
  });

  r.get('/purchase-code-batch/:id/csv', {
    config: { access: manage },
    schema: { tags, summary: 'A batch’s codes as a CSV file (code, uses, used, left, product_sku, valid_until)', params: IdParams, response: withErrors({ 200: z.string() }) },
    handler: async (request, reply) => {
      const { filename, csv } = await exportPurchaseCodeBatch(ctx.commerce, signedInCaller(request), request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);
    },
  });

  r.get('/purchase-code/:value', {
    config: {
      access: PUBLIC,
      rateLimit: {
        max: PURCHASE_CODE_CHECKS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `purchase-code.check:${request.ip}`,
        errorResponseBuilder: () => tooManyRequests(),
      },
    },
    schema: {
      tags,
      summary: "Check a purchase code: its id, value and the uses left today (spec 3 §7.1; none left: error 'Your code is expired', the pharmacy form's words, spec 2 §5; the partner and customer-services forms read the data and say 'Your code is invalid', spec 3 §7), or 400 'Your code is invalid'",
      params: PurchaseCodeValueParams,
      response: withErrors({ 200: PurchaseCodeInfoResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await checkPurchaseCode(ctx.commerce, request.params.value)) }),
  });

  r.post('/purchase-code/:id/use', {
    // discounts.manage or pharmacy.book, checked by the service (pharmacy staff: their own Pharmacy orders only).
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: "Take one more use of a code for an order, atomically (400 when none is left today: 'Your code is expired' for the caller's own pharmacy order, spec 2 §5, else 'Your code is invalid', spec 3 §7)",
      params: IdParams,
      body: PurchaseCodeUseInput,
      response: withErrors({ 200: PurchaseCodeUseResponse }),
    },
    handler: async (request) => ({
      success: true as const,
      data: await usePurchaseCode(ctx.commerce, signedInCaller(request), request.params.id, request.body.order_id),
      message: PURCHASE_CODE_MSG.used,
    }),
  });
}
