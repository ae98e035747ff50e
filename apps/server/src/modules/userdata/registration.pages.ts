import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CreateUserRequest, MSG, PASSWORD_MIN, text, USERDATA_MSG } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { callerOf } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
import { issueLoginToken } from '../identity';
import { completeRegistration, invitationFor } from './service';

const TITLE = 'Create your account';

/** The person's details, with the identity service's own rules for names, dates of birth and passwords. */
const RegistrationDetails = CreateUserRequest.pick({ first_name: true, last_name: true, date_of_birth: true, password: true, telephone: true });

const LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  telephone: 'Telephone',
  password: 'Password',
};

interface Entered {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  telephone: string;
}

const field = (id: string, label: string, attributes: string) =>
  `<label for="${id}">${label}</label><input id="${id}" name="${id}" ${attributes}>`;

function registrationForm(csrf: string, token: string, email: string, organisationName: string, today: string, entered: Entered, errors: string[] = []): string {
  const errorList = errors.length > 0 ? alert(errors.join(' ')) : '';
  return `${errorList}
<p>${escapeHtml(organisationName)} has invited <strong>${escapeHtml(email)}</strong>. Enter your details to create your account.</p>
<form method="post" action="/identity/register" novalidate>
${hidden('csrf', csrf)}${hidden('token', token)}
${field('first_name', 'First name', `autocomplete="given-name" required value="${escapeHtml(entered.first_name)}"`)}
${field('last_name', 'Last name', `autocomplete="family-name" required value="${escapeHtml(entered.last_name)}"`)}
${field('date_of_birth', 'Date of birth', `type="date" min="1901-01-01" max="${today}" autocomplete="bday" required value="${escapeHtml(entered.date_of_birth)}"`)}
${field('telephone', 'Telephone (optional)', `type="tel" autocomplete="tel" value="${escapeHtml(entered.telephone)}"`)}
${field('password', 'Password', `type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint"`)}
<p id="password-hint" class="hint">At least ${PASSWORD_MIN} characters.</p>
${field('confirm', 'Confirm password', 'type="password" autocomplete="new-password" required')}
<button type="submit">Create account</button></form>`;
}

const formText = (form: Record<string, unknown>, key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');

/** 'YYYY-MM-DD' from a date input, as epoch seconds at 00:00 UTC; NaN when it is not a date. */
function dateInputToEpoch(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? time / 1000 : Number.NaN;
}

/**
 * /identity/register: where an invited employee creates their account. The invitation link's
 * token names the registration; on success the person is a patient of the inviting organisation,
 * the registration is registered, and the browser signs in through /verify-token.
 */
export async function registrationPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { productName } = ctx.config;
  const html = (reply: FastifyReply, status: number, title: string, body: string) => sendPage(reply, productName, status, title, body);
  const today = () => new Date(ctx.clock.now()).toISOString().slice(0, 10);
  const unusable = (reply: FastifyReply, reason: 'invalid' | 'expired') =>
    html(reply, reason === 'expired' ? 410 : 404, 'Invitation not valid', `${alert(reason === 'expired' ? USERDATA_MSG.invitationExpired : USERDATA_MSG.invitationInvalid)}<p><a href="/login">Go to sign in</a></p>`);

  app.get('/register', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const invitation = await invitationFor(ctx.userdata, token);
    if (!invitation.ok) return unusable(reply, invitation.reason);
    const blank = { first_name: '', last_name: '', date_of_birth: '', telephone: '' };
    return html(reply, 200, TITLE, registrationForm(issueCsrf(reply), token, invitation.registration.email, invitation.organisationName, today(), blank));
  });

  app.post('/register', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const token = formText(form, 'token');
    const invitation = await invitationFor(ctx.userdata, token);
    if (!invitation.ok) return unusable(reply, invitation.reason);
    const entered: Entered = { first_name: formText(form, 'first_name'), last_name: formText(form, 'last_name'), date_of_birth: formText(form, 'date_of_birth'), telephone: formText(form, 'telephone') };
    const again = (status: number, errors: string[]) =>
      html(reply, status, TITLE, registrationForm(issueCsrf(reply), token, invitation.registration.email, invitation.organisationName, today(), entered, errors));

    if (!(await csrfValid(app, request))) return again(403, ['Your form expired. Please try again.']);
    if (hasControlCharacters(form)) return again(400, [MSG.controlCharacters]);
    const password = typeof form.password === 'string' ? form.password : '';
    if (!entered.first_name || !entered.last_name || !entered.date_of_birth || !password || typeof form.confirm !== 'string' || !form.confirm) {
      return again(400, [MSG.missingDetails]);
    }
    const parsed = RegistrationDetails.safeParse({
      first_name: entered.first_name,
      last_name: entered.last_name,
      date_of_birth: dateInputToEpoch(entered.date_of_birth),
      password,
      telephone: entered.telephone || undefined,
    });
    const errors = parsed.success ? [] : parsed.error.issues.map((issue) => `${LABELS[String(issue.path[0])] ?? 'Details'}: ${issue.message}.`);
    if (parsed.success && parsed.data.date_of_birth > epochSeconds(ctx.clock.now())) errors.push('Date of birth: cannot be in the future.');
    if (password !== form.confirm) errors.push('The passwords do not match.');
    if (!parsed.success || errors.length > 0) return again(400, errors);

    try {
      const { userId, roleId } = await completeRegistration(ctx.userdata, callerOf(request), token, {
        ...parsed.data,
        passwordHash: await hashPassword(parsed.data.password),
      });
      const loginToken = await issueLoginToken(ctx.identity, userId, roleId, 'registration');
      return reply.redirect(`/verify-token?token=${encodeURIComponent(loginToken)}`, 303);
    } catch (error) {
      if (error instanceof AppError) return again(error.statusCode, [error.message]);
      throw error;
    }
  });
}
