import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, fromPglite, type Queue, type SendOptions } from 'pg-boss';
import type { z } from 'zod';
import { rowsOf, type Database, type Db } from './db';

/** Starts pg-boss on the application's own database (PostgreSQL or PGlite). */
export async function startJobs(database: Database): Promise<PgBoss> {
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), schema: 'pgboss', useListenNotify: true })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 5, useListenNotify: true });
  boss.on('error', (error: Error) => {
    process.emitWarning(`job queue: ${error.message}`);
  });
  await boss.start();
  return boss;
}

/**
 * A background job: its queue name, the zod schema of its payload (checked when sent and when
 * run), and what it does given the dependencies it is registered with. Definitions are plain
 * module constants, so the code that sends a job imports the same definition that runs it.
 */
export interface JobDefinition<Schema extends z.ZodType, Deps> {
  name: string;
  schema: Schema;
  run(data: z.infer<Schema>, deps: Deps): Promise<void>;
  /** pg-boss queue options: retries, backoff, expiry, `notify` to wake workers on send. */
  queue?: Omit<Queue, 'name'>;
  /** A cron schedule (every process schedules the same one; pg-boss runs each tick once). */
  schedule?: { cron: string; tz?: string; data: z.infer<Schema> };
}

export function defineJob<Schema extends z.ZodType, Deps>(definition: JobDefinition<Schema, Deps>): JobDefinition<Schema, Deps> {
  return definition;
}

/** A job's failure whose message says what went wrong without personal data or query parameters: it is logged as it is. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

function describeFailure(error: unknown): string {
  if (error instanceof JobFailure) return error.message;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return [typeof name === 'string' ? name : 'Error', typeof code === 'string' ? code : null].filter(Boolean).join(' ');
}

/**
 * pg-boss statements run inside a Drizzle transaction, so a job sent with `{ tx }` exists exactly
 * when the transaction commits. pg-boss numbers its parameters `$1…`; each becomes a bound value.
 */
function inTransaction(tx: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      return { rows: rowsOf<unknown>(await tx.execute(sql.join(chunks))) };
    },
  };
}

/**
 * The process's jobs over pg-boss. Without pg-boss (the API test harness) nothing is queued or
 * worked: tests call the code the jobs would run, at the instants their clock chooses.
 */
export class Jobs {
  constructor(readonly boss: PgBoss | null) {}

  /** Works a job's queue in this process (and schedules it, if it has a schedule). */
  async register<Schema extends z.ZodType, Deps>(job: JobDefinition<Schema, Deps>, deps: Deps): Promise<void> {
    if (!this.boss) return;
    await this.boss.createQueue(job.name, job.queue ?? {});
    // NOTIFY wakes workers for jobs due now; polling finds deferred ones (retries, expiries), so it stays short.
    // A backlog is worked without waiting: while a fetch comes back full (5 jobs), the worker fetches again at once
    // (one job at a time, it waited for the next poll or NOTIFY after each, a burst of thousands took minutes).
    // A failed job is logged here and left to pg-boss's retries: a JobFailure's text (written to be logged), else only the
    // error's type and code (a database error's text carries its query's parameters). One failure fails the fetched batch.
    await this.boss.work(job.name, { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5, batchSize: 5, burstWhenBatchFull: true }, async (batch) => {
      for (const item of batch) {
        try {
          await job.run(job.schema.parse(item.data), deps);
        } catch (error) {
          process.emitWarning(`job ${job.name} ${item.id} failed, retried while its retry limit allows: ${describeFailure(error)}`);
          throw error;
        }
      }
    });
    if (job.schedule) await this.boss.schedule(job.name, job.schedule.cron, job.schedule.data as object, job.schedule.tz ? { tz: job.schedule.tz } : {});
  }

  /**
   * Queues a job. With `tx` it is written in that transaction (it runs only if the transaction
   * commits); otherwise at once.
   */
  async send<Schema extends z.ZodType, Deps>(
    job: JobDefinition<Schema, Deps>,
    data: z.infer<Schema>,
    options: Pick<SendOptions, 'startAfter' | 'singletonKey'> & { tx?: Db } = {},
  ): Promise<void> {
    const parsed = job.schema.parse(data) as object;
    if (!this.boss) return;
    const { tx, ...rest } = options;
    await this.boss.send(job.name, parsed, { ...rest, ...(tx ? { db: inTransaction(tx) } : {}) });
  }

  /** Queues a job for each of `data` in one statement (pg-boss's insert), in `tx` when given, as `send` does each. */
  async sendAll<Schema extends z.ZodType, Deps>(job: JobDefinition<Schema, Deps>, data: z.infer<Schema>[], options: { tx?: Db } = {}): Promise<void> {
    const parsed = data.map((item) => ({ data: job.schema.parse(item) as object }));
    if (!this.boss || parsed.length === 0) return;
    await this.boss.insert(job.name, parsed, options.tx ? { db: inTransaction(options.tx) } : {});
  }
}
