import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { Email, MSG, Password, PASSWORD_MIN, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { callerOf } from '../../platform/caller';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
import { PASSWORD_RESET_SECONDS, requestPasswordReset, resetLinkFor, resetPassword } from './password-reset';

export const RESET_TEXT = {
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the e-mail address you sign in with. We will e-mail you a link to choose a new password.',
  sentTitle: 'Check your e-mail',
  sent: `If an account uses that address, we have e-mailed it a link to choose a new password. The link works once, for ${PASSWORD_RESET_SECONDS / 60} minutes.`,
  formExpired: 'Your form expired. Please try again.',
  resetTitle: 'Choose a new password',
  linkInvalid: 'This link is not valid: it may have been used already. Ask for a new one.',
  linkExpired: 'This link has expired. Ask for a new one.',
  mismatch: 'The passwords do not match.',
  doneTitle: 'Password changed',
  done: 'Your password has been changed, and every session of your account has been signed out. Sign in with your new password.',
} as const;

function forgotForm(csrf: string, email: string, error?: string): string {
  return `${alert(error)}
<p>${escapeHtml(RESET_TEXT.forgotIntro)}</p>
<form method="post" action="/identity/forgot-password" novalidate>
${hidden('csrf', csrf)}
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<button type="submit">Send reset link</button></form>
<p><a href="/identity/sign-in">Back to sign in</a></p>`;
}

function newPasswordForm(csrf: string, token: string, email: string, errors: string[] = []): string {
  return `${errors.length > 0 ? alert(errors.join(' ')) : ''}
<p>Choose a new password for <strong>${escapeHtml(email)}</strong>.</p>
<form method="post" action="/identity/reset-password" novalidate>
${hidden('csrf', csrf)}${hidden('token', token)}
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint">
<p id="password-hint" class="hint">At least ${PASSWORD_MIN} characters.</p>
<label for="confirm">Confirm new password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Set new password</button></form>`;
}

const field = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');

/**
 * /identity/forgot-password, where a person asks for a reset link by e-mail (the same answer whether
 * or not an account uses the address), and /identity/reset-password, where the link sets a new password.
 */
export async function passwordResetPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, title: string, body: string) => sendPage(reply, ctx.config.productName, status, title, body);
  const unusable = (reply: FastifyReply, reason: 'invalid' | 'expired') =>
    html(
      reply,
      reason === 'expired' ? 410 : 404,
      RESET_TEXT.resetTitle,
      `${alert(reason === 'expired' ? RESET_TEXT.linkExpired : RESET_TEXT.linkInvalid)}<p><a href="/identity/forgot-password">Ask for a new link</a></p>`,
    );

  app.get('/forgot-password', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, RESET_TEXT.forgotTitle, forgotForm(issueCsrf(reply), '')),
  );

  app.post('/forgot-password', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = field(form, 'email').trim();
    const again = (status: number, error: string) => html(reply, status, RESET_TEXT.forgotTitle, forgotForm(issueCsrf(reply), email, error));
    if (!(await csrfValid(app, request))) return again(403, RESET_TEXT.formExpired);
    if (hasControlCharacters(form)) return again(400, MSG.controlCharacters);
    if (!email) return again(400, MSG.missingDetails);
    const parsed = Email.safeParse(email);
    if (!parsed.success) return again(400, parsed.error.issues[0]?.message ?? MSG.missingDetails);
    try {
      await requestPasswordReset(ctx.identity, callerOf(request), parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      return again(error.statusCode, error.message);
    }
    return html(reply, 200, RESET_TEXT.sentTitle, `${alert(RESET_TEXT.sent, 'ok')}<p><a href="/identity/sign-in">Back to sign in</a></p>`);
  });

  app.get('/reset-password', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const link = await resetLinkFor(ctx.identity, token);
    if (!link.ok) return unusable(reply, link.reason);
    return html(reply, 200, RESET_TEXT.resetTitle, newPasswordForm(issueCsrf(reply), token, link.email));
  });

  app.post('/reset-password', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const token = field(form, 'token');
    const link = await resetLinkFor(ctx.identity, token);
    if (!link.ok) return unusable(reply, link.reason);
    const again = (status: number, errors: string[]) => html(reply, status, RESET_TEXT.resetTitle, newPasswordForm(issueCsrf(reply), token, link.email, errors));
    if (!(await csrfValid(app, request))) return again(403, [RESET_TEXT.formExpired]);
    if (hasControlCharacters(form)) return again(400, [MSG.controlCharacters]);
    const password = field(form, 'password');
    if (!password || !field(form, 'confirm')) return again(400, [MSG.missingDetails]);
    const parsed = Password.safeParse(password);
    if (!parsed.success) return again(400, parsed.error.issues.map((issue) => `Password: ${issue.message}.`));
    if (password !== form.confirm) return again(400, [RESET_TEXT.mismatch]);
    if (!(await resetPassword(ctx.identity, callerOf(request), { token, passwordHash: await hashPassword(password) }))) return unusable(reply, 'invalid');
    return html(reply, 200, RESET_TEXT.doneTitle, `${alert(RESET_TEXT.done, 'ok')}<p><a href="/login">Sign in</a></p>`);
  });
}
