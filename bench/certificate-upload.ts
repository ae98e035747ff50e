/**
 * Uploaded lab results (issue 19's POST /certificate/upload): ROWS people registered with PCR kits on a fresh
 * PostgreSQL database, one server process (its pg-boss workers included), a super admin uploads one valid
 * PCRMedicalUK file of ROWS ND results (each owes a certificate). Prints the request's time, the time until
 * every certificate exists (polled in the database from the moment the upload was sent), their ratio, and both
 * as ratios to GET /api/health's p95 measured in the same run, before the upload.
 *
 *   npm run bench:certificate-upload -w bench   (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default;
 *   BENCH_UPLOAD_ROWS makes a smaller run, at most 10,000, the upload's limit)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { templateColumns } from '@vireo/contracts';
import { organisationProfiles, organisations, users } from '../apps/server/src/db/schema';
import { insertRole } from '../apps/server/src/modules/identity/repo';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, signIn } from './server';

const ROWS = Math.min(10_000, Number(process.env.BENCH_UPLOAD_ROWS ?? 10_000));
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const LOAD = { connections: 10, durationSeconds: DURATION_SECONDS };
const PASSWORD = 'bench super admin password';
const EMAIL = 'bench-admin@example.test';
const TEMPLATE = 'PCRMedicalUK';
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);
/** Waiting for the certificates gives up after this long (a job that keeps failing). */
const CERTIFICATES_DEADLINE_MS = 60 * 60_000;

/** A deterministic version-4-shaped uuid from a text expression (the API's schemas accept RFC 4122 ids only). */
const uuidOf = (text: string) => `(overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17))::uuid`;
const kitOf = (i: number) => `BENCHKIT${String(i).padStart(6, '0')}`;

/** The super admin, and ROWS self-swab PCR appointments each with one person registered with kit BENCHKIT{i}, no result yet. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [org] = await db.insert(organisations).values({ name: 'Bench lab' }).returning();
  await db.insert(organisationProfiles).values({ organisationId: org!.id });
  const [user] = await db.insert(users).values({ organisationId: org!.id, firstName: 'Bench', lastName: 'Admin', email: EMAIL, username: EMAIL, passwordHash: await hashPassword(PASSWORD) }).returning();
  await insertRole(db, { name: 'super_admin', userId: user!.id, organisationId: org!.id, profileName: 'Bench Admin' });
  await db.execute(sql.raw(`
    INSERT INTO appointments (id, type, test_type, status_last_updated, created_at, paid)
    SELECT ${uuidOf(`'a' || i`)}, 'self_swab', 'PCR', now(), now(), true FROM generate_series(1, ${ROWS}) AS i`));
  await db.execute(sql.raw(`
    INSERT INTO booking_users (id, appointment_id, position, first_name, last_name, email, date_of_birth, kit_id, created_at, metadata)
    SELECT ${uuidOf(`'p' || i`)}, ${uuidOf(`'a' || i`)}, 0, 'Person' || i, 'Bench', 'person' || i || '@example.test', 631152000,
           'BENCHKIT' || lpad(i::text, 6, '0'), now(), jsonb_build_object('kit_id', 'BENCHKIT' || lpad(i::text, 6, '0'), 'sample_taken', 'valid')
    FROM generate_series(1, ${ROWS}) AS i`));
  await db.execute(sql`VACUUM ANALYZE`);
}

/** The lab's file: one ND result per kit, sampled and reported yesterday. */
function resultsFile(): string {
  const columns = templateColumns(TEMPLATE);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const values = (i: number): Record<string, string> => ({
    kit_id: kitOf(i),
    first_name: `Person${i}`,
    last_name: 'Bench',
    email: `person${i}@example.test`,
    date_of_birth: '1990-01-01',
    sex: 'female',
    date_sampled: `${yesterday}T08:00`,
    date_reported: `${yesterday}T18:00`,
    sample_type: 'Nasopharyngeal swab',
    result: 'ND',
    date_of_receipt: `${yesterday}T12:00`,
  });
  return [columns.join(','), ...Array.from({ length: ROWS }, (_, k) => columns.map((column) => values(k + 1)[column] ?? '').join(','))].join('\n');
}

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
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  const health = await measure('GET /api/health', healthUrl, null, LOAD);

  const form = new FormData();
  form.append('upload', new Blob([resultsFile()], { type: 'text/csv' }), 'results.csv');
  const certificatesNow = async () => Number((await client!.query<{ n: string }>(`SELECT count(*) AS n FROM certificates`)).rows[0]!.n);
  const sent = performance.now();
  const answer = await fetch(`${server.url}/api/commerce/v1/certificate/upload?type=${TEMPLATE}`, { method: 'POST', headers: { authorization: `Bearer ${signedIn}` }, body: form });
  const requestMs = performance.now() - sent;
  if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  const madeAtAnswer = await certificatesNow();
  let made = madeAtAnswer;
  while (made < ROWS) {
    if (performance.now() - sent > CERTIFICATES_DEADLINE_MS) throw new Error(`only ${made} of ${ROWS} certificates after ${CERTIFICATES_DEADLINE_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    made = await certificatesNow();
  }
  const allMs = performance.now() - sent;
  print(`certificate upload: one ${TEMPLATE} file of ${ROWS} ND results (${ROWS} certificates owed), one server process on PostgreSQL, as a super admin`);
  print(`  GET /api/health p95 ${health.p95.toFixed(1)} ms (${health.requestsPerSecond.toFixed(0)} req/s, autocannon ${LOAD.connections} connections, ${DURATION_SECONDS} s), measured before the upload`);
  print(`  ${'measure'.padEnd(40)} ${'ms'.padStart(10)} ${'/health p95'.padStart(12)}`);
  print(`  ${'the upload request (201 answered)'.padEnd(40)} ${requestMs.toFixed(0).padStart(10)} ${(requestMs / health.p95).toFixed(0).padStart(12)}`);
  print(`  ${'until every certificate exists'.padEnd(40)} ${allMs.toFixed(0).padStart(10)} ${(allMs / health.p95).toFixed(0).padStart(12)}`);
  print(`  request / until every certificate: ${(requestMs / allMs).toFixed(3)}; certificates existing when it answered: ${madeAtAnswer}; per certificate: ${(allMs / ROWS).toFixed(1)} ms`);
} finally {
  await client?.end();
  await database?.close();
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
