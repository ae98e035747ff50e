import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, signInDelayedMessage } from '@vireo/contracts';
import { auditEvents } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness } from '../../test/harness';
import { openForm } from '../../test/forms';
import { signInDelaySeconds } from './service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ sessionIdleMinutes: 60, sessionMaxHours: 12, loginTokenSeconds: 120 });
});
afterAll(() => h.close());

async function signIn(email: string, password: string, ip?: string) {
  return h.call('POST', '/api/login/auth', { body: { email, password }, ip });
}

describe('POST /api/login/auth', () => {
  it('answers the roles and a one-time token for the right password', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['manager', 'patient'] });
    const res = await signIn(u.user.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['manager', 'patient']);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers "Missing details." when a field is absent', async () => {
    const res = await h.call('POST', '/api/login/auth', { body: { email: 'a@b.co' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MSG.missingDetails });
  });

  it('gives the same answer for a wrong password and an unknown account, and audits both', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const wrong = await signIn(u.user.email, 'not the password');
    const unknown = await signIn(uniqueEmail('nobody'), 'whatever-password');
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: MSG.unableToAuthenticate } });
    const rows = await h.ctx.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, u.user.id));
    expect(rows.some((r) => r.action === 'auth.sign_in' && r.outcome === 'failure')).toBe(true);
  });

  it('refuses a disabled account', async () => {
    const org = await h.org();
    const admin = await h.user({ org, roles: ['super_admin'] });
    const u = await h.user({ org, roles: ['patient'] });
    expect((await h.call('PATCH', `/api/identity/users/${u.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect((await signIn(u.user.email, u.password)).status).toBe(401);
  });

  it('slows the address that guesses, with a wait that doubles, while the owner signs in from elsewhere', async () => {
    h.clock.set(new Date('2026-05-04T09:00:00Z'));
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const attacker = '198.51.100.7';
    const owner = '192.0.2.44';
    for (let i = 0; i < 5; i++) expect((await signIn(u.user.email, 'wrong-password', attacker)).status).toBe(401);
    const delayed = await h.app.inject({ method: 'POST', url: '/api/login/auth', payload: { email: u.user.email, password: u.password }, remoteAddress: attacker });
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().message).toBe(signInDelayedMessage(60));
    expect(delayed.json().message).toBe('Too many failed sign-in attempts for this account from your network. Please wait 1 minute and try again.');
    expect(delayed.headers['retry-after']).toBe('60');

    // The owner, from their own address and with the right password, is not held up.
    expect((await signIn(u.user.email, u.password, owner)).status).toBe(200);

    // Each further failure doubles the attacker's wait: 2 minutes, then 4.
    h.clock.advance(60_000);
    expect((await signIn(u.user.email, 'wrong-password', attacker)).status).toBe(401);
    expect(await signIn(u.user.email, 'wrong-password', attacker)).toMatchObject({ status: 429, body: { message: signInDelayedMessage(120) } });
    h.clock.advance(90_000);
    expect(await signIn(u.user.email, u.password, attacker)).toMatchObject({ status: 429, body: { message: signInDelayedMessage(30) } });
    h.clock.advance(30_000);
    expect((await signIn(u.user.email, 'wrong-password', attacker)).status).toBe(401);
    expect(await signIn(u.user.email, 'wrong-password', attacker)).toMatchObject({ status: 429, body: { message: signInDelayedMessage(240) } });
    const denied = await h.ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in'));
    expect(denied.some((r) => r.outcome === 'denied' && (r.details as { reason?: string }).reason === 'delayed')).toBe(true);

    // Another account from the attacker's address is not affected; after the wait the right password works and clears the count.
    const other = await h.user({ org, roles: ['patient'] });
    expect((await signIn(other.user.email, other.password, attacker)).status).toBe(200);
    h.clock.advance(240_000);
    expect((await signIn(u.user.email, u.password, attacker)).status).toBe(200);
    expect((await signIn(u.user.email, 'wrong-password', attacker)).status).toBe(401);
    expect((await signIn(u.user.email, u.password, attacker)).status).toBe(200);
  });

  it('the wait grows to its maximum', () => {
    const limits = { perIp: 50, windowSeconds: 900, failuresBeforeDelay: 5, delaySeconds: 60, delayMaxSeconds: 3600 };
    expect([4, 5, 6, 7, 10, 11, 12, 500].map((n) => signInDelaySeconds(limits, n))).toEqual([0, 60, 120, 240, 1920, 3600, 3600, 3600]);
  });

  it('forgets an address’s failures a day after the last one', async () => {
    h.clock.set(new Date('2026-05-06T09:00:00Z'));
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const ip = '198.51.100.10';
    for (let i = 0; i < 5; i++) expect((await signIn(u.user.email, 'wrong-password', ip)).status).toBe(401);
    h.clock.advance(24 * 3600_000 - 1000);
    expect((await signIn(u.user.email, 'wrong-password', ip)).status).toBe(401);
    expect((await signIn(u.user.email, 'wrong-password', ip)).status).toBe(429);
    h.clock.advance(24 * 3600_000 + 1000);
    for (let i = 0; i < 5; i++) expect((await signIn(u.user.email, 'wrong-password', ip)).status).toBe(401);
  });

  it('the sign-in page shows the wait', async () => {
    h.clock.set(new Date('2026-05-05T09:00:00Z'));
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const ip = '198.51.100.9';
    for (let i = 0; i < 5; i++) expect((await signIn(u.user.email, 'wrong-password', ip)).status).toBe(401);
    const { cookie, csrf } = await openForm(h.app, '/identity/sign-in');
    const page = await h.app.inject({
      method: 'POST',
      url: '/identity/sign-in',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf, email: u.user.email, password: u.password }).toString(),
      remoteAddress: ip,
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Please wait 1 minute and try again.');
  });

  it('limits attempts per IP address', async () => {
    const ip = '203.0.113.77';
    const limit = h.ctx.config.loginAttemptsPerIp;
    for (let i = 0; i < limit; i++) await signIn(`probe-${i}@example.test`, 'wrong-password', ip);
    const refused = await h.app.inject({ method: 'POST', url: '/api/login/auth', payload: { email: 'probe-last@example.test', password: 'wrong-password' }, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await signIn('probe-last@example.test', 'wrong-password', '203.0.113.78')).status).toBe(401);

    // The pages that check a password count against the same cap, and answer their form with the message.
    const { cookie, csrf } = await openForm(h.app, '/identity/sign-in');
    const page = await h.app.inject({
      method: 'POST',
      url: '/identity/sign-in',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf, email: 'probe-page@example.test', password: 'wrong-password' }).toString(),
      remoteAddress: ip,
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain(MSG.tooManyRequests);
    expect(page.body).toContain('value="probe-page@example.test"');
    const denied = await h.ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in'));
    expect(denied.filter((r) => r.outcome === 'denied' && (r.details as { reason?: string }).reason === 'rate_limited' && r.ip === ip)).toHaveLength(2);
  });
});

describe('GET /api/login/token/{token}', () => {
  it('exchanges a token once for a session of the first role', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['manager', 'patient'] });
    const { body } = await signIn(u.user.email, u.password);
    const first = await h.call('GET', `/api/login/token/${body.token}`);
    expect(first.status).toBe(200);
    expect(first.body.role.name).toBe('manager');
    expect(first.body.user).not.toHaveProperty('password');
    expect(first.body.user).not.toHaveProperty('password_hash');
    expect(first.body.organisation_profile).toMatchObject({ daily_check: true, order_kit: true });
    const session = await h.call('GET', '/api/login/session', { token: first.body.token });
    expect(session.status).toBe(200);
    const replay = await h.call('GET', `/api/login/token/${body.token}`);
    expect(replay).toMatchObject({ status: 401, body: { message: MSG.unableToAuthenticate } });
  });

  it('refuses an expired token', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const { body } = await signIn(u.user.email, u.password);
    h.clock.advance(121_000);
    expect((await h.call('GET', `/api/login/token/${body.token}`)).status).toBe(401);
  });

  it('refuses nonsense', async () => {
    expect((await h.call('GET', '/api/login/token/nonsense')).status).toBe(401);
  });
});

describe('POST /api/login/token', () => {
  it('issues a token for another of the caller’s own roles', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['manager', 'patient'] });
    const patientRole = u.roles[1]!;
    const res = await h.call('POST', '/api/login/token', {
      token: u.token,
      body: { name: 'role-switch', user_id: u.user.id, organisation_id: org, role_id: patientRole.id },
    });
    expect(res.status).toBe(200);
    const exchanged = await h.call('GET', `/api/login/token/${res.body.token}`);
    expect(exchanged.body.role).toMatchObject({ id: patientRole.id, name: 'patient' });
  });

  it('refuses another user (403), a role not the caller’s (404), bad input (400) and no session (401)', async () => {
    const org = await h.org();
    const otherOrg = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const other = await h.user({ org: otherOrg, roles: ['patient'] });
    const forOther = { name: 'x', user_id: other.user.id, organisation_id: otherOrg, role_id: other.roles[0]!.id };
    expect((await h.call('POST', '/api/login/token', { token: u.token, body: forOther })).status).toBe(403);
    const foreignRole = { name: 'x', user_id: u.user.id, organisation_id: otherOrg, role_id: other.roles[0]!.id };
    expect((await h.call('POST', '/api/login/token', { token: u.token, body: foreignRole })).status).toBe(404);
    const missing = await h.call('POST', '/api/login/token', { token: u.token, body: { name: 'x' } });
    expect(missing).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect((await h.call('POST', '/api/login/token', { body: forOther })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('expire after the idle timeout', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    h.clock.advance(59 * 60_000);
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(200);
    h.clock.advance(61 * 60_000);
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
  });

  it('end at the absolute lifetime however active they are', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    for (let i = 0; i < 11; i++) {
      h.clock.advance(59 * 60_000);
      expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(200);
    }
    h.clock.advance(61 * 60_000);
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
  });

  it('are revoked at logout', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    expect((await h.call('POST', '/api/login/logout', { token: u.token })).status).toBe(200);
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
    expect((await h.call('POST', '/api/login/logout')).status).toBe(401);
  });

  it('are revoked when the user is disabled', async () => {
    const org = await h.org();
    const admin = await h.user({ org, roles: ['super_admin'] });
    const u = await h.user({ org, roles: ['patient'] });
    await h.call('PATCH', `/api/identity/users/${u.user.id}`, { token: admin.token, body: { disabled: true } });
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
  });

  it('answers 401 to an unknown bearer token', async () => {
    expect((await h.call('GET', '/api/login/session', { token: 'made-up' })).status).toBe(401);
  });
});
