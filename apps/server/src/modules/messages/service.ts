import { count, desc, eq } from 'drizzle-orm';
import type { RecordedMessage } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import type { MailQuota } from '../../platform/rate-limit';
import { messages } from '../../db/schema';

export interface MessagesDeps {
  db: Db;
  mailer: Mailer;
  audit: AuditLog;
  mailQuota: MailQuota;
  outbox: OutboxRelay;
}
type MessageRow = typeof messages.$inferSelect;

function present(row: MessageRow): RecordedMessage {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    template: row.template,
    status: row.status,
    created_at: epochSeconds(row.createdAt),
    sent_at: row.sentAt ? epochSeconds(row.sentAt) : null,
  };
}

/** A page of the recorded messages, newest first; no bodies. */
export async function listMessages(deps: MessagesDeps, _caller: SignedInCaller, paging: { limit: number; offset: number }): Promise<{ messages: RecordedMessage[]; total: number }> {
  const { db } = deps;
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(paging.limit).offset(paging.offset),
    db.select({ n: count() }).from(messages),
  ]);
  return { messages: rows.map(present), total: total?.n ?? 0 };
}

async function findMessage(db: Db, id: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw notFound();
  return row;
}

/** One message with its body opened. Bodies carry one-time links, so every read is audited. */
export async function readMessage(deps: MessagesDeps, caller: SignedInCaller, id: string): Promise<RecordedMessage & { body: string }> {
  const row = await findMessage(deps.db, id);
  const opened = await deps.mailer.open(row);
  await deps.audit.record({ action: 'message.read', outcome: 'success', resourceType: 'message', resourceId: id }, caller);
  return { ...present(row), body: opened.body };
}

/**
 * Sends a recorded message again, through the outbox relay like every message (the handler below);
 * the caller's mail quota applies. Audited.
 */
export async function resendMessage(deps: MessagesDeps, caller: SignedInCaller, id: string): Promise<void> {
  const { db } = deps;
  const { auth } = caller;
  const row = await findMessage(db, id);
  await deps.mailQuota.claim(auth.userId, [row.recipient]);
  await db.transaction(async (tx) => {
    await deps.outbox.emit(tx, { name: 'message.resend', organisationId: auth.organisationId, payload: { message_id: id } });
    await deps.audit.record({ action: 'message.resent', outcome: 'success', resourceType: 'message', resourceId: id }, caller, tx);
  });
}

/** The handler of message.resend: the recorded message, its body opened, goes out again (recorded anew). */
async function sendAgain(mailer: Mailer, event: OutboxEvent, db: Db): Promise<void> {
  const id = event.payload.message_id;
  if (typeof id !== 'string') return;
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) return;
  const opened = await mailer.open(row);
  await mailer.send(db, { to: row.recipient, subject: row.subject ?? '', text: opened.body, template: row.template });
}

export function registerMessagesResend(relay: OutboxRelay, deps: { mailer: Mailer }): void {
  relay.on('message.resend', 'messages.resend-mail', (event, db) => sendAgain(deps.mailer, event, db));
}
