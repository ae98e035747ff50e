import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from './db';

/** Starts pg-boss on the application's own database (PostgreSQL or PGlite). */
export async function startJobs(database: Database): Promise<PgBoss> {
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), schema: 'pgboss' })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 5 });
  boss.on('error', (error: Error) => {
    process.emitWarning(`job queue: ${error.message}`);
  });
  await boss.start();
  return boss;
}
