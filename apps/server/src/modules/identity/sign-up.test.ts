import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMAIL_VERIFICATION_HOURS, MSG, SIGN_UP_MSG, VALIDATION_MSG } from '@vireo/contracts';
import { auditEvents, roles, users } from '../../db/schema';
import { openForm } from '../../test/forms';
import { createHarness, uniqueEmail, type Harness } from '../../test/harness';
import { SIGN_UP_TEXT } from './sign-up.pages';

const MAIL_PER_ADDRESS = 8;
const B2C_ORGANISATION = `Sign-ups ${Date.now()}`;

let h: Harness;
let b2cOrg: string;
beforeAll(async () => {
  h = await createHarness({ mailPerSender: MAIL_PER_ADDRESS, mailPerRecipient: 3, b2cOrganisation: B2C_ORGANISATION });
  b2cOrg = await h.org({ name: B2C_ORGANISATION });
});
afterAll(() => h.close());

let addresses = 0;
/** A client address of its own per request, so the per-address limit counts only what a test means it to. */
const newAddress = () => `203.0.113.${++addresses}`;

async function submit(url: string, fields: Record<string, string>, ip = newAddress(), formUrl = url) {
  const { cookie, csrf } = await openForm(h.app, formUrl);
  return h.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
    remoteAddress: ip,
  });
}

const PASSWORD = 'a long enough password';
const person = (email: string) => ({ first_name: 'Nadia', last_name: 'Khan', email, password: PASSWORD, confirm: PASSWORD, terms: 'yes' });
const signUp = (fields: Record<string, string>, ip?: string) => submit('/identity/sign-up', fields, ip);
const signIn = (email: string, password = PASSWORD) => submit('/identity/sign-in', { email, password });
/** "Send the link again", from the form a page showed (the sign-in refusal's by default). */
const resend = (email: string, ip = newAddress(), formUrl = '/identity/sign-in') => submit('/identity/resend-verification', { email }, ip, formUrl);
const verifyUrl = (token: string) => `/identity/verify-email?token=${encodeURIComponent(token)}`;
const withoutCsrf = (body: string) => body.replace(/name="csrf" value="[^"]+"/g, '');

async function verificationToken(email: string): Promise<string> {
  const mail = (await h.mails({ recipient: email, template: 'identity.verify_email' })).at(-1);
  const token = /\/identity\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1];
  return decodeURIComponent(token!);
}

describe('/identity/sign-up', () => {
  it('the sign-in page links to it, and it shows a labelled form', async () => {
    const { res } = await openForm(h.app, '/identity/sign-in');
    expect(res.body).toContain('<a href="/identity/sign-up">Create an account</a>');
    const form = await openForm(h.app, '/identity/sign-up');
    expect(form.res.statusCode).toBe(200);
    expect(form.res.headers['cache-control']).toBe('no-store');
    for (const id of ['first_name', 'last_name', 'email', 'password', 'confirm', 'terms']) expect(form.res.body).toContain(`for="${id}"`);
  });

  it('creates an unverified b2c account, e-mails a one-day link that verifies it once, and then it signs in', async () => {
    const email = uniqueEmail('newcomer');
    const page = await signUp(person(email.toUpperCase()));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SIGN_UP_TEXT.sent);

    const [user] = await h.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Nadia', lastName: 'Khan', organisationId: b2cOrg, emailVerifiedAt: null });
    expect(await h.ctx.database.db.select({ name: roles.name, org: roles.organisationId }).from(roles).where(eq(roles.userId, user!.id))).toEqual([{ name: 'b2c', org: b2cOrg }]);

    const [mail] = await h.mails({ recipient: email, template: 'identity.verify_email' });
    expect(mail?.subject).toBe('Confirm your e-mail address for Vireo');
    expect(mail?.body).toContain(`for ${EMAIL_VERIFICATION_HOURS} hours`);
    const token = await verificationToken(email);

    const refused = await signIn(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(SIGN_UP_MSG.emailNotVerified);
    expect(refused.body).toContain('action="/identity/resend-verification"');
    expect((await h.call('POST', '/api/login/auth', { body: { email, password: PASSWORD } })).status).toBe(403);

    const verified = await h.app.inject({ method: 'GET', url: verifyUrl(token) });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain(SIGN_UP_TEXT.verified);
    expect(verified.body).toContain('<form method="get" action="/login"><button type="submit">Sign in</button></form>');

    const signedIn = await signIn(email);
    expect(signedIn.statusCode).toBe(303);
    const loginToken = /^\/verify-token\?token=([A-Za-z0-9_-]+)$/.exec(String(signedIn.headers.location))?.[1];
    const session = await h.call('GET', `/api/login/token/${loginToken}`);
    expect(session.body).toMatchObject({ user: { email }, role: { name: 'b2c', organisation_id: b2cOrg } });

    const used = await h.app.inject({ method: 'GET', url: verifyUrl(token) });
    expect(used.statusCode).toBe(404);
    expect(used.body).toContain(SIGN_UP_TEXT.linkInvalid);
    expect(used.body).toContain('action="/identity/resend-verification"');

    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'user.email_verified'), eq(auditEvents.resourceId, user!.id)));
    expect(audited).toHaveLength(1);
  });

  it('answers an address already registered exactly as a new one, and e-mails its owner that they have an account', async () => {
    const owner = await h.user({ org: await h.org(), roles: ['patient'] });
    const fresh = uniqueEmail('fresh');
    const taken = await signUp(person(owner.user.email));
    const free = await signUp(person(fresh));
    expect(taken.statusCode).toBe(free.statusCode);
    expect(withoutCsrf(taken.body)).toBe(withoutCsrf(free.body));

    const mails = await h.mails({ recipient: owner.user.email });
    expect(mails.map((m) => m.template)).toEqual(['identity.already_registered']);
    expect(mails[0]!.body).toContain('/identity/forgot-password');
    const [still] = await h.ctx.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(still).toMatchObject({ firstName: 'Test', passwordHash: owner.user.passwordHash });
    expect((await signIn(owner.user.email, owner.password)).statusCode).toBe(303);
  });

  it('shows each bad field its own message and keeps what was entered', async () => {
    const email = uniqueEmail('bad');
    const empty = await signUp({ first_name: '', last_name: '', email: '', password: '', confirm: '' });
    expect(empty.statusCode).toBe(400);
    for (const id of ['first_name', 'last_name', 'email', 'password', 'confirm']) {
      expect(empty.body).toContain(`<p id="${id}-error" class="field-error">${SIGN_UP_MSG.required}</p>`);
    }
    expect(empty.body).toContain(`<p id="terms-error" class="field-error">${SIGN_UP_MSG.acceptTerms}</p>`);

    const cases: [Record<string, string>, string, string][] = [
      [{ first_name: 'N4dia' }, 'first_name', VALIDATION_MSG.personName],
      [{ last_name: 'K' }, 'last_name', ''],
      [{ email: 'not-an-address' }, 'email', VALIDATION_MSG.email],
      [{ password: 'short', confirm: 'short' }, 'password', VALIDATION_MSG.passwordTooShort],
      [{ confirm: 'another long password' }, 'confirm', SIGN_UP_MSG.passwordsMismatch],
      [{ terms: '' }, 'terms', SIGN_UP_MSG.acceptTerms],
    ];
    for (const [change, id, message] of cases) {
      const fields = { ...person(email), ...change };
      const res = await signUp(fields);
      expect(res.statusCode, id).toBe(400);
      expect(res.body).toContain(`<p id="${id}-error" class="field-error">${message}`);
      expect(res.body).toContain(`aria-describedby="${id === 'password' ? 'password-hint ' : ''}${id}-error"`);
      expect(res.body).toContain(`id="last_name" name="last_name" autocomplete="family-name" required value="${fields.last_name}"`);
    }
    const nul = await signUp({ ...person(email), first_name: 'Na\u0000dia' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain(MSG.controlCharacters);
    expect(await h.ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await h.mails({ recipient: email })).toEqual([]);
  });

  it('refuses a forged form', async () => {
    const email = uniqueEmail('forged');
    const res = await h.app.inject({
      method: 'POST',
      url: '/identity/sign-up',
      headers: { cookie: 'vireo_csrf=forged', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf: 'other', ...person(email) }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(SIGN_UP_TEXT.formExpired);
    expect(await h.ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('limits the e-mails per recipient and per client address (429), whether or not the address is taken', async () => {
    const email = uniqueEmail('again');
    for (let i = 0; i < 3; i += 1) expect((await signUp(person(email))).statusCode).toBe(200);
    const refused = await signUp(person(email));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await resend(email)).statusCode).toBe(429);
    expect(await h.mails({ recipient: email, template: 'identity.verify_email' })).toHaveLength(3);

    const ip = newAddress();
    for (let i = 0; i < MAIL_PER_ADDRESS; i += 1) expect((await signUp(person(uniqueEmail('crowd')), ip)).statusCode).toBe(200);
    expect((await signUp(person(uniqueEmail('crowd')), ip)).statusCode).toBe(429);
    expect((await resend(uniqueEmail('crowd'), ip)).statusCode).toBe(429);
  });

  it('offers a new link for an expired one; the new link closes the older and verifies', async () => {
    const email = uniqueEmail('late');
    await signUp(person(email));
    const first = await verificationToken(email);
    const before = h.clock.now();
    try {
      h.clock.advance(EMAIL_VERIFICATION_HOURS * 3600 * 1000);
      const expired = await h.app.inject({ method: 'GET', url: verifyUrl(first) });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(SIGN_UP_TEXT.linkExpired);
      expect(expired.body).toContain(`name="email" type="email" autocomplete="email" required value="${email}"`);

      const resent = await resend(email, newAddress(), verifyUrl(first));
      expect(resent.statusCode).toBe(200);
      expect(resent.body).toContain(SIGN_UP_TEXT.sent);
      const second = await verificationToken(email);
      expect(second).not.toBe(first);
      expect((await h.app.inject({ method: 'GET', url: verifyUrl(first) })).statusCode).toBe(404);
      expect((await h.app.inject({ method: 'GET', url: verifyUrl(second) })).statusCode).toBe(200);
      expect((await signIn(email)).statusCode).toBe(303);
    } finally {
      h.clock.set(before);
    }
  });

  it('sends the link again from the sign-in refusal, and nothing to a verified or unknown address', async () => {
    const email = uniqueEmail('resend');
    await signUp(person(email));
    const refusal = await signIn(email);
    expect(refusal.body).toContain(`<input type="hidden" name="email" value="${email}">`);
    expect((await resend(email)).statusCode).toBe(200);
    expect(await h.mails({ recipient: email, template: 'identity.verify_email' })).toHaveLength(2);

    const verified = await h.user({ org: await h.org(), roles: ['b2c'] });
    const ghost = uniqueEmail('ghost');
    const known = await resend(verified.user.email);
    const unknown = await resend(ghost);
    expect(withoutCsrf(known.body)).toBe(withoutCsrf(unknown.body));
    expect(await h.mails({ recipient: verified.user.email })).toEqual([]);
    expect(await h.mails({ recipient: ghost })).toEqual([]);
    expect((await resend('nope')).statusCode).toBe(400);
  });

  it('a password reset through its e-mailed link verifies the address too', async () => {
    const email = uniqueEmail('forgetful');
    await signUp(person(email));
    await submit('/identity/forgot-password', { email });
    const mail = (await h.mails({ recipient: email, template: 'identity.password_reset' })).at(-1);
    const token = decodeURIComponent(/\/identity\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '');
    const url = `/identity/reset-password?token=${encodeURIComponent(token)}`;
    expect((await submit('/identity/reset-password', { token, password: 'a fresh long password', confirm: 'a fresh long password' }, newAddress(), url)).statusCode).toBe(200);
    expect((await signIn(email, 'a fresh long password')).statusCode).toBe(303);
  });

  it('a made-up or missing token shows the invalid-link page', async () => {
    for (const url of [verifyUrl('made-up'), '/identity/verify-email']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(SIGN_UP_TEXT.linkInvalid);
    }
  });
});
