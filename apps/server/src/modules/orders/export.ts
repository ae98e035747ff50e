import { asc, desc } from 'drizzle-orm';
import { ORDER_EXPORT_MAX_ROWS, type OrderExportQuery } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { csvText } from '../../platform/csv';
import { orders } from '../../db/schema';
import type { OrdersDeps } from './deps';
import { orderFilter } from './service';

const HEADER = ['ID', 'Customer Email', 'Short Token', 'Shipping status', 'Payment status', 'Amount', 'Order placed', 'Source'];

const amountOf = (pence: number, currency: string) => `${(pence / 100).toFixed(2)} ${currency}`;

/**
 * GET /order/export (orders.manage): the orders the list's filters match, newest first (or oldest
 * with sort=created_at), as CSV with the list's columns; at most ORDER_EXPORT_MAX_ROWS, a capped file
 * named so. Audited as a list read of the orders written.
 */
export async function exportOrders(deps: OrdersDeps, caller: SignedInCaller, query: OrderExportQuery): Promise<{ filename: string; csv: string }> {
  const direction = query.sort === 'created_at' ? asc : desc;
  const rows = await deps.db
    .select({
      id: orders.id,
      email: orders.billingEmail,
      shortToken: orders.shortToken,
      shippingFlag: orders.shippingFlag,
      paymentFlag: orders.paymentFlag,
      price: orders.pricePence,
      currency: orders.currency,
      createdAt: orders.createdAt,
      source: orders.source,
    })
    .from(orders)
    .where(orderFilter(null, query))
    .orderBy(direction(orders.createdAt), direction(orders.id))
    .limit(ORDER_EXPORT_MAX_ROWS + 1);
  const capped = rows.length > ORDER_EXPORT_MAX_ROWS;
  const written = rows.slice(0, ORDER_EXPORT_MAX_ROWS);
  if (written.length > 0) await deps.audit.listRead(caller, 'order', written.map((row) => row.id));
  const lines = [HEADER, ...written.map((row) => [row.id, row.email, row.shortToken, row.shippingFlag, row.paymentFlag, amountOf(row.price, row.currency), row.createdAt.toISOString(), row.source])];
  const day = deps.clock.now().toISOString().slice(0, 10);
  return {
    filename: capped ? `orders-${day}-first-${ORDER_EXPORT_MAX_ROWS}.csv` : `orders-${day}.csv`,
    csv: csvText(lines),
  };
}
