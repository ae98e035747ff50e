/** The commerce module's front door: other modules, app.ts, context.ts and the seed import only this file. */
export { commerceRoutes } from './commerce.routes';
export { createCatalogueCache } from './catalogue-cache';
export { productOfOrderLine, seedProducts, type CommerceDeps, type TestProduct } from './products';
export { findApprovedKit, listApprovedKits, seedApprovedKits } from './approved-kits';
/** Orders and bookings take a code's use inside their own transaction, and show its price before. */
export { discountOff, takeDiscountOff, takeDiscountUse } from './discounts';
export { purchaseCodeRefusal, takePurchaseCodeUse } from './purchase-codes';
/**
 * The commerce module's front door (/api/commerce/v1, spec 3 §7.1): other modules, app.ts and
 * context.ts import only this file. Here: the reference data (countries, drugs, pages).
 */
export { referenceRoutes } from './reference.routes';
