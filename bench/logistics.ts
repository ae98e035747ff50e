/**
 * Sample logistics under load (issue 19's bench/logistics, receipts part): 300 dropboxes and 500,000
 * receipts over 180 days (about 2,800 a day; four in five of the past days' collected, some missed) on
 * a fresh PostgreSQL database, one server process, autocannon as a super admin against GET
 * /dropbox/pickups?date (a day's first page of 50, and sorted by expected samples) and GET
 * /dropbox/{id}/receipts?date (a dropbox's day). Prints requests/s and p95 of each as a ratio to GET
 * /api/health measured just before and after it, and the plans of the statements, including the
 * missed-receipts job's (failing on a sequential scan of receipts; the pickups list reads every
 * dropbox, 300 rows, so a scan of dropboxes is its plan, not a fault). Aim: p95 < 50 ms.
 * BENCH_RECEIPTS, BENCH_DROPBOXES and BENCH_DAYS make a smaller run.
 *
 *   npm run bench:logistics -w bench      (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
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

const DROPBOXES = Number(process.env.BENCH_DROPBOXES ?? 300);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 500_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 180);
/** Each order dispatched two kits. */
const KITS_PER_ORDER = 2;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
const PASSWORD = 'bench super admin password';
const EMAIL = 'bench-admin@example.test';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The i-th order's short token: 20 characters of the token alphabet, unique per i. */
const TOKEN_SQL = `upper(translate(substr(md5(i::text) || md5((i + 1)::text), 1, 20), '01', 'XY'))`;

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench office' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Admin', email: EMAIL, username: EMAIL, passwordHash: await hashPassword(PASSWORD) }).returning();
  await insertRole(db, { name: 'super_admin', userId: user!.id, organisationId: org!.id, profileName: 'Bench Admin' });
  await db.execute(sql.raw(`
    INSERT INTO dropboxes (name, address_1, city, county, postcode, active, created_at, updated_at)
    SELECT 'Bench box ' || lpad(i::text, 4, '0'), i || ' High Street', 'City ' || (i % 40), 'County', 'LS1 1AA', i % 10 <> 0, now(), now()
    FROM generate_series(1, ${DROPBOXES}) AS i`));
  await db.execute(sql.raw(`
    INSERT INTO dropbox_opening_times (dropbox_id, weekday, start_hour, end_hour)
    SELECT d.id, w, '08:00', '20:00' FROM dropboxes d CROSS JOIN generate_series(1, 7) AS w`));
  await db.execute(sql.raw(`
    INSERT INTO orders (short_token, source, currency, created_at, updated_at, original_price_pence, discount_pence, price_pence, vat_pence,
                        payment_flag, shipping_flag, transaction_id, billing_email, billing_detail, billing_address, shipping_address)
    SELECT ${TOKEN_SQL}, 'vireo', 'GBP', now() - i * interval '1 minute', now() - i * interval '1 minute', 5800, 0, 5800, 967,
           'Complete', 'Dispatched', 'test_' || md5(i::text), 'customer' || i || '@example.test',
           jsonb_build_object('first_name', 'Ada', 'last_name', 'Lovelace', 'email', 'customer' || i || '@example.test'),
           '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb,
           '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb
    FROM generate_series(1, ${Math.ceil(RECEIPTS / KITS_PER_ORDER)}) AS i`));
  // The i-th receipt: the (i / 2)-th order's kit, at dropbox i % DROPBOXES, expected i % DAYS days ago; of the past
  // days' receipts four in five collected that day at 11:00, one in ten missed, the rest waiting.
  await db.execute(sql.raw(`
    WITH numbered AS (SELECT id, short_token, row_number() OVER (ORDER BY created_at DESC, id) - 1 AS n FROM orders),
         boxes AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM dropboxes),
         kits AS (
           SELECT o.id AS order_id, o.short_token, o.n * ${KITS_PER_ORDER} + k AS i
           FROM numbered o CROSS JOIN generate_series(0, ${KITS_PER_ORDER - 1}) AS k
           WHERE o.n * ${KITS_PER_ORDER} + k < ${RECEIPTS})
    INSERT INTO receipts (order_id, short_token, kit_id, dropbox_id, expected_dropoff_date, created_at, collected_at, collected_by, collected_dropbox_id, missed_at)
    SELECT kits.order_id, kits.short_token, 'BENCH-KIT-' || kits.i, boxes.id, current_date - (kits.i % ${DAYS})::int, now() - (kits.i % ${DAYS}) * interval '1 day',
           CASE WHEN kits.i % ${DAYS} > 0 AND kits.i % 10 < 8 THEN (current_date - (kits.i % ${DAYS})::int) + time '11:00' END,
           CASE WHEN kits.i % ${DAYS} > 0 AND kits.i % 10 < 8 THEN '${user!.id}'::uuid END,
           CASE WHEN kits.i % ${DAYS} > 0 AND kits.i % 10 < 8 THEN boxes.id END,
           CASE WHEN kits.i % ${DAYS} > 1 AND kits.i % 10 = 8 THEN now() END
    FROM kits JOIN boxes ON boxes.n = kits.i % ${DROPBOXES}`));
  await db.execute(sql`VACUUM ANALYZE`);
}

/** The statements as pickups.ts and missed.ts send them (unnamed, parameters bound), with the bench's values. */
const COUNTS = `SELECT dropbox_id, count(*)::int AS expected_count, count(collected_at)::int AS found_count, min(collected_at) AS collection_time FROM receipts WHERE expected_dropoff_date = $1 GROUP BY dropbox_id`;
const FROM = `FROM dropboxes d LEFT JOIN (${COUNTS}) p ON p.dropbox_id = d.id WHERE d.active OR p.dropbox_id IS NOT NULL`;
const PLANS: Record<string, PlannedStatement> = {
  'pickups page': { text: `SELECT d.id, d.name, d.city, coalesce(p.expected_count, 0), coalesce(p.found_count, 0), p.collection_time ${FROM} ORDER BY lower(d.name) ASC NULLS LAST, d.id ASC LIMIT $2 OFFSET $3`, values: ['', 50, 0] },
  'pickups count': { text: `SELECT count(*)::int ${FROM}`, values: [''] },
  'dropbox receipts page': {
    text: `SELECT * FROM receipts WHERE dropbox_id = $1 AND expected_dropoff_date = $2 ORDER BY short_token ASC NULLS LAST, kit_id ASC, id ASC LIMIT $3 OFFSET $4`,
    values: ['', '', 50, 0],
  },
  'dropbox receipts count': { text: `SELECT count(*) FROM receipts WHERE dropbox_id = $1 AND expected_dropoff_date = $2`, values: ['', ''] },
  'missed receipts due': {
    text: `SELECT r.id FROM receipts r WHERE r.collected_at IS NULL AND r.missed_at IS NULL AND r.expected_dropoff_date < $1::date
             AND ((r.expected_dropoff_date + 1) + coalesce((SELECT t.end_hour FROM dropbox_opening_times t WHERE t.dropbox_id = r.dropbox_id AND t.weekday = extract(dow FROM r.expected_dropoff_date + 1)::int + 1), '24:00')::time) AT TIME ZONE 'Europe/London' <= now()
             ORDER BY r.expected_dropoff_date, r.id LIMIT 500`,
    values: [''],
  },
};

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const seeding = performance.now();
  await seed(database);
  const seededSeconds = (performance.now() - seeding) / 1000;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  // A past day (its receipts partly collected) and the busiest dropbox that day.
  const day = (await client.query<{ day: string }>(`SELECT (current_date - 3)::text AS day`)).rows[0]!.day;
  const box = (await client.query<{ id: string }>(`SELECT dropbox_id AS id FROM receipts WHERE expected_dropoff_date = $1 GROUP BY dropbox_id ORDER BY count(*) DESC, dropbox_id LIMIT 1`, [day])).rows[0]!.id;
  for (const plan of ['pickups page', 'pickups count', 'missed receipts due']) PLANS[plan]!.values[0] = day;
  for (const plan of ['dropbox receipts page', 'dropbox receipts count']) PLANS[plan]!.values.splice(0, 2, box, day);
  const signedIn = await signIn(server, EMAIL, PASSWORD);
  const api = `${server.url}/api/commerce/v1`;
  const targets: [string, string][] = [
    ['GET /dropbox/pickups?date (first 50)', `${api}/dropbox/pickups?date=${day}&limit=50`],
    ['GET /dropbox/pickups?date&sort=-expected', `${api}/dropbox/pickups?date=${day}&limit=50&sort=-expected`],
    ['GET /dropbox/{id}/receipts?date', `${api}/dropbox/${box}/receipts?date=${day}&limit=50`],
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
  print(`logistics: ${DROPBOXES} dropboxes, ${RECEIPTS} receipts over ${DAYS} days (seeded in ${seededSeconds.toFixed(0)} s); the day ${day}`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, as a super admin; aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(44)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  for (const { result: r, reference } of compared) {
    print(`  ${r.name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  }
  const sequential = await printPlans(client, PLANS, ['receipts'], print);
  await client.end();
  await database.close();
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of receipts: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
