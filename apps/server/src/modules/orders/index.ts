/** The orders module's front door (/api/commerce/v1 orders and payment): app.ts and context.ts import only this file. */
export { orderRoutes } from './orders.routes';
export { orderMessageOf, registerOrderMessages, type OrderMessage } from './mails';
export { createOrdersDeps, type OrdersDeps } from './deps';
export { findDispatchedKit, findOrderIdByReference, findSampleOrder, orderHolder, ordersDispatchingKit, type SampleOrder } from './repo';
