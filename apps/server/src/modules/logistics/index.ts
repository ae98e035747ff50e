/** The logistics module's front door (/api/commerce/v1 dropboxes and drop-offs): app.ts and context.ts import only this file. */
export { logisticsRoutes } from './logistics.routes';
export type { LogisticsDeps } from './deps';
