/** The logistics module's front door (/api/commerce/v1 dropboxes, drop-offs, collection, pickups): app.ts, context.ts and main.ts import only this file. */
export { logisticsRoutes } from './logistics.routes';
export type { LogisticsDeps } from './deps';
export { registerLogisticsMessages, startLogisticsJobs } from './missed';
export { createReceiptForTask, markReceiptMissedForTask, updateCollectionForTask } from './processor-actions';
