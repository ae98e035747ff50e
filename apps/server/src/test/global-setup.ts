import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../platform/db';

/**
 * On PostgreSQL (VIREO_TEST_ON_POSTGRES with TEST_DATABASE_URL) the suite gets databases of its
 * own, dropped afterwards: one created and migrated here, and a copy of it for each worker
 * (`workerDatabaseUrl`), since files that run at once would otherwise see each other's runs, jobs,
 * audit records and signing keys; the files a worker runs in turn share its database and isolate by
 * creating fresh organisations. On PGlite every test file opens its own in-memory database, loaded
 * from a dump of one migrated here (PGlite's initdb costs about 4 s a file; loading, about 1 s).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.VIREO_TEST_ON_POSTGRES !== 'true' || !base) return snapshotPglite(project);
  const name = `vireo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const urlOf = (database: string) => {
    const url = new URL(base);
    url.pathname = `/${database}`;
    return url.toString();
  };
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: '' });
  await migrateDatabase(database);
  await database.close();
  const workers = Array.from({ length: Math.max(1, Number(project.vitest.config.maxWorkers) || 1) }, (_, i) => `${name}_w${i + 1}`);
  for (const worker of workers) await admin.query(`CREATE DATABASE ${worker} TEMPLATE ${name}`);
  project.provide('postgresUrl', urlOf(name));
  project.provide('postgresWorkerUrls', workers.map(urlOf));
  return async () => {
    for (const dropped of [...workers, name]) await admin.query(`DROP DATABASE IF EXISTS ${dropped} WITH (FORCE)`);
    await admin.end();
  };
}

async function snapshotPglite(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
    /** On PostgreSQL, a migrated database for each worker (VITEST_POOL_ID 1, 2, …). */
    postgresWorkerUrls: string[] | undefined;
    /** A dump of a migrated PGlite data directory that each test file's database starts from. */
    pgliteSnapshot: string | undefined;
  }
}
