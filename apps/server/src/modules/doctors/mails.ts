import { and, eq, isNull } from 'drizzle-orm';
import { SHIFT_MANAGEMENT } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { hashToken } from '../../platform/tokens';
import { passwordInvitations, users } from '../../db/schema';

export function setPasswordInvitation(input: { to: string; firstName: string; productName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'practitioner.invitation',
    subject: `Set your ${input.productName} password`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `A practitioner account has been created for you on ${input.productName}. Set your password to sign in:`,
      input.link,
      '',
      `The link works for ${SHIFT_MANAGEMENT.invitationValidDays} days. If you were not expecting this e-mail, you can ignore it.`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

/** The token comes sealed in the event; an invitation replaced since (or used) sends nothing: the newer one has its own e-mail. */
async function sendSetPasswordInvitation(deps: { mailer: Mailer; productName: string; publicUrl: string }, event: OutboxEvent, db: Db): Promise<void> {
  const token = event.secrets.token;
  if (!token) return;
  const [open] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(passwordInvitations)
    .innerJoin(users, eq(users.id, passwordInvitations.userId))
    .where(and(eq(passwordInvitations.tokenHash, hashToken(token)), isNull(passwordInvitations.closedAt)));
  if (!open) return;
  const link = `${deps.publicUrl}/identity/set-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(db, setPasswordInvitation({ to: open.email, firstName: open.firstName, productName: deps.productName, link }));
}

export function registerDoctorsMessages(relay: OutboxRelay, deps: { mailer: Mailer; productName: string; publicUrl: string }): void {
  relay.on('practitioner.invited', 'doctors.set-password-mail', (event, db) => sendSetPasswordInvitation(deps, event, db));
}
