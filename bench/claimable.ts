/**
 * Claimable and practitioner lists under load: 100,000 appointments over 60 days and 50
 * practitioners on a fresh PostgreSQL database, one server process, autocannon with a real
 * practitioner session against GET /getclaimappointments (and its badge count) and the
 * practitioner's list endpoints, each asked for its first page as the dashboard's tables ask.
 * Prints requests/s and p95 of each as a ratio to GET /api/health in the same run (the mean of the
 * health runs just before and after each endpoint's, as these machines' speed drifts), the whole
 * claimable window in one answer for scale, and the plans of the lists' statements (failing on a
 * sequential scan of appointments or booking_users).
 *
 *   npm run bench:claimable -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 *
 * BENCH_ONLY=<regex> measures only the matching endpoints; BENCH_SERVER_NODE_OPTIONS is passed to
 * the server process (e.g. `--require` of a profiler).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { appointments, appointmentStatusChanges, bookingUsers, organisationProfiles, organisations, users } from '../apps/server/src/db/schema';
import { listPageStatement, orderOf, type ListClock } from '../apps/server/src/modules/booking/list-page';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database, type Statement } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, signIn, type Measured } from './server';

const APPOINTMENTS = 100_000;
const PRACTITIONERS = 50;
const DAYS = 60;
const SLOTS_PER_DAY = Math.ceil(APPOINTMENTS / PRACTITIONERS / DAYS);
const SLOT_MS = 20 * 60_000;
const DAY_MS = 86_400_000;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
/** The rows a list table shows at first (its smallest page size), and so what the screens ask for. */
const PAGE = 10;
const PASSWORD = 'bench practitioner password';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

type Status = 'CLAIMABLE' | 'WAITING' | 'AVAILABLE' | 'COMPLETED' | 'UNAVAILABLE';

/**
 * A spread like a working service: of future slots 1% claimable (released bookings waiting for
 * someone), 40% booked and the rest open; of past ones 60% completed and the rest unused.
 */
function statusOf(index: number, past: boolean): Status {
  const r = (index * 7919) % 1000;
  if (past) return r < 600 ? 'COMPLETED' : 'UNAVAILABLE';
  return r < 10 ? 'CLAIMABLE' : r < 410 ? 'WAITING' : 'AVAILABLE';
}

async function seed(database: Database, now: number): Promise<{ email: string; practitionerId: string; counts: Record<Status, number> }> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const passwordHash = await hashPassword(PASSWORD);
  const practitionerIds: string[] = [];
  for (let p = 0; p < PRACTITIONERS; p++) {
    const email = `bench-practitioner-${p}@example.test`;
    const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: `Practitioner ${p}`, email, username: email, passwordHash }).returning();
    await insertRole(db, { name: 'practitioner', userId: user!.id, organisationId: org!.id, profileName: `Bench Practitioner ${p}` });
    practitionerIds.push(user!.id);
  }
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (DAYS / 2) * DAY_MS;
  const counts: Record<Status, number> = { CLAIMABLE: 0, WAITING: 0, AVAILABLE: 0, COMPLETED: 0, UNAVAILABLE: 0 };
  const BATCH = 2_000;
  for (let offset = 0; offset < APPOINTMENTS; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, APPOINTMENTS - offset) }, (_, i) => {
      const index = offset + i;
      const practitioner = index % PRACTITIONERS;
      const slot = Math.floor(index / PRACTITIONERS);
      const start = firstDay + Math.floor(slot / SLOTS_PER_DAY) * DAY_MS + 8 * 3_600_000 + (slot % SLOTS_PER_DAY) * SLOT_MS;
      const status = statusOf(index, start + SLOT_MS < now);
      counts[status]++;
      return {
        type: 'video_gp',
        status,
        startTime: new Date(start),
        endTime: new Date(start + SLOT_MS),
        statusLastUpdated: new Date(Math.min(start, now)),
        language: 'EN' as const,
        offeredServices: ['video_gp'],
        offeredLanguages: ['EN' as const],
        practitionerUserId: status === 'CLAIMABLE' ? null : practitionerIds[practitioner]!,
        claimableSlot: status === 'CLAIMABLE',
        paid: status === 'CLAIMABLE' || status === 'WAITING' || status === 'COMPLETED',
        createdAt: new Date(firstDay),
      };
    });
    const inserted = await db.insert(appointments).values(rows).returning({ id: appointments.id, status: appointments.status, at: appointments.statusLastUpdated });
    await db.insert(appointmentStatusChanges).values(inserted.map((a) => ({ appointmentId: a.id, changedTo: a.status!, createdAt: a.at })));
    const booked = inserted.filter((a) => a.status === 'CLAIMABLE' || a.status === 'WAITING' || a.status === 'COMPLETED');
    if (booked.length > 0) {
      await db.insert(bookingUsers).values(
        booked.map((a, i) => ({ appointmentId: a.id, position: 0, firstName: 'Bench', lastName: `Patient ${offset + i}`, email: `patient-${offset + i}@example.test`, dateOfBirth: Date.UTC(1985, 0, 1) / 1000, createdAt: a.at })),
      );
    }
  }
  // As autovacuum leaves a table soon after a bulk load: statistics, and the visibility map that
  // lets the lists count their matches from the indexes alone.
  await db.execute(sql`VACUUM ANALYZE`);
  return { email: 'bench-practitioner-0@example.test', practitionerId: practitionerIds[0]!, counts };
}

/** The lists' statements as the booking service builds them (list-page.ts), first pages of PAGE rows, for EXPLAIN. */
function listQueries(practitionerId: string, now: Date): Record<string, Statement> {
  const iso = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;
  const t = now.getTime();
  const today = Math.floor(t / DAY_MS) * DAY_MS;
  const p = `'${practitionerId}'`;
  const page = (where: string, byStart: 'asc' | 'desc' = 'asc', clock: ListClock = { uses: 'unused' }) =>
    listPageStatement({ where: sql.raw(where), order: orderOf(undefined, byStart), paging: { limit: PAGE }, clock }, now);
  const ahead: ListClock = { uses: 'ended', ended: false };
  const booked = `('WAITING','PATIENT_ATTENDED','PRACTITIONER_ATTENDED','IN_PROGRESS','ON_HOLD','PRACTITIONER_LEFT','PATIENT_LEFT','COMPLETED','USER_CANCELLED','PROVIDER_CANCELLED')`;
  return {
    'getclaimappointments': page(`status = 'CLAIMABLE' AND start_time < ${iso(today + 62 * DAY_MS)}`, 'asc', ahead),
    'getclaimappointments (week)': page(`status = 'CLAIMABLE' AND start_time >= ${iso(today)} AND start_time < ${iso(today + 7 * DAY_MS)}`, 'asc', ahead),
    'getclaimappointments/count': { sql: `SELECT count(*)::int FROM appointments WHERE status = 'CLAIMABLE' AND start_time >= ${iso(today)} AND start_time < ${iso(today + 4 * DAY_MS)}`, params: [] },
    'getappointments (week)': page(`practitioner_user_id = ${p} AND status IN ${booked} AND start_time >= ${iso(today)} AND start_time < ${iso(today + 7 * DAY_MS)}`, 'asc', ahead),
    'search AVAILABLE (today)': page(`(practitioner_user_id = ${p} OR status = 'CLAIMABLE') AND status IN ('AVAILABLE') AND start_time >= ${iso(today)} AND start_time < ${iso(today + DAY_MS)}`),
    'getpastappointments (week)': page(`practitioner_user_id = ${p} AND status IN ${booked} AND start_time >= ${iso(today - 6 * DAY_MS)} AND start_time < ${iso(today + DAY_MS)}`, 'desc', { uses: 'ended', ended: true }),
    'practitioner (week)': page(`practitioner_user_id = ${p} AND start_time >= ${iso(today)} AND start_time < ${iso(today + 7 * DAY_MS)}`),
  };
}

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir, NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const now = new Date();
  const seeded = await seed(database, now.getTime());
  const token = await signIn(server, seeded.email, PASSWORD);

  const t = Math.floor(now.getTime() / 1000);
  const today = Math.floor(t / 86_400) * 86_400;
  const api = `${server.url}/api/booking`;
  const first = `limit=${PAGE}&offset=0`;
  const targets: [string, string][] = [
    ['GET /getclaimappointments', `${api}/getclaimappointments?${first}`],
    ['GET /getclaimappointments (week)', `${api}/getclaimappointments?date_from=${today}&date_to=${today + 7 * 86_400}&${first}`],
    ['GET /getclaimappointments/count', `${api}/getclaimappointments/count`],
    ['GET /getappointments (week)', `${api}/getappointments?date_from=${today}&date_to=${today + 7 * 86_400}&${first}`],
    ['GET /search?status=AVAILABLE (today)', `${api}/search?status=AVAILABLE&start_time_from=${today}&start_time_to=${today + 86_400}&${first}`],
    ['GET /getpastappointments (week)', `${api}/getpastappointments?date_from=${today - 6 * 86_400}&date_to=${today + 86_400}&${first}`],
    ['GET /practitioner (week)', `${api}/practitioner?date_from=${today}&date_to=${today + 7 * 86_400}&${first}`],
  ];
  /** Not a screen's request: the whole window in one answer (up to 1000 rows), printed for scale. */
  const whole: [string, string] = ['GET /getclaimappointments?limit=1000', `${api}/getclaimappointments?limit=1000`];
  for (const [, url] of [...targets, whole]) {
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
  }
  // The machine's speed drifts during a run, so each endpoint is measured between two runs of the
  // health route and compared with their mean.
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  const healthRuns = [await measure('GET /api/health', healthUrl, null, LOAD)];
  const compared: { result: Measured; reference: Measured }[] = [];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const chosen: [string, string][] = targets.filter(([name]) => !only || only.test(name));
  // Whichever list ran first measured several times slower (the server's pool growing to its full size,
  // PostgreSQL's caches after seeding): every list runs once, unmeasured, before any is measured.
  for (const [name, url] of chosen) await measure(`warm-up ${name}`, url, token, LOAD);
  for (const [name, url] of only ? chosen : [...chosen, whole]) {
    const result = await measure(name, url, token, LOAD);
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null, LOAD);
    healthRuns.push(after);
    compared.push({ result, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }
  const results = compared.map(({ result }) => result);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const health: Measured = { name: 'GET /api/health (mean)', requestsPerSecond: mean(healthRuns.map((r) => r.requestsPerSecond)), p95: mean(healthRuns.map((r) => r.p95)), failures: 0 };

  print(`claimable: ${APPOINTMENTS} appointments over ${DAYS} days, ${PRACTITIONERS} practitioners (${Object.entries(seeded.counts).map(([s, n]) => `${s} ${n}`).join(', ')})`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, signed in as a practitioner`);
  print(`  lists ask for their first page of ${PAGE} rows, as the dashboard's tables do; aim: ratio >= 0.30 and p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  const row = (r: Measured, reference: Measured) =>
    print(`  ${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  row(health, health);
  for (const [index, { result, reference }] of compared.entries()) {
    if (!only && index === compared.length - 1) print("  for scale, not a screen's request:");
    row(result, reference);
  }

  let sequential = 0;
  print('  query plans, as the server runs them: prepared, after the executions that settle their plan:');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  for (const [index, [name, query]] of Object.entries(listQueries(seeded.practitionerId, now)).entries()) {
    for (let i = 0; i < 6; i++) await client.query({ name: `bench_${index}`, text: query.sql, values: query.params });
    const literals = query.params.map((value) => `'${String(value).replaceAll("'", "''")}'`);
    const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE bench_${index}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`)).rows.map((line) => line['QUERY PLAN']);
    const scansAppointments = plan.some((line) => /Seq Scan on (appointments|booking_users)/.test(line));
    if (scansAppointments) sequential++;
    print(`  -- ${name}${scansAppointments ? '   <-- SEQUENTIAL SCAN' : ''}`);
    for (const line of plan) print(`     ${line}`);
  }
  await client.end();
  await database.close();
  const failures = results.reduce((n, r) => n + r.failures, 0);
  print(`  sequential scans of appointments or booking_users: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
