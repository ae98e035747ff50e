/**
 * Certificates (issue 15's bench/certificate): 500 certificates generated in one process, each
 * signed (Ed25519 compact JWS) and drawn as its PDF with the QR code, against signing alone in the
 * same run; then the public verification route's throughput (POST /api/certificates/verify with a
 * real certificate's token) against GET /api/health, on one server process on PostgreSQL.
 *
 *   npm run bench:certificate -w bench      (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { appointments, bookingUsers, certificates } from '../apps/server/src/db/schema';
import { SEED_APPROVED_KITS } from '../apps/server/src/modules/commerce/approved-kits';
import { certificatePdf } from '../apps/server/src/modules/certificates/pdf';
import { CertificateKeys } from '../apps/server/src/modules/certificates/signing';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase } from '../apps/server/src/platform/db';
import { Sealer } from '../apps/server/src/platform/sealing';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { measure, type Measured } from './server';

const CERTIFICATES = 500;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const LOAD = { connections: 10, durationSeconds: DURATION_SECONDS };
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);
const KIT = SEED_APPROVED_KITS[0]!;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

/** A certificate's signed facts, as the service signs them (EU DCC test entry shape). */
function facts(i: number, number: string) {
  return {
    iss: 'https://vireo.example.test',
    iat: Math.floor(Date.now() / 1000),
    ver: '1.3.0',
    nam: { fn: `Lovelace${i}`, gn: 'Ada' },
    dob: '1985-06-01',
    t: [{ tg: '840539006', tt: 'LP217198-3', nm: KIT.name, sc: new Date().toISOString(), tr: '260415000', tc: 'Vireo', co: 'GB', is: 'Vireo', ci: number }],
  };
}

/** Runs `work` `count` times in turn: per-item times (ms) and items per second. */
async function timed(count: number, work: (i: number) => Promise<unknown>): Promise<{ perSecond: number; p95: number }> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await work(i);
    times.push(performance.now() - t0);
  }
  return { perSecond: count / ((performance.now() - start) / 1000), p95: p95(times) };
}

function measurePost(name: string, url: string, body: string, load: { connections: number; durationSeconds: number }): Promise<Measured> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: load.connections, duration: load.durationSeconds }, (error, result) => {
      if (error) reject(error);
      else resolve({ name, requestsPerSecond: result.requests.average, p95: p95(times), failures: result.non2xx + result.errors + result.timeouts });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const scratch = await createScratchDatabase(baseUrl);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-bench-'));
let server: ServerProcess | null = null;
try {
  server = await startServerProcess({ DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: dataDir, CERTIFICATE_VERIFICATIONS_PER_MINUTE: '100000000' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const { db } = database;
  // The server generated the signing key on start; this process opens the same one (the same sealing key, from the database).
  const keys = new CertificateKeys(db, systemClock, new Sealer(db, systemClock, undefined), undefined);
  await keys.ready();

  const number = (i: number) => `C-BENCH-${String(i).padStart(6, '0')}`;
  await timed(20, (i) => keys.sign(facts(i, number(i))));
  const signing = await timed(CERTIFICATES, (i) => keys.sign(facts(i, number(i))));
  let lastToken = '';
  const generating = await timed(CERTIFICATES, async (i) => {
    const { token } = await keys.sign(facts(i, number(i)));
    lastToken = token;
    const now = new Date();
    return certificatePdf({
      kind: i % 4 === 0 ? 'de_antigen_travel' : 'uk_antigen_medical',
      provider: { name: 'Vireo', address: 'London, United Kingdom', ukasNumber: '00000' },
      number: number(i),
      patientName: `Ada Lovelace${i}`,
      dateOfBirth: '1985-06-01',
      idDocumentNumber: 'P1234567',
      kitName: KIT.name,
      specificity: KIT.specificity,
      sensitivity: KIT.sensitivity,
      sampleTime: now,
      reportTime: now,
      issuedAt: now,
      result: 'Negative',
      practitioner: 'Grace Hopper',
      qrUrl: `https://vireo.example.test/verify#${token}`,
      statusUrl: `https://vireo.example.test/verify/${randomUUID()}`,
    });
  });
  print(`certificate: ${CERTIFICATES} certificates generated in one process (sign + PDF with QR; a quarter German travel, in two languages)`);
  print(`  ${'step'.padEnd(32)} ${'per s'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  print(`  ${'signing alone (EdDSA JWS)'.padEnd(32)} ${signing.perSecond.toFixed(0).padStart(8)} ${signing.p95.toFixed(2).padStart(8)}`);
  print(`  ${'certificate (sign + PDF + QR)'.padEnd(32)} ${generating.perSecond.toFixed(1).padStart(8)} ${generating.p95.toFixed(2).padStart(8)}`);
  print(`  ratio to signing alone: throughput ${(generating.perSecond / signing.perSecond).toFixed(4)}, p95 ${(generating.p95 / signing.p95).toFixed(1)}×`);

  // A real certificate for the last token, so the verification reads its row as in production.
  const now = new Date();
  const [appointment] = await db.insert(appointments).values({ type: 'video_gp', statusLastUpdated: now, createdAt: now }).returning();
  const [person] = await db
    .insert(bookingUsers)
    .values({ appointmentId: appointment!.id, position: 0, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', dateOfBirth: Date.UTC(1985, 5, 1) / 1000, createdAt: now })
    .returning();
  const check = await keys.verify(lastToken);
  if (!check.ok) throw new Error('the bench token does not verify');
  await db.insert(certificates).values({
    id: randomUUID(),
    number: number(CERTIFICATES - 1),
    appointmentId: appointment!.id,
    bookingUserId: person!.id,
    kind: 'uk_antigen_medical',
    facts: check.payload,
    kid: check.kid,
    status: 'valid',
    issuedAt: now,
    pdfKey: 'bench',
  });
  const verifyUrl = `${server.url}/api/certificates/verify`;
  const body = JSON.stringify({ token: lastToken });
  const answer = (await (await fetch(verifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as { status: string };
  if (answer.status !== 'valid') throw new Error(`the verification answered ${answer.status}`);
  const healthUrl = `${server.url}/api/health`;
  await measure('warm-up', healthUrl, null, LOAD);
  await measurePost('warm-up verify', verifyUrl, body, LOAD);
  const before = await measure('GET /api/health', healthUrl, null, LOAD);
  const verifying = await measurePost('POST /api/certificates/verify', verifyUrl, body, LOAD);
  const after = await measure('GET /api/health', healthUrl, null, LOAD);
  const reference = { requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2, p95: (before.p95 + after.p95) / 2 };
  print(`  verification route: autocannon, ${LOAD.connections} connections, ${DURATION_SECONDS} s, one server process on PostgreSQL; health before/after ${before.requestsPerSecond.toFixed(0)}/${after.requestsPerSecond.toFixed(0)} req/s`);
  print(`  ${'endpoint'.padEnd(32)} ${'req/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p95 ms'.padStart(8)} ${'ratio'.padStart(6)} failures`);
  print(
    `  ${verifying.name.padEnd(32)} ${verifying.requestsPerSecond.toFixed(0).padStart(8)} ${(verifying.requestsPerSecond / reference.requestsPerSecond).toFixed(2).padStart(6)} ${verifying.p95.toFixed(1).padStart(8)} ${(verifying.p95 / reference.p95).toFixed(2).padStart(6)} ${verifying.failures}`,
  );
  await database.close();
  process.exitCode = verifying.failures === 0 ? 0 : 1;
} finally {
  await server?.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
