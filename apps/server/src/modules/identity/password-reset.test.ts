import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@vireo/contracts';
import { auditEvents, users } from '../../db/schema';
import { openForm } from '../../test/forms';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { PASSWORD_RESET_SECONDS } from './password-reset';
import { RESET_TEXT } from './password-reset.pages';

const MAIL_PER_ADDRESS = 8;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ mailPerSender: MAIL_PER_ADDRESS, mailPerRecipient: 3 });
});
afterAll(() => h.close());

let addresses = 0;
/** A client address of its own per test, so the per-address limit counts only that test's requests. */
const newAddress = () => `198.51.100.${++addresses}`;

/** Opens a form page and posts it from one client address, as a browser does. */
async function submit(url: string, fields: Record<string, string>, ip: string, formUrl = url) {
  const { cookie, csrf } = await openForm(h.app, formUrl);
  return h.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
    remoteAddress: ip,
  });
}

const forgot = (email: string, ip = newAddress()) => submit('/identity/forgot-password', { email }, ip);

async function resetToken(email: string): Promise<string> {
  const mail = (await h.mails({ recipient: email, template: 'identity.password_reset' })).at(-1);
  const token = /\/identity\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1];
  return decodeURIComponent(token!);
}

const resetUrl = (token: string) => `/identity/reset-password?token=${encodeURIComponent(token)}`;
const setNew = (token: string, password: string, confirm = password) =>
  submit('/identity/reset-password', { token, password, confirm }, newAddress(), resetUrl(token));
const signIn = (u: TestUser, password: string) => h.call('POST', '/api/login/auth', { body: { email: u.user.email, password } });

describe('/identity/forgot-password and /identity/reset-password', () => {
  it('the sign-in page links to it', async () => {
    const { res } = await openForm(h.app, '/identity/sign-in');
    expect(res.body).toContain('<a href="/identity/forgot-password">Forgot password?</a>');
  });

  it('e-mails a one-time link that sets a new password and ends every session', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    const page = await forgot(u.user.email.toUpperCase());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(RESET_TEXT.sent);
    const [mail] = await h.mails({ recipient: u.user.email, template: 'identity.password_reset' });
    expect(mail?.subject).toBe('Reset your Vireo password');
    const token = await resetToken(u.user.email);

    const form = await h.app.inject({ method: 'GET', url: resetUrl(token) });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(u.user.email);
    expect(form.headers['cache-control']).toBe('no-store');

    const done = await setNew(token, 'a fresh long password');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(RESET_TEXT.done);
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
    expect((await signIn(u, u.password)).status).toBe(401);
    expect((await signIn(u, 'a fresh long password')).status).toBe(200);
    const audited = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.password_reset'), eq(auditEvents.resourceId, u.user.id)));
    expect(audited).toHaveLength(1);

    const reused = await h.app.inject({ method: 'GET', url: resetUrl(token) });
    expect(reused.statusCode).toBe(404);
    expect(reused.body).toContain(RESET_TEXT.linkInvalid);
    expect((await setNew(token, 'yet another password')).statusCode).toBe(404);
    expect((await signIn(u, 'a fresh long password')).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    const ghost = uniqueEmail('ghost');
    const known = await forgot(u.user.email);
    const unknown = await forgot(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    const withoutCsrf = (body: string) => body.replace(/name="csrf" value="[^"]+"/, '');
    expect(withoutCsrf(unknown.body)).toBe(withoutCsrf(known.body));
    expect(await h.mails({ recipient: ghost })).toEqual([]);
    expect(await h.mails({ recipient: u.user.email, template: 'identity.password_reset' })).toHaveLength(1);
  });

  it('sends nothing for a disabled account', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    await h.ctx.database.db.update(users).set({ disabledAt: h.clock.now() }).where(eq(users.id, u.user.id));
    expect((await forgot(u.user.email)).statusCode).toBe(200);
    expect(await h.mails({ recipient: u.user.email, template: 'identity.password_reset' })).toEqual([]);
  });

  it('refuses an expired link and one a newer link replaced', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    const before = h.clock.now();
    try {
      await forgot(u.user.email);
      const first = await resetToken(u.user.email);
      h.clock.advance(1000);
      await forgot(u.user.email);
      const second = await resetToken(u.user.email);
      expect(second).not.toBe(first);
      expect((await h.app.inject({ method: 'GET', url: resetUrl(first) })).statusCode).toBe(404);

      h.clock.advance(PASSWORD_RESET_SECONDS * 1000 - 1000);
      expect((await h.app.inject({ method: 'GET', url: resetUrl(second) })).statusCode).toBe(200);
      h.clock.advance(1000);
      const expired = await h.app.inject({ method: 'GET', url: resetUrl(second) });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(RESET_TEXT.linkExpired);
      expect((await setNew(second, 'a fresh long password')).statusCode).toBe(410);
    } finally {
      h.clock.set(before);
    }
    expect((await signIn(u, u.password)).status).toBe(200);
  });

  it('limits the e-mails to one recipient and from one client address, whether or not an account exists', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    const ghost = uniqueEmail('ghost');
    for (const email of [u.user.email, ghost]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode).toBe(200);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    }
    expect(await h.mails({ recipient: u.user.email, template: 'identity.password_reset' })).toHaveLength(3);

    const ip = newAddress();
    for (let i = 0; i < MAIL_PER_ADDRESS; i += 1) expect((await forgot(uniqueEmail('someone'), ip)).statusCode).toBe(200);
    expect((await forgot(uniqueEmail('someone'), ip)).statusCode).toBe(429);
    expect((await forgot(uniqueEmail('someone'))).statusCode).toBe(200);
  });

  it('refuses bad input: no address, not an address, a control character, a forged form, a short or unmatched password, an unknown link', async () => {
    expect(await forgot('')).toMatchObject({ statusCode: 400, body: expect.stringContaining(MSG.missingDetails) });
    expect((await forgot('not-an-address')).statusCode).toBe(400);
    expect((await forgot('a\u0000b@example.test')).statusCode).toBe(400);
    const forged = await h.app.inject({
      method: 'POST',
      url: '/identity/forgot-password',
      headers: { cookie: 'vireo_csrf=forged', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'csrf=other&email=someone%40example.test',
    });
    expect(forged.statusCode).toBe(403);

    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    await forgot(u.user.email);
    const token = await resetToken(u.user.email);
    expect((await setNew(token, 'short')).statusCode).toBe(400);
    expect(await setNew(token, 'a fresh long password', 'another long password')).toMatchObject({ statusCode: 400, body: expect.stringContaining(RESET_TEXT.mismatch) });
    expect((await h.app.inject({ method: 'GET', url: resetUrl('made-up') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/identity/reset-password' })).statusCode).toBe(404);
    expect((await setNew(token, 'a fresh long password')).statusCode).toBe(200);
  });
});
