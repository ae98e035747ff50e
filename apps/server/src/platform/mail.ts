import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from './clock';
import { rowsOf, type Db } from './db';
import type { Sealer } from './sealing';
import { messages } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
}

type MessageRow = typeof messages.$inferSelect;

/**
 * Records every e-mail, its body sealed at rest (bodies carry set-password, registration and
 * booking links); sends it over SMTP when SMTP_URL is set. Without SMTP the message stays
 * 'recorded', visible to super admins, and nothing leaves the machine. Only outbox handlers send:
 * `db` is their delivery's transaction, so a message is recorded once, with its delivery.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly clock: Clock,
    private readonly sealer: Sealer,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(`${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}connectionTimeout=10000&greetingTimeout=10000&socketTimeout=30000`) : null;
  }

  /** Records the message and sends it; an SMTP failure throws, so the delivery is retried later. */
  async send(db: Db, mail: OutgoingMail): Promise<void> {
    const now = this.clock.now();
    await db.insert(messages).values({
      channel: 'email',
      recipient: mail.to,
      subject: mail.subject,
      body: await this.sealer.seal(mail.text),
      template: mail.template,
      status: this.transport ? 'sent' : 'recorded',
      createdAt: now,
      sentAt: this.transport ? now : null,
    });
    // Last, so nothing after a successful send can fail the delivery and send it twice.
    if (this.transport) await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
  }

  /** Seals the bodies recorded before bodies were sealed (run at start; each process finds none once one has). */
  async sealRecordedBodies(db: Db): Promise<number> {
    const rows = rowsOf<{ id: string; body: string }>(await db.execute(sql`SELECT id, body FROM ${messages} WHERE body NOT LIKE 'v1.%'`));
    for (const row of rows) {
      await db.execute(sql`UPDATE ${messages} SET body = ${await this.sealer.seal(row.body)} WHERE id = ${row.id} AND body = ${row.body}`);
    }
    return rows.length;
  }

  /** A recorded message with its body opened, for the people and tests allowed to read it. */
  async open(row: MessageRow): Promise<MessageRow> {
    return { ...row, body: await this.sealer.open(row.body) };
  }
}
