import { timingSafeEqual } from 'node:crypto';
import { normalisedShortToken, ORDER_MSG } from '@vireo/contracts';
import { hasPermission } from '../../platform/access';
import type { Caller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { AppError, unauthenticated } from '../../platform/errors';
import { findOrder, type OrderRow } from './repo';

/** How a caller reaches an order: staff (orders.manage) see all of it, its customer the customer's view. */
export type OrderAccess = 'staff' | 'customer';

export const orderNotFound = () => new AppError(404, ORDER_MSG.notFound);

function sameToken(given: string, actual: string): boolean {
  const a = Buffer.from(normalisedShortToken(given));
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How `caller` may reach `row`, or null: staff, the signed-in customer who placed it, the holder of its short token. */
export function accessTo(caller: Caller, row: OrderRow): OrderAccess | null {
  if (caller.auth && hasPermission(caller.auth, 'orders.manage')) return 'staff';
  if (caller.auth && row.customerUserId === caller.auth.userId) return 'customer';
  if (caller.shortToken && sameToken(caller.shortToken, row.shortToken)) return 'customer';
  return null;
}

/**
 * The order `id` as `caller` may reach it (locked when `forUpdate`): 401 with neither a session nor a
 * short token, 404 ('Order hasn't been found') when there is no such order or it is not theirs.
 */
export async function reachOrder(db: Db, caller: Caller, id: string, options: { forUpdate?: boolean } = {}): Promise<{ row: OrderRow; access: OrderAccess }> {
  if (!caller.auth && !caller.shortToken) throw unauthenticated();
  const row = await findOrder(db, id, options);
  const access = row ? accessTo(caller, row) : null;
  if (!row || !access) throw orderNotFound();
  return { row, access };
}
