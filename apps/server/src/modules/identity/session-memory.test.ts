import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIVE_CLOSE } from '@vireo/contracts';
import { sessions } from '../../db/schema';
import { openForm, postForm } from '../../test/forms';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { LiveTestClient } from '../../test/live-client';
import { signInOn, withTwoServers, type ServerProcess } from '../../test/processes';

const SECOND = 1000;

describe('sessions remembered for 5 seconds in a process', () => {
  let h: Harness;
  let liveUrl: string;
  beforeAll(async () => {
    // Sessions idle out after one minute here, the shortest setting: last-seen is written every 30 s of use.
    h = await createHarness({ sessionIdleMinutes: 1 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    liveUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/live`;
  });
  afterAll(() => h.close());

  type Client = { query: (...args: unknown[]) => Promise<unknown> };
  const client = () => (h.ctx.database.db as unknown as { $client: Client }).$client;
  /** The SQL text of a statement, as PGlite (text first) or node-postgres (a config object) receives it. */
  const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text));
  const readsSessions = (args: unknown[]) => /from "sessions"/i.test(textOf(args));

  /** A request of the user that touches no session itself, so any session read is the lookup. */
  const readSelf = (user: TestUser) => h.call('GET', `/api/identity/users/${user.user.id}`, { token: user.token });

  /** `readSelf` with the number of session lookups it caused. */
  async function readSelfCounted(user: TestUser): Promise<{ status: number; lookups: number }> {
    const spy = vi.spyOn(client(), 'query');
    try {
      const res = await readSelf(user);
      return { status: res.status, lookups: spy.mock.calls.filter(readsSessions).length };
    } finally {
      spy.mockRestore();
    }
  }

  async function people() {
    const org = await h.org();
    return {
      org,
      admin: await h.user({ org, roles: ['super_admin'] }),
      manager: await h.user({ org, roles: ['shift_manager'] }),
      patient: await h.user({ org, roles: ['patient'] }),
      practitioner: await h.user({ org, roles: ['practitioner'] }),
    };
  }

  it('answers a session checked in the last 5 seconds without asking the database, then asks again', async () => {
    const { patient } = await people();
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 1 });
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 0 });
    h.clock.advance(5 * SECOND - 1);
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 0 });
    h.clock.advance(1);
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 1 });
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 0 });
  });

  describe('revocation is immediate though the session was just used', () => {
    it('signing out', async () => {
      const { patient } = await people();
      expect((await readSelf(patient)).status).toBe(200);
      expect((await h.call('POST', '/api/login/logout', { token: patient.token })).status).toBe(200);
      expect((await readSelf(patient)).status).toBe(401);
    });

    it('a super admin disabling the user', async () => {
      const { admin, patient } = await people();
      expect((await readSelf(patient)).status).toBe(200);
      expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
      expect((await readSelf(patient)).status).toBe(401);
    });

    it('a shift manager disabling a practitioner in Doctors Management', async () => {
      const { manager, practitioner } = await people();
      expect((await h.call('GET', '/api/booking/practitioner/me', { token: practitioner.token })).status).toBe(200);
      expect((await h.call('PATCH', `/api/doctors/${practitioner.user.id}`, { token: manager.token, body: { disabled: true } })).status).toBe(200);
      expect((await h.call('GET', '/api/booking/practitioner/me', { token: practitioner.token })).status).toBe(401);
    });

    it('changing the password', async () => {
      const { patient } = await people();
      expect((await readSelf(patient)).status).toBe(200);
      const { cookie, csrf } = await openForm(h.app, '/identity/change-password');
      const next = 'a brand new password';
      const changed = await postForm(h.app, '/identity/change-password', cookie, { csrf, email: patient.user.email, current: patient.password, next, confirm: next });
      expect(changed.statusCode).toBe(200);
      expect((await readSelf(patient)).status).toBe(401);
    });
  });

  it('a role given to a signed-in user counts at once', async () => {
    const { org, admin, patient } = await people();
    expect((await h.call('GET', '/api/doctors', { token: patient.token })).status).toBe(403);
    const given = await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'shift_manager', user_id: patient.user.id, organisation_id: org } });
    expect(given.status).toBe(201);
    expect((await h.call('GET', '/api/doctors', { token: patient.token })).status).toBe(200);
  });

  it('a lookup that read the session before it was revoked is not remembered', async () => {
    const { admin, patient } = await people();
    expect((await readSelf(patient)).status).toBe(200);
    expect((await readSelf(admin)).status).toBe(200);
    h.clock.advance(5 * SECOND);

    // Holds back the answer of the next session lookup until the user has been disabled.
    let lookupRead!: () => void;
    const read = new Promise<void>((resolve) => (lookupRead = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const query = client().query.bind(client());
    let held = false;
    const spy = vi.spyOn(client(), 'query').mockImplementation(async (...args: unknown[]) => {
      const result = await query(...args);
      if (!held && readsSessions(args)) {
        held = true;
        lookupRead();
        await released;
      }
      return result;
    });
    try {
      const inFlight = readSelf(patient);
      await read;
      expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
      release();
      expect((await inFlight).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect((await readSelf(patient)).status).toBe(401);
  });

  it('a session in use stretches past a one-minute idle timeout, and ends a minute after its last use', async () => {
    const { patient } = await people();
    h.clock.advance(40 * SECOND);
    expect((await readSelf(patient)).status).toBe(200);
    // 80 s after sign-in: alive because last-seen was written 40 s ago.
    h.clock.advance(40 * SECOND);
    expect((await readSelf(patient)).status).toBe(200);
    h.clock.advance(61 * SECOND);
    expect((await readSelf(patient)).status).toBe(401);
  });

  it('a remembered session still ends at its lifetime', async () => {
    const { patient } = await people();
    // Three seconds from the end of its lifetime (written to the table: lifetimes are hours).
    await h.ctx.database.db.update(sessions).set({ expiresAt: new Date(h.clock.now().getTime() + 3 * SECOND) }).where(eq(sessions.userId, patient.user.id));
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 1 });
    h.clock.advance(2 * SECOND);
    expect(await readSelfCounted(patient)).toEqual({ status: 200, lookups: 0 });
    h.clock.advance(1 * SECOND);
    expect((await readSelf(patient)).status).toBe(401);
  });

  it('disabling a user closes their sockets; giving them a role does not', async () => {
    const { org, admin, patient } = await people();
    const socket = await LiveTestClient.signedIn(liveUrl, patient.token);
    expect((await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'manager', user_id: patient.user.id, organisation_id: org } })).status).toBe(201);
    await socket.ping();
    expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: admin.token, body: { disabled: true } })).status).toBe(200);
    expect(await socket.next()).toEqual({ type: 'event', topic: 'session', kind: 'session.revoked', data: { reason: 'revoked' } });
    expect((await socket.closed).code).toBe(LIVE_CLOSE.sessionInvalid);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

describe.skipIf(!onPostgres)('sessions remembered by two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (server: ServerProcess, path: string, token: string) => fetch(`${server.url}${path}`, { headers: bearer(token) });
  const send = (server: ServerProcess, method: 'POST' | 'PATCH' | 'PUT', path: string, token: string, body: object) =>
    fetch(`${server.url}${path}`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** Asks `server` until it answers `wanted`, for at most a second; answers the last status. */
  async function statusWithinASecond(server: ServerProcess, path: string, token: string, wanted: number): Promise<number> {
    const deadline = performance.now() + SECOND;
    for (;;) {
      const { status } = await get(server, path, token);
      if (status === wanted || performance.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The user behind a session, read on `server` (which then remembers the session). */
  async function userOn(server: ServerProcess, token: string): Promise<{ id: string; organisation_id: string }> {
    const res = await get(server, '/api/login/session', token);
    expect(res.status).toBe(200);
    return ((await res.json()) as { user: { id: string; organisation_id: string } }).user;
  }

  it('signing out, disabling a user, giving a role or granting and revoking a permission on process A counts on process B, which had just used the session, within a second', async () => {
    await withTwoServers(baseUrl!, async (a, b) => {
      const admin = await signInOn(a, 'admin@demo.test');

      const practitioner = await signInOn(a, 'practitioner@demo.test');
      await userOn(b, practitioner);
      expect((await send(a, 'POST', '/api/login/logout', practitioner, {})).status).toBe(200);
      expect(await statusWithinASecond(b, '/api/login/session', practitioner, 401)).toBe(401);

      const patient = await signInOn(a, 'patient@demo.test');
      const patientUser = await userOn(b, patient);
      expect((await send(a, 'PATCH', `/api/identity/users/${patientUser.id}`, admin, { disabled: true })).status).toBe(200);
      expect(await statusWithinASecond(b, '/api/login/session', patient, 401)).toBe(401);

      const traveller = await signInOn(a, 'traveller@demo.test');
      const travellerUser = await userOn(b, traveller);
      expect((await get(b, '/api/booking/search?limit=1', traveller)).status).toBe(403);
      const given = await send(a, 'POST', '/api/identity/roles', admin, { name: 'customer_services', user_id: travellerUser.id, organisation_id: travellerUser.organisation_id });
      expect(given.status).toBe(201);
      expect(await statusWithinASecond(b, '/api/booking/search?limit=1', traveller, 200)).toBe(200);

      const adminUser = await userOn(b, admin);
      const inactiveProducts = '/api/commerce/v1/product?include_inactive=true';
      expect((await get(b, inactiveProducts, admin)).status).toBe(200);
      const grant = `/api/permissions/accounts/${adminUser.id}/products.manage`;
      expect((await send(a, 'PUT', grant, admin, { granted: false })).status).toBe(200);
      expect(await statusWithinASecond(b, inactiveProducts, admin, 403)).toBe(403);
      expect((await send(a, 'PUT', grant, admin, { granted: true })).status).toBe(200);
      expect(await statusWithinASecond(b, inactiveProducts, admin, 200)).toBe(200);
    });
  }, 120_000);
});
