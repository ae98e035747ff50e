import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { discountRoutes } from './discounts.routes';
import { productRoutes } from './products.routes';
import { purchaseCodeRoutes } from './purchase-codes.routes';

/** The commerce API (spec 3 §7.1), mounted at /api/commerce/v1: each part registers its routes here. */
export async function commerceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await productRoutes(app, ctx);
  await discountRoutes(app, ctx);
  await purchaseCodeRoutes(app, ctx);
}
