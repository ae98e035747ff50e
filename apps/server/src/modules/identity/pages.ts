import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MSG, PASSWORD_MAX, PASSWORD_MIN, SINGLE_LINE_TEXT } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { callerOf } from '../../platform/caller';
import { newToken } from '../../platform/tokens';
import { escapeHtml, page, safeReturnUrl } from './html';
import { authenticate, changePassword, issueLoginToken } from './service';

const CSRF_COOKIE = 'vireo_csrf';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Double-submit CSRF token: a SameSite=Strict cookie that the form must repeat. */
export function issueCsrf(reply: FastifyReply, secure: boolean): string {
  const token = newToken();
  reply.header('Set-Cookie', `${CSRF_COOKIE}=${token}; Path=/identity; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
  return token;
}

export function csrfValid(request: FastifyRequest, submitted: unknown): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  if (!cookie || typeof submitted !== 'string' || cookie.length !== submitted.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}

/** Whether a posted form holds a control character (a NUL, a line break…) in any field: every form field is one line. */
export const hasControlCharacters = (form: Record<string, unknown>): boolean =>
  Object.values(form).some((value) => [value].flat().some((item) => typeof item === 'string' && !SINGLE_LINE_TEXT.test(item)));

export const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
export const alert = (message: string | undefined, kind: 'error' | 'ok' = 'error') =>
  message ? `<div class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</div>` : '';

function signInForm(csrf: string, email: string, error?: string): string {
  return `${alert(error)}
<form method="post" action="/identity/sign-in" novalidate>
${hidden('csrf', csrf)}
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`;
}

function changePasswordForm(csrf: string, roleId: string, returnUrl: string, error?: string): string {
  return `${alert(error)}
<form method="post" action="/identity/change-password" novalidate>
${hidden('csrf', csrf)}${hidden('role_id', roleId)}${hidden('return_url', returnUrl)}
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="next">New password</label><input id="next" name="next" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="next-hint">
<p id="next-hint" class="hint">At least ${PASSWORD_MIN} characters.</p>
<label for="confirm">Confirm new password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Change password</button></form>
<p><a href="${escapeHtml(returnUrl)}">Cancel</a></p>`;
}

const Form = z.record(z.string(), z.unknown());
const text = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');

function errorText(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

/** The identity service's own pages under /identity: sign-in, sign-out and change password. */
export async function identityPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { productName } = ctx.config;
  const secure = ctx.config.publicUrl.startsWith('https:');
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page(productName, title, body));

  app.get('/sign-in', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, `Sign in to ${productName}`, signInForm(issueCsrf(reply, secure), '')),
  );

  app.post('/sign-in', { config: { access: PUBLIC }, schema: { hide: true, body: Form } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = text(form, 'email');
    const title = `Sign in to ${productName}`;
    if (!csrfValid(request, form.csrf)) return html(reply, 403, title, signInForm(issueCsrf(reply, secure), email, 'Your sign-in form expired. Please try again.'));
    if (hasControlCharacters(form)) return html(reply, 400, title, signInForm(issueCsrf(reply, secure), '', MSG.controlCharacters));
    if (!email || !text(form, 'password')) return html(reply, 400, title, signInForm(issueCsrf(reply, secure), email, MSG.missingDetails));
    try {
      const { user, roles } = await authenticate(ctx.identity, callerOf(request), { email, password: text(form, 'password') });
      const token = await issueLoginToken(ctx.identity, user.id, roles[0]!.id, 'sign-in');
      return reply.redirect(`/verify-token?token=${encodeURIComponent(token)}`, 303);
    } catch (error) {
      const status = error instanceof AppError ? error.statusCode : 500;
      return html(reply, status, title, signInForm(issueCsrf(reply, secure), email, errorText(error)));
    }
  });

  app.get('/sign-out', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, 'You have signed out', `<p>You have signed out of ${escapeHtml(productName)}.</p><p><a href="/login">Sign in again</a></p>`),
  );

  app.get('/change-password', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const roleId = typeof query.role_id === 'string' ? query.role_id : '';
    return html(reply, 200, 'Change password', changePasswordForm(issueCsrf(reply, secure), roleId, safeReturnUrl(query.return_url)));
  });

  app.post('/change-password', { config: { access: PUBLIC }, schema: { hide: true, body: Form } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const roleId = text(form, 'role_id');
    const returnUrl = safeReturnUrl(form.return_url);
    const again = (status: number, error: string) =>
      html(reply, status, 'Change password', changePasswordForm(issueCsrf(reply, secure), roleId, returnUrl, error));
    if (!csrfValid(request, form.csrf)) return again(403, 'Your form expired. Please try again.');
    if (hasControlCharacters(form)) return again(400, MSG.controlCharacters);
    const [email, current, next, confirm] = ['email', 'current', 'next', 'confirm'].map((k) => text(form, k));
    if (!email || !current || !next || !confirm) return again(400, MSG.missingDetails);
    if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) return again(400, `The new password must have at least ${PASSWORD_MIN} characters.`);
    if (next !== confirm) return again(400, 'The new passwords do not match.');
    try {
      await changePassword(ctx.identity, callerOf(request), { email, current, next, roleId: /^[0-9a-f-]{36}$/i.test(roleId) ? roleId : undefined });
    } catch (error) {
      return again(error instanceof AppError ? error.statusCode : 500, errorText(error));
    }
    return html(
      reply,
      200,
      'Password changed',
      `${alert('Your password has been changed. Please sign in again with your new password.', 'ok')}<p><a href="${escapeHtml(returnUrl)}">Continue</a></p>`,
    );
  });
}
