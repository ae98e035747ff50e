import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { NodeKind } from '@vireo/contracts';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import type { FileStorage } from '../../platform/files';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { DomainEvent, OutboxEvent, OutboxRelay } from '../../platform/outbox';
import type { Sealer } from '../../platform/sealing';
import { processorRunLogs, processorRuns, processorTasks, processorTaskVersions, type StoredGraph, type StoredNodeRun } from '../../db/schema';
import { executionOrder } from './graph';
import type { JsonataPool } from './jsonata-pool';
import { PROCESSOR_REDACT } from './retention';
import { seedDefaultTasks } from './defaults';
import { NODE_RUNS, NodeFailure, parseParams, RunStopped, type CertificateActions, type MessageSources, type NodeRuntime, type ReceiptActions } from './nodes';
import type { SmsProvider } from './sms';

export interface ProcessorDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  audit: AuditLog;
  mailer: Mailer;
  sealer: Sealer;
  outbox: OutboxRelay;
  files: FileStorage;
  /** The product messages' values, from the modules that own their records (the default tasks' message nodes). */
  messages: MessageSources;
  /** The dropbox receipt nodes' actions, from the logistics module. */
  receipts: ReceiptActions;
  /** The certificate node's issuing, from the certificates module. */
  certificates: CertificateActions;
  jsonata: JsonataPool;
  sms: SmsProvider;
  allowPrivateHosts: boolean;
  /** The product's address (PUBLIC_URL), for the links nodes make. */
  publicUrl: string;
  /** Days a finished run keeps its data before `processor.redact` redacts it (PROCESSOR_RUN_RETENTION_DAYS). */
  runRetentionDays: number;
  /**
   * How long a run's lease lasts (PROCESSOR_RUN_LEASE_SECONDS, a minute): its worker renews it every third of that
   * while it works, so a worker that died (kill -9) leaves its run to another process's sweep once it has passed.
   */
  runLeaseMs: number;
}

/** Tries of a run whose node failed for a passing reason (a 5xx, a timeout, SMTP down); then it fails for good. */
export const MAX_RUN_ATTEMPTS = 5;
/** Wait before try n+1 after n failed tries: 10 s doubling, at most 10 minutes. */
export function runRetryDelayMs(failures: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, failures - 1), 600_000);
}

type RunRow = typeof processorRuns.$inferSelect;
type Level = 'debug' | 'info' | 'warn' | 'error';
export type RunOutcome = 'succeeded' | 'failed' | 'stopped' | 'retrying' | 'skipped';

const RunRef = z.object({ runId: z.uuid() });

/** Works one run now (and again after a passing failure, through the run's own backoff). */
export const PROCESSOR_RUN = defineJob({
  name: 'processor.run',
  schema: RunRef,
  queue: { notify: true, retryLimit: 0, expireInSeconds: 600 },
  run: async (data, deps: ProcessorDeps) => {
    await executeRun(deps, data.runId);
  },
});

/** Every minute: the default tasks of new organisations, runs whose retry is due, and runs whose worker died (their lease has passed). */
export const PROCESSOR_SWEEP = defineJob({
  name: 'processor.sweep',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600 },
  schedule: { cron: '* * * * *', data: {} },
  run: async (_data, deps: ProcessorDeps) => {
    await seedDefaultTasks(deps);
    await runDue(deps);
  },
});

/**
 * The domain events a task may react to, with their names for the editor's picker. A Record over
 * DomainEvent, so an event added to the outbox must be named here too (the compiler says so).
 */
export const PROCESSOR_EVENTS: Record<DomainEvent, string> = {
  'appointment.booked': 'Appointment booked',
  'appointment.rebook': 'Appointment rebooked',
  'appointment.cancelled': 'Appointment cancelled',
  'appointment.alternative_link': 'Alternative video link sent',
  'appointment.link_renewed': 'Booking link renewed',
  'order.payment.complete': 'Order payment complete',
  'order.dispatched': 'Order dispatched',
  'order.cancelled': 'Order cancelled',
  'booking_user.metadata.updated': 'Booking user metadata updated',
  'kit_order.placed': 'Kit order placed',
  'registration.invited': 'Registration invited',
  'practitioner.invited': 'Practitioner invited',
  'message.resend': 'Message sent again',
  'password_reset.requested': 'Password reset requested',
  'email_verification.requested': 'E-mail verification requested',
  'chat.transcript_requested': 'Chat transcript requested',
  'chat.customer_answered': 'Chat answered while the customer was away',
  'certificate.issued': 'Certificate issued',
  'receipt.missed': 'Dropbox receipt missed',
  'certificate.email_requested': 'Certificate e-mail requested',
};
export const isProcessorEvent = (event: string): event is DomainEvent => Object.hasOwn(PROCESSOR_EVENTS, event);

async function log(db: Db, clock: Clock, runId: string, level: Level, message: string, details?: Record<string, unknown>): Promise<void> {
  await db.insert(processorRunLogs).values({ runId, at: clock.now(), level, message, details: details ?? null });
}

/**
 * Queues one run of a task (pinned to its current version) with its init_data; `eventId` makes it
 * the event's one run of that task, so a second delivery of the event adds none. Answers the run's id,
 * or null when the event already has its run.
 */
export async function queueRun(
  deps: Pick<ProcessorDeps, 'clock' | 'jobs' | 'sealer'>,
  tx: Db,
  task: { id: string; organisationId: string; event: string; versionId: string },
  initData: Record<string, unknown>,
  origin: { eventId?: number; rerunOf?: string; nodes?: Record<string, StoredNodeRun>; secrets?: Record<string, string> } = {},
): Promise<string | null> {
  const now = deps.clock.now();
  const secretsSealed = origin.secrets && Object.keys(origin.secrets).length > 0 ? await deps.sealer.seal(JSON.stringify(origin.secrets)) : null;
  const [row] = await tx
    .insert(processorRuns)
    .values({
      taskId: task.id,
      versionId: task.versionId,
      organisationId: task.organisationId,
      event: task.event,
      eventId: origin.eventId ?? null,
      rerunOf: origin.rerunOf ?? null,
      initData,
      secretsSealed,
      status: 'queued',
      nextAttemptAt: now,
      nodes: origin.nodes ?? {},
      createdAt: now,
    })
    .onConflictDoNothing({ target: [processorRuns.eventId, processorRuns.taskId], where: sql`${processorRuns.eventId} IS NOT NULL` })
    .returning({ id: processorRuns.id });
  if (!row) return null;
  await deps.jobs.send(PROCESSOR_RUN, { runId: row.id }, { tx });
  return row.id;
}

/** The enabled tasks of an organisation for an event, each with its current version. */
export async function enabledTasks(db: Db, organisationId: string, event: string) {
  const rows = await db
    .select({ id: processorTasks.id, organisationId: processorTasks.organisationId, event: processorTasks.event, versionId: processorTasks.versionId, defaultKey: processorTasks.defaultKey, createdAt: processorTasks.createdAt })
    .from(processorTasks)
    .where(and(eq(processorTasks.organisationId, organisationId), eq(processorTasks.event, event), eq(processorTasks.enabled, true)));
  return rows.filter((r): r is typeof r & { versionId: string } => r.versionId !== null);
}

/**
 * The outbox handler of every event: one run per enabled task of the event's organisation, once per
 * event. A default task runs only for events raised since it was seeded: the product's own handler
 * sent the earlier ones (`processorOwns`), so a message is never sent twice during the move.
 */
async function startRuns(deps: ProcessorDeps, event: OutboxEvent, tx: Db): Promise<void> {
  if (!event.organisationId) return;
  for (const task of await enabledTasks(tx, event.organisationId, event.name)) {
    if (task.defaultKey && task.createdAt > event.createdAt) continue;
    await queueRun(deps, tx, task, event.payload, { eventId: event.id, secrets: event.secrets });
  }
}

/** Registers the processor's handler for every domain event (its name per event is its delivery key). */
export function registerProcessor(outbox: OutboxRelay, deps: ProcessorDeps): void {
  for (const event of Object.keys(PROCESSOR_EVENTS) as DomainEvent[]) {
    outbox.on(event, `processor.run.${event}`, (e, tx) => startRuns(deps, e, tx));
  }
}

/** Takes a run that is due (queued and its time come, or running with its lease passed). */
async function claim(deps: ProcessorDeps, runId: string): Promise<RunRow | undefined> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(processorRuns)
    .set({ status: 'running', attempts: sql`${processorRuns.attempts} + 1`, leaseUntil: new Date(now.getTime() + deps.runLeaseMs) })
    .where(
      and(
        eq(processorRuns.id, runId),
        sql`${processorRuns.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        sql`(${processorRuns.status} = 'queued' OR (${processorRuns.status} = 'running' AND ${processorRuns.leaseUntil} < ${now.toISOString()}::timestamptz))`,
      ),
    )
    .returning();
  return row;
}

/** What a node runs with: the processor's services and the run's own parts (no secrets unless given; a dry run for the editor's test run). */
export function nodeRuntime(
  deps: ProcessorDeps,
  own: Pick<NodeRuntime, 'runId' | 'organisationId' | 'nodeId'> & Partial<Pick<NodeRuntime, 'sealedCredential' | 'secrets' | 'allowPrivateHosts' | 'dryRun'>>,
): NodeRuntime {
  return {
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    sealer: deps.sealer,
    audit: deps.audit,
    files: deps.files,
    messages: deps.messages,
    receipts: deps.receipts,
    certificates: deps.certificates,
    jsonata: deps.jsonata,
    sms: deps.sms,
    publicUrl: deps.publicUrl,
    allowPrivateHosts: own.allowPrivateHosts ?? deps.allowPrivateHosts,
    secrets: own.secrets ?? (async () => ({})),
    runId: own.runId,
    organisationId: own.organisationId,
    nodeId: own.nodeId,
    sealedCredential: own.sealedCredential,
    ...(own.dryRun ? { dryRun: true } : {}),
  };
}

/**
 * Works one run: each node in order along its connections, its input gathered from the outputs it
 * is connected to, its output kept with the run as soon as it finishes (a retried run reuses what
 * finished and starts again at the node that failed). A node that sends carries an idempotency key,
 * so a retry never sends twice. A passing failure queues the run again after its backoff; after the
 * last try, or for any other failure, the run is failed with the node and the reason.
 */
export async function executeRun(deps: ProcessorDeps, runId: string): Promise<RunOutcome> {
  const run = await claim(deps, runId);
  if (!run) return 'skipped';
  const mine = and(eq(processorRuns.id, run.id), eq(processorRuns.attempts, run.attempts));
  const renew = () => deps.db.update(processorRuns).set({ leaseUntil: new Date(deps.clock.now().getTime() + deps.runLeaseMs) }).where(and(mine, eq(processorRuns.status, 'running')));
  const heartbeat = setInterval(() => void renew().catch(() => undefined), deps.runLeaseMs / 3);
  heartbeat.unref();
  try {
    return await work(deps, run, mine);
  } finally {
    clearInterval(heartbeat);
  }
}

async function work(deps: ProcessorDeps, run: RunRow, mine: SQL | undefined): Promise<RunOutcome> {
  const { db, clock } = deps;
  const [version] = await db.select().from(processorTaskVersions).where(eq(processorTaskVersions.id, run.versionId));
  const graph: StoredGraph = version?.graph ?? { nodes: [], edges: [] };
  const finish = async (status: 'succeeded' | 'failed' | 'stopped', failedNode: string | null, reason: string | null, nodes: Record<string, StoredNodeRun>) => {
    // The event's secrets are forgotten once the run finishes, as the outbox forgets them once delivered.
    await db.update(processorRuns).set({ status, failedNode, reason, nodes, finishedAt: clock.now(), leaseUntil: null, secretsSealed: null }).where(mine);
  };
  const order = executionOrder(graph);
  if (!order) {
    await log(db, clock, run.id, 'error', 'The graph has a cycle.');
    await finish('failed', null, 'The graph has a cycle.', run.nodes);
    return 'failed';
  }
  await log(db, clock, run.id, 'info', `Run started (try ${run.attempts}).`, { version: version?.version ?? null });
  const nodes: Record<string, StoredNodeRun> = { ...run.nodes };
  for (const nodeId of order) {
    const node = graph.nodes.find((n) => n.id === nodeId)!;
    if (nodes[nodeId]?.output !== undefined) continue;
    const input: Record<string, unknown> = node.kind === 'event.start' ? { init_data: run.initData } : {};
    for (const edge of graph.edges.filter((e) => e.target === nodeId)) input[edge.targetPort] = nodes[edge.source]?.output?.[edge.sourcePort];
    const started = clock.now();
    nodes[nodeId] = { input, attempt: run.attempts, started_at: started.toISOString() };
    const runtime = nodeRuntime(deps, {
      runId: run.id,
      organisationId: run.organisationId,
      nodeId,
      sealedCredential: (node as { sealed?: string }).sealed,
      secrets: async () => (run.secretsSealed ? (JSON.parse(await deps.sealer.open(run.secretsSealed)) as Record<string, string>) : {}),
    });
    try {
      const output = await NODE_RUNS[node.kind as NodeKind](runtime, parseParams(node.kind as NodeKind, node.params), input);
      nodes[nodeId] = { ...nodes[nodeId], output, finished_at: clock.now().toISOString() };
      await db.update(processorRuns).set({ nodes }).where(mine);
      await log(db, clock, run.id, 'info', `${node.kind} ${nodeId} finished.`, { node: nodeId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      nodes[nodeId] = { ...nodes[nodeId], error: reason, finished_at: clock.now().toISOString() };
      if (error instanceof RunStopped) {
        await log(db, clock, run.id, 'info', `Stopped by ${nodeId}: ${reason}`, { node: nodeId });
        await finish('stopped', nodeId, reason, nodes);
        return 'stopped';
      }
      const transient = error instanceof NodeFailure ? error.transient : true;
      if (transient && run.attempts < MAX_RUN_ATTEMPTS) {
        const nextAttemptAt = new Date(clock.now().getTime() + runRetryDelayMs(run.attempts));
        delete nodes[nodeId].output;
        await db.update(processorRuns).set({ status: 'queued', nodes, nextAttemptAt, leaseUntil: null, reason }).where(mine);
        await log(db, clock, run.id, 'warn', `${node.kind} ${nodeId} failed; trying again at ${nextAttemptAt.toISOString()}.`, { node: nodeId, reason });
        await deps.jobs.send(PROCESSOR_RUN, { runId: run.id }, { startAfter: nextAttemptAt, singletonKey: `${run.id}:${run.attempts}` });
        return 'retrying';
      }
      await log(db, clock, run.id, 'error', `${node.kind} ${nodeId} failed: ${reason}`, { node: nodeId });
      await finish('failed', nodeId, reason, nodes);
      return 'failed';
    }
  }
  await log(db, clock, run.id, 'info', 'Run succeeded.');
  await finish('succeeded', null, null, nodes);
  return 'succeeded';
}

/** Works every run that is due now, oldest first: retries whose backoff passed and runs a dead worker left. */
export async function runDue(deps: ProcessorDeps, limit = 100): Promise<Record<RunOutcome, number>> {
  const counts: Record<RunOutcome, number> = { succeeded: 0, failed: 0, stopped: 0, retrying: 0, skipped: 0 };
  const now = deps.clock.now().toISOString();
  const due = rowsOf<{ id: string }>(
    await deps.db.execute(sql`
      SELECT id FROM ${processorRuns}
      WHERE status IN ('queued', 'running') AND next_attempt_at <= ${now}::timestamptz
        AND (status = 'queued' OR lease_until < ${now}::timestamptz)
      ORDER BY next_attempt_at LIMIT ${limit}`),
  );
  for (const { id } of due) counts[await executeRun(deps, id)] += 1;
  return counts;
}

/** Seeds the default tasks, works runs in this process and sweeps for due ones (call after the outbox relay starts). */
export async function startProcessor(deps: ProcessorDeps): Promise<void> {
  await seedDefaultTasks(deps);
  await deps.jobs.register(PROCESSOR_RUN, deps);
  await deps.jobs.register(PROCESSOR_SWEEP, deps);
  await deps.jobs.register(PROCESSOR_REDACT, deps);
  await deps.jobs.send(PROCESSOR_SWEEP, {});
}
