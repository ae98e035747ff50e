import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME } from '@vireo/contracts';
import { CACHE_CONTROL } from '../../platform/http';
import { openForm, postForm } from '../../test/forms';
import { createHarness, type Harness } from '../../test/harness';
import { IDENTITY_CSS_URL } from '../../platform/page-theme';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('/identity/sign-in', () => {
  it('shows a labelled form', async () => {
    const { res, csrf } = await openForm(h.app, '/identity/sign-in');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<label for="email">');
    expect(res.body).toContain('<label for="password">');
    expect(csrf).not.toBe('');
  });

  it('sends the browser to /verify-token with a one-time token that opens a session', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const { cookie, csrf } = await openForm(h.app, '/identity/sign-in');
    const res = await postForm(h.app, '/identity/sign-in', cookie, { csrf, email: u.user.email, password: u.password });
    expect(res.statusCode).toBe(303);
    const token = /^\/verify-token\?token=([A-Za-z0-9_-]+)$/.exec(String(res.headers.location))?.[1];
    expect(token).toBeDefined();
    expect((await h.call('GET', `/api/login/token/${token}`)).status).toBe(200);
  });

  it('carries the app page asked for before signing in (?next=) through the form, a failed attempt included, to /verify-token', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['super_admin'] });
    const asked = '/super_admin/chats?room=a b&x=1';
    const { cookie, csrf, res: page } = await openForm(h.app, `/identity/sign-in?next=${encodeURIComponent(asked)}`);
    expect(page.body).toContain(`<input type="hidden" name="next" value="${asked.replace('&', '&amp;')}">`);
    const wrong = await postForm(h.app, '/identity/sign-in', cookie, { csrf, next: asked, email: u.user.email, password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`name="next" value="${asked.replace('&', '&amp;')}"`);
    const again = await openForm(h.app, '/identity/sign-in');
    const res = await postForm(h.app, '/identity/sign-in', again.cookie, { csrf: again.csrf, next: asked, email: u.user.email, password: u.password });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location), 'http://vireo.test');
    expect(location.pathname).toBe('/verify-token');
    expect(location.searchParams.get('next')).toBe(asked);
    expect((await h.call('GET', `/api/login/token/${location.searchParams.get('token')}`)).status).toBe(200);
  });

  it('drops a next that is not an app page of its own (another site, a sign-in step)', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    for (const next of ['https://evil.example/', '//evil.example', '/login']) {
      const { res: page, cookie, csrf } = await openForm(h.app, `/identity/sign-in?next=${encodeURIComponent(next)}`);
      expect(page.body).not.toContain('name="next"');
      const res = await postForm(h.app, '/identity/sign-in', cookie, { csrf, next, email: u.user.email, password: u.password });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location)).toMatch(/^\/verify-token\?token=[A-Za-z0-9_-]+$/);
    }
  });

  it('shows one clear error for a wrong password and an unknown account', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const first = await openForm(h.app, '/identity/sign-in');
    const wrong = await postForm(h.app, '/identity/sign-in', first.cookie, { csrf: first.csrf, email: u.user.email, password: 'nope-nope-nope' });
    const second = await openForm(h.app, '/identity/sign-in');
    const unknown = await postForm(h.app, '/identity/sign-in', second.cookie, { csrf: second.csrf, email: 'ghost@example.test', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain('Unable to authenticate user.');
    expect(unknown.body).toContain('Unable to authenticate user.');
  });

  it('refuses a post without the form’s CSRF token', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const res = await postForm(h.app, '/identity/sign-in', 'vireo_csrf=forged', { csrf: 'other', email: u.user.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses a token made for another browser’s cookie, and one missing, with the form again', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const mine = await openForm(h.app, '/identity/sign-in');
    const theirs = await openForm(h.app, '/identity/sign-in');
    expect(mine.res.headers['set-cookie']).toMatch(/^vireo_csrf=[^;]+; Path=\/identity; HttpOnly; SameSite=Strict$/);
    for (const csrf of [theirs.csrf, '']) {
      const res = await postForm(h.app, '/identity/sign-in', mine.cookie, { csrf, email: u.user.email, password: u.password });
      expect(res.statusCode).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Your sign-in form expired. Please try again.');
      expect(res.body).toContain(`value="${u.user.email}"`);
    }
    const res = await postForm(h.app, '/identity/sign-in', mine.cookie, { csrf: mine.csrf, email: u.user.email, password: u.password });
    expect(res.statusCode).toBe(303);
  });

  it('escapes what it echoes back', async () => {
    const { cookie, csrf } = await openForm(h.app, '/identity/sign-in');
    const res = await postForm(h.app, '/identity/sign-in', cookie, { csrf, email: '"><script>alert(1)</script>', password: 'x-x-x-x-x' });
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });
});

describe('the identity pages’ look', () => {
  it('every page links the shared stylesheet, in the app’s colours and font, and carries no inline style or script', async () => {
    for (const url of ['/identity/sign-in', '/identity/sign-out', '/identity/change-password', '/identity/forgot-password']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.body).toContain(`<link rel="stylesheet" href="${IDENTITY_CSS_URL}">`);
      expect(res.body).toContain('<header class="topbar">');
      expect(res.body).not.toMatch(/<style|<script|style="/);
    }
    const css = await h.app.inject({ method: 'GET', url: IDENTITY_CSS_URL });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
    expect(css.body).toContain(`font-family:${THEME.fontFamily}`);
    expect(css.body).toContain(`background:${THEME.primary}`);
  });
});

describe('/identity/change-password', () => {
  it('changes the password, ends every session and returns only to Vireo’s own pages', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const { res, cookie, csrf } = await openForm(h.app, `/identity/change-password?role_id=${u.roles[0]!.id}&return_url=https://evil.example/steal`);
    expect(res.body).toContain('value="/login"');
    const done = await postForm(h.app, '/identity/change-password', cookie, {
      csrf,
      role_id: u.roles[0]!.id,
      return_url: '/patient/dashboard',
      email: u.user.email,
      current: u.password,
      next: 'a brand new password',
      confirm: 'a brand new password',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('href="/patient/dashboard"');
    expect((await h.call('GET', '/api/login/session', { token: u.token })).status).toBe(401);
    expect((await h.call('POST', '/api/login/auth', { body: { email: u.user.email, password: 'a brand new password' } })).status).toBe(200);
  });

  it('refuses a wrong current password, a mismatch and a short password', async () => {
    const org = await h.org();
    const u = await h.user({ org, roles: ['patient'] });
    const base = { role_id: u.roles[0]!.id, return_url: '/patient/dashboard', email: u.user.email };
    const cases = [
      { current: 'wrong password!', next: 'a brand new password', confirm: 'a brand new password', status: 401 },
      { current: u.password, next: 'a brand new password', confirm: 'another new password', status: 400 },
      { current: u.password, next: 'short', confirm: 'short', status: 400 },
    ];
    for (const { status, ...fields } of cases) {
      const { cookie, csrf } = await openForm(h.app, '/identity/change-password');
      expect((await postForm(h.app, '/identity/change-password', cookie, { csrf, ...base, ...fields })).statusCode).toBe(status);
    }
    expect((await h.call('POST', '/api/login/auth', { body: { email: u.user.email, password: u.password } })).status).toBe(200);
  });
});

describe('/identity/sign-out', () => {
  it('confirms and links back to sign-in', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/identity/sign-out' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/login"');
  });
});
