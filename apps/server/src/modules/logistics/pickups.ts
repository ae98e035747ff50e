import { and, count, eq, sql } from 'drizzle-orm';
import { PICKUPS_MAX_LIMIT, type DropboxReceipt, type DropboxReceiptsQuery, type Pickup, type PickupsQuery } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { orderByClause, pageOf, sortOrder } from '../../platform/list-query';
import { dropboxes, receipts } from '../../db/schema';
import { presentReceipt } from './collection';
import type { LogisticsDeps } from './deps';
import { findDropbox } from './dropboxes';

const PICKUP_SORT = { name: 'lower(d.name)', city: 'lower(d.city)', expected: 'p.expected_count', collected: 'p.found_count', collection_time: 'p.collection_time' } as const;

interface PickupRow {
  id: string;
  name: string;
  city: string;
  expected_count: number;
  found_count: number;
  collection_time: Date | string | null;
}

/**
 * GET /dropbox/pickups?date: a day's pickup at each dropbox that is active or has receipts expected
 * that day — the receipts expected (expected_count), how many of them were collected (found_count) and
 * the first of those collections — a page at a time, by name unless sorted. The counts come from one
 * pass over that day's receipts (receipts_dropbox_date_idx).
 */
export async function listPickups(deps: LogisticsDeps, query: PickupsQuery): Promise<{ data: Pickup[]; total: number }> {
  const { limit, offset } = pageOf(query, PICKUPS_MAX_LIMIT);
  const order = sortOrder(PICKUP_SORT, query.sort ?? 'name');
  const counts = sql`SELECT ${receipts.dropboxId} AS dropbox_id, count(*)::int AS expected_count, count(${receipts.collectedAt})::int AS found_count, min(${receipts.collectedAt}) AS collection_time
    FROM ${receipts} WHERE ${receipts.expectedDropoffDate} = ${query.date} GROUP BY ${receipts.dropboxId}`;
  const from = sql`FROM ${dropboxes} d LEFT JOIN (${counts}) p ON p.dropbox_id = d.id WHERE d.active OR p.dropbox_id IS NOT NULL`;
  const [totalRow] = rowsOf<{ n: number }>(await deps.db.execute(sql`SELECT count(*)::int AS n ${from}`));
  const rows = rowsOf<PickupRow>(
    await deps.db.execute(
      sql`SELECT d.id, d.name, d.city, coalesce(p.expected_count, 0) AS expected_count, coalesce(p.found_count, 0) AS found_count, p.collection_time ${from}
        ORDER BY ${sql.raw(orderByClause(order, ['d.id'], 'ASC'))} LIMIT ${limit} OFFSET ${offset}`,
    ),
  );
  return {
    total: totalRow?.n ?? 0,
    data: rows.map((row) => ({
      dropbox_id: row.id,
      name: row.name,
      city: row.city,
      expected_dropoff_date: query.date,
      expected_count: Number(row.expected_count),
      found_count: Number(row.found_count),
      collection_time: row.collection_time === null ? null : epochSeconds(new Date(row.collection_time)),
    })),
  };
}

const RECEIPT_SORT = { order_reference: 'short_token', kit_id: 'kit_id', collection_time: 'collected_at' } as const;

/**
 * GET /dropbox/{id}/receipts?date: the dropbox's receipts expected that day, a page at a time, by order reference
 * unless sorted; list read audited. The dropbox, the count and the page are asked at once (three statements in
 * turn held a request for three round trips; under load each waited for the pool and the event loop again).
 */
export async function listDropboxReceipts(deps: LogisticsDeps, caller: SignedInCaller, id: string, query: DropboxReceiptsQuery): Promise<{ data: DropboxReceipt[]; total: number }> {
  const { limit, offset } = pageOf(query, PICKUPS_MAX_LIMIT);
  const order = sortOrder(RECEIPT_SORT, query.sort ?? 'order_reference');
  const where = and(eq(receipts.dropboxId, id), eq(receipts.expectedDropoffDate, query.date));
  const [dropbox, [total], rows] = await Promise.all([
    findDropbox(deps.db, id),
    deps.db.select({ n: count() }).from(receipts).where(where),
    deps.db
      .select()
      .from(receipts)
      .where(where)
      .orderBy(sql.raw(orderByClause(order, ['kit_id', 'id'], 'ASC')))
      .limit(limit)
      .offset(offset),
  ]);
  if (!dropbox) throw notFound();
  if (rows.length > 0) await deps.audit.listRead(caller, 'receipt', rows.map((row) => row.id));
  return { total: total?.n ?? 0, data: rows.map(presentReceipt) };
}
