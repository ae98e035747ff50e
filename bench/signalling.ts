/**
 * Call signalling across two server processes: 200 rooms on a fresh PostgreSQL database, each
 * with its practitioner's socket on one process and its customer's on the other (so every signal
 * crosses processes through LISTEN/NOTIFY). All rooms at once exchange an offer, an answer and 20
 * ICE candidates (10 each way). Prints the p95 time from a signal's send to its arrival at the other
 * side as a ratio to one socket ping round trip measured in the same run (aim: under 3×), the same
 * for one signal at a time on an otherwise idle pair of servers (the relay's own floor), and each
 * server's memory per open room.
 *
 *   npm run bench:signalling -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appointments, organisationProfiles, organisations, videoParticipants } from '../apps/server/src/db/schema';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashToken, newToken } from '../apps/server/src/platform/tokens';
import { LiveTestClient } from '../apps/server/src/test/live-client';
import { createScratchDatabase } from '../apps/server/src/test/processes';
import { median, rssBytes, startServer, stopServer, type BenchServer } from './server';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 200);
const CANDIDATES_EACH_WAY = 10;
const JOIN_IN_PARALLEL = 25;
const PINGS = 50;
const ONE_AT_A_TIME = 50;
const AIM_RATIO = 3;
const EXCHANGE_TIMEOUT_MS = 60_000;
const WHOLE_RUN_TIMEOUT_MS = 300_000;
/** The size of a browser's offer with audio and video. */
const SDP = `v=0\r\n${'a=candidate-and-codec-lines-of-a-real-offer\r\n'.repeat(80)}`;

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Room {
  id: string;
  practitionerToken: string;
  patientToken: string;
}

/** `count` booked appointments starting now, each with a practitioner's and a customer's video token. */
async function seedRooms(database: Database, count: number): Promise<Room[]> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
  if (!org) throw new Error('organisation insert returned nothing');
  await db.insert(organisationProfiles).values({ organisationId: org.id });
  const now = new Date();
  const booked = await db
    .insert(appointments)
    .values(
      Array.from({ length: count }, () => ({
        type: 'video_gp',
        status: 'WAITING' as const,
        startTime: now,
        endTime: new Date(now.getTime() + 20 * 60_000),
        statusLastUpdated: now,
        paid: true,
        createdAt: now,
      })),
    )
    .returning({ id: appointments.id });
  const rooms = booked.map(({ id }) => ({ id, practitionerToken: newToken(), patientToken: newToken() }));
  const expiresAt = new Date(now.getTime() + 3_600_000);
  await db.insert(videoParticipants).values(
    rooms.flatMap((room) => [
      { appointmentId: room.id, role: 'practitioner' as const, tokenHash: hashToken(room.practitionerToken), expiresAt, createdAt: now },
      { appointmentId: room.id, role: 'patient' as const, tokenHash: hashToken(room.patientToken), expiresAt, createdAt: now },
    ]),
  );
  return rooms;
}

async function joinAll(liveUrl: string, tokens: string[]): Promise<LiveTestClient[]> {
  const clients: LiveTestClient[] = [];
  for (let i = 0; i < tokens.length; i += JOIN_IN_PARALLEL) {
    const batch = tokens.slice(i, i + JOIN_IN_PARALLEL).map(async (token) => {
      const client = await LiveTestClient.open(liveUrl);
      client.send({ type: 'call.join', token });
      const joined = await client.next((m) => m.type === 'call.joined' || m.type === 'call.error');
      if (joined.type !== 'call.joined') throw new Error(`join refused: ${JSON.stringify(joined)}`);
      return client;
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** A signal's key travels in its payload, so the receiver can stamp its arrival. */
const candidate = (key: string) => ({ kind: 'candidate', candidate: { candidate: `candidate:${key} 1 udp 2122260223 192.0.2.1 54321 typ host`, sdpMid: '0', sdpMLineIndex: 0 } });
const description = (type: 'offer' | 'answer', key: string) => ({ kind: 'description', description: { type, sdp: `${SDP}a=bench-key:${key}\r\n` } });
const keyOf = (signal: unknown): string | null => {
  const text = JSON.stringify(signal);
  return /candidate:(\S+) 1 udp/.exec(text)?.[1] ?? /a=bench-key:([^\\]+)/.exec(text)?.[1] ?? null;
};

/**
 * Every room at once: the practitioner sends the offer; the customer answers on receiving it; then
 * each side sends its candidates. Answers each signal's send-to-arrival time.
 */
async function exchange(rooms: Room[], practitioners: LiveTestClient[], patients: LiveTestClient[]): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const relay: number[] = [];
  const expected = rooms.length * (2 + 2 * CANDIDATES_EACH_WAY);
  const send = (client: LiveTestClient, key: string, signal: object) => {
    sentAt.set(key, performance.now());
    client.send({ type: 'call.signal', signal });
  };
  const sendCandidates = (client: LiveTestClient, room: number, side: string) => {
    for (let c = 0; c < CANDIDATES_EACH_WAY; c++) send(client, `${room}-${side}-${c}`, candidate(`${room}-${side}-${c}`));
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${expected - relay.length} of ${expected} signals did not arrive within ${EXCHANGE_TIMEOUT_MS} ms`)), EXCHANGE_TIMEOUT_MS);
    const arrived = (message: { type: string; signal?: unknown }, onFirst?: () => void) => {
      if (message.type !== 'call.signal') return;
      const at = performance.now();
      const key = keyOf(message.signal);
      const started = key === null ? undefined : sentAt.get(key);
      if (started === undefined) return reject(new Error(`an unexpected signal arrived: ${JSON.stringify(message.signal).slice(0, 120)}`));
      relay.push(at - started);
      onFirst?.();
      if (relay.length === expected) {
        clearTimeout(timer);
        resolve(relay);
      }
    };
    rooms.forEach((_, r) => {
      const practitioner = practitioners[r]!;
      const patient = patients[r]!;
      let answered = false;
      practitioner.onMessage = (message) => arrived(message);
      patient.onMessage = (message) =>
        arrived(message, () => {
          if (answered) return;
          answered = true;
          send(patient, `${r}-answer`, description('answer', `${r}-answer`));
          sendCandidates(patient, r, 'patient');
        });
    });
    rooms.forEach((_, r) => {
      send(practitioners[r]!, `${r}-offer`, description('offer', `${r}-offer`));
      sendCandidates(practitioners[r]!, r, 'practitioner');
    });
  });
}

/** One candidate at a time from the practitioner's side, each waited for: the relay time of each. */
async function oneAtATime(practitioner: LiveTestClient, patient: LiveTestClient, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    practitioner.send({ type: 'call.signal', signal: candidate(`alone-${i}`) });
    await patient.next((m) => m.type === 'call.signal');
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function run(): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
  const servers: BenchServer[] = [];
  let database: Database | undefined;
  const clients: LiveTestClient[] = [];
  const watchdog = setTimeout(() => {
    process.stderr.write(`signalling: gave up after ${WHOLE_RUN_TIMEOUT_MS / 1000} s\n`);
    for (const server of servers) server.child.kill('SIGKILL');
    process.exit(1);
  }, WHOLE_RUN_TIMEOUT_MS);
  try {
    servers.push(await startServer(scratch.url, dataDir), await startServer(scratch.url, dataDir));
    const [a, b] = servers as [BenchServer, BenchServer];
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    const [warmRoom, ...rooms] = await seedRooms(database, ROOMS + 1);

    // Warm both servers' call paths before the memory baseline, then leave.
    const warm = [...(await joinAll(a.liveUrl, [warmRoom!.practitionerToken])), ...(await joinAll(b.liveUrl, [warmRoom!.patientToken]))];
    for (let i = 0; i < PINGS; i++) await warm[0]!.ping();
    await exchange([warmRoom!], [warm[0]!], [warm[1]!]);
    for (const client of warm) await client.close();
    await new Promise((r) => setTimeout(r, 1_000));
    const rssBefore = await Promise.all(servers.map((server) => rssBytes(server.pid)));

    const practitioners = await joinAll(a.liveUrl, rooms.map((room) => room.practitionerToken));
    clients.push(...practitioners);
    const patients = await joinAll(b.liveUrl, rooms.map((room) => room.patientToken));
    clients.push(...patients);
    await new Promise((r) => setTimeout(r, 1_000));
    const rssAfter = await Promise.all(servers.map((server) => rssBytes(server.pid)));

    const pings: number[] = [];
    for (let i = 0; i < PINGS; i++) {
      const started = performance.now();
      await practitioners[0]!.ping();
      pings.push(performance.now() - started);
    }
    const pingMs = median(pings);

    const alone = await oneAtATime(practitioners[0]!, patients[0]!, ONE_AT_A_TIME);
    for (const client of [...practitioners, ...patients]) client.onMessage = null;

    const started = performance.now();
    const relay = await exchange(rooms, practitioners, patients);
    const wholeMs = performance.now() - started;
    const p50 = percentile(relay, 0.5);
    const p95 = percentile(relay, 0.95);
    const ratio = p95 / pingMs;
    const perRoom = rssAfter.map((after, i) => (after - rssBefore[i]!) / rooms.length);
    print(`signalling: ${rooms.length} rooms, practitioners on one server process and customers on another, PostgreSQL, loopback`);
    print(`  reference, one socket ping round trip (median of ${PINGS}): ${pingMs.toFixed(2)} ms`);
    print(`  one signal at a time (${ONE_AT_A_TIME}, rooms idle): p50 ${percentile(alone, 0.5).toFixed(2)} ms, p95 ${percentile(alone, 0.95).toFixed(2)} ms, ${(percentile(alone, 0.95) / pingMs).toFixed(1)}× the ping`);
    print(`  all rooms at once: ${relay.length} signals (offer, answer, ${2 * CANDIDATES_EACH_WAY} candidates a room) in ${(wholeMs / 1000).toFixed(2)} s`);
    print(`  send → arrival at the other process's socket: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    print(`  p95 as a ratio to the ping round trip: ${ratio.toFixed(1)}× (aim under ${AIM_RATIO}×: ${ratio < AIM_RATIO ? 'met' : 'NOT met'})`);
    print(`  server memory per open room: ${perRoom.map((bytes) => `${(bytes / 1024).toFixed(1)} KiB`).join(' (practitioners\' process), ')} (customers' process)`);
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
