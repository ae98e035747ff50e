import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { OutboxRelay } from '../../platform/outbox';
import type { PaymentGateway } from '../../platform/payments';

/** Everything the order service needs; built once per process (ctx.orders). */
export interface OrdersDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** Domain events in the change's transaction: the confirmation and dispatch e-mails are their handlers. */
  outbox: Pick<OutboxRelay, 'emit'>;
  /** Charges what is due and refunds a cancelled order's charge (`PAYMENT_GATEWAY`). */
  gateway: PaymentGateway;
  /** {product} in the booking link's service (video_gp_{product}). */
  productName: string;
}
