import { buildApp } from './app';
import { createContext } from './context';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { migrateDatabase, openDatabase } from './platform/db';
import { Jobs, startJobs } from './platform/jobs';
import { sealStoredBodies } from './modules/chat';
import { seedApprovedKits, seedProducts } from './modules/commerce';
import { startLabResultsJobs } from './modules/lab-results';
import { startLogisticsJobs } from './modules/logistics';
import { startProcessor } from './modules/processor';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsPresent, seedDemo } from './seed/demo';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const boss = await startJobs(database);
const ctx = createContext(config, database, systemClock, new Jobs(boss));
await ctx.sealer.ready();
await ctx.certificates.keys.ready();
await ctx.mailer.sealRecordedBodies(database.db);
await sealStoredBodies(ctx.chat);
await seedProducts(ctx.commerce);
await seedApprovedKits(ctx.commerce);
if (config.seedDemo) await seedDemo(database.db, ctx.clock.now(), ctx.userdata);
const app = await buildApp(ctx, { serveWeb: true });
await ctx.outbox.start();
await startProcessor(ctx.processor);
await startLogisticsJobs(ctx.logistics, ctx.jobs);
await startLabResultsJobs(ctx.labResults, ctx.jobs);
await app.listen({ port: config.port, host: config.host });

const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const lines = [`${config.productName} is running on http://localhost:${config.port} with ${where}.`];
if (config.seedDemo && (await demoAccountsPresent(database.db))) {
  lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(26)} ${account.roles.join(', ')}`);
}
process.stdout.write(`\n${lines.join('\n')}\n\n`);

/** A shutdown that cannot finish (say, the database is gone) still ends the process. */
const SHUTDOWN_DEADLINE_MS = 20_000;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  await app.close();
  await boss.stop({ graceful: true, timeout: 10_000 });
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
