import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { auditEvents } from '../db/schema';
import { createHarness, type Harness } from '../test/harness';
import { PUBLIC, SIGNED_IN } from './access';
import { executePrepared } from './db';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('route policies', () => {
  // createHarness starts the real app, so every module's routes declaring access is proved by the suite
  // starting at all; these prove the refusal itself.
  it('an app with a route that declares nothing refuses to start, naming it', async () => {
    const app = await buildApp(h.ctx, { logger: false });
    await app.register(
      async (child) => {
        child.get('/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
        child.post('/undeclared', async () => ({ ok: true }));
      },
      { prefix: '/api/extra' },
    );
    await expect(app.ready()).rejects.toThrow(/^Routes without an access policy: POST \/api\/extra\/undeclared$/);
    await app.close().catch(() => undefined);
  });

  it('the same app with every extra route declared starts and applies the rule', async () => {
    const app = await buildApp(h.ctx, { logger: false });
    await app.register(
      async (child) => {
        child.get('/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
        child.post('/signed-in', { config: { access: SIGNED_IN } }, async () => ({ ok: true }));
      },
      { prefix: '/api/extra' },
    );
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/extra/declared' })).json()).toEqual({ ok: true });
      expect((await app.inject({ method: 'POST', url: '/api/extra/signed-in' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('denied requests are audited', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    await h.call('POST', '/api/identity/roles', { token: patient.token, body: { name: 'super_admin', user_id: patient.user.id, organisation_id: org } });
    const rows = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, patient.user.id), eq(auditEvents.action, 'request.denied')));
    expect(rows[0]).toMatchObject({ outcome: 'denied', details: { method: 'POST', route: '/api/identity/roles', status: 403 } });
  });
});

describe('HTTP hygiene', () => {
  it('GET /api/health checks the database', async () => {
    const res = await h.call('GET', '/api/health');
    expect(res).toMatchObject({ status: 200, body: { success: true } });
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses oversized bodies with the envelope', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/login/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers unknown API paths with the 404 envelope and never a stack trace', async () => {
    const res = await h.call('GET', '/api/nothing-here');
    expect(res).toMatchObject({ status: 404, body: { success: false } });
    const bad = await h.app.inject({ method: 'POST', url: '/api/login/auth', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login/auth', '/api/identity/users/{id}', '/api/health']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/identity/'))).toBe(false);
  });
});

describe('prepared statements', () => {
  it('runs Drizzle SQL and statement text with values alike', async () => {
    const db = h.ctx.database.db;
    expect(await executePrepared<{ n: number }>(db, sql`SELECT ${41}::int + 1 AS n`)).toEqual([{ n: 42 }]);
    expect(await executePrepared<{ n: number }>(db, { sql: 'SELECT $1::int * 2 AS n', params: [21] })).toEqual([{ n: 42 }]);
  });

  it.skipIf(process.env.VIREO_TEST_ON_POSTGRES !== 'true' || !process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, texts are prepared by name until 500 are known; later new texts run unprepared (runs on PostgreSQL only)',
    async () => {
      const db = h.ctx.database.db;
      const pool = (db as unknown as { $client: { query: (config: { name?: string }) => Promise<unknown> } }).$client;
      const spy = vi.spyOn(pool, 'query');
      try {
        const text = (i: number) => ({ sql: `SELECT $1::int + ${i} AS n`, params: [1] });
        for (let i = 0; i < 600; i++) expect(await executePrepared<{ n: number }>(db, text(i))).toEqual([{ n: i + 1 }]);
        await executePrepared(db, text(0));
        const names = spy.mock.calls.map(([config]) => config.name);
        expect(names[0]).toMatch(/^vireo_[0-9a-f]{24}$/);
        expect(names.slice(500, 600)).toEqual(Array.from({ length: 100 }, () => undefined));
        expect(names[600]).toBe(names[0]);
      } finally {
        spy.mockRestore();
      }
    },
  );
});
