import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, NEXT_PARAM, PASSWORD_MAX, PASSWORD_MIN, safeNextPath } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, safeReturnUrl, sendPage } from '../../platform/pages';
import { callerOf } from '../../platform/caller';
import { authenticate, changePassword, EmailNotVerified, issueLoginToken, signInRateLimit } from './service';
import { resendForm } from './sign-up.pages';

/** The sign-in form; `next`, the app page asked for before signing in (`safeNextPath`), travels with it to /verify-token. */
function signInForm(csrf: string, email: string, next: string | null, error?: string, unverified = false): string {
  return `${alert(error)}${unverified ? resendForm(csrf, email, false) : ''}
<form method="post" action="/identity/sign-in" novalidate>
${hidden('csrf', csrf)}${next ? hidden(NEXT_PARAM, next) : ''}
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<p><a href="/identity/forgot-password">Forgot password?</a></p>
<p>New here? <a href="/identity/sign-up">Create an account</a></p>`;
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
  const html = (reply: FastifyReply, status: number, title: string, body: string) => sendPage(reply, productName, status, title, body);

  app.get('/sign-in', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) =>
    html(reply, 200, `Sign in to ${productName}`, signInForm(issueCsrf(reply), '', safeNextPath((request.query as Record<string, unknown>)[NEXT_PARAM]))),
  );

  const signInTitle = `Sign in to ${productName}`;
  const { rateLimit, auditRefusal } = signInRateLimit(ctx.config.loginAttemptsPerIp, ctx.audit);
  /** A refusal before the handler (the address's cap of attempts) answers the form again with its message. */
  const formAgain =
    (render: (reply: FastifyReply, form: Record<string, unknown>, error: AppError) => FastifyReply) =>
    (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
      if (!(error instanceof AppError)) throw error;
      void render(reply, (request.body ?? {}) as Record<string, unknown>, error);
    };

  const signInAgain = formAgain((reply, form, error) =>
    html(reply, error.statusCode, signInTitle, signInForm(issueCsrf(reply), text(form, 'email'), safeNextPath(form[NEXT_PARAM]), error.message)),
  );
  app.post('/sign-in', { config: { access: PUBLIC, rateLimit }, schema: { hide: true, body: Form }, errorHandler: signInAgain, onSend: auditRefusal }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = text(form, 'email');
    const title = signInTitle;
    const next = safeNextPath(form[NEXT_PARAM]);
    if (!(await csrfValid(app, request))) return html(reply, 403, title, signInForm(issueCsrf(reply), email, next, 'Your sign-in form expired. Please try again.'));
    if (hasControlCharacters(form)) return html(reply, 400, title, signInForm(issueCsrf(reply), '', next, MSG.controlCharacters));
    if (!email || !text(form, 'password')) return html(reply, 400, title, signInForm(issueCsrf(reply), email, next, MSG.missingDetails));
    try {
      const { user, roles } = await authenticate(ctx.identity, callerOf(request), { email, password: text(form, 'password') });
      const token = await issueLoginToken(ctx.identity, user.id, roles[0]!.id, 'sign-in');
      const query = new URLSearchParams({ token, ...(next ? { [NEXT_PARAM]: next } : {}) });
      return reply.redirect(`/verify-token?${query}`, 303);
    } catch (error) {
      const status = error instanceof AppError ? error.statusCode : 500;
      return html(reply, status, title, signInForm(issueCsrf(reply), email, next, errorText(error), error instanceof EmailNotVerified));
    }
  });

  app.get('/sign-out', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, 'You have signed out', `<p>You have signed out of ${escapeHtml(productName)}.</p><p><a href="/login">Sign in again</a></p>`),
  );

  app.get('/change-password', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const roleId = typeof query.role_id === 'string' ? query.role_id : '';
    return html(reply, 200, 'Change password', changePasswordForm(issueCsrf(reply), roleId, safeReturnUrl(query.return_url)));
  });

  const changeAgain = formAgain((reply, form, error) =>
    html(reply, error.statusCode, 'Change password', changePasswordForm(issueCsrf(reply), text(form, 'role_id'), safeReturnUrl(form.return_url), error.message)),
  );
  app.post('/change-password', { config: { access: PUBLIC, rateLimit }, schema: { hide: true, body: Form }, errorHandler: changeAgain, onSend: auditRefusal }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const roleId = text(form, 'role_id');
    const returnUrl = safeReturnUrl(form.return_url);
    const again = (status: number, error: string) =>
      html(reply, status, 'Change password', changePasswordForm(issueCsrf(reply), roleId, returnUrl, error));
    if (!(await csrfValid(app, request))) return again(403, 'Your form expired. Please try again.');
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
