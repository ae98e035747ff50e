/**
 * Workflow processor throughput: two server processes on one fresh PostgreSQL database, three
 * enabled tasks of five nodes each for `order.payment.complete`, and 10,000 such events written to
 * the outbox as the product writes them (each in its own transaction, with its delivery's pg-boss
 * job). Prints events per second and the p95 of event-to-finished latency (an event's creation to
 * its last run's finish) as ratios to a no-op pg-boss job measured first in the same run (as many
 * jobs, sent the same way, worked by two pg-boss workers of this process), and counts the runs:
 * exactly three per event, none lost, none doubled.
 *
 *   npm run bench:processor -w bench        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the CI default)
 *
 * BENCH_EVENTS sets the number of events (10,000).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { organisationProfiles, organisations, processorTasks, processorTaskVersions, type StoredGraph } from '../apps/server/src/db/schema';
import { registerProcessor, seedDefaultTasks, type ProcessorDeps } from '../apps/server/src/modules/processor';
import { systemClock } from '../apps/server/src/platform/clock';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/platform/db';
import { defineJob, Jobs, startJobs } from '../apps/server/src/platform/jobs';
import { OutboxRelay } from '../apps/server/src/platform/outbox';
import type { Sealer } from '../apps/server/src/platform/sealing';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../apps/server/src/test/processes';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const TASKS = 3;
/** Transactions writing events (or reference jobs) at once. */
const WRITERS = 8;
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const print = (line: string) => process.stdout.write(`${line}\n`);

/** The reference: a job that does nothing, on a queue set up as the outbox's delivery queue is. */
const NOOP = defineJob({ name: 'bench.noop', schema: z.object({ i: z.number() }), queue: { notify: true, retryLimit: 0, expireInSeconds: 300 }, run: async () => undefined });

/** Five pure nodes: the event's data merged with static data, a condition on it and a fail-on-false gate that passes. */
const GRAPH: StoredGraph = {
  nodes: [
    { id: 'start', kind: 'event.start', params: {} },
    { id: 'static', kind: 'data.static', params: { value: { bench: true } } },
    { id: 'merge', kind: 'data.merge', params: {} },
    { id: 'check', kind: 'logic.condition', params: { expression: 'bench == true and startsWith(order_id, "bench-")' } },
    { id: 'gate', kind: 'logic.fail_on_false', params: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourcePort: 'data', target: 'merge', targetPort: 'first' },
    { id: 'e2', source: 'static', sourcePort: 'data', target: 'merge', targetPort: 'second' },
    { id: 'e3', source: 'merge', sourcePort: 'data', target: 'check', targetPort: 'data' },
    { id: 'e4', source: 'check', sourcePort: 'result', target: 'gate', targetPort: 'condition' },
  ],
};

/** Runs `write(i)` for i < count with WRITERS at once. */
async function writeAll(count: number, write: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) await write(next++);
    }),
  );
}

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await database.db.execute(query))[0]!;
}

/** Waits until `done()` reaches `target`, or nothing moved for a minute; answers the last count. */
async function waitFor(target: number, done: () => Promise<number>): Promise<number> {
  let last = -1;
  let movedAt = performance.now();
  for (;;) {
    const now = await done();
    if (now >= target) return now;
    if (now !== last) [last, movedAt] = [now, performance.now()];
    if (performance.now() - movedAt > 60_000) return now;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function reference(database: Database): Promise<{ perSecond: number; p95Ms: number }> {
  const workers = [new Jobs(await startJobs(database)), new Jobs(await startJobs(database))];
  try {
    for (const jobs of workers) await jobs.register(NOOP, undefined);
    const [sender] = workers;
    await writeAll(EVENTS, (i) => database.db.transaction((tx) => sender!.send(NOOP, { i }, { tx })));
    const done = () => one<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${NOOP.name} AND state = 'completed'`).then((r) => r.n);
    const finished = await waitFor(EVENTS, done);
    if (finished < EVENTS) throw new Error(`only ${finished} of ${EVENTS} no-op jobs completed`);
    const stats = await one<{ seconds: number; p95: number }>(
      database,
      sql`SELECT extract(epoch FROM max(completed_on) - min(created_on))::float AS seconds,
                 (percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - created_on)) * 1000)::float AS p95
          FROM pgboss.job WHERE name = ${NOOP.name}`,
    );
    return { perSecond: EVENTS / stats.seconds, p95Ms: stats.p95 };
  } finally {
    for (const jobs of workers) await jobs.boss?.stop({ graceful: true });
  }
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl);
  const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'false', DATA_DIR: '/tmp/vireo-unused' };
  const servers: ServerProcess[] = [];
  let database: Database | undefined;
  let boss: Jobs | undefined;
  try {
    // The first server migrates the database; the second starts on it.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    const { db } = database;
    const now = new Date();
    const [org] = await db.insert(organisations).values({ name: 'Bench organisation' }).returning();
    await db.insert(organisationProfiles).values({ organisationId: org!.id });
    // The organisation's default tasks (one reacts to order.payment.complete) would otherwise be seeded by a server's
    // sweep mid-run: seeded now and switched off, as a super admin would, so only the bench's tasks run.
    await seedDefaultTasks({ db, clock: systemClock });
    await db.update(processorTasks).set({ enabled: false }).where(sql`${processorTasks.organisationId} = ${org!.id}`);
    for (let t = 0; t < TASKS; t++) {
      const [task] = await db.insert(processorTasks).values({ organisationId: org!.id, event: 'order.payment.complete', description: `bench ${t + 1}`, enabled: true, createdAt: now, updatedAt: now }).returning();
      const [version] = await db.insert(processorTaskVersions).values({ taskId: task!.id, version: 1, graph: GRAPH, createdAt: now }).returning();
      await db.update(processorTasks).set({ versionId: version!.id }).where(sql`${processorTasks.id} = ${task!.id}`);
    }

    print(`reference: ${EVENTS} no-op pg-boss jobs through two workers…`);
    const noop = await reference(database);
    print(`  ${noop.perSecond.toFixed(0)} jobs/s, p95 send-to-completed ${noop.p95Ms.toFixed(0)} ms`);

    // This process only writes events: the processor's handlers are registered by name, and the servers deliver them.
    boss = new Jobs(await startJobs(database));
    const outbox = new OutboxRelay({ db, clock: systemClock, jobs: boss, sealer: {} as Sealer });
    registerProcessor(outbox, {} as ProcessorDeps);
    print(`processor: ${EVENTS} events × ${TASKS} tasks of ${GRAPH.nodes.length} nodes on two server processes…`);
    const started = performance.now();
    await writeAll(EVENTS, (i) => db.transaction((tx) => outbox.emit(tx, { name: 'order.payment.complete', organisationId: org!.id, payload: { order_id: `bench-${i}` } })));
    print(`  events written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const finished = () => one<{ n: number }>(database!, sql`SELECT count(*)::int AS n FROM processor_runs WHERE status IN ('succeeded', 'failed', 'stopped')`).then((r) => r.n);
    await waitFor(EVENTS * TASKS, finished);
    const stats = await one<{ seconds: number; p95: number }>(
      database,
      sql`WITH per_event AS (
            SELECT e.created_at, max(r.finished_at) AS finished_at
            FROM outbox_events e JOIN processor_runs r ON r.event_id = e.id
            GROUP BY e.id, e.created_at)
          SELECT extract(epoch FROM max(finished_at) - min(created_at))::float AS seconds,
                 (percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at)) * 1000)::float AS p95
          FROM per_event`,
    );
    const counts = await one<{ runs: number; distinct_runs: number; succeeded: number; unfinished: number; short_events: number; doubled_events: number }>(
      database,
      sql`SELECT (SELECT count(*)::int FROM processor_runs) AS runs,
                 (SELECT count(DISTINCT (event_id, task_id))::int FROM processor_runs) AS distinct_runs,
                 (SELECT count(*)::int FROM processor_runs WHERE status = 'succeeded') AS succeeded,
                 (SELECT count(*)::int FROM processor_runs WHERE status IN ('queued', 'running')) AS unfinished,
                 (SELECT count(*)::int FROM outbox_events e WHERE (SELECT count(*) FROM processor_runs r WHERE r.event_id = e.id) < ${TASKS}) AS short_events,
                 (SELECT count(*)::int FROM outbox_events e WHERE (SELECT count(*) FROM processor_runs r WHERE r.event_id = e.id) > ${TASKS}) AS doubled_events`,
    );
    const perSecond = EVENTS / stats.seconds;
    print(`  ${perSecond.toFixed(0)} events/s (${(perSecond * TASKS).toFixed(0)} runs/s), p95 event-to-finished ${stats.p95.toFixed(0)} ms`);
    print(`  runs: ${counts.runs} (expected ${EVENTS * TASKS}), distinct (event, task) ${counts.distinct_runs}, succeeded ${counts.succeeded}, unfinished ${counts.unfinished}`);
    print(`  events with fewer than ${TASKS} runs: ${counts.short_events}, with more: ${counts.doubled_events}`);
    print(`ratios to the no-op job: throughput ${(perSecond / noop.perSecond).toFixed(3)}, p95 latency ${(stats.p95 / noop.p95Ms).toFixed(2)}`);
    const exact = counts.runs === EVENTS * TASKS && counts.distinct_runs === counts.runs && counts.succeeded === counts.runs && counts.short_events === 0 && counts.doubled_events === 0;
    print(exact ? `OK: exactly ${EVENTS * TASKS} runs, none lost, none doubled` : 'FAILED: runs lost or doubled');
    if (!exact) process.exitCode = 1;
  } finally {
    await boss?.boss?.stop({ graceful: true });
    await database?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
}

await main();
