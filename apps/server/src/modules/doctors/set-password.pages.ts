import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MSG, Password, PASSWORD_MIN, ROTA_MSG, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { alert, csrfValid, escapeHtml, hasControlCharacters, hidden, issueCsrf, sendPage } from '../../platform/pages';
import { issueLoginToken } from '../identity';
import { acceptInvitation, invitationFor } from './service';

const TITLE = 'Set your password';

function passwordForm(csrf: string, token: string, email: string, errors: string[] = []): string {
  return `${errors.length > 0 ? alert(errors.join(' ')) : ''}
<p>Choose a password for <strong>${escapeHtml(email)}</strong>.</p>
<form method="post" action="/identity/set-password" novalidate>
${hidden('csrf', csrf)}${hidden('token', token)}
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint">
<p id="password-hint" class="hint">At least ${PASSWORD_MIN} characters.</p>
<label for="confirm">Confirm password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button></form>`;
}

/**
 * /identity/set-password: where a practitioner invited by a shift manager sets their password.
 * The link's token names the invitation; on success the browser signs in through /verify-token.
 */
export async function setPasswordPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const html = (reply: FastifyReply, status: number, body: string, title = TITLE) => sendPage(reply, ctx.config.productName, status, title, body);
  const unusable = (reply: FastifyReply, reason: 'invalid' | 'expired') =>
    html(reply, reason === 'expired' ? 410 : 404, `${alert(reason === 'expired' ? ROTA_MSG.invitationExpired : ROTA_MSG.invitationInvalid)}<p><a href="/login">Go to sign in</a></p>`, 'Invitation not valid');

  app.get('/set-password', { config: { access: PUBLIC }, schema: { hide: true, querystring: z.object({ token: text().max(200).optional() }) } }, async (request, reply) => {
    const token = (request.query as { token?: string }).token ?? '';
    const invitation = await invitationFor(ctx.doctors, token);
    if (!invitation.ok) return unusable(reply, invitation.reason);
    return html(reply, 200, passwordForm(issueCsrf(reply), token, invitation.email));
  });

  app.post('/set-password', { config: { access: PUBLIC }, schema: { hide: true, body: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const form = request.body as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token : '';
    const invitation = await invitationFor(ctx.doctors, token);
    if (!invitation.ok) return unusable(reply, invitation.reason);
    const again = (status: number, errors: string[]) => html(reply, status, passwordForm(issueCsrf(reply), token, invitation.email, errors));
    if (!(await csrfValid(app, request))) return again(403, ['Your form expired. Please try again.']);
    if (hasControlCharacters(form)) return again(400, [MSG.controlCharacters]);
    const password = typeof form.password === 'string' ? form.password : '';
    if (!password || typeof form.confirm !== 'string' || !form.confirm) return again(400, [MSG.missingDetails]);
    const parsed = Password.safeParse(password);
    if (!parsed.success) return again(400, parsed.error.issues.map((issue) => `Password: ${issue.message}.`));
    if (password !== form.confirm) return again(400, ['The passwords do not match.']);
    try {
      const { userId, roleId } = await acceptInvitation(ctx.doctors, callerOf(request), token, await hashPassword(password));
      const loginToken = await issueLoginToken(ctx.identity, userId, roleId, 'set-password');
      return reply.redirect(`/verify-token?token=${encodeURIComponent(loginToken)}`, 303);
    } catch (error) {
      if (error instanceof AppError) return again(error.statusCode, [error.message]);
      throw error;
    }
  });
}
