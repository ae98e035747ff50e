import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EMAIL_VERIFICATION_HOURS, Email, MSG, Password, PASSWORD_MIN, PersonName, SIGN_UP_MSG, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
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

function signUpForm(csrf: string, entered: Entered, errors: FieldErrors = {}, message?: string): string {
  const termsError = errors.terms;
  return `${alert(message)}
<p>${escapeHtml(SIGN_UP_TEXT.intro)}</p>
<form method="post" action="/identity/sign-up" novalidate>
${hidden('csrf', csrf)}
${field('first_name', 'First name', `autocomplete="given-name" required value="${escapeHtml(entered.first_name)}"`, errors)}
${field('last_name', 'Last name', `autocomplete="family-name" required value="${escapeHtml(entered.last_name)}"`, errors)}
${field('email', 'E-mail address', `type="email" autocomplete="email" required value="${escapeHtml(entered.email)}"`, errors)}
${field('password', 'Password', `type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}"`, errors, `At least ${PASSWORD_MIN} characters.`)}
${field('confirm', 'Confirm password', 'type="password" autocomplete="new-password" required', errors)}
<label class="check" for="terms"><input id="terms" name="terms" type="checkbox" value="yes" required${termsError ? ' aria-invalid="true" aria-describedby="terms-error"' : ''}>
<span>I accept the <a href="/en/consultation/terms">terms and conditions</a></span></label>
${termsError ? `<p id="terms-error" class="field-error">${escapeHtml(termsError)}</p>` : ''}
<button type="submit">Create account</button></form>
<p>Already have an account? <a href="/identity/sign-in">Sign in</a></p>`;
}

/** The form that asks for a new verification link (the sign-in page's refusal shows it with the address filled in). */
export function resendForm(csrf: string, email: string, asField = true): string {
  return `<form method="post" action="/identity/resend-verification" novalidate>
${hidden('csrf', csrf)}${
    asField
      ? `<label for="resend-email">E-mail address</label><input id="resend-email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">`
      : hidden('email', email)
  }
<button type="submit">${SIGN_UP_TEXT.resendTitle}</button></form>`;
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
  const html = (reply: FastifyReply, status: number, title: string, body: string) => sendPage(reply, ctx.config.productName, status, title, body);
  const sent = (reply: FastifyReply) => html(reply, 200, SIGN_UP_TEXT.sentTitle, `${alert(SIGN_UP_TEXT.sent, 'ok')}<p><a href="/identity/sign-in">Back to sign in</a></p>`);
  /** A refusal of the limits (429 with its wait) shown on the page it came from. */
  const refused = (reply: FastifyReply, error: unknown): AppError => {
    if (!(error instanceof AppError)) throw error;
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    return error;
  };

  app.get('/sign-up', { config: { access: PUBLIC }, schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, SIGN_UP_TEXT.title, signUpForm(issueCsrf(reply), { first_name: '', last_name: '', email: '' })),
  );

  app.post('/sign-up', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const entered: Entered = { first_name: formText(form, 'first_name').trim(), last_name: formText(form, 'last_name').trim(), email: formText(form, 'email').trim() };
    const again = (status: number, errors: FieldErrors, message?: string) => html(reply, status, SIGN_UP_TEXT.title, signUpForm(issueCsrf(reply), entered, errors, message));
    if (!(await csrfValid(app, request))) return again(403, {}, SIGN_UP_TEXT.formExpired);
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
    return sent(reply);
  });

  app.get('/verify-email', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const outcome = await verifyEmail(ctx.identity, callerOf(request), token);
    if (outcome.ok) {
      return html(reply, 200, SIGN_UP_TEXT.verifiedTitle, `${alert(SIGN_UP_TEXT.verified, 'ok')}<form method="get" action="/login"><button type="submit">Sign in</button></form>`);
    }
    const expired = outcome.reason === 'expired';
    return html(
      reply,
      expired ? 410 : 404,
      SIGN_UP_TEXT.linkTitle,
      `${alert(expired ? SIGN_UP_TEXT.linkExpired : SIGN_UP_TEXT.linkInvalid)}${resendForm(issueCsrf(reply), outcome.email ?? '')}<p><a href="/identity/sign-in">Go to sign in</a></p>`,
    );
  });

  app.post('/resend-verification', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const email = formText(form, 'email').trim();
    const again = (status: number, error: string) => html(reply, status, SIGN_UP_TEXT.resendTitle, `${alert(error)}${resendForm(issueCsrf(reply), email)}`);
    if (!(await csrfValid(app, request))) return again(403, SIGN_UP_TEXT.formExpired);
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
    return sent(reply);
  });
}
