import { and, eq, isNull } from 'drizzle-orm';
import { LOGISTICS_MSG, type CollectionInfo, type DropOffRequest, type Receipt } from '@vireo/contracts';
import { SYSTEM_CALLER } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { orders, receipts } from '../../db/schema';
import { changeCollection } from './collection';
import type { LogisticsDeps } from './deps';
import { dropOff } from './drop-off';

/**
 * The dropbox receipt actions of the workflow processor's nodes (create, collect, mark missed), each
 * for one organisation's orders (another's is the same 404 as an unknown one) and acting as the
 * system: the drop-off's and the collection's own rules, audits and transactions apply.
 */
const notFoundHere = () => new AppError(404, LOGISTICS_MSG.collectionNotFound);

async function orderInOrganisation(deps: LogisticsDeps, organisationId: string, where: { id?: string; shortToken?: string }): Promise<string> {
  const condition = where.id !== undefined ? eq(orders.id, where.id) : eq(orders.shortToken, where.shortToken ?? '');
  const [row] = await deps.db.select({ id: orders.id }).from(orders).where(and(condition, eq(orders.organisationId, organisationId)));
  if (!row) throw notFoundHere();
  return row.id;
}

/** A drop-off receipt for a kit of an order of the organisation (the public drop-off's checks). */
export async function createReceiptForTask(deps: LogisticsDeps, organisationId: string, input: DropOffRequest): Promise<Receipt> {
  await orderInOrganisation(deps, organisationId, { shortToken: input.short_token });
  return dropOff(deps, SYSTEM_CALLER, input);
}

/** Marks the samples of an order of the organisation collected (at a dropbox), or clears the marks. */
export async function updateCollectionForTask(deps: LogisticsDeps, organisationId: string, orderId: string, input: { collected: boolean; dropbox_id?: string | undefined }): Promise<CollectionInfo> {
  const id = await orderInOrganisation(deps, organisationId, { id: orderId });
  return changeCollection(deps, SYSTEM_CALLER, id, input);
}

/**
 * Marks one uncollected receipt of an order of the organisation missed now and writes
 * `receipt.missed` in the same transaction, as the missed-receipts job does. A receipt collected or
 * missed already is left as it is (answers false), so a task reacting to `receipt.missed` cannot loop.
 */
export async function markReceiptMissedForTask(deps: LogisticsDeps, organisationId: string, receiptId: string): Promise<{ receipt_id: string; marked: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [receipt] = await tx
      .select({ id: receipts.id, orderId: receipts.orderId })
      .from(receipts)
      .innerJoin(orders, eq(orders.id, receipts.orderId))
      .where(and(eq(receipts.id, receiptId), eq(orders.organisationId, organisationId)))
      .for('update');
    if (!receipt) throw notFoundHere();
    const [marked] = await tx
      .update(receipts)
      .set({ missedAt: now })
      .where(and(eq(receipts.id, receipt.id), isNull(receipts.collectedAt), isNull(receipts.missedAt)))
      .returning({ id: receipts.id });
    if (marked) {
      await deps.outbox.emit(tx, { name: 'receipt.missed', organisationId, payload: { receipt_id: receipt.id, order_id: receipt.orderId } });
      await deps.audit.healthData(tx, SYSTEM_CALLER, { action: 'write', resourceType: 'receipt', resourceIds: [receipt.id] });
    }
    return { receipt_id: receipt.id, marked: Boolean(marked) };
  });
}

