import { and, desc, eq, like } from 'drizzle-orm';
import type { OrderHistoryAction, OrderHistoryEntry } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { auditEvents, users } from '../../db/schema';
import { reachOrder } from './access';
import { money } from './mails';
import type { OrdersDeps } from './deps';

const ACTIONS: Record<string, OrderHistoryAction> = {
  'order.placed': 'placed',
  'order.payment_completed': 'payment_completed',
  'order.item_updated': 'item_updated',
  'order.item_fulfilled': 'item_fulfilled',
  'order.note_added': 'note_added',
  'order.dispatched': 'dispatched',
  'order.cancelled': 'cancelled',
  'order.refunded': 'refunded',
  'order.mail_sent': 'mail_sent',
};

/** Each step's detail as data: the payment flag placed with, the kit IDs dispatched, the amount refunded, the e-mail's template. */
function detailOf(action: OrderHistoryAction, details: Record<string, unknown> | null): string | null {
  if (action === 'placed' && typeof details?.payment_flag === 'string') return details.payment_flag;
  if (action === 'dispatched' && Array.isArray(details?.kit_ids)) return (details.kit_ids as string[]).join(', ');
  if (action === 'mail_sent' && typeof details?.template === 'string') return details.template;
  if (action === 'refunded' && typeof details?.amount_pence === 'number' && typeof details.currency === 'string') return money(details.amount_pence, details.currency);
  return null;
}

/**
 * GET /order/{id}/history (orders.manage): the order's changes, payments, notes, dispatch,
 * cancellation and e-mails sent, newest first, with who and when, from the audit log (reads left out).
 */
export async function orderHistory(deps: OrdersDeps, caller: SignedInCaller, id: string): Promise<OrderHistoryEntry[]> {
  const { row } = await reachOrder(deps.db, caller, id);
  const rows = await deps.db
    .select({ at: auditEvents.at, action: auditEvents.action, details: auditEvents.details, firstName: users.firstName, lastName: users.lastName })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.resourceType, 'order'), eq(auditEvents.resourceId, row.id), like(auditEvents.action, 'order.%')))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(500);
  return rows.flatMap((entry) => {
    const action = ACTIONS[entry.action];
    if (!action) return [];
    return [{ at: epochSeconds(entry.at), action, actor: entry.firstName ? `${entry.firstName} ${entry.lastName ?? ''}`.trim() : null, detail: detailOf(action, entry.details) }];
  });
}
