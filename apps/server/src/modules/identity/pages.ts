import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, NEXT_PARAM, PASSWORD_MAX, PASSWORD_MIN, safeNextPath } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, safeReturnUrl, sendPage } from '../../platform/pages';
import { callerOf } from '../../platform/caller';
import { authenticate, changePassword, EmailNotVerified, issueLoginToken, signInRateLimit } from './service';
import { inLanguage, languageField, pageLanguage, pageMessage, SIGN_IN_TEXT, type PageLanguage } from './page-language';
import { resendForm } from './sign-up.pages';

/** The sign-in form in its language; `next`, the app page asked for before signing in (`safeNextPath`), travels with it to /verify-token. */
function signInForm(lang: PageLanguage, csrf: string, email: string, next: string | null, error?: string, unverified = false): string {
  const t = SIGN_IN_TEXT[lang];
  return `${alert(error && pageMessage(error, lang))}${unverified ? resendForm(lang, csrf, email, false) : ''}
<form method="post" action="/identity/sign-in" novalidate>
${hidden('csrf', csrf)}${languageField(lang)}${next ? hidden(NEXT_PARAM, next) : ''}
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t.signIn}</button></form>
<p><a href="${inLanguage('/identity/forgot-password', lang)}">${t.forgot}</a></p>
<p>${t.newHere} <a href="${inLanguage('/identity/sign-up', lang)}">${t.createAccount}</a></p>`;
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
  const html = (reply: FastifyReply, status: number, title: string, body: string, lang: PageLanguage = 'en') => sendPage(reply, productName, status, title, body, lang);

  const signInTitle = (lang: PageLanguage) => SIGN_IN_TEXT[lang].title(productName);

  app.get('/sign-in', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const lang = pageLanguage(request);
    return html(reply, 200, signInTitle(lang), signInForm(lang, issueCsrf(reply), '', safeNextPath((request.query as Record<string, unknown>)[NEXT_PARAM])), lang);
  });

  const { rateLimit, auditRefusal } = signInRateLimit(ctx.config.loginAttemptsPerIp, ctx.audit);
  /** A refusal before the handler (the address's cap of attempts) answers the form again with its message. */
  const formAgain =
    (render: (reply: FastifyReply, form: Record<string, unknown>, error: AppError, lang: PageLanguage) => FastifyReply) =>
    (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
      if (!(error instanceof AppError)) throw error;
      void render(reply, (request.body ?? {}) as Record<string, unknown>, error, pageLanguage(request));
    };

  const signInAgain = formAgain((reply, form, error, lang) =>
    html(reply, error.statusCode, signInTitle(lang), signInForm(lang, issueCsrf(reply), text(form, 'email'), safeNextPath(form[NEXT_PARAM]), error.message), lang),
  );
  app.post('/sign-in', { config: { access: PUBLIC, rateLimit }, schema: { hide: true, body: Form }, errorHandler: signInAgain, onSend: auditRefusal }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = text(form, 'email');
    const lang = pageLanguage(request);
    const next = safeNextPath(form[NEXT_PARAM]);
    const again = (status: number, entered: string, error: string, unverified = false) =>
      html(reply, status, signInTitle(lang), signInForm(lang, issueCsrf(reply), entered, next, error, unverified), lang);
    if (!(await csrfValid(app, request))) return again(403, email, SIGN_IN_TEXT[lang].formExpired);
    if (hasControlCharacters(form)) return again(400, '', MSG.controlCharacters);
    if (!email || !text(form, 'password')) return again(400, email, MSG.missingDetails);
    try {
      const { user, roles } = await authenticate(ctx.identity, callerOf(request), { email, password: text(form, 'password') });
      const token = await issueLoginToken(ctx.identity, user.id, roles[0]!.id, 'sign-in');
      const query = new URLSearchParams({ token, ...(next ? { [NEXT_PARAM]: next } : {}) });
      return reply.redirect(`/verify-token?${query}`, 303);
    } catch (error) {
      return again(error instanceof AppError ? error.statusCode : 500, email, errorText(error), error instanceof EmailNotVerified);
    }
  });

  app.get('/sign-out', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const lang = pageLanguage(request);
    const t = SIGN_IN_TEXT[lang];
    return html(reply, 200, t.signedOutTitle, `<p>${escapeHtml(t.signedOut(productName))}</p><p><a href="/login">${t.signInAgain}</a></p>`, lang);
  });

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
