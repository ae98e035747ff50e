import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { londonCalendarDate, Uuid } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import { rowsOf, type Db } from '../../platform/db';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { dropboxes, receipts } from '../../db/schema';
import { findSampleOrder } from '../orders';
import { isoDate } from './collection';
import type { LogisticsDeps } from './deps';

/** Receipts marked per transaction; the job goes on until none are due. */
const BATCH = 500;

/**
 * Marks missed the receipts nobody collected by the closing time of the day after their expected
 * drop-off date (that weekday's end_hour at the dropbox, London time; the day's end when the box is
 * closed that day), and writes `receipt.missed` for each in the same transaction (its handler e-mails
 * the customer). Only receipts expected before today can be due, so the partial index
 * receipts_awaiting_idx finds them. Answers how many it marked.
 */
export async function markMissedReceipts(deps: Pick<LogisticsDeps, 'db' | 'clock' | 'outbox'>): Promise<number> {
  const now = deps.clock.now();
  const today = isoDate(londonCalendarDate(now));
  let total = 0;
  for (;;) {
    const marked = await deps.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string; order_id: string; organisation_id: string | null }>(
        await tx.execute(sql`
          WITH due AS (
            SELECT r.id FROM ${receipts} r
            WHERE r.collected_at IS NULL AND r.missed_at IS NULL AND r.expected_dropoff_date < ${today}::date
              AND ((r.expected_dropoff_date + 1) + coalesce(
                    (SELECT t.end_hour FROM dropbox_opening_times t
                      WHERE t.dropbox_id = r.dropbox_id AND t.weekday = extract(dow FROM r.expected_dropoff_date + 1)::int + 1),
                    '24:00')::time) AT TIME ZONE 'Europe/London' <= ${now.toISOString()}::timestamptz
            ORDER BY r.expected_dropoff_date, r.id
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED
          )
          UPDATE ${receipts} SET missed_at = ${now.toISOString()}::timestamptz FROM due, orders o
          WHERE ${receipts.id} = due.id AND o.id = ${receipts.orderId}
          RETURNING ${receipts.id} AS id, ${receipts.orderId} AS order_id, o.organisation_id`),
      );
      await deps.outbox.emitAll(
        tx,
        rows.map((row) => ({ name: 'receipt.missed', organisationId: row.organisation_id, payload: { receipt_id: row.id, order_id: row.order_id } })),
      );
      return rows.length;
    });
    total += marked;
    if (marked < BATCH) return total;
  }
}

/** Every 15 minutes: the receipts whose collection deadline has passed are marked missed. */
export const MARK_MISSED_RECEIPTS = defineJob({
  name: 'logistics.mark-missed-receipts',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600 },
  schedule: { cron: '*/15 * * * *', data: {} },
  run: async (_data, deps: LogisticsDeps) => {
    await markMissedReceipts(deps);
  },
});

/** Starts logistics' background work (every server process; pg-boss runs each tick once). */
export async function startLogisticsJobs(deps: LogisticsDeps, jobs: Jobs): Promise<void> {
  await jobs.register(MARK_MISSED_RECEIPTS, deps);
}

/** The e-mail to the customer whose sample was not collected: the kit, the dropbox and the day, and whom to contact. */
export function missedReceiptMail(input: { to: string; firstName: string; kitId: string; dropboxName: string; date: string; productName: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'receipt.missed',
    subject: `Your ${input.productName} sample has not been collected`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `You told us you would leave kit ${input.kitId} at ${input.dropboxName} on ${input.date}, but our courier has not found it there.`,
      'If you still have the sample, please drop it off again and tell us the new date on the drop-off page, or reply to this e-mail.',
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

interface MailDeps {
  mailer: Mailer;
  audit: AuditLog;
  productName: string;
}

async function sendMissed(deps: MailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const id = Uuid.safeParse(event.payload.receipt_id);
  if (!id.success) return;
  const [row] = await db.select({ receipt: receipts, dropboxName: dropboxes.name }).from(receipts).innerJoin(dropboxes, eq(dropboxes.id, receipts.dropboxId)).where(eq(receipts.id, id.data));
  // Collected since it was marked: nothing to tell.
  if (!row || row.receipt.collectedAt) return;
  const order = await findSampleOrder(db, row.receipt.orderId);
  if (!order) return;
  const [year, month, day] = row.receipt.expectedDropoffDate.split('-');
  await deps.mailer.send(db, missedReceiptMail({ to: order.billingEmail, firstName: order.firstName, kitId: row.receipt.kitId, dropboxName: row.dropboxName, date: `${day}/${month}/${year}`, productName: deps.productName }));
  await deps.audit.record({ action: 'receipt.missed_mail_sent', outcome: 'success', actorKind: 'system', resourceType: 'receipt', resourceId: row.receipt.id }, undefined, db);
}

/** The logistics e-mails, each a handler of its event. */
export function registerLogisticsMessages(relay: OutboxRelay, deps: MailDeps): void {
  relay.on('receipt.missed', 'logistics.missed-mail', (event, db) => sendMissed(deps, event, db));
}
