/**
 * Orders under load (issue 17's bench/orders): 200,000 orders, 20,000 discounts and 100,000 purchase
 * codes on a fresh PostgreSQL database, one server process, autocannon as a super admin (orders.manage,
 * granted discounts.manage) against GET /order (the list's first page; by billing e-mail, by short
 * token, by discount code), GET /discount?filter[state]=used and GET /purchase-code-batch, and as
 * anyone against GET /purchase-code/{value} (each request another code from another client address,
 * so the check's limit of 30 a minute per address is not what is measured). Prints requests/s and p95
 * of each as a ratio to GET /api/health measured just before and after it, and the plans of the
 * statements (failing on a sequential scan of orders, discounts or purchase_codes). Aim: p95 < 50 ms.
 *
 *   npm run bench:orders -w bench      (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { organisationProfiles, organisations, permissionGrants, products, users } from '../apps/server/src/db/schema';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, printPlans, signIn, type Measured, type PlannedStatement, type VaryRequest } from './server';

const ORDERS = 200_000;
const DISCOUNTS = 20_000;
const PURCHASE_CODES = 100_000;
/** Codes per batch: the most one batch may have. */
const CODES_PER_BATCH = 10_000;
const USES_PER_CODE = 3;
/** Each customer's e-mail has this many orders. */
const ORDERS_PER_EMAIL = 4;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
const PASSWORD = 'bench super admin password';
const EMAIL = 'bench-admin@example.test';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The i-th order's short token: 20 characters of the token alphabet, unique per i. */
const TOKEN_SQL = `upper(translate(substr(md5(i::text) || md5((i + 1)::text), 1, 20), '01', 'XY'))`;
/** The i-th purchase code: 'BEN' and i in ten digits written with letters of the code alphabet, unique per i. */
const CODE_SQL = `'BEN' || translate(lpad(i::text, 10, '0'), '0123456789', 'ABCDEFGHJK')`;
const codeValue = (i: number) => `BEN${String(i).padStart(10, '0').replace(/\d/g, (digit) => 'ABCDEFGHJK'[Number(digit)]!)}`;

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench office' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Admin', email: EMAIL, username: EMAIL, passwordHash: await hashPassword(PASSWORD) }).returning();
  await insertRole(db, { name: 'super_admin', userId: user!.id, organisationId: org!.id, profileName: 'Bench Admin' });
  await db.insert(permissionGrants).values({ userId: user!.id, permission: 'discounts.manage', grantedAt: new Date() });
  const now = new Date();
  const [kit] = await db
    .insert(products)
    .values({ sku: 'BENCH-KIT', title: 'Fit to Fly Antigen Test', country: 'UK', pricePence: 2900, msrpPence: 2900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: true, createdAt: now, updatedAt: now })
    .returning();
  // Half the codes used at least once; one order in ten carries a code, so each used code has a few.
  await db.execute(sql.raw(`
    INSERT INTO discounts (project, code, type, value, active, active_from, active_to, uses, used_times, created_at)
    SELECT 'Project ' || (i % 40), 'BENCH' || i, (ARRAY['percentage', 'reduction', 'trial'])[1 + i % 3], 10, true,
           current_date - 30, current_date + 335, 1000, CASE WHEN i % 2 = 0 THEN 1 + i % 7 ELSE 0 END, now() - i * interval '1 minute'
    FROM generate_series(1, ${DISCOUNTS}) AS i`));
  // 90% Complete, 5% Failed, 5% Initiated; newest first by i.
  await db.execute(sql.raw(`
    INSERT INTO orders (short_token, source, currency, created_at, updated_at, original_price_pence, discount_pence, price_pence, vat_pence,
                        discount_code, payment_flag, shipping_flag, transaction_id, billing_email, billing_detail, billing_address, shipping_address)
    SELECT ${TOKEN_SQL}, 'vireo', 'GBP', now() - i * interval '1 minute', now() - i * interval '1 minute', 2900, 0, 2900, 483,
           CASE WHEN i % 10 = 0 THEN 'BENCH' || (2 * (1 + (i / 10) % (${DISCOUNTS} / 2))) END,
           CASE WHEN i % 20 = 1 THEN 'Initiated' WHEN i % 20 = 2 THEN 'Failed' ELSE 'Complete' END,
           CASE WHEN i % 20 = 1 THEN 'Pending' WHEN i % 20 = 2 THEN 'failed' ELSE 'Processing' END,
           CASE WHEN i % 20 > 2 THEN 'test_' || md5(i::text) END,
           'Customer' || (i % ${ORDERS / ORDERS_PER_EMAIL}) || '@Example.test',
           jsonb_build_object('first_name', 'Ada', 'last_name', 'Lovelace', 'email', 'Customer' || (i % ${ORDERS / ORDERS_PER_EMAIL}) || '@Example.test'),
           '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb,
           '{"address_1": "1 Test Street", "postcode": "EC1A 1AA", "town": "London"}'::jsonb
    FROM generate_series(1, ${ORDERS}) AS i`));
  await db.execute(sql.raw(`
    INSERT INTO order_items (order_id, position, product_id, title, sku, type, bookable, shippable, discount_exempt, vat_exempt, unit_price_pence, quantity, amount_pence, vat_pence)
    SELECT id, 0, '${kit!.id}', 'Fit to Fly Antigen Test', 'BENCH-KIT', 'Antigen', true, true, false, false, 2900, 1, 2900, 483 FROM orders`));
  // Batches of 10,000 codes with 3 uses each; the i-th code has used i % 4 of them, and each batch's counter is their sum.
  await db.execute(sql.raw(`
    INSERT INTO purchase_code_batches (name, prefix, product_id, count, uses_per_code, valid_until, created_at)
    SELECT 'Bench batch ' || b, 'BEN', '${kit!.id}', ${CODES_PER_BATCH}, ${USES_PER_CODE}, current_date + 335, now() - b * interval '1 hour'
    FROM generate_series(1, ${PURCHASE_CODES / CODES_PER_BATCH}) AS b`));
  await db.execute(sql.raw(`
    INSERT INTO purchase_codes (batch_id, value, uses, used_times)
    SELECT batch.id, ${CODE_SQL}, ${USES_PER_CODE}, i % ${USES_PER_CODE + 1}
    FROM generate_series(1, ${PURCHASE_CODES}) AS i
    JOIN purchase_code_batches AS batch ON batch.name = 'Bench batch ' || (1 + (i - 1) / ${CODES_PER_BATCH})`));
  await db.execute(sql.raw(`
    UPDATE purchase_code_batches AS batch SET used_times = totals.used
    FROM (SELECT batch_id, sum(used_times)::int AS used FROM purchase_codes GROUP BY batch_id) AS totals WHERE totals.batch_id = batch.id`));
  await db.execute(sql`VACUUM ANALYZE`);
}

/** GET /order's statements as service.ts sends them (unnamed, parameters bound), with the bench's values. */
const LIST = `SELECT id, short_token, billing_email, shipping_flag, payment_flag, price_pence, currency, created_at, source, discount_code FROM orders`;
const PAGE = `ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`;
const PLANS: Record<string, PlannedStatement> = {
  'first page': { text: `${LIST} WHERE payment_flag <> 'Initiated' ${PAGE}`, values: [50, 0] },
  'first page count': { text: `SELECT count(*) FROM orders WHERE payment_flag <> 'Initiated'`, values: [] },
  'by e-mail': { text: `${LIST} WHERE (lower(billing_email) = $3 AND payment_flag <> 'Initiated') ${PAGE}`, values: [50, 0, 'customer42@example.test'] },
  'by short token': { text: `${LIST} WHERE (short_token = $3 AND payment_flag <> 'Initiated') ${PAGE}`, values: [50, 0, 'X'] },
  'by discount': { text: `${LIST} WHERE (discount_code = $3 AND payment_flag <> 'Initiated') ${PAGE}`, values: [50, 0, 'BENCH42'] },
  'used discounts': { text: `SELECT * FROM discounts WHERE used_times > $3 ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, values: [10, 0, 0] },
  'purchase code batches': {
    text: `SELECT b.*, p.sku, p.title FROM purchase_code_batches b INNER JOIN products p ON p.id = b.product_id ORDER BY b.created_at DESC, b.id DESC`,
    values: [],
  },
  'purchase code check': {
    text: `SELECT c.*, b.valid_until FROM purchase_codes c INNER JOIN purchase_code_batches b ON b.id = c.batch_id WHERE c.value = $1`,
    values: [codeValue(4242)],
  },
};

/** The public check's n-th request: another of the codes, from another client address (the server trusts X-Forwarded-For here). */
const checkRequest: VaryRequest = (n) => ({
  path: `/api/commerce/v1/purchase-code/${codeValue(1 + ((n * 7919) % PURCHASE_CODES))}`,
  headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
});

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await seed(database);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const token = (await client.query<{ short_token: string }>(`SELECT short_token FROM orders WHERE payment_flag = 'Complete' ORDER BY created_at DESC LIMIT 1 OFFSET 5000`)).rows[0]!.short_token;
  PLANS['by short token']!.values[2] = token;
  const signedIn = await signIn(server, EMAIL, PASSWORD);
  const api = `${server.url}/api/commerce/v1`;
  const targets: [string, string, VaryRequest?][] = [
    ['GET /order (first page of 50)', `${api}/order`],
    ['GET /order?email=', `${api}/order?email=customer42%40example.test`],
    ['GET /order?short_token=', `${api}/order?short_token=${token}`],
    ['GET /order?discount=', `${api}/order?discount=BENCH42`],
    ['GET /discount?filter[state]=used', `${api}/discount?filter%5Bstate%5D=used`],
    ['GET /purchase-code-batch', `${api}/purchase-code-batch`],
    ['GET /purchase-code/{value} (public)', `${server.url}/`, checkRequest],
  ];
  for (const [, url, vary] of targets) {
    const check = await fetch(vary ? `${server.url}${vary(0).path}` : url, { headers: vary ? vary(0).headers : { authorization: `Bearer ${signedIn}` } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
    const body = (await check.json()) as { data: unknown };
    if (Array.isArray(body.data) && body.data.length === 0) throw new Error(`${url} found nothing`);
  }
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  for (const [name, url, vary] of targets) await measure(`warm-up ${name}`, url, vary ? null : signedIn, LOAD, vary);
  const healthRuns = [await measure('GET /api/health', healthUrl, null, LOAD)];
  const compared: { result: Measured; reference: Measured }[] = [];
  for (const [name, url, vary] of targets) {
    const result = await measure(name, url, vary ? null : signedIn, LOAD, vary);
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null, LOAD);
    healthRuns.push(after);
    compared.push({ result, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }
  print(`orders: ${ORDERS} orders (${ORDERS_PER_EMAIL} per e-mail, one in ten with a code, 5% Initiated), ${DISCOUNTS} discounts (half used), ${PURCHASE_CODES} purchase codes (${PURCHASE_CODES / CODES_PER_BATCH} batches)`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, as a super admin (the code check as anyone); aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  for (const { result: r, reference } of compared) {
    print(`  ${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  }
  const sequential = await printPlans(client, PLANS, ['orders', 'discounts', 'purchase_codes'], print);
  await client.end();
  await database.close();
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of orders, discounts or purchase_codes: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
