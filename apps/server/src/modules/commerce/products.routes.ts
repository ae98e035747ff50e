import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ApprovedKitInput,
  ApprovedKitParams,
  ApprovedKitResponse,
  ApprovedKitsResponse,
  KIT_MSG,
  MessageResponse,
  ColoursResponse,
  LotIdsResponse,
  PRODUCT_COLOURS,
  PRODUCT_TAGS,
  ProductHistoryResponse,
  ProductInput,
  ProductResponse,
  ProductSwitchRequest,
  ProductSwitchResponse,
  ProductsQuery,
  ProductsResponse,
  SuccessOnly,
  TagsResponse,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { IdParams, sendJson, withErrors } from '../../platform/schemas';
import { createApprovedKit, listApprovedKits, requireSessionOrOrderToken, retireApprovedKit, updateApprovedKit } from './approved-kits';
import { createProduct, getProduct, listProducts, onSaleProductsJson, productHistory, replaceProduct, retireProduct, switchAllProducts } from './products';

const tags = ['commerce'];

/**
 * The catalogue of the commerce API (spec 3 §7.1): products for anyone to read (active and in stock),
 * changed by holders of products.manage; the product form's lists for any signed-in role.
 */
export async function productRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = permission('products.manage');

  r.get('/product', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary:
        'Products: the active, in-stock ones (tags: comma-separated, any of them); include_out_of_stock=true adds the active ones out of stock (out_of_stock 1: the shop shows them disabled); include_inactive=true adds the rest (products.manage)',
      querystring: ProductsQuery,
      response: withErrors({ 200: ProductsResponse }),
    },
    handler: async (request, reply) =>
      request.query.include_inactive
        ? { success: true as const, data: await listProducts(ctx.commerce, callerOf(request), request.query) }
        : sendJson(reply, await onSaleProductsJson(ctx.commerce, request.query.tags, request.query.include_out_of_stock)),
  });

  r.get('/product/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'One product (an inactive or out-of-stock one only for products.manage; else 404)', params: IdParams, response: withErrors({ 200: ProductResponse }) },
    handler: async (request) => ({ success: true as const, data: await getProduct(ctx.commerce, callerOf(request), request.params.id) }),
  });

  r.get('/product/:id/history', {
    config: { access: manage },
    schema: { tags, summary: 'Who changed the product, what and when (from the audit log), newest first', params: IdParams, response: withErrors({ 200: ProductHistoryResponse }) },
    handler: async (request) => ({ success: true as const, data: await productHistory(ctx.commerce, signedInCaller(request), request.params.id) }),
  });

  r.post('/product', {
    config: { access: manage },
    schema: { tags, summary: 'Create a product (SKU unique among products not retired: 409)', body: ProductInput, response: withErrors({ 201: ProductResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, data: await createProduct(ctx.commerce, signedInCaller(request), request.body) }),
  });

  r.put('/product/switch', {
    config: { access: manage },
    schema: { tags, summary: 'Set active or out_of_stock on every product', body: ProductSwitchRequest, response: withErrors({ 200: ProductSwitchResponse }) },
    handler: async (request) => ({ success: true as const, data: { changed: await switchAllProducts(ctx.commerce, signedInCaller(request), request.body) } }),
  });

  r.put('/product/:id', {
    config: { access: manage },
    schema: { tags, summary: 'Replace a product (the whole product; the switches send it with one flag flipped)', params: IdParams, body: ProductInput, response: withErrors({ 200: ProductResponse }) },
    handler: async (request) => ({ success: true as const, data: await replaceProduct(ctx.commerce, signedInCaller(request), request.params.id, request.body) }),
  });

  r.post('/product/:id/delete', {
    config: { access: manage },
    schema: { tags, summary: 'Delete a product: it is retired, never erased (orders keep it); then 404', params: IdParams, response: withErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await retireProduct(ctx.commerce, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });

  r.get('/tag', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'The product tags', response: withErrors({ 200: TagsResponse }) },
    handler: async () => ({ success: true as const, data: [...PRODUCT_TAGS] }),
  });

  r.get('/colour', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'The card and point colours: names and hex', response: withErrors({ 200: ColoursResponse }) },
    handler: async () => ({ success: true as const, data: PRODUCT_COLOURS.map((colour) => ({ ...colour })) }),
  });

  r.get('/approved_kits', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'The approved test kits on the register: name, specificity, sensitivity, lot tracking, lot IDs (any session, or an order’s x-short-token; else 401)',
      response: withErrors({ 200: ApprovedKitsResponse }),
    },
    handler: async (request) => {
      await requireSessionOrOrderToken(ctx.commerce.db, callerOf(request));
      return { success: true as const, data: await listApprovedKits(ctx.commerce.db) };
    },
  });

  r.get('/lot_ids', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The lot IDs of the approved kits whose lots are tracked (any session, or an order’s x-short-token; else 401)', response: withErrors({ 200: LotIdsResponse }) },
    handler: async (request) => {
      await requireSessionOrOrderToken(ctx.commerce.db, callerOf(request));
      return {
      success: true as const,
      data: (await listApprovedKits(ctx.commerce.db)).filter((kit) => kit.lot_tracking).flatMap((kit) => kit.lot_ids.map((lotId) => ({ kit_id: kit.id, kit_name: kit.name, lot_id: lotId }))),
      };
    },
  });

  r.post('/approved_kits', {
    config: { access: manage },
    schema: { tags, summary: 'Add a kit to the register (its id a slug of its name; a name already on the register: 409)', body: ApprovedKitInput, response: withErrors({ 201: ApprovedKitResponse }) },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await createApprovedKit(ctx.commerce, signedInCaller(request), request.body), message: KIT_MSG.created }),
  });

  r.put('/approved_kits/:id', {
    config: { access: manage },
    schema: { tags, summary: 'Edit a kit: name, specificity, sensitivity, lot tracking and lot IDs (the whole kit)', params: ApprovedKitParams, body: ApprovedKitInput, response: withErrors({ 200: ApprovedKitResponse }) },
    handler: async (request) => ({ success: true as const, data: await updateApprovedKit(ctx.commerce, signedInCaller(request), request.params.id, request.body), message: KIT_MSG.saved }),
  });

  r.delete('/approved_kits/:id', {
    config: { access: manage },
    schema: { tags, summary: 'Retire a kit: off the register, never erased; certificates that name it stay valid', params: ApprovedKitParams, response: withErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await retireApprovedKit(ctx.commerce, signedInCaller(request), request.params.id);
      return { success: true as const, message: KIT_MSG.retired };
    },
  });
}
