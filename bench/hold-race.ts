/**
 * Hold race: two server processes on one fresh PostgreSQL database, one AVAILABLE slot, 1,000
 * concurrent hold attempts spread over both processes. Exactly one may win. Prints the winners and
 * the p95 latency of a hold as a ratio to the p95 of GET /api/health fired the same way in the same run.
 *
 *   npm run bench:hold-race -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, eq } from 'drizzle-orm';
import { appointments, organisationProfiles, organisations, shifts, users } from '../apps/server/src/db/schema';
import { fillShiftSlots } from '../apps/server/src/modules/booking/supply';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase } from '../apps/server/src/platform/db';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';

const ATTEMPTS = 1_000;
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** Fires `count` requests at once, alternating between the servers; answers statuses and latencies. */
async function burst(servers: ServerProcess[], count: number, request: (url: string, attempt: number) => Promise<Response>) {
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const started = performance.now();
      const response = await request(servers[i % servers.length]!.url, i);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  return { statuses: results.map((r) => r.status), latencies: results.map((r) => r.ms) };
}

/** One practitioner with a one-hour shift two days ahead: answers its first slot. */
async function seedSlot(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const { db } = database;
    const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
    await db.insert(organisationProfiles).values({ organisationId: org!.id });
    const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Practitioner', email: 'bench@example.test', username: 'bench' }).returning();
    await insertRole(db, { name: 'practitioner', userId: user!.id, organisationId: org!.id, profileName: 'Bench Practitioner' });
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
    const [shift] = await db
      .insert(shifts)
      .values({ practitionerUserId: user!.id, organisationId: org!.id, startTime: start, endTime: new Date(start.getTime() + 3_600_000), services: ['video_gp'], languages: ['EN'], createdAt: new Date() })
      .returning();
    await fillShiftSlots(db, systemClock, shift!);
    const [slot] = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.shiftId, shift!.id)).orderBy(asc(appointments.startTime)).limit(1);
    return slot!.id;
  } finally {
    await database.close();
  }
}

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
const servers: ServerProcess[] = [];
try {
  // Each attempt is a client of its own (X-Forwarded-For behind TRUST_PROXY), as holds are limited per address.
  const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir, TRUST_PROXY: 'true' };
  servers.push(await startServerProcess(env));
  servers.push(await startServerProcess(env));
  const slotId = await seedSlot(scratch.url);
  await burst(servers, 100, (url) => fetch(`${url}/api/health`));
  const health = await burst(servers, ATTEMPTS, (url) => fetch(`${url}/api/health`));
  const holds = await burst(servers, ATTEMPTS, (url, attempt) =>
    fetch(`${url}/api/booking/${slotId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${attempt >> 8}.${attempt & 255}` },
      body: JSON.stringify({ status: 'LOCKED' }),
    }),
  );
  const winners = holds.statuses.filter((s) => s === 200).length;
  const conflicts = holds.statuses.filter((s) => s === 409).length;
  const others = ATTEMPTS - winners - conflicts;
  const ratio = p95(holds.latencies) / p95(health.latencies);
  print(`hold-race: ${ATTEMPTS} concurrent holds of one slot across ${servers.length} server processes on one PostgreSQL`);
  print(`  winners: ${winners} (must be 1)   409: ${conflicts}   other answers: ${others}`);
  print(`  p95 hold ${p95(holds.latencies).toFixed(1)} ms / p95 GET /api/health ${p95(health.latencies).toFixed(1)} ms = ${ratio.toFixed(2)}x`);
  process.exitCode = winners === 1 && others === 0 ? 0 : 1;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
