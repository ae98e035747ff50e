/**
 * The commerce reference data under load (issue 16's bench/catalogue, its countries and drugs
 * part): 20,000 drugs and 250 countries on a fresh PostgreSQL database, one server process,
 * autocannon with a super admin's session against GET /drug?q= (the autocomplete), the register's
 * first page GET /drug and GET /country (every country). Prints requests/s and p95 of each as a
 * ratio to GET /api/health measured just before and after it, and the plans of the drug
 * statements (failing on a sequential scan of drugs). Aim: p95 < 50 ms.
 *
 *   npx tsx bench/reference-data.ts      (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ISO_3166_ALPHA3 } from '@vireo/contracts';
import { countries, countryNcaAddresses, countryRestrictions, countryVaccineInformation, drugs, organisationProfiles, organisations, users } from '../apps/server/src/db/schema';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';

const DRUGS = 20_000;
const COUNTRIES = 250;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const PASSWORD = 'bench super admin password';
const EMAIL = 'bench-admin@example.test';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

const SYLLABLES = ['co', 'de', 'ine', 'dia', 'ze', 'pam', 'mor', 'phi', 'ne', 'tra', 'ma', 'dol', 'oxy', 'fen', 'ta', 'nyl', 'lo', 'ra', 'me', 'thy', 'pro', 'pa', 'xe', 'zo', 'li'];
/** A drug-like name, different for every index. */
const drugName = (index: number) => {
  let name = '';
  for (let n = index + 7, parts = 0; parts < 3 || n > 0; parts++, n = Math.floor(n / SYLLABLES.length)) name += SYLLABLES[n % SYLLABLES.length];
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${index % 50}mg`;
};

async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench office' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Admin', email: EMAIL, username: EMAIL, passwordHash: await hashPassword(PASSWORD) }).returning();
  await insertRole(db, { name: 'super_admin', userId: user!.id, organisationId: org!.id, profileName: 'Bench Admin' });
  const now = new Date();
  for (let offset = 0; offset < DRUGS; offset += 2_000) {
    await db.insert(drugs).values(
      Array.from({ length: Math.min(2_000, DRUGS - offset) }, (_, i) => ({
        name: drugName(offset + i),
        baseComponent: drugName((offset + i) % 500),
        type: ['Tablet', 'Capsule', 'Syrup', 'Injection'][(offset + i) % 4]!,
        drugClass: (offset + i) % 6,
        showInAutocomplete: (offset + i) % 10 < 7,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  // The 249 assigned codes and one more (XKX, the code in common use for Kosovo): the API takes assigned codes only.
  const codes = [...Object.keys(ISO_3166_ALPHA3), 'XKX'].slice(0, COUNTRIES);
  for (const code of codes) {
    const [nca] = await db.insert(countryNcaAddresses).values({ address5: `Medicines agency of ${code}`, email: `nca@${code.toLowerCase()}.example.test` }).returning();
    const [restriction] = await db.insert(countryRestrictions).values({ narcotic: 'Allowed with a certificate.', psychotropic: 'Allowed for 30 days.' }).returning();
    const [vaccine] = await db.insert(countryVaccineInformation).values({ mostTravellers: 'default', recommended: 'default' }).returning();
    await db.insert(countries).values({
      id: code,
      name: ISO_3166_ALPHA3[code] ?? 'Kosovo',
      ncaAddressId: nca!.id,
      restrictionId: restriction!.id,
      vaccineInformationId: vaccine!.id,
      prohibitedSchedule: 2,
      prohibitedScheduleNarcotics: [1, 2],
      prohibitedSchedulePsychotropics: [3, 4],
      recommendations: ['Carry a doctor’s letter.', 'Keep medicines in their packaging.'],
      prohibitions: ['default_prohibition'],
      createdAt: now,
      updatedAt: now,
    });
  }
  await db.execute(sql`VACUUM ANALYZE`);
}

async function signIn(server: ServerProcess): Promise<string> {
  const auth = await fetch(`${server.url}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (!auth.ok) throw new Error(`sign-in failed: ${auth.status}`);
  const { token: oneTime } = (await auth.json()) as { token: string };
  return ((await (await fetch(`${server.url}/api/login/token/${oneTime}`)).json()) as { token: string }).token;
}

interface Measured {
  name: string;
  requestsPerSecond: number;
  p95: number;
  failures: number;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

function measure(name: string, url: string, token: string | null): Promise<Measured> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: token ? { authorization: `Bearer ${token}` } : {} }, (error, result) => {
      if (error) reject(error);
      else resolve({ name, requestsPerSecond: result.requests.average, p95: p95(times), failures: result.non2xx + result.errors + result.timeouts });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** The drug statements as drugs.ts sends them (unnamed, parameters bound), with the autocomplete's values. */
const PLANS: Record<string, { text: string; values: unknown[] }> = {
  'autocomplete page': {
    text: `SELECT * FROM drugs WHERE (lower(name) COLLATE "C" LIKE $1 AND show_in_autocomplete) ORDER BY lower(name) COLLATE "C", id LIMIT $2 OFFSET $3`,
    values: ['co%', 20, 0],
  },
  'autocomplete count': { text: `SELECT count(*) FROM drugs WHERE (lower(name) COLLATE "C" LIKE $1 AND show_in_autocomplete)`, values: ['co%'] },
  'register first page': { text: `SELECT * FROM drugs ORDER BY lower(name) COLLATE "C", id LIMIT $1 OFFSET $2`, values: [25, 0] },
};

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  await seed(database);
  const token = await signIn(server);
  const api = `${server.url}/api/commerce/v1`;
  const targets: [string, string][] = [
    ['GET /drug?q=co (autocomplete)', `${api}/drug?q=co`],
    ['GET /drug?q=codeine (autocomplete)', `${api}/drug?q=codeine`],
    ['GET /drug (first page of 25)', `${api}/drug?limit=25`],
    [`GET /country (all ${COUNTRIES})`, `${api}/country`],
  ];
  for (const [, url] of targets) {
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
  }
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null);
  for (const [name, url] of targets) await measure(`warm-up ${name}`, url, token);
  const healthRuns = [await measure('GET /api/health', healthUrl, null)];
  const compared: { result: Measured; reference: Measured }[] = [];
  for (const [name, url] of targets) {
    const result = await measure(name, url, token);
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null);
    healthRuns.push(after);
    compared.push({ result, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }
  print(`reference data: ${DRUGS} drugs (70% in the autocomplete), ${COUNTRIES} countries with their linked records`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, signed in as a super admin; aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  for (const { result: r, reference } of compared) {
    print(`  ${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  }
  let sequential = 0;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  for (const [name, query] of Object.entries(PLANS)) {
    const literals = query.values.map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`));
    let text = query.text;
    literals.forEach((literal, i) => (text = text.replace(`$${i + 1}`, literal)));
    const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`)).rows.map((line) => line['QUERY PLAN']);
    const scans = plan.some((line) => /Seq Scan on drugs/.test(line));
    if (scans) sequential++;
    print(`  -- ${name}${scans ? '   <-- SEQUENTIAL SCAN' : ''}`);
    for (const line of plan) print(`     ${line}`);
  }
  await client.end();
  await database.close();
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of drugs: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
