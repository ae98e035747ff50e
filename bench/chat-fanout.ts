/**
 * Chat fan-out: 500 staff rooms with two members each, the first member's socket on one server
 * process and the second's on another, both on one fresh PostgreSQL database. Members write 50
 * messages a second in all for 20 s (POST …/messages to their own process, alternating sides), so
 * every message crosses processes through NOTIFY to reach the other member. Printed: p95 delivery
 * time (send → the other member's socket has it) as a ratio to one socket ping in the same run, and
 * messages lost (answered 201 but never delivered; must be 0).
 *
 *   npm run bench:chat-fanout -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 *   CHAT_FANOUT_ROOMS, CHAT_FANOUT_RATE, CHAT_FANOUT_SECONDS make a smaller run (defaults 500, 50, 20).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chatRoomMembers, chatRooms, organisationProfiles, organisations, roles, users } from '../apps/server/src/db/schema';
import { SessionStore } from '../apps/server/src/modules/identity/sessions';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { LiveTestClient } from '../apps/server/src/test/live-client';
import { createScratchDatabase } from '../apps/server/src/test/processes';
import { median, startServer, stopServer, type BenchServer } from './server';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const ROOMS = positive('CHAT_FANOUT_ROOMS', 500);
const RATE = positive('CHAT_FANOUT_RATE', 50);
const SECONDS = positive('CHAT_FANOUT_SECONDS', 20);
const OPEN_IN_PARALLEL = 50;
const PINGS = 50;
/** After the last send, how long a message may still take before it counts as lost. */
const DRAIN_MS = 10_000;
const WHOLE_RUN_TIMEOUT_MS = 600_000;

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Member {
  userId: string;
  token: string;
}
interface Room {
  id: string;
  members: [Member, Member];
}

/** One organisation, two practitioners (chat group members) per room with open sessions, and the rooms. */
async function seed(database: Database): Promise<Room[]> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
  if (!org) throw new Error('organisation insert returned nothing');
  await db.insert(organisationProfiles).values({ organisationId: org.id });
  const people = await db
    .insert(users)
    .values(Array.from({ length: ROOMS * 2 }, (_, i) => ({ organisationId: org.id, firstName: 'Bench', lastName: `Staff ${i}`, email: `chat-bench-${i}@example.test`, username: `chat-bench-${i}` })))
    .returning({ id: users.id });
  const roleRows = await db
    .insert(roles)
    .values(people.map((person) => ({ name: 'practitioner' as const, userId: person.id, organisationId: org.id })))
    .returning({ id: roles.id, userId: roles.userId });
  const sessions = new SessionStore(db, systemClock, { idleMinutes: 60, maxHours: 12 });
  const members: Member[] = [];
  for (const role of roleRows) members.push({ userId: role.userId, token: (await sessions.open(role.userId, role.id)).token });
  const now = new Date();
  const rooms = await db
    .insert(chatRooms)
    .values(Array.from({ length: ROOMS }, (_, i) => ({ type: 'internal' as const, status: 'live' as const, userRole: 'practitioner', organisationId: org.id, createdByUserId: members[2 * i]!.userId, createdAt: now })))
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomMembers).values(rooms.flatMap((room, i) => [0, 1].map((side) => ({ roomId: room.id, userId: members[2 * i + side]!.userId, joinedAt: now }))));
  return rooms.map((room, i) => ({ id: room.id, members: [members[2 * i]!, members[2 * i + 1]!] }));
}

async function openAll(liveUrl: string, tokens: string[]): Promise<LiveTestClient[]> {
  const clients: LiveTestClient[] = [];
  for (let i = 0; i < tokens.length; i += OPEN_IN_PARALLEL) {
    clients.push(...(await Promise.all(tokens.slice(i, i + OPEN_IN_PARALLEL).map((token) => LiveTestClient.signedIn(liveUrl, token, ['chat'])))));
  }
  return clients;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}

async function run(): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-chat-'));
  const servers: BenchServer[] = [];
  let database: Database | undefined;
  let clients: LiveTestClient[] = [];
  const watchdog = setTimeout(() => {
    process.stderr.write(`chat-fanout: gave up after ${WHOLE_RUN_TIMEOUT_MS / 1000} s\n`);
    for (const server of servers) server.child.kill('SIGKILL');
    process.exit(1);
  }, WHOLE_RUN_TIMEOUT_MS);
  try {
    servers.push(...(await Promise.all([startServer(scratch.url, dataDir), startServer(scratch.url, dataDir)])));
    const [a, b] = servers as [BenchServer, BenchServer];
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    const rooms = await seed(database);

    // Each room's first member on process a, its second on process b.
    const opening = performance.now();
    const sideA = await openAll(a.liveUrl, rooms.map((room) => room.members[0].token));
    const sideB = await openAll(b.liveUrl, rooms.map((room) => room.members[1].token));
    clients = [...sideA, ...sideB];
    const openedMs = performance.now() - opening;

    const pings: number[] = [];
    for (let i = 0; i < PINGS; i++) {
      const started = performance.now();
      await sideA[0]!.ping();
      pings.push(performance.now() - started);
    }
    const pingMs = median(pings);

    /** Sent messages by their body: when sent, and whether the other member has it. */
    const sent = new Map<string, { at: number; to: LiveTestClient; answeredAt: number; deliveredAt: number | null; stored: boolean }>();
    const listen = (client: LiveTestClient) => {
      client.onMessage = (message) => {
        if (message.type !== 'event') return;
        const body = (message.data as { message?: { body?: string } }).message?.body;
        const entry = body === undefined ? undefined : sent.get(body);
        if (entry && entry.to === client && entry.deliveredAt === null) entry.deliveredAt = performance.now();
      };
    };
    clients.forEach(listen);

    const total = RATE * SECONDS;
    const requests: Promise<void>[] = [];
    let failures = 0;
    const sendOne = (n: number) => {
      const room = rooms[n % rooms.length]!;
      const side = Math.floor(n / rooms.length) % 2;
      const from = room.members[side as 0 | 1];
      const server = side === 0 ? a : b;
      const to = (side === 0 ? sideB : sideA)[n % rooms.length]!;
      const body = `bench message ${n}`;
      const entry = { at: performance.now(), to, answeredAt: 0, deliveredAt: null as number | null, stored: false };
      sent.set(body, entry);
      requests.push(
        fetch(`${server.httpUrl}/api/chat/v1/chat/room/${room.id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
          body: JSON.stringify({ body }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            entry.answeredAt = performance.now();
            if (response.status === 201) entry.stored = true;
            else failures += 1;
          },
          () => {
            failures += 1;
          },
        ),
      );
    };
    // An open loop: each message leaves on its schedule, whether or not the earlier ones were answered.
    const start = performance.now();
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sendOne(n);
    }
    const sendingMs = performance.now() - start;
    await Promise.all(requests);
    const drainUntil = performance.now() + DRAIN_MS;
    const undelivered = () => [...sent.values()].filter((e) => e.stored && e.deliveredAt === null).length;
    while (undelivered() > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));

    const stored = [...sent.values()].filter((e) => e.stored);
    const deliveries = stored.flatMap((e) => (e.deliveredAt === null ? [] : [e.deliveredAt - e.at]));
    const p50 = percentile(deliveries, 0.5);
    const p95 = percentile(deliveries, 0.95);
    const lost = undelivered();
    // Where the time goes: the write (send → 201) and the push (NOTIFY to the other process's socket, measured from the answer).
    const answered = stored.map((e) => e.answeredAt - e.at);
    print(`chat-fanout: ${rooms.length} staff rooms, two members each, one member's socket on each of two server processes, PostgreSQL, loopback`);
    print(`  opening and authenticating ${clients.length} sockets: ${(openedMs / 1000).toFixed(1)} s`);
    print(`  sent ${total} messages at ${RATE}/s over ${(sendingMs / 1000).toFixed(1)} s, each to the other process's member; ${stored.length} stored (201), ${failures} refused or failed`);
    print(`  reference, one socket ping round trip (median of ${PINGS}): ${pingMs.toFixed(2)} ms`);
    print(`  delivery, send → the other member's socket: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, worst ${Math.max(...deliveries).toFixed(1)} ms`);
    print(`  of which the write, send → 201: p95 ${percentile(answered, 0.95).toFixed(1)} ms (the push may land before the answer does)`);
    print(`  p95 as a ratio to the ping round trip: ${(p95 / pingMs).toFixed(1)}×`);
    print(`  messages lost (stored, never delivered within ${DRAIN_MS / 1000} s): ${lost}${lost === 0 ? '' : '  ← must be 0'}`);
    if (lost > 0 || failures > 0) process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    for (const client of clients) client.socket.terminate();
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.close();
    await scratch.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await run();
