import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from './clock';
import type { Db } from './db';
import { messages } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  attachments?: { filename: string; content: Buffer | string; contentType: string }[];
}

/**
 * Records every e-mail; sends it over SMTP when SMTP_URL is set. Without SMTP the message stays
 * 'recorded', visible to super admins, and nothing leaves the machine.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(mail: OutgoingMail): Promise<{ id: string; status: 'recorded' | 'sent' | 'failed' }> {
    const [row] = await this.db
      .insert(messages)
      .values({ channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.text, template: mail.template, status: 'recorded', createdAt: this.clock.now() })
      .returning({ id: messages.id });
    if (!row) throw new Error('message insert returned nothing');
    if (!this.transport) return { id: row.id, status: 'recorded' };
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
      await this.db.update(messages).set({ status: 'sent', sentAt: this.clock.now() }).where(eq(messages.id, row.id));
      return { id: row.id, status: 'sent' };
    } catch (error) {
      await this.db.update(messages).set({ status: 'failed', error: (error as Error).message.slice(0, 500) }).where(eq(messages.id, row.id));
      return { id: row.id, status: 'failed' };
    }
  }
}
