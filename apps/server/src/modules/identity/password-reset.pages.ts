import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { Email, MSG, Password, PASSWORD_MIN, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { callerOf } from '../../platform/caller';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
import { FORM_TEXT, inLanguage, languageField, pageLanguage, pageMessage, SIGN_IN_TEXT, type PageLanguage } from './page-language';
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

/** The reset pages' words in German, with their forms'. */
const RESET_TEXT_DE: Record<keyof typeof RESET_TEXT, string> = {
  forgotTitle: 'Passwort zurücksetzen',
  forgotIntro: 'Geben Sie die E-Mail-Adresse ein, mit der Sie sich anmelden. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen.',
  sentTitle: 'Prüfen Sie Ihre E-Mails',
  sent: `Wenn ein Konto diese Adresse verwendet, haben wir ihr einen Link gesendet, mit dem Sie ein neues Passwort wählen. Der Link funktioniert einmal, ${PASSWORD_RESET_SECONDS / 60} Minuten lang.`,
  formExpired: 'Ihr Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  resetTitle: 'Neues Passwort wählen',
  linkInvalid: 'Dieser Link ist nicht gültig: Vielleicht wurde er schon verwendet. Fordern Sie einen neuen an.',
  linkExpired: 'Dieser Link ist abgelaufen. Fordern Sie einen neuen an.',
  mismatch: 'Die Passwörter stimmen nicht überein.',
  doneTitle: 'Passwort geändert',
  done: 'Ihr Passwort wurde geändert, und jede Sitzung Ihres Kontos wurde abgemeldet. Melden Sie sich mit Ihrem neuen Passwort an.',
};
const FORM_WORDS = {
  en: { send: 'Send reset link', chooseFor: 'Choose a new password for', set: 'Set new password', askAgain: 'Ask for a new link', signIn: 'Sign in' },
  de: { send: 'Link senden', chooseFor: 'Wählen Sie ein neues Passwort für', set: 'Neues Passwort speichern', askAgain: 'Neuen Link anfordern', signIn: 'Anmelden' },
} as const;
const resetText = (lang: PageLanguage) => (lang === 'de' ? RESET_TEXT_DE : RESET_TEXT);

function forgotForm(lang: PageLanguage, csrf: string, email: string, error?: string): string {
  return `${alert(error && pageMessage(error, lang))}
<p>${escapeHtml(resetText(lang).forgotIntro)}</p>
<form method="post" action="/identity/forgot-password" novalidate>
${hidden('csrf', csrf)}${languageField(lang)}
<label for="email">${SIGN_IN_TEXT[lang].email}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<button type="submit">${FORM_WORDS[lang].send}</button></form>
<p><a href="${inLanguage('/identity/sign-in', lang)}">${FORM_TEXT[lang].backToSignIn}</a></p>`;
}

function newPasswordForm(lang: PageLanguage, csrf: string, token: string, email: string, errors: string[] = []): string {
  const form = FORM_TEXT[lang];
  return `${errors.length > 0 ? alert(errors.map((error) => pageMessage(error, lang)).join(' ')) : ''}
<p>${FORM_WORDS[lang].chooseFor} <strong>${escapeHtml(email)}</strong>.</p>
<form method="post" action="/identity/reset-password" novalidate>
${hidden('csrf', csrf)}${hidden('token', token)}${languageField(lang)}
<label for="password">${form.newPassword}</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint">
<p id="password-hint" class="hint">${form.passwordHint}</p>
<label for="confirm">${form.confirmNewPassword}</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${FORM_WORDS[lang].set}</button></form>`;
}

const field = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');

/**
 * /identity/forgot-password, where a person asks for a reset link by e-mail (the same answer whether
 * or not an account uses the address), and /identity/reset-password, where the link sets a new password.
 */
export async function passwordResetPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const html = (reply: FastifyReply, lang: PageLanguage, status: number, title: string, body: string) => sendPage(reply, ctx.config.productName, status, title, body, lang);
  const unusable = (reply: FastifyReply, lang: PageLanguage, reason: 'invalid' | 'expired') =>
    html(
      reply,
      lang,
      reason === 'expired' ? 410 : 404,
      resetText(lang).resetTitle,
      `${alert(reason === 'expired' ? resetText(lang).linkExpired : resetText(lang).linkInvalid)}<p><a href="${inLanguage('/identity/forgot-password', lang)}">${FORM_WORDS[lang].askAgain}</a></p>`,
    );

  app.get('/forgot-password', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const lang = pageLanguage(request);
    return html(reply, lang, 200, resetText(lang).forgotTitle, forgotForm(lang, issueCsrf(reply), ''));
  });

  app.post('/forgot-password', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = field(form, 'email').trim();
    const lang = pageLanguage(request);
    const again = (status: number, error: string) => html(reply, lang, status, resetText(lang).forgotTitle, forgotForm(lang, issueCsrf(reply), email, error));
    if (!(await csrfValid(app, request))) return again(403, resetText(lang).formExpired);
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
    return html(reply, lang, 200, resetText(lang).sentTitle, `${alert(resetText(lang).sent, 'ok')}<p><a href="${inLanguage('/identity/sign-in', lang)}">${FORM_TEXT[lang].backToSignIn}</a></p>`);
  });

  app.get('/reset-password', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const lang = pageLanguage(request);
    const link = await resetLinkFor(ctx.identity, token);
    if (!link.ok) return unusable(reply, lang, link.reason);
    return html(reply, lang, 200, resetText(lang).resetTitle, newPasswordForm(lang, issueCsrf(reply), token, link.email));
  });

  app.post('/reset-password', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const token = field(form, 'token');
    const lang = pageLanguage(request);
    const link = await resetLinkFor(ctx.identity, token);
    if (!link.ok) return unusable(reply, lang, link.reason);
    const again = (status: number, errors: string[]) => html(reply, lang, status, resetText(lang).resetTitle, newPasswordForm(lang, issueCsrf(reply), token, link.email, errors));
    if (!(await csrfValid(app, request))) return again(403, [resetText(lang).formExpired]);
    if (hasControlCharacters(form)) return again(400, [MSG.controlCharacters]);
    const password = field(form, 'password');
    if (!password || !field(form, 'confirm')) return again(400, [MSG.missingDetails]);
    const parsed = Password.safeParse(password);
    if (!parsed.success) return again(400, parsed.error.issues.map((issue) => `Password: ${issue.message}.`));
    if (password !== form.confirm) return again(400, [resetText(lang).mismatch]);
    if (!(await resetPassword(ctx.identity, callerOf(request), { token, passwordHash: await hashPassword(password) }))) return unusable(reply, lang, 'invalid');
    return html(reply, lang, 200, resetText(lang).doneTitle, `${alert(resetText(lang).done, 'ok')}<p><a href="/login">${FORM_WORDS[lang].signIn}</a></p>`);
  });
}
