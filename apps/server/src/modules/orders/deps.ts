import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { LiveHub } from '../../platform/live';
import type { OutboxRelay } from '../../platform/outbox';
import { PageCache } from '../../platform/page-cache';
import type { BookingDeps } from '../booking';
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
  /** GET /order's match counts by filter, kept until a change to orders is heard (the trigger of migration 0023_orders). */
  counts: PageCache<number>;
  live: Pick<LiveHub, 'tablesHeard'>;
  /** The booking engine: the appointments an order paid for (the drawer lists them, a cancellation cancels them). */
  booking: BookingDeps;
}

/** The order service's deps; the live hub tells its counts of changes to orders. */
export function createOrdersDeps(input: Omit<OrdersDeps, 'counts' | 'live'> & { live: Pick<LiveHub, 'tablesHeard' | 'watchTables'> }): OrdersDeps {
  const counts = new PageCache<number>(['orders']);
  input.live.watchTables(counts);
  return { ...input, counts };
}
