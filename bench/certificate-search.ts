/**
 * Certificate management and PCR tests under load (issue 19's bench): CERTIFICATES certificates over
 * 180 days (four per person, the latest valid) and PCR_RESULTS PCR people sampled over the same days
 * (half with a result) on a fresh PostgreSQL database, one server process, autocannon as a super admin
 * against GET /certificate/search (a day; a week's first page; a week by name; one person over the 180 days) and GET /pcr-test (the
 * last 30 days' first page). Prints requests/s and p95 of each as a ratio to GET /api/health measured
 * just before and after it, and the plans of the statements (failing on a sequential scan of
 * certificates or booking_users). Aim: p95 < 50 ms.
 *
 *   npm run bench:certificate-search -w bench   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default;
 *   BENCH_CERTIFICATES, BENCH_PCR_RESULTS and BENCH_DURATION_SECONDS make a smaller run)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { organisationProfiles, organisations, users } from '../apps/server/src/db/schema';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, printPlans, signIn, type Measured, type PlannedStatement } from './server';

const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 400_000);
const PCR_RESULTS = Number(process.env.BENCH_PCR_RESULTS ?? 100_000);
const DAYS = 180;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
const PASSWORD = 'bench super admin password';
const EMAIL = 'bench-admin@example.test';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);
const PEOPLE = Math.max(PCR_RESULTS, Math.ceil(CERTIFICATES / 4));

/** A deterministic version-4-shaped uuid from a text expression (the API's schemas accept RFC 4122 ids only). */
const uuidOf = (text: string) => `(overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17))::uuid`;

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench office' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Admin', email: EMAIL, username: EMAIL, passwordHash: await hashPassword(PASSWORD) }).returning();
  await insertRole(db, { name: 'super_admin', userId: user!.id, organisationId: org!.id, profileName: 'Bench Admin' });
  await db.execute(sql.raw(`INSERT INTO certificate_signing_keys (kid, public_key, active, created_at) VALUES ('bench', 'bench', false, now())`));
  // One self-swab PCR appointment per person; person i sampled i * (DAYS days / PEOPLE) ago, every other one with a result.
  await db.execute(sql.raw(`
    INSERT INTO appointments (id, type, test_type, status_last_updated, created_at, paid)
    SELECT ${uuidOf(`'a' || i`)}, 'self_swab', 'PCR', now(), now(), true FROM generate_series(1, ${PEOPLE}) AS i`));
  await db.execute(sql.raw(`
    INSERT INTO booking_users (id, appointment_id, position, first_name, last_name, email, date_of_birth, kit_id, created_at, metadata)
    SELECT ${uuidOf(`'p' || i`)}, ${uuidOf(`'a' || i`)}, 0, 'Person' || i, 'Bench', 'person' || i || '@example.test', 631152000, 'KIT' || i, now(),
           jsonb_build_object('kit_id', 'KIT' || i, 'test_type', 'PCR',
                              'date_sampled', to_char((now() - (i * interval '${DAYS} days' / ${PEOPLE})) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             || CASE WHEN i % 2 = 0 THEN '{"test_result": "ND", "result": "Negative"}'::jsonb ELSE '{}'::jsonb END
    FROM generate_series(1, ${PEOPLE}) AS i`));
  // Certificate j is person (j % PEOPLE)'s; the first PEOPLE are valid, the later ones revoked (replaced).
  await db.execute(sql.raw(`
    INSERT INTO certificates (id, number, appointment_id, booking_user_id, kind, facts, kid, status, issued_at, pdf_key, holder_name, email, document_number)
    SELECT ${uuidOf(`'c' || j`)}, 'C-BENCH-' || j, ${uuidOf(`'a' || (1 + j % ${PEOPLE})`)}, ${uuidOf(`'p' || (1 + j % ${PEOPLE})`)}, 'uk_pcr_travel',
           jsonb_build_object('nam', jsonb_build_object('gn', 'Person' || (1 + j % ${PEOPLE}), 'fn', 'Bench'), 'dob', '1990-01-01',
                              't', jsonb_build_array(jsonb_build_object('tt', 'LP6464-4', 'tr', '260415000', 'sc', '2026-01-01T00:00:00.000Z', 'nm', 'Bench PCR'))),
           'bench', CASE WHEN j < ${PEOPLE} THEN 'valid' ELSE 'revoked' END, now() - (j * interval '${DAYS} days' / ${CERTIFICATES}), 'bench/none.pdf',
           'Person' || (1 + j % ${PEOPLE}) || ' Bench', 'person' || (1 + j % ${PEOPLE}) || '@example.test', 'P1234567'
    FROM generate_series(0, ${CERTIFICATES - 1}) AS j`));
  await db.execute(sql`VACUUM ANALYZE`);
}

const epoch = (ms: number) => Math.floor(ms / 1000);
const now = Date.now();
const day = { from: epoch(now - 3 * 86_400_000), to: epoch(now - 2 * 86_400_000) };
const week = { from: epoch(now - 7 * 86_400_000), to: epoch(now) };
const month = { from: epoch(now - 30 * 86_400_000), to: epoch(now + 86_400_000) };
const halfYear = { from: epoch(now - DAYS * 86_400_000), to: epoch(now + 86_400_000) };
/** A search for one person, by their whole e-mail address (their four certificates over the 180 days). */
const ONE_PERSON = 'person4231@example.test';
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The statements as the services send them (parameters bound), with the bench's values. */
const SEARCH = `SELECT * FROM certificates WHERE (issued_at >= $1 AND issued_at < $2)`;
const PCR_RANGE = `bu.pcr_sampled >= $1 AND bu.pcr_sampled < $2`;
const PLANS: Record<string, PlannedStatement> = {
  'search: a day': { text: `${SEARCH} ORDER BY issued_at DESC, id DESC LIMIT 25 OFFSET 0`, values: [iso(day.from), iso(day.to)] },
  'search: a week, first page': { text: `${SEARCH} ORDER BY issued_at DESC, id DESC LIMIT 25 OFFSET 0`, values: [iso(week.from), iso(week.to)] },
  'search: a week, count': { text: `SELECT count(*) FROM certificates WHERE (issued_at >= $1 AND issued_at < $2)`, values: [iso(week.from), iso(week.to)] },
  'search: a week by name': {
    text: `${SEARCH.replace('WHERE (', 'WHERE ((')} AND (holder_name ILIKE $3 OR email ILIKE $4)) ORDER BY issued_at DESC, id DESC LIMIT 25 OFFSET 0`,
    values: [iso(week.from), iso(week.to), '%person42%', '%person42%'],
  },
  'search: a week by name, count': {
    text: `SELECT count(*) FROM certificates WHERE ((issued_at >= $1 AND issued_at < $2) AND (holder_name ILIKE $3 OR email ILIKE $4))`,
    values: [iso(week.from), iso(week.to), '%person42%', '%person42%'],
  },
  'search: 180 days, one person': {
    text: `${SEARCH.replace('WHERE (', 'WHERE ((')} AND (holder_name ILIKE $3 OR email ILIKE $4)) ORDER BY issued_at DESC, id DESC LIMIT 25 OFFSET 0`,
    values: [iso(halfYear.from), iso(halfYear.to), `%${ONE_PERSON}%`, `%${ONE_PERSON}%`],
  },
  'pcr tests: 30 days, first page': {
    text: `SELECT bu.id, bu.metadata, c.id AS certificate_id
           FROM booking_users bu
           LEFT JOIN certificates c ON c.booking_user_id = bu.id AND c.status = 'valid'
           WHERE ${PCR_RANGE}
           ORDER BY bu.pcr_sampled DESC, bu.id DESC LIMIT 25 OFFSET 0`,
    values: [iso(month.from), iso(month.to)],
  },
  'pcr tests: 30 days, count': {
    text: `SELECT count(*)::int FROM booking_users bu WHERE ${PCR_RANGE}`,
    values: [iso(month.from), iso(month.to)],
  },
};

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
let database: Database | null = null;
let client: pg.Client | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir });
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await seed(database);
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const signedIn = await signIn(server, EMAIL, PASSWORD);
  const api = `${server.url}/api/commerce/v1`;
  const targets: [string, string][] = [
    ['GET /certificate/search (a day)', `${api}/certificate/search?from=${day.from}&to=${day.to}`],
    ['GET /certificate/search (a week, page 1)', `${api}/certificate/search?from=${week.from}&to=${week.to}`],
    ['GET /certificate/search (a week, name)', `${api}/certificate/search?from=${week.from}&to=${week.to}&name=person42`],
    ['GET /certificate/search (180 days, one person)', `${api}/certificate/search?from=${halfYear.from}&to=${halfYear.to}&name=${encodeURIComponent(ONE_PERSON)}`],
    ['GET /pcr-test (30 days, page 1)', `${api}/pcr-test?from=${month.from}&to=${month.to}`],
  ];
  for (const [, url] of targets) {
    const check = await fetch(url, { headers: { authorization: `Bearer ${signedIn}` } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
    const body = (await check.json()) as { data: unknown[] };
    if (body.data.length === 0) throw new Error(`${url} found nothing`);
  }
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  for (const [name, url] of targets) await measure(`warm-up ${name}`, url, signedIn, LOAD);
  const healthRuns = [await measure('GET /api/health', healthUrl, null, LOAD)];
  const compared: { result: Measured; reference: Measured }[] = [];
  for (const [name, url] of targets) {
    const result = await measure(name, url, signedIn, LOAD);
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null, LOAD);
    healthRuns.push(after);
    compared.push({ result, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }
  print(`certificate search: ${CERTIFICATES} certificates and ${PCR_RESULTS} PCR people over ${DAYS} days (${PEOPLE} people, half the PCR ones with a result)`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, as a super admin; aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(42)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  for (const { result: r, reference } of compared) {
    print(`  ${r.name.padEnd(42)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  }
  const sequential = await printPlans(client, PLANS, ['certificates', 'booking_users'], print);
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of certificates or booking_users: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await client?.end();
  await database?.close();
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
