/** The partners module's front door (/api/commerce/v1 partners and partner pages): app.ts, context.ts and the orders module import only this file. */
export { partnerRoutes } from './partners.routes';
export type { PartnersDeps } from './deps';
/** Orders check a partner's or the pharmacy's code rules inside their own transaction. */
export { partnerPageRules, sourceCodeError } from './service';
