import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE } from '@vireo/contracts';
import { buildApp } from '../../app';
import { auditEvents, livePayloads } from '../../db/schema';
import { LiveHub, type LiveTimings } from '../../platform/live';
import { LIVE_CHANNEL } from '../../platform/live-postgres';
import { createHarness, type Harness } from '../../test/harness';
import { LiveTestClient } from '../../test/live-client';

let h: Harness;
let url: string;
const onPostgres = () => h.ctx.database.kind === 'postgres';

function liveUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('server is not listening on a port');
  return `ws://127.0.0.1:${address.port}/api/live`;
}

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = liveUrl(h.app.server.address());
});
afterAll(() => h.close());

/**
 * A second app on the same database whose hub runs with short timings, for the timer-driven rules.
 * `resolved(token, n)` resolves once the hub has looked the session up n more times (on
 * authentication, then at each periodic check).
 */
async function appWithTimings(timings: Partial<LiveTimings>) {
  const lookups = new EventEmitter();
  const resolveSession = async (token: string) => {
    const auth = await h.ctx.sessions.resolve(token);
    lookups.emit(token);
    return auth;
  };
  const live = new LiveHub({ database: h.ctx.database, resolveSession, audit: h.ctx.audit, clock: h.ctx.clock }, timings);
  const app = await buildApp({ ...h.ctx, live }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const resolved = (token: string, times: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onLookup = () => {
        if (++seen < times) return;
        lookups.off(token, onLookup);
        resolve();
      };
      lookups.on(token, onLookup);
    });
  return { app, live, url: liveUrl(app.server.address()), resolved };
}

async function practitioner(org?: string) {
  return h.user({ org: org ?? (await h.org()), roles: ['practitioner'] });
}

describe('GET /api/live: authentication by the first message', () => {
  it('answers ready to a valid session token and then delivers events', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.open(url);
    client.send({ type: 'auth', token: u.token });
    expect(await client.next()).toEqual({ type: 'ready' });
    client.send({ type: 'subscribe', topics: ['appointments'] });
    expect(await client.next()).toEqual({ type: 'subscribed', topics: ['appointments'] });
    await h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.claimed', audience: { userIds: [u.user.id] }, data: { appointmentId: 'a-1' } });
    expect(await client.next()).toEqual({ type: 'event', topic: 'appointments', kind: 'appointment.claimed', data: { appointmentId: 'a-1' } });
    await client.close();
  });

  it('handles a subscribe sent right behind the auth message after the session is resolved', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.open(url);
    client.send({ type: 'auth', token: u.token });
    client.send({ type: 'subscribe', topics: ['appointments', 'presence'] });
    expect(await client.next()).toEqual({ type: 'ready' });
    expect(await client.next()).toEqual({ type: 'subscribed', topics: ['appointments', 'presence'] });
    await client.close();
  });

  it('closes with 4401 for a token that is not a session, and audits the attempt', async () => {
    const before = await h.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(and(eq(auditEvents.action, 'live.auth'), eq(auditEvents.outcome, 'denied')));
    const client = await LiveTestClient.open(url);
    client.send({ type: 'auth', token: 'not-a-session-token' });
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Session is not valid' });
    const after = await h.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(and(eq(auditEvents.action, 'live.auth'), eq(auditEvents.outcome, 'denied')));
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('closes with 4401 when the first message is not auth', async () => {
    const client = await LiveTestClient.open(url);
    client.send({ type: 'subscribe', topics: ['appointments'] });
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Authenticate first' });
  });

  it('closes with 4400 for a message that is not the protocol', async () => {
    const client = await LiveTestClient.open(url);
    client.send('{"type":"auth"');
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'Malformed message' });
  });

  it('closes with 4408 when no message arrives within the window (5 s by default)', async () => {
    expect(h.ctx.live.timings.authTimeoutMs).toBe(LIVE_AUTH_TIMEOUT_MS);
    const short = await appWithTimings({ authTimeoutMs: 300 });
    try {
      const silent = await LiveTestClient.open(short.url);
      const started = performance.now();
      expect(await silent.closed).toEqual({ code: LIVE_CLOSE.authTimeout, reason: 'Authentication timed out' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      const u = await practitioner();
      const prompt = await LiveTestClient.signedIn(short.url, u.token);
      // A socket opened after the prompt one times out after it: by then the prompt one's timer would have fired too.
      const later = await LiveTestClient.open(short.url);
      expect((await later.closed).code).toBe(LIVE_CLOSE.authTimeout);
      await prompt.ping();
      expect(prompt.socket.readyState).toBe(prompt.socket.OPEN);
      await prompt.close();
    } finally {
      await short.app.close();
    }
  });

  it('signing out closes the sockets of that session at once, on the session topic, and no others', async () => {
    const u = await practitioner();
    const otherDevice = await h.ctx.sessions.open(u.user.id, u.roles[0]!.id);
    const tabOne = await LiveTestClient.signedIn(url, u.token);
    const tabTwo = await LiveTestClient.signedIn(url, u.token);
    const elsewhere = await LiveTestClient.signedIn(url, otherDevice.token);

    expect((await h.call('POST', '/api/login/logout', { token: u.token })).status).toBe(200);
    for (const tab of [tabOne, tabTwo]) {
      expect(await tab.next()).toEqual({ type: 'event', topic: 'session', kind: 'session.revoked', data: { reason: 'signed_out' } });
      expect(await tab.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Signed out' });
    }
    await elsewhere.ping();
    await elsewhere.close();
  });

  it('re-checks the session: a session revoked or expired without an event closes its socket with 4401', async () => {
    const short = await appWithTimings({ sessionCheckMs: 200 });
    const before = h.clock.now();
    try {
      const revoked = await practitioner();
      const revokedClient = await LiveTestClient.signedIn(short.url, revoked.token);
      const auth = await h.ctx.sessions.resolve(revoked.token);
      await h.ctx.sessions.revoke(auth!.sessionId);
      expect(await revokedClient.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Session ended' });

      const expiring = await practitioner();
      const checked = short.resolved(expiring.token, 3); // on authentication, then two periodic checks
      const expiringClient = await LiveTestClient.signedIn(short.url, expiring.token);
      await checked;
      await expiringClient.ping();
      expect(expiringClient.socket.readyState).toBe(expiringClient.socket.OPEN);
      h.clock.advance((h.ctx.config.sessionMaxHours + 1) * 3_600_000);
      expect(await expiringClient.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Session ended' });
    } finally {
      h.clock.set(before);
      await short.app.close();
    }
  });
});

describe('audience and topics', () => {
  it('delivers an event only to the sockets whose session matches its audience', async () => {
    const orgA = await h.org();
    const orgB = await h.org();
    const practitionerA = await practitioner(orgA);
    const patientA = await h.user({ org: orgA, roles: ['patient'] });
    const shiftManagerA = await h.user({ org: orgA, roles: ['shift_manager'] });
    const practitionerB = await practitioner(orgB);
    const everyone = [practitionerA, patientA, shiftManagerA, practitionerB];
    const [pA, patA, smA, pB] = await Promise.all(everyone.map((u) => LiveTestClient.signedIn(url, u.token, ['appointments'])));

    const publish = (kind: string, audience: Parameters<typeof h.ctx.live.publish>[0]['audience']) =>
      h.ctx.live.publish({ topic: 'appointments', kind, audience, data: { kind } });
    await publish('appointment.claimed', { roles: ['practitioner'], organisationIds: [orgA] });
    await publish('appointment.booked', { userIds: [patientA.user.id] });
    await publish('appointment.created', { organisationIds: [orgB] });
    await publish('appointment.status_changed', { roles: ['practitioner', 'shift_manager'], organisationIds: [orgA] });
    await publish('test.marker', { userIds: everyone.map((u) => u.user.id) });

    const kinds = async (client: LiveTestClient) => (await client.eventsUntil('test.marker')).map((e) => e.kind);
    expect(await kinds(pA!)).toEqual(['appointment.claimed', 'appointment.status_changed', 'test.marker']);
    expect(await kinds(patA!)).toEqual(['appointment.booked', 'test.marker']);
    expect(await kinds(smA!)).toEqual(['appointment.status_changed', 'test.marker']);
    expect(await kinds(pB!)).toEqual(['appointment.created', 'test.marker']);
    await Promise.all([pA, patA, smA, pB].map((c) => c!.close()));
  });

  it('sends only the topics a socket subscribed to, and follows subscribe and unsubscribe', async () => {
    const u = await practitioner();
    const to = { userIds: [u.user.id] };
    const client = await LiveTestClient.signedIn(url, u.token, ['appointments']);

    await h.ctx.live.publish({ topic: 'presence', kind: 'presence.online', audience: to, data: {} });
    await h.ctx.live.publish({ topic: 'appointments', kind: 'test.marker', audience: to, data: {} });
    expect((await client.eventsUntil('test.marker')).map((e) => e.topic)).toEqual(['appointments']);

    client.send({ type: 'subscribe', topics: ['presence'] });
    expect(await client.next()).toEqual({ type: 'subscribed', topics: ['appointments', 'presence'] });
    client.send({ type: 'unsubscribe', topics: ['appointments'] });
    expect(await client.next()).toEqual({ type: 'subscribed', topics: ['presence'] });

    await h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.claimed', audience: to, data: {} });
    await h.ctx.live.publish({ topic: 'presence', kind: 'test.marker', audience: to, data: {} });
    expect((await client.eventsUntil('test.marker')).map((e) => e.topic)).toEqual(['presence']);
    await client.close();
  });

  it('refuses a topic that is not a short dotted name', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.signedIn(url, u.token);
    client.send({ type: 'subscribe', topics: ['Not A Topic'] });
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'Malformed message' });
  });

  it('refuses to publish an event without an audience or with a bad topic', async () => {
    await expect(h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.claimed', audience: {}, data: {} })).rejects.toThrow('audience');
    await expect(h.ctx.live.publish({ topic: 'Appointments!', kind: 'appointment.claimed', audience: { roles: ['practitioner'] }, data: {} })).rejects.toThrow('Invalid live event');
  });

  it('delivers an event larger than a NOTIFY payload intact (through live_payloads on PostgreSQL)', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.signedIn(url, u.token, ['appointments']);
    const marker = `large-${u.user.id}`;
    const notes = `${marker} ${'x'.repeat(20_000)}`;
    await h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.notes', audience: { userIds: [u.user.id] }, data: { notes } });
    expect((await client.nextEvent('appointment.notes')).data).toEqual({ notes });
    const stored = await h.ctx.database.db.select({ id: livePayloads.id }).from(livePayloads).where(sql`${livePayloads.payload} LIKE ${`%${marker}%`}`);
    expect(stored).toHaveLength(onPostgres() ? 1 : 0);
    await client.close();
  });
  it('delivers a burst of events in the order published, several to a notification on PostgreSQL', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.signedIn(url, u.token, ['appointments']);
    const listener = onPostgres() ? new pg.Client({ connectionString: h.ctx.database.connectionString }) : null;
    let notifications = 0;
    if (listener) {
      await listener.connect();
      listener.on('notification', () => (notifications += 1));
      await listener.query(`LISTEN ${LIVE_CHANNEL}`);
    }
    const burst = Array.from({ length: 50 }, (_, i) => `burst-${u.user.id}-${i}`);
    await Promise.all(burst.map((notes) => h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.notes', audience: { userIds: [u.user.id] }, data: { notes } })));
    const received: unknown[] = [];
    for (let i = 0; i < burst.length; i++) received.push((await client.nextEvent('appointment.notes')).data);
    expect(received).toEqual(burst.map((notes) => ({ notes })));
    if (listener) {
      expect(notifications).toBeGreaterThan(0);
      expect(notifications).toBeLessThan(burst.length / 2);
      await listener.end();
    }
    await client.close();
  });
});

describe('connection lifecycle', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const short = await appWithTimings({ heartbeatMs: 250 });
    try {
      const u = await practitioner();
      const dead = await LiveTestClient.open(short.url, { autoPong: false });
      dead.send({ type: 'auth', token: u.token });
      await dead.next((m) => m.type === 'ready');
      const healthy = await LiveTestClient.signedIn(short.url, u.token);
      expect((await dead.closed).code).toBe(1006);
      await healthy.heartbeats(3);
      await healthy.ping();
      expect(short.live.connectionCount).toBe(1);
      await healthy.close();
    } finally {
      await short.app.close();
    }
  });

  it('closing the app closes every socket with 1001 so browsers reconnect elsewhere', async () => {
    const short = await appWithTimings({});
    const u = await practitioner();
    const client = await LiveTestClient.signedIn(short.url, u.token, ['appointments']);
    await short.app.close();
    expect(await client.closed).toEqual({ code: LIVE_CLOSE.goingAway, reason: 'Server shutting down' });
    expect(short.live.connectionCount).toBe(0);
  });

  it.skipIf(process.env.VIREO_TEST_ON_POSTGRES !== 'true')('on PostgreSQL, reconnects its listener and tells sockets to resync', async () => {
    const u = await practitioner();
    const client = await LiveTestClient.signedIn(url, u.token, ['appointments']);
    const pid = h.ctx.live.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    await h.ctx.database.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
    expect(await client.next((m) => m.type !== 'pong', 10_000)).toEqual({ type: 'resync' });
    expect(h.ctx.live.listenerPid).not.toBe(pid);
    await h.ctx.live.publish({ topic: 'appointments', kind: 'appointment.claimed', audience: { userIds: [u.user.id] }, data: {} });
    expect((await client.nextEvent('appointment.claimed')).topic).toBe('appointments');
    await client.close();
  });
});
