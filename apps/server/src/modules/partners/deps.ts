import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';

/** What the partners service needs; built once per process (ctx.partners). */
export interface PartnersDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** The configured product name: a partner's video_gp_product service is video_gp_{product}. */
  productName: string;
}
