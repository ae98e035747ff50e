import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  DISCOUNT_MSG,
  DiscountCodeParams,
  DiscountCreatedResponse,
  DiscountInput,
  DiscountProjectsResponse,
  DiscountResponse,
  DiscountsQuery,
  DiscountsResponse,
  PublicDiscountResponse,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { SIGNED_IN, permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { tooManyRequests } from '../../platform/errors';
import { withErrors } from '../../platform/schemas';
import { applyDiscountCode, checkDiscount, createDiscount, discountProjects, listDiscounts } from './discounts';

const tags = ['commerce'];

/** Code checks one signed-in person may make a minute: enough for a checkout, too few to guess codes. */
export const DISCOUNT_CHECKS_PER_MINUTE = 20;

/**
 * Discount codes (spec 3 §2.7, §7.1): generated, listed and used by holders of discounts.manage;
 * checked by any signed-in customer at checkout, a few times a minute.
 */
export async function discountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = permission('discounts.manage');

  r.get('/discount/-/project', {
    config: { access: manage },
    schema: { tags, summary: 'The projects discounts were generated for, by name', response: withErrors({ 200: DiscountProjectsResponse }) },
    handler: async () => ({ success: true as const, data: await discountProjects(ctx.commerce) }),
  });

  r.get('/discount', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'A page of discounts (page_size 10/25/50/100, default 10) by filter[code] (prefix), filter[project] (any of), filter[state] (used/unused), sort=field:asc|desc; totalCount',
      querystring: DiscountsQuery,
      response: withErrors({ 200: DiscountsResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await listDiscounts(ctx.commerce, request.query)) }),
  });

  r.post('/discount', {
    config: { access: manage },
    schema: { tags, summary: 'Generate a discount code (upper-cased, unique: 409), active', body: DiscountInput, response: withErrors({ 201: DiscountCreatedResponse }) },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await createDiscount(ctx.commerce, signedInCaller(request), request.body), message: DISCOUNT_MSG.generated }),
  });

  r.get('/discount/:code', {
    config: {
      access: SIGNED_IN,
      rateLimit: {
        max: DISCOUNT_CHECKS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `discount.check:${request.auth?.userId ?? request.ip}`,
        errorResponseBuilder: () => tooManyRequests(),
      },
    },
    schema: { tags, summary: "Check a code at checkout: its type, value and uses left, or 400 'Your code is invalid'", params: DiscountCodeParams, response: withErrors({ 200: PublicDiscountResponse }) },
    handler: async (request) => ({ success: true as const, data: await checkDiscount(ctx.commerce, request.params.code) }),
  });

  r.post('/discount/:code/apply', {
    config: { access: manage },
    schema: { tags, summary: "Take one use of a code, atomically (400 'Your code is invalid' when none can be taken today)", params: DiscountCodeParams, response: withErrors({ 200: DiscountResponse }) },
    handler: async (request) => ({ success: true as const, data: await applyDiscountCode(ctx.commerce, signedInCaller(request), request.params.code) }),
  });
}
