import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LOGISTICS_MSG, londonCalendarDate, type CollectionInfo, type CollectionRequest, type DropboxReceipt } from '@vireo/contracts';
import type { Caller, SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { dropboxes, receipts, users } from '../../db/schema';
import { findOrderIdByReference, findSampleOrder, type SampleOrder } from '../orders';
import type { LogisticsDeps } from './deps';
import { findDropbox } from './dropboxes';

type ReceiptRow = typeof receipts.$inferSelect;

const collectionNotFound = () => new AppError(404, LOGISTICS_MSG.collectionNotFound);

/** A calendar date as the receipts store it: yyyy-MM-dd. */
export function isoDate(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** A receipt as the lists show it; missed while a missed receipt stays uncollected. */
export function presentReceipt(row: ReceiptRow): DropboxReceipt {
  return {
    id: row.id,
    order_id: row.orderId,
    order_reference: row.shortToken,
    kit_id: row.kitId,
    expected_dropoff_date: row.expectedDropoffDate,
    collection_time: row.collectedAt ? epochSeconds(row.collectedAt) : null,
    missed: row.missedAt !== null && row.collectedAt === null,
  };
}

/**
 * The order's collection from the receipts of its kits: collected when every kit it dispatched has a
 * collected receipt; the dropbox, time and courier of its latest collection.
 */
async function collectionOf(db: Db, order: SampleOrder): Promise<CollectionInfo> {
  const rows = await db
    .select({ receipt: receipts, dropboxName: dropboxes.name, firstName: users.firstName, lastName: users.lastName })
    .from(receipts)
    .leftJoin(dropboxes, eq(dropboxes.id, receipts.collectedDropboxId))
    .leftJoin(users, eq(users.id, receipts.collectedBy))
    .where(and(eq(receipts.orderId, order.orderId), inArray(receipts.kitId, order.kitIds)));
  const collected = rows.filter((row) => row.receipt.collectedAt !== null).sort((a, b) => b.receipt.collectedAt!.getTime() - a.receipt.collectedAt!.getTime());
  const latest = collected[0];
  return {
    order_id: order.orderId,
    collected: collected.length === order.kitIds.length,
    order_reference: order.shortToken,
    kit_ids: order.kitIds,
    dropbox: latest?.receipt.collectedDropboxId ? { id: latest.receipt.collectedDropboxId, name: latest.dropboxName ?? '' } : null,
    collected_at: latest ? epochSeconds(latest.receipt.collectedAt!) : null,
    collected_by: latest?.receipt.collectedBy ? { id: latest.receipt.collectedBy, name: `${latest.firstName ?? ''} ${latest.lastName ?? ''}`.trim() } : null,
  };
}

async function reachSampleOrder(db: Db, id: string): Promise<SampleOrder> {
  const order = await findSampleOrder(db, id);
  if (!order) throw collectionNotFound();
  return order;
}

/** GET /collection/search?q=: the order whose id, short token or dispatched kit ID is `q`, if it has samples. */
export async function searchCollection(deps: LogisticsDeps, q: string): Promise<{ order_id: string }> {
  const id = await findOrderIdByReference(deps.db, q);
  if (!id || !(await findSampleOrder(deps.db, id))) throw collectionNotFound();
  return { order_id: id };
}

/** GET /collection/{id}: the order's collection; kit data, so the read is audited. */
export async function readCollection(deps: LogisticsDeps, caller: SignedInCaller, id: string): Promise<CollectionInfo> {
  const order = await reachSampleOrder(deps.db, id);
  const info = await collectionOf(deps.db, order);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'order_collection', resourceIds: [order.orderId] });
  return info;
}

/**
 * PUT /collection/{id}: with `collected` true every sample of the order not collected yet is marked
 * collected now, by the caller (the courier), at `dropbox_id` (the dropbox whose QR code they
 * scanned) or else at the dropbox its receipt names; a sample without a receipt gets one there,
 * expected today (so it needs `dropbox_id`). With false the marks are cleared. A workflow task
 * (`SYSTEM_CALLER`) collects with no courier named. Audited in the change's
 * transaction; the order's row in the receipts is locked by kit so two couriers do not both create one.
 */
export async function changeCollection(deps: LogisticsDeps, caller: Caller, id: string, input: CollectionRequest): Promise<CollectionInfo> {
  const order = await reachSampleOrder(deps.db, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (input.dropbox_id && !(await findDropbox(tx, input.dropbox_id))) throw notFound();
    const existing = await tx.select().from(receipts).where(inArray(receipts.kitId, order.kitIds)).for('update');
    const byKit = new Map(existing.map((row) => [row.kitId, row]));
    let changed: string[];
    if (input.collected) {
      const missing = order.kitIds.filter((kitId) => !byKit.has(kitId));
      if (missing.length > 0 && !input.dropbox_id) throw badRequest(LOGISTICS_MSG.collectionDropbox, { dropbox_id: LOGISTICS_MSG.collectionDropbox });
      const today = isoDate(londonCalendarDate(now));
      const created =
        missing.length === 0
          ? []
          : await tx
              .insert(receipts)
              .values(missing.map((kitId) => ({ orderId: order.orderId, shortToken: order.shortToken, kitId, dropboxId: input.dropbox_id!, expectedDropoffDate: today, createdAt: now })))
              .onConflictDoNothing({ target: receipts.kitId })
              .returning({ id: receipts.id });
      const marked = await tx
        .update(receipts)
        .set({ collectedAt: now, collectedBy: caller.auth?.userId ?? null, collectedDropboxId: sql`coalesce(${input.dropbox_id ?? null}::uuid, ${receipts.dropboxId})` })
        .where(and(inArray(receipts.kitId, order.kitIds), eq(receipts.orderId, order.orderId), sql`${receipts.collectedAt} IS NULL`))
        .returning({ id: receipts.id });
      changed = [...new Set([...created.map((row) => row.id), ...marked.map((row) => row.id)])];
    } else {
      const cleared = await tx
        .update(receipts)
        .set({ collectedAt: null, collectedBy: null, collectedDropboxId: null })
        .where(and(inArray(receipts.kitId, order.kitIds), eq(receipts.orderId, order.orderId), sql`${receipts.collectedAt} IS NOT NULL`))
        .returning({ id: receipts.id });
      changed = cleared.map((row) => row.id);
    }
    await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'receipt', resourceIds: changed.length > 0 ? changed : existing.map((row) => row.id) });
    await deps.audit.record(
      { action: input.collected ? 'receipt.collected' : 'receipt.uncollected', outcome: 'success', resourceType: 'order', resourceId: order.orderId, details: { receipts: changed.length, dropbox_id: input.dropbox_id ?? null } },
      caller,
      tx,
    );
    return collectionOf(tx, order);
  });
}

/** GET /collection/dropbox/{id}: the dropbox and the receipts expected there today (London), by order reference; list read audited. */
export async function dropboxCollection(deps: LogisticsDeps, caller: SignedInCaller, id: string): Promise<{ dropbox: { id: string; name: string }; receipts: DropboxReceipt[] }> {
  const dropbox = await findDropbox(deps.db, id);
  if (!dropbox) throw notFound();
  const today = isoDate(londonCalendarDate(deps.clock.now()));
  const rows = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.dropboxId, id), eq(receipts.expectedDropoffDate, today)))
    .orderBy(asc(receipts.shortToken), asc(receipts.kitId))
    .limit(500);
  if (rows.length > 0) await deps.audit.listRead(caller, 'receipt', rows.map((row) => row.id));
  return { dropbox: { id: dropbox.id, name: dropbox.name }, receipts: rows.map(presentReceipt) };
}
