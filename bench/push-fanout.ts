/**
 * Push fan-out: one server process on a fresh PostgreSQL database with 1,000 authenticated
 * practitioner sockets; another process publishes one appointment event (through NOTIFY, as a
 * claim on any server process does) and we time until the last socket has it. Printed against the
 * round trip of one socket ping measured in the same run, with the server's memory per connection.
 *
 *   npm run bench:push-fanout -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { organisationProfiles, organisations, roles, users } from '../apps/server/src/db/schema';
import { SessionStore } from '../apps/server/src/modules/identity/sessions';
import { AuditLog } from '../apps/server/src/platform/audit';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { LiveHub } from '../apps/server/src/platform/live';
import { LiveTestClient } from '../apps/server/src/test/live-client';
import { createScratchDatabase } from '../apps/server/src/test/processes';
import { median, rssBytes, startServer, stopServer, type BenchServer } from './server';

const SOCKETS = 1_000;
const OPEN_IN_PARALLEL = 50;
const PUBLISHES = 5;
const PINGS = 50;
const DELIVERY_TIMEOUT_MS = 10_000;
const WHOLE_RUN_TIMEOUT_MS = 180_000;
const AIM_MS = 1_000;

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** One organisation with `count` practitioners, each with an open session; answers the tokens. */
async function practitionerSessions(database: Database, count: number): Promise<{ organisationId: string; tokens: string[] }> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
  if (!org) throw new Error('organisation insert returned nothing');
  await db.insert(organisationProfiles).values({ organisationId: org.id });
  const people = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ organisationId: org.id, firstName: 'Bench', lastName: `Practitioner ${i}`, email: `bench-${i}@example.test`, username: `bench-${i}` })))
    .returning({ id: users.id });
  const roleRows = await db
    .insert(roles)
    .values(people.map((person) => ({ name: 'practitioner' as const, userId: person.id, organisationId: org.id })))
    .returning({ id: roles.id, userId: roles.userId });
  const sessions = new SessionStore(db, systemClock, { idleMinutes: 60, maxHours: 12 });
  const tokens: string[] = [];
  for (const role of roleRows) tokens.push((await sessions.open(role.userId, role.id)).token);
  return { organisationId: org.id, tokens };
}

async function openAll(liveUrl: string, tokens: string[]): Promise<LiveTestClient[]> {
  const clients: LiveTestClient[] = [];
  for (let i = 0; i < tokens.length; i += OPEN_IN_PARALLEL) {
    const batch = tokens.slice(i, i + OPEN_IN_PARALLEL).map((token) => LiveTestClient.signedIn(liveUrl, token, ['appointments']));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

async function run(): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
  let server: BenchServer | undefined;
  let database: Database | undefined;
  let clients: LiveTestClient[] = [];
  const watchdog = setTimeout(() => {
    process.stderr.write(`push-fanout: gave up after ${WHOLE_RUN_TIMEOUT_MS / 1000} s\n`);
    if (server) server.child.kill('SIGKILL');
    process.exit(1);
  }, WHOLE_RUN_TIMEOUT_MS);
  try {
    server = await startServer(scratch.url, dataDir);
    const { pid } = server;
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    const { organisationId, tokens } = await practitionerSessions(database, SOCKETS + 1);
    const [warmToken, ...practitionerTokens] = tokens as [string, ...string[]];

    // Warm the server's code paths before the memory baseline.
    const warm = await openAll(server.liveUrl, [warmToken]);
    for (let i = 0; i < PINGS; i++) await warm[0]!.ping();
    await warm[0]!.close();
    await new Promise((r) => setTimeout(r, 1_000));
    const rssBefore = await rssBytes(pid);

    const opening = performance.now();
    clients = await openAll(server.liveUrl, practitionerTokens);
    const openedMs = performance.now() - opening;
    await new Promise((r) => setTimeout(r, 1_000));
    const rssAfter = await rssBytes(pid);

    const reference = clients[0]!;
    const pings: number[] = [];
    for (let i = 0; i < PINGS; i++) {
      const started = performance.now();
      await reference.ping();
      pings.push(performance.now() - started);
    }
    const pingMs = median(pings);

    // The publishing side is another process, as when a practitioner claims on a different server.
    const publisher = new LiveHub({ database, resolveSession: async () => null, audit: new AuditLog(database.db, systemClock), clock: systemClock });
    const fanouts: number[] = [];
    for (let round = 0; round < PUBLISHES; round++) {
      const appointmentId = randomUUID();
      let remaining = clients.length;
      let lastAt = 0;
      const allArrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${remaining} sockets did not get the event within ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS);
        for (const client of clients) {
          client.onMessage = (message) => {
            if (message.type !== 'event' || (message.data as { appointmentId?: string }).appointmentId !== appointmentId) return;
            lastAt = performance.now();
            client.onMessage = null;
            remaining -= 1;
            if (remaining === 0) {
              clearTimeout(timer);
              resolve();
            }
          };
        }
      });
      const publishedAt = performance.now();
      await publisher.publish({
        topic: 'appointments',
        kind: 'appointment.claimed',
        audience: { roles: ['practitioner'], organisationIds: [organisationId] },
        data: { appointmentId, status: 'CLAIMED', claimedAt: Math.floor(Date.now() / 1000) },
      });
      await allArrived;
      fanouts.push(lastAt - publishedAt);
      await new Promise((r) => setTimeout(r, 200));
    }

    const fanoutMs = median(fanouts);
    const worstMs = Math.max(...fanouts);
    const perConnection = (rssAfter - rssBefore) / clients.length;
    print(`push-fanout: ${clients.length} authenticated practitioner sockets on one server process, PostgreSQL, loopback`);
    print(`  opening and authenticating all sockets: ${(openedMs / 1000).toFixed(1)} s`);
    print(`  reference, one socket ping round trip (median of ${PINGS}): ${pingMs.toFixed(2)} ms`);
    print(`  publish → last socket has it (median of ${PUBLISHES}): ${fanoutMs.toFixed(1)} ms, worst ${worstMs.toFixed(1)} ms`);
    print(`  ratio to the ping round trip: ${(fanoutMs / pingMs).toFixed(1)}× (worst ${(worstMs / pingMs).toFixed(1)}×)`);
    print(`  aim, the last socket within ${AIM_MS} ms: ${worstMs < AIM_MS ? 'met' : 'NOT met'}`);
    print(`  server memory: RSS ${(rssBefore / 2 ** 20).toFixed(1)} → ${(rssAfter / 2 ** 20).toFixed(1)} MiB, ${(perConnection / 1024).toFixed(1)} KiB per connection`);
  } finally {
    clearTimeout(watchdog);
    for (const client of clients) client.socket.terminate();
    if (server) await stopServer(server);
    await database?.close();
    await scratch.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await run();
