/**
 * The commerce catalogue under load (issue 16's bench/catalogue): 2,000 products, 20,000 drugs and
 * 250 countries on a fresh PostgreSQL database, one server process, autocannon against the shop's
 * GET /product?tags=before_flight (anyone, no session), and with a super admin's session GET
 * /drug?q= (the autocomplete), the register's first page GET /drug and GET /country (every
 * country). Prints requests/s and p95 of each as a ratio to GET /api/health measured just before
 * and after it, and the plans of the product and drug statements (failing on a sequential scan of
 * either table). Aim: p95 < 50 ms.
 *
 *   npm run bench:catalogue -w bench      (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PRODUCT_COLOURS, ISO_3166_ALPHA3, PRODUCT_TAGS } from '@vireo/contracts';
import { countries, countryNcaAddresses, countryRestrictions, countryVaccineInformation, drugs, organisationProfiles, organisations, products, users } from '../apps/server/src/db/schema';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, printPlans, signIn, type Measured, type PlannedStatement } from './server';

const PRODUCTS = 2_000;
const DRUGS = 20_000;
const COUNTRIES = 250;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const CONNECTIONS = 10;
const LOAD = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
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
  // A tag each, in turn; one in ten of each tag inactive or out of stock, so not on sale.
  await db.insert(products).values(
    Array.from({ length: PRODUCTS }, (_, i) => ({
      sku: `BENCH-${String(i).padStart(5, '0')}`,
      title: `Travel test ${i}`,
      subTitle: 'Results in 30 minutes',
      country: i % 5 === 0 ? 'US' : 'UK',
      pricePence: 1_000 + (i % 90) * 100,
      msrpPence: 1_500 + (i % 90) * 100,
      type: ['Antigen', 'PCR', 'Antibody'][i % 3]!,
      tags: [PRODUCT_TAGS[i % PRODUCT_TAGS.length]!],
      outOfStock: i % 20 === 1,
      active: i % 20 !== 2,
      service: 'video_gp',
      description: 'A lateral flow test, watched on video by a practitioner, with a certificate the same day.',
      points: [{ text: 'Fast', colour: PRODUCT_COLOURS[0]!.name }, { text: 'Certified', colour: PRODUCT_COLOURS[1]!.name }],
      cardColour: PRODUCT_COLOURS[i % PRODUCT_COLOURS.length]!.name,
      discountExempt: false,
      vatExempt: true,
      shippable: i % 2 === 0,
      bookable: true,
      createdAt: now,
      updatedAt: now,
    })),
  );
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

/** The product and drug statements as products.ts and drugs.ts send them (unnamed, parameters bound), with the bench's values. */
const PLANS: Record<string, PlannedStatement> = {
  'products on sale by tag': {
    text: `SELECT * FROM products WHERE (retired_at IS NULL AND (active = $1 AND out_of_stock = $2) AND tags && $3) ORDER BY title, sku`,
    values: [true, false, '{before_flight}'],
  },
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
  const token = await signIn(server, EMAIL, PASSWORD);
  const api = `${server.url}/api/commerce/v1`;
  const targets: [string, string, boolean][] = [
    ['GET /product?tags=before_flight (shop)', `${api}/product?tags=before_flight`, false],
    ['GET /drug?q=co (autocomplete)', `${api}/drug?q=co`, true],
    ['GET /drug?q=codeine (autocomplete)', `${api}/drug?q=codeine`, true],
    ['GET /drug (first page of 25)', `${api}/drug?limit=25`, true],
    [`GET /country (all ${COUNTRIES})`, `${api}/country`, true],
  ];
  for (const [, url, signedIn] of targets) {
    const check = await fetch(url, { headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
  }
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  for (const [name, url, signedIn] of targets) await measure(`warm-up ${name}`, url, signedIn ? token : null, LOAD);
  const healthRuns = [await measure('GET /api/health', healthUrl, null, LOAD)];
  const compared: { result: Measured; reference: Measured }[] = [];
  for (const [name, url, signedIn] of targets) {
    const result = await measure(name, url, signedIn ? token : null, LOAD);
    const before = healthRuns.at(-1)!;
    const after = await measure('GET /api/health', healthUrl, null, LOAD);
    healthRuns.push(after);
    compared.push({ result, reference: { name: 'reference', requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2, failures: 0 } });
  }
  print(`catalogue: ${PRODUCTS} products (a third per tag, 90% on sale), ${DRUGS} drugs (70% in the autocomplete), ${COUNTRIES} countries with their linked records`);
  print(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one server process on PostgreSQL, the shop without a session and the rest as a super admin; aim: p95 < 50 ms`);
  print(`  each ratio is to the mean of the health runs just before and after the endpoint's (health: ${healthRuns.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s)`);
  print(`  ${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  for (const { result: r, reference } of compared) {
    print(`  ${r.name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${(r.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${r.p95.toFixed(1).padStart(8)} ${(r.p95 / reference.p95).toFixed(2).padStart(6)} ${r.failures}`);
  }
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const sequential = await printPlans(client, PLANS, ['drugs', 'products'], print);
  await client.end();
  await database.close();
  const failures = compared.reduce((n, { result }) => n + result.failures, 0);
  print(`  sequential scans of products or drugs: ${sequential}; failed requests: ${failures}`);
  process.exitCode = sequential === 0 && failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
