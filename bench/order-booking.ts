/**
 * Booking against orders under load (issue 18's bench/order-booking): 100,000 orders (one Fit to Fly
 * line each), 200,000 purchase codes and 150,000 appointments booked with the orders (their short
 * tokens hashed, as the booking engine keeps them), with a week of open slots, on a fresh PostgreSQL
 * database, one server process. autocannon as anyone against the reads the order wizards make:
 * GET /order/-/short-token/{token} (the order's view), GET /api/booking/-/short-token/{token} (its
 * appointments and their people), GET /purchase-code/{value} (each request another code from another
 * client address, past the check's per-address limit) and GET /api/booking/?product_id= (x-short-token)
 * (the slots of the line's window: 72 to 57 hours before a departure). Prints requests/s and p95 of
 * each as a ratio to GET /api/health measured just before and after it, with the one-minute load
 * average after it (the machine may be shared), and the plans of the statements (failing on a
 * sequential scan of orders, order_items, appointments or purchase_codes). Aim: p95 < 50 ms.
 *
 *   npm run bench:order-booking -w bench   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 *   BENCH_SCALE=0.02 BENCH_DURATION_SECONDS=2 …  a short run at 2% of the sizes
 *   BENCH_ONLY=short-token …                     only the endpoints whose name holds the text
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { organisationProfiles, organisations, products, users } from '../apps/server/src/db/schema';
import { shortTokenDetailsQuery } from '../apps/server/src/modules/booking/repo';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, printPlans, type Measured, type PlannedStatement, type VaryRequest } from './server';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error(`BENCH_SCALE must be in (0, 1], got "${process.env.BENCH_SCALE}"`);
const ORDERS = Math.round(100_000 * SCALE);
const PURCHASE_CODES = Math.round(200_000 * SCALE);
const APPOINTMENTS = Math.round(150_000 * SCALE);
const CODES_PER_BATCH = 10_000;
const USES_PER_CODE = 3;
/** Open 20-minute slots from tomorrow on: a week of one practitioner's time. */
const OPEN_SLOTS = 7 * 24 * 3;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
const SERVICE = 'video_gp_vireo';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The i-th order's short token: 20 characters of the token alphabet, unique per i. */
const TOKEN_SQL = `upper(translate(substr(md5(i::text) || md5((i + 1)::text), 1, 20), '01', 'XY'))`;
/** The i-th purchase code: 'OBK' and i in ten digits written with letters of the code alphabet. */
const CODE_SQL = `'OBK' || translate(lpad(i::text, 10, '0'), '0123456789', 'ABCDEFGHJK')`;
const codeValue = (i: number) => `OBK${String(i).padStart(10, '0').replace(/\d/g, (digit) => 'ABCDEFGHJK'[Number(digit)]!)}`;

async function seed(database: Database): Promise<{ productId: string }> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench clinic' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const email = 'bench-practitioner@example.test';
  const [practitioner] = await db
    .insert(users)
    .values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Practitioner', email, username: email, passwordHash: await hashPassword('bench practitioner password') })
    .returning();
  await insertRole(db, { name: 'practitioner', userId: practitioner!.id, organisationId: org!.id, profileName: 'Bench Practitioner' });
  // The server seeds the catalogue when it starts: the Fit to Fly kit is there.
  const [kit] = await db.select().from(products).where(eq(products.sku, 'FLX-UK-ANT-SNS-001'));
  if (!kit) throw new Error('The seeded catalogue has no FLX-UK-ANT-SNS-001');
  await db.execute(sql.raw(`
    INSERT INTO orders (short_token, source, currency, created_at, updated_at, original_price_pence, discount_pence, price_pence, vat_pence,
                        payment_flag, shipping_flag, billing_email, billing_detail, billing_address, shipping_address)
    SELECT ${TOKEN_SQL}, 'vireo', 'GBP', now() - (i % 1000) * interval '1 minute', now(), 11600, 0, 11600, 1933, 'Complete', 'Processing',
           'customer' || i || '@example.test', jsonb_build_object('first_name', 'Ada', 'last_name', 'Lovelace', 'email', 'customer' || i || '@example.test'),
           '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb, '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb
    FROM generate_series(1, ${ORDERS}) AS i`));
  await db.execute(sql.raw(`
    INSERT INTO order_items (order_id, position, product_id, title, sku, type, bookable, shippable, discount_exempt, vat_exempt, unit_price_pence, quantity, amount_pence, vat_pence)
    SELECT id, 0, '${kit!.id}', 'Fit to Fly Antigen Test', 'FLX-UK-ANT-SNS-001', 'Antigen', true, true, false, false, 2900, 4, 11600, 1933 FROM orders`));
  // Bookings of the orders, a month ahead and on, spread over them (one and a half per order), each with one person.
  await db.execute(sql.raw(`
    WITH numbered AS (SELECT o.id, o.short_token, i.id AS item_id, row_number() OVER (ORDER BY o.id) AS n FROM orders o JOIN order_items i ON i.order_id = o.id)
    INSERT INTO appointments (type, status, start_time, end_time, status_last_updated, paid, order_id, order_item_id, short_token_hash, practitioner_user_id, offered_services, created_at)
    SELECT '${SERVICE}', 'WAITING', now() + (a * interval '20 minutes') + interval '30 days', now() + (a * interval '20 minutes') + interval '30 days 20 minutes',
           now(), true, numbered.id, numbered.item_id, encode(sha256(convert_to(numbered.short_token, 'UTF8')), 'hex'), '${practitioner!.id}', ARRAY['${SERVICE}'], now()
    FROM generate_series(1, ${APPOINTMENTS}) AS a JOIN numbered ON numbered.n = 1 + (a - 1) % ${ORDERS}`));
  // Each booking's history as the booking engine writes it: offered, held, booked.
  await db.execute(sql.raw(`
    INSERT INTO appointment_status_changes (appointment_id, changed_to, created_at)
    SELECT a.id, s.status, now() - (3 - s.n) * interval '1 minute'
    FROM appointments a CROSS JOIN (VALUES (0, 'AVAILABLE'), (1, 'LOCKED'), (2, 'WAITING')) AS s(n, status) WHERE a.order_id IS NOT NULL`));
  await db.execute(sql.raw(`
    INSERT INTO booking_users (appointment_id, position, first_name, last_name, email, date_of_birth, language, tz_location, metadata, created_at)
    SELECT id, 0, 'Ada', 'Lovelace', 'ada@example.test', 486432000, 'EN', 'Europe/London', jsonb_build_object('order_id', order_id), now() FROM appointments WHERE order_id IS NOT NULL`));
  await db.execute(sql.raw(`
    INSERT INTO appointments (type, status, start_time, end_time, status_last_updated, practitioner_user_id, offered_services, offered_languages, created_at)
    SELECT '${SERVICE}', 'AVAILABLE', date_trunc('hour', now()) + interval '1 day' + s * interval '20 minutes', date_trunc('hour', now()) + interval '1 day' + (s + 1) * interval '20 minutes',
           now(), '${practitioner!.id}', ARRAY['${SERVICE}'], ARRAY['EN'], now()
    FROM generate_series(0, ${OPEN_SLOTS - 1}) AS s`));
  const batches = Math.ceil(PURCHASE_CODES / CODES_PER_BATCH);
  await db.execute(sql.raw(`
    INSERT INTO purchase_code_batches (name, prefix, product_id, count, uses_per_code, valid_until, created_at)
    SELECT 'Bench batch ' || b, 'OBK', '${kit!.id}', ${CODES_PER_BATCH}, ${USES_PER_CODE}, current_date + 335, now() - b * interval '1 hour'
    FROM generate_series(1, ${batches}) AS b`));
  await db.execute(sql.raw(`
    INSERT INTO purchase_codes (batch_id, value, uses, used_times)
    SELECT batch.id, ${CODE_SQL}, ${USES_PER_CODE}, i % ${USES_PER_CODE + 1}
    FROM generate_series(1, ${PURCHASE_CODES}) AS i
    JOIN purchase_code_batches AS batch ON batch.name = 'Bench batch ' || (1 + (i - 1) / ${CODES_PER_BATCH})`));
  await db.execute(sql`VACUUM ANALYZE`);
  return { productId: kit!.id };
}

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
let database: Database | null = null;
let client: pg.Client | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const { productId } = await seed(database);
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const tokens = (await client.query<{ short_token: string }>(`SELECT short_token FROM orders ORDER BY id LIMIT 1000`)).rows.map((row) => row.short_token);
  // A departure 4 days ahead: its window (72 to 57 hours before) is 15 hours of the open week.
  const departure = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 4 * 86_400_000).toISOString();
  const byToken =
    (prefix: string): VaryRequest =>
    (n) => ({ path: `${prefix}${tokens[(n * 7919) % tokens.length]}`, headers: {} });
  const checkRequest: VaryRequest = (n) => ({
    path: `/api/commerce/v1/purchase-code/${codeValue(1 + ((n * 7919) % PURCHASE_CODES))}`,
    headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
  });
  const slotsRequest: VaryRequest = (n) => ({
    path: `/api/booking/?service=${SERVICE}&product_id=${productId}&transport_departure_date_time=${encodeURIComponent(departure)}`,
    headers: { 'x-short-token': tokens[(n * 7919) % tokens.length]! },
  });
  const targets: [string, VaryRequest][] = [
    ['GET /order/-/short-token/{token}', byToken('/api/commerce/v1/order/-/short-token/')],
    ['GET /booking/-/short-token/{token}', byToken('/api/booking/-/short-token/')],
    ['GET /purchase-code/{value}', checkRequest],
    ['GET /booking/?product_id= (window)', slotsRequest],
  ];
  const only = process.env.BENCH_ONLY;
  if (only) targets.splice(0, targets.length, ...targets.filter(([name]) => name.includes(only)));
  for (const [name, vary] of targets) {
    const check = await fetch(`${server.url}${vary(1).path}`, { headers: vary(1).headers });
    if (!check.ok) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
  }
  const url = `${server.url}/`;
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  for (const [name, vary] of targets) await measure(`warm-up ${name}`, url, null, LOAD, vary);
  const healthRuns = [await measure('GET /api/health', healthUrl, null, LOAD)];
  const compared: { result: Measured; reference: Measured; load: number }[] = [];
  for (const [name, vary] of targets) {
    const result = await measure(name, url, null, LOAD, vary);
    const load = os.loadavg()[0]!;
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null, LOAD);
    healthRuns.push(after);
    compared.push({ result, load, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }

  const token = tokens[42]!;
  const hash = (await client.query<{ hash: string }>(`SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS hash`, [token])).rows[0]!.hash;
  const detailsByToken = shortTokenDetailsQuery(database.db, hash).toSQL();
  const orderId = (await client.query<{ id: string }>(`SELECT id FROM orders WHERE short_token = $1`, [token])).rows[0]!.id;
  const PLANS: Record<string, PlannedStatement> = {
    'order by short token': { text: `SELECT * FROM orders WHERE short_token = $1`, values: [token] },
    "order's line": { text: `SELECT * FROM order_items WHERE order_id = $1 AND product_id = $2`, values: [orderId, productId] },
    'appointments by token, with their details': { text: detailsByToken.sql, values: detailsByToken.params },
    "an order's appointments": { text: `SELECT * FROM appointments WHERE order_id = $1 ORDER BY start_time ASC NULLS LAST, created_at, id`, values: [orderId] },
    'purchase code check': {
      text: `SELECT c.*, b.valid_until FROM purchase_codes c INNER JOIN purchase_code_batches b ON b.id = c.batch_id WHERE c.value = $1`,
      values: [codeValue(4242 % PURCHASE_CODES)],
    },
    "a window's slots": {
      text: `SELECT id, start_time, end_time FROM appointments WHERE status = 'AVAILABLE' AND $1 = ANY(offered_services) AND start_time >= $2 AND start_time < $3 ORDER BY start_time, id LIMIT 2000`,
      values: [SERVICE, new Date(Date.parse(departure) - 72 * 3_600_000).toISOString(), new Date(Date.parse(departure) - 57 * 3_600_000 + 1000).toISOString()],
    },
  };
  print(`order-booking: ${ORDERS} orders (4 units each), ${PURCHASE_CODES} purchase codes, ${APPOINTMENTS} appointments booked with them, ${OPEN_SLOTS} open slots${SCALE < 1 ? ` (BENCH_SCALE ${SCALE})` : ''}`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, as anyone (each request another token or code); aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures  load`);
  for (const { result: r, reference, load } of compared) {
    print(
      `  ${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${String(r.failures).padStart(8)} ${load.toFixed(1).padStart(5)}`,
    );
  }
  const sequential = await printPlans(client, PLANS, ['orders', 'order_items', 'appointments', 'purchase_codes'], print);
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of orders, order_items, appointments or purchase_codes: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  // Closed before the scratch database is dropped, which ends every connection to it.
  await client?.end();
  await database?.close();
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
