import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_VERIFICATION_HOURS } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import type { RequestCaller } from '../../platform/caller';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Mailer, OutgoingMail } from '../../platform/mail';
import type { OutboxEvent, OutboxRelay } from '../../platform/outbox';
import { hashPassword } from '../../platform/passwords';
import { hashToken, newToken } from '../../platform/tokens';
import { emailVerifications, organisations, users } from '../../db/schema';
import * as repo from './repo';
import type { IdentityDeps } from './service';

const HOUR_MS = 3600 * 1000;

/** Why a verification e-mail is asked for: a sign-up (an address already verified hears so) or a resend (it hears nothing). */
type VerificationReason = 'sign_up' | 'resend';

/**
 * A self sign-up: a b2c account of the b2c organisation (`IdentityDeps.b2cOrganisation`, by name),
 * its address not verified. Whatever the address, the request does the same work and the page the
 * same answer: it counts against the e-mail limits (per client address and per recipient, 429
 * beyond them), adds the account when the address is free (a taken one is left as it is) and queues
 * the address, sealed, for the handler below, which e-mails a verification link to an unverified
 * account and "you already have an account" to a verified one.
 */
export async function signUp(
  deps: IdentityDeps,
  caller: RequestCaller,
  input: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await deps.mailQuota.claim(`address:${caller.origin.address}`, [input.email]);
  const [organisation] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, deps.b2cOrganisation)).orderBy(asc(organisations.createdAt)).limit(1);
  if (!organisation) throw new Error(`the b2c organisation "${deps.b2cOrganisation}" does not exist`);
  // Hashed after the limits, so that requests beyond them cost no hashing.
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const [user] = await tx
      .insert(users)
      .values({
        organisationId: organisation.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        username: email,
        passwordHash,
        emailVerifiedAt: null,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user) {
      await repo.insertRole(tx, { name: 'b2c', userId: user.id, organisationId: organisation.id, profileName: `${input.firstName} ${input.lastName}` });
      await deps.audit.record({ action: 'user.sign_up', outcome: 'success', actorUserId: user.id, resourceType: 'user', resourceId: user.id }, caller, tx);
    } else {
      await deps.audit.record({ action: 'user.sign_up', outcome: 'denied', details: { reason: 'address_taken' } }, caller, tx);
    }
    await deps.outbox.emit(tx, { name: 'email_verification.requested', organisationId: null, payload: { reason: 'sign_up' }, secrets: { email } });
  });
}

/** "Send the link again": the same limits and the same answer whatever the address; only an unverified account gets a link. */
export async function resendVerification(deps: IdentityDeps, caller: RequestCaller, email: string): Promise<void> {
  await deps.mailQuota.claim(`address:${caller.origin.address}`, [email]);
  await deps.db.transaction(async (tx) => {
    await deps.outbox.emit(tx, { name: 'email_verification.requested', organisationId: null, payload: { reason: 'resend' }, secrets: { email } });
    await deps.audit.record({ action: 'user.verification_resend_request', outcome: 'success' }, caller, tx);
  });
}

export function verificationMail(input: { to: string; firstName: string; productName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'identity.verify_email',
    subject: `Confirm your e-mail address for ${input.productName}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `Thank you for creating a ${input.productName} account. Confirm your e-mail address here to start using it:`,
      input.link,
      '',
      `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours. If you did not create an account, ignore this e-mail.`,
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(input: { to: string; firstName: string; productName: string; publicUrl: string }): OutgoingMail {
  return {
    to: input.to,
    template: 'identity.already_registered',
    subject: `You already have a ${input.productName} account`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `Someone tried to create a ${input.productName} account with this e-mail address, but you already have one. Sign in here:`,
      `${input.publicUrl}/login`,
      '',
      'Forgotten your password? Choose a new one here:',
      `${input.publicUrl}/identity/forgot-password`,
      '',
      'If it was not you, ignore this e-mail: nothing has changed.',
      '',
      `The ${input.productName} team`,
    ].join('\n'),
  };
}

interface VerificationMailDeps {
  mailer: Mailer;
  clock: Clock;
  audit: AuditLog;
  productName: string;
  publicUrl: string;
}

/**
 * Looks the address up (only here): an enabled unverified account gets a new link, which closes its
 * earlier open ones; an enabled verified one, on a sign-up, an e-mail saying it already has an
 * account; anything else nothing. Runs in the delivery's transaction.
 */
async function sendVerification(deps: VerificationMailDeps, event: OutboxEvent, db: Db): Promise<void> {
  const email = event.secrets.email;
  const user = email ? await repo.findUserByEmail(db, email) : undefined;
  if (!user || user.disabledAt) return;
  if (user.emailVerifiedAt) {
    if ((event.payload as { reason?: VerificationReason }).reason !== 'sign_up') return;
    await deps.mailer.send(db, alreadyRegisteredMail({ to: user.email, firstName: user.firstName, productName: deps.productName, publicUrl: deps.publicUrl }));
    return;
  }
  const now = deps.clock.now();
  const token = newToken();
  await db
    .update(emailVerifications)
    .set({ closedAt: now })
    .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.closedAt)));
  await db.insert(emailVerifications).values({ userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_HOURS * HOUR_MS) });
  const link = `${deps.publicUrl}/identity/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(db, verificationMail({ to: user.email, firstName: user.firstName, productName: deps.productName, link }));
  await deps.audit.record({ action: 'user.verification_link', outcome: 'success', actorKind: 'system', resourceType: 'user', resourceId: user.id }, undefined, db);
}

export function registerSignUpMessages(relay: OutboxRelay, deps: VerificationMailDeps): void {
  relay.on('email_verification.requested', 'identity.verification-mail', (event, db) => sendVerification(deps, event, db));
}

export type VerifyOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'expired'; email?: string };

/**
 * Spends a verification link: closes it in the same statement that checks it is open and not expired
 * (a second use finds it closed) and marks its account verified. An expired link answers its
 * account's address, so the page can offer a new link for it.
 */
export async function verifyEmail(deps: IdentityDeps, caller: RequestCaller, token: string): Promise<VerifyOutcome> {
  if (!token) return { ok: false, reason: 'invalid' };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ closedAt: now })
      .where(and(eq(emailVerifications.tokenHash, hashToken(token)), isNull(emailVerifications.closedAt), gt(emailVerifications.expiresAt, now)))
      .returning({ userId: emailVerifications.userId });
    if (!link) {
      const [closed] = await tx
        .select({ closedAt: emailVerifications.closedAt, email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(emailVerifications)
        .innerJoin(users, eq(users.id, emailVerifications.userId))
        .where(eq(emailVerifications.tokenHash, hashToken(token)));
      if (closed && !closed.closedAt && !closed.verifiedAt) return { ok: false, reason: 'expired', email: closed.email };
      return { ok: false, reason: 'invalid' };
    }
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.disabledAt)))
      .returning({ id: users.id });
    if (!user) return { ok: false, reason: 'invalid' };
    await deps.audit.record({ action: 'user.email_verified', outcome: 'success', actorUserId: user.id, resourceType: 'user', resourceId: user.id }, caller, tx);
    return { ok: true };
  });
}
