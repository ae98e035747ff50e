import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuditLog } from '../../platform/audit';
import type { RequestCaller } from '../../platform/caller';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { hashToken, newToken } from '../../platform/tokens';
import { passwordResets, users } from '../../db/schema';
import * as repo from './repo';
import type { IdentityDeps } from './service';

/** A reset link works for an hour, once. */
export const PASSWORD_RESET_SECONDS = 3600;

/**
 * Asks for a reset link for an address. The request does the same work whatever the address: it
 * counts against the e-mail limits (per client address and per recipient, 429 beyond them) and
 * queues the address, sealed, for the handler below, which alone looks the account up. So the answer
 * and its timing say nothing about whether an account exists.
 */
export async function requestPasswordReset(deps: IdentityDeps, caller: RequestCaller, email: string): Promise<void> {
  await deps.mailQuota.claim(`address:${caller.origin.address}`, [email]);
  await deps.db.transaction(async (tx) => {
    await deps.outbox.emit(tx, { name: 'password_reset.requested', organisationId: null, payload: {}, secrets: { email } });
    await deps.audit.record({ action: 'user.password_reset_request', outcome: 'success' }, caller, tx);
  });
}

export function passwordResetMail(input: { to: string; firstName: string; productName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'identity.password_reset',
    subject: `Reset your ${input.productName} password`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `Someone asked to reset the password of your ${input.productName} account. Choose a new password here:`,
      input.link,
      '',
      `The link works once, for ${PASSWORD_RESET_SECONDS / 60} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

interface ResetMailDeps {
  mailer: Mailer;
  clock: Clock;
  audit: AuditLog;
  productName: string;
  publicUrl: string;
}

/**
 * Sends the link when the address belongs to an enabled account, else nothing. The new link replaces
 * the account's earlier open ones. Runs in the delivery's transaction: the link's record, the recorded
 * e-mail and the delivered mark commit together.
 */
async function sendPasswordReset(deps: ResetMailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const email = event.secrets.email;
  const user = email ? await repo.findUserByEmail(db, email) : undefined;
  if (!user || user.disabledAt) return;
  const now = deps.clock.now();
  const token = newToken();
  await db
    .update(passwordResets)
    .set({ closedAt: now })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.closedAt)));
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_SECONDS * 1000) });
  const link = `${deps.publicUrl}/identity/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(db, passwordResetMail({ to: user.email, firstName: user.firstName, productName: deps.productName, link }));
  await deps.audit.record({ action: 'user.password_reset_link', outcome: 'success', actorKind: 'system', resourceType: 'user', resourceId: user.id }, undefined, db);
}

export function registerIdentityMessages(relay: OutboxRelay, deps: ResetMailDeps): void {
  relay.on('password_reset.requested', 'identity.password-reset-mail', (event, db) => sendPasswordReset(deps, event, db));
}

export type ResetLink = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether a reset link can still be used: known, not used nor replaced, not expired. */
export async function resetLinkFor(deps: IdentityDeps, token: string): Promise<ResetLink> {
  if (!token) return { ok: false, reason: 'invalid' };
  const [row] = await deps.db
    .select({ closedAt: passwordResets.closedAt, expiresAt: passwordResets.expiresAt, email: users.email, disabledAt: users.disabledAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  if (!row || row.closedAt || row.disabledAt) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= deps.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, email: row.email };
}

/**
 * Sets the new password through an open link, closing it in the same statement (a second use finds
 * it closed), and ends every session of the account. Answers false when the link is no longer open.
 */
export async function resetPassword(deps: IdentityDeps, caller: RequestCaller, input: { token: string; passwordHash: string }): Promise<boolean> {
  const { token, passwordHash } = input;
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ closedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.closedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!link) return null;
    const [user] = await tx
      .update(users)
      // The e-mailed link proves the address too: an unverified sign-up that resets its password is verified.
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(and(eq(users.id, link.userId), isNull(users.disabledAt)))
      .returning({ id: users.id });
    if (!user) return null;
    await repo.revokeSessionsOf(tx, user.id, now);
    await deps.audit.record({ action: 'user.password_reset', outcome: 'success', actorUserId: user.id, resourceType: 'user', resourceId: user.id }, caller, tx);
    return user.id;
  });
  if (!userId) return false;
  await deps.sessions.changed({ userId, revoked: true });
  return true;
}
