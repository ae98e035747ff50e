import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EMAIL_VERIFICATION_HOURS, Email, MSG, Password, PASSWORD_MIN, PersonName, SIGN_UP_MSG, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
import { FORM_TEXT, inLanguage, languageField, pageLanguage, pageMessage, SIGN_IN_TEXT, type PageLanguage } from './page-language';
import { resendVerification, signUp, verifyEmail } from './sign-up';

export const SIGN_UP_TEXT = {
  title: 'Create an account',
  intro: 'Create an account to order test kits and book appointments.',
  formExpired: 'Your form expired. Please try again.',
  sentTitle: 'Check your e-mail',
  sent: `We have sent an e-mail to the address you gave. Follow its link within ${EMAIL_VERIFICATION_HOURS} hours to confirm the address, then sign in.`,
  verifiedTitle: 'E-mail address confirmed',
  verified: 'Your e-mail address is confirmed. You can now sign in.',
  linkTitle: 'Confirm your e-mail address',
  linkInvalid: 'This link is not valid: it may have been used already. Ask for a new one, or sign in if your address is confirmed.',
  linkExpired: 'This link has expired. Ask for a new one.',
  resendTitle: 'Send the link again',
} as const;

/** The sign-up pages' words in German, with their form's. */
const SIGN_UP_TEXT_DE: Record<keyof typeof SIGN_UP_TEXT, string> = {
  title: 'Konto anlegen',
  intro: 'Legen Sie ein Konto an, um Testkits zu bestellen und Termine zu buchen.',
  formExpired: 'Ihr Formular ist abgelaufen. Bitte versuchen Sie es erneut.',
  sentTitle: 'Prüfen Sie Ihre E-Mails',
  sent: `Wir haben eine E-Mail an die angegebene Adresse gesendet. Folgen Sie innerhalb von ${EMAIL_VERIFICATION_HOURS} Stunden ihrem Link, um die Adresse zu bestätigen, und melden Sie sich dann an.`,
  verifiedTitle: 'E-Mail-Adresse bestätigt',
  verified: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
  linkTitle: 'Bestätigen Sie Ihre E-Mail-Adresse',
  linkInvalid: 'Dieser Link ist nicht gültig: Vielleicht wurde er schon verwendet. Fordern Sie einen neuen an, oder melden Sie sich an, wenn Ihre Adresse bestätigt ist.',
  linkExpired: 'Dieser Link ist abgelaufen. Fordern Sie einen neuen an.',
  resendTitle: 'Link erneut senden',
};
const FORM_WORDS = {
  en: { acceptTerms: 'I accept the <a href="/en/consultation/terms">terms and conditions</a>', createAccount: 'Create account', haveAccount: 'Already have an account?', signIn: 'Sign in' },
  de: { acceptTerms: 'Ich akzeptiere die <a href="/en/consultation/terms">Allgemeinen Geschäftsbedingungen</a>', createAccount: 'Konto anlegen', haveAccount: 'Sie haben schon ein Konto?', signIn: 'Anmelden' },
} as const;
const signUpText = (lang: PageLanguage) => (lang === 'de' ? SIGN_UP_TEXT_DE : SIGN_UP_TEXT);

type FieldName = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm' | 'terms';
type Entered = Record<'first_name' | 'last_name' | 'email', string>;
type FieldErrors = Partial<Record<FieldName, string>>;

/** A labelled field with its error (if any) beside it, announced with the field. */
function field(id: FieldName, label: string, attributes: string, errors: FieldErrors, hint?: string): string {
  const error = errors[id];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${label}</label><input id="${id}" name="${id}" ${attributes}${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${hint ? `<p id="${id}-hint" class="hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p id="${id}-error" class="field-error">${escapeHtml(error)}</p>` : ''}`;
}

function signUpForm(lang: PageLanguage, csrf: string, entered: Entered, fieldErrors: FieldErrors = {}, message?: string): string {
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([name, error]) => [name, pageMessage(error, lang)])) as FieldErrors;
  const termsError = errors.terms;
  const [words, form, signIn] = [FORM_WORDS[lang], FORM_TEXT[lang], SIGN_IN_TEXT[lang]];
  return `${alert(message && pageMessage(message, lang))}
<p>${escapeHtml(signUpText(lang).intro)}</p>
<form method="post" action="/identity/sign-up" novalidate>
${hidden('csrf', csrf)}${languageField(lang)}
${field('first_name', form.firstName, `autocomplete="given-name" required value="${escapeHtml(entered.first_name)}"`, errors)}
${field('last_name', form.lastName, `autocomplete="family-name" required value="${escapeHtml(entered.last_name)}"`, errors)}
${field('email', signIn.email, `type="email" autocomplete="email" required value="${escapeHtml(entered.email)}"`, errors)}
${field('password', signIn.password, `type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}"`, errors, form.passwordHint)}
${field('confirm', form.confirmPassword, 'type="password" autocomplete="new-password" required', errors)}
<label class="check" for="terms"><input id="terms" name="terms" type="checkbox" value="yes" required${termsError ? ' aria-invalid="true" aria-describedby="terms-error"' : ''}>
<span>${words.acceptTerms}</span></label>
${termsError ? `<p id="terms-error" class="field-error">${escapeHtml(termsError)}</p>` : ''}
<button type="submit">${words.createAccount}</button></form>
<p>${words.haveAccount} <a href="${inLanguage('/identity/sign-in', lang)}">${words.signIn}</a></p>`;
}

/** The form that asks for a new verification link (the sign-in page's refusal shows it with the address filled in). */
export function resendForm(lang: PageLanguage, csrf: string, email: string, asField = true): string {
  return `<form method="post" action="/identity/resend-verification" novalidate>
${hidden('csrf', csrf)}${languageField(lang)}${
    asField
      ? `<label for="resend-email">${SIGN_IN_TEXT[lang].email}</label><input id="resend-email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">`
      : hidden('email', email)
  }
<button type="submit">${signUpText(lang).resendTitle}</button></form>`;
}

const formText = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');

/** Each field's first rule broken, in the app's wording (contracts' rules and messages). */
function check(form: Record<string, unknown>, entered: Entered): FieldErrors {
  const errors: FieldErrors = {};
  const rules = { first_name: PersonName, last_name: PersonName, email: Email } as const;
  for (const name of ['first_name', 'last_name', 'email'] as const) {
    if (!entered[name]) errors[name] = SIGN_UP_MSG.required;
    else {
      const parsed = rules[name].safeParse(entered[name]);
      if (!parsed.success) errors[name] = parsed.error.issues[0]?.message ?? MSG.missingDetails;
    }
  }
  const password = formText(form, 'password');
  const parsed = Password.safeParse(password);
  if (!password) errors.password = SIGN_UP_MSG.required;
  else if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? MSG.missingDetails;
  if (!formText(form, 'confirm')) errors.confirm = SIGN_UP_MSG.required;
  else if (formText(form, 'confirm') !== password) errors.confirm = SIGN_UP_MSG.passwordsMismatch;
  if (form.terms !== 'yes') errors.terms = SIGN_UP_MSG.acceptTerms;
  return errors;
}

/**
 * /identity/sign-up, where a new customer creates a b2c account (the same "check your e-mail" answer
 * whatever the address), /identity/verify-email, the e-mailed link that confirms the address, and
 * /identity/resend-verification, which sends the link again.
 */
export async function signUpPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const html = (reply: FastifyReply, lang: PageLanguage, status: number, title: string, body: string) => sendPage(reply, ctx.config.productName, status, title, body, lang);
  const sent = (reply: FastifyReply, lang: PageLanguage) =>
    html(reply, lang, 200, signUpText(lang).sentTitle, `${alert(signUpText(lang).sent, 'ok')}<p><a href="${inLanguage('/identity/sign-in', lang)}">${FORM_TEXT[lang].backToSignIn}</a></p>`);
  /** A refusal of the limits (429 with its wait) shown on the page it came from. */
  const refused = (reply: FastifyReply, error: unknown): AppError => {
    if (!(error instanceof AppError)) throw error;
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    return error;
  };

  app.get('/sign-up', { config: { access: PUBLIC }, schema: { hide: true } }, (request, reply) => {
    const lang = pageLanguage(request);
    return html(reply, lang, 200, signUpText(lang).title, signUpForm(lang, issueCsrf(reply), { first_name: '', last_name: '', email: '' }));
  });

  app.post('/sign-up', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const entered: Entered = { first_name: formText(form, 'first_name').trim(), last_name: formText(form, 'last_name').trim(), email: formText(form, 'email').trim() };
    const lang = pageLanguage(request);
    const again = (status: number, errors: FieldErrors, message?: string) => html(reply, lang, status, signUpText(lang).title, signUpForm(lang, issueCsrf(reply), entered, errors, message));
    if (!(await csrfValid(app, request))) return again(403, {}, signUpText(lang).formExpired);
    if (hasControlCharacters(form)) return again(400, {}, MSG.controlCharacters);
    const errors = check(form, entered);
    if (Object.keys(errors).length > 0) return again(400, errors);
    try {
      await signUp(ctx.identity, callerOf(request), {
        firstName: PersonName.parse(entered.first_name),
        lastName: PersonName.parse(entered.last_name),
        email: Email.parse(entered.email),
        password: formText(form, 'password'),
      });
    } catch (error) {
      const refusal = refused(reply, error);
      return again(refusal.statusCode, {}, refusal.message);
    }
    return sent(reply, lang);
  });

  app.get('/verify-email', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const lang = pageLanguage(request);
    const t = signUpText(lang);
    const outcome = await verifyEmail(ctx.identity, callerOf(request), token);
    if (outcome.ok) {
      return html(reply, lang, 200, t.verifiedTitle, `${alert(t.verified, 'ok')}<form method="get" action="/login"><button type="submit">${SIGN_IN_TEXT[lang].signIn}</button></form>`);
    }
    const expired = outcome.reason === 'expired';
    return html(
      reply,
      lang,
      expired ? 410 : 404,
      t.linkTitle,
      `${alert(expired ? t.linkExpired : t.linkInvalid)}${resendForm(lang, issueCsrf(reply), outcome.email ?? '')}<p><a href="${inLanguage('/identity/sign-in', lang)}">${FORM_TEXT[lang].goToSignIn}</a></p>`,
    );
  });

  app.post('/resend-verification', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = formText(form, 'email').trim();
    const lang = pageLanguage(request);
    const again = (status: number, error: string) => html(reply, lang, status, signUpText(lang).resendTitle, `${alert(pageMessage(error, lang))}${resendForm(lang, issueCsrf(reply), email)}`);
    if (!(await csrfValid(app, request))) return again(403, signUpText(lang).formExpired);
    if (hasControlCharacters(form)) return again(400, MSG.controlCharacters);
    if (!email) return again(400, MSG.missingDetails);
    const parsed = Email.safeParse(email);
    if (!parsed.success) return again(400, parsed.error.issues[0]?.message ?? MSG.missingDetails);
    try {
      await resendVerification(ctx.identity, callerOf(request), parsed.data);
    } catch (error) {
      const refusal = refused(reply, error);
      return again(refusal.statusCode, refusal.message);
    }
    return sent(reply, lang);
  });
}
