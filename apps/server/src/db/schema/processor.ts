import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './identity';

/** A node graph as saved: nodes and edges keyed by id (modules/processor/graph.ts reads it). */
export interface StoredGraph {
  /** `sealed`: the node's credential (an HTTP request's), sealed with the message key; never answered to a browser. */
  nodes: { id: string; kind: string; params: Record<string, unknown>; position?: { x: number; y: number }; sealed?: string }[];
  edges: { id: string; source: string; sourcePort: string; target: string; targetPort: string }[];
}

/** What a run kept of one node: its input, output or error, the attempt and its timings. */
export interface StoredNodeRun {
  input: Record<string, unknown>;
  output?: Record<string, unknown>;
  error?: string;
  attempt: number;
  started_at: string;
  finished_at?: string;
}

/** A workflow task (spec 3 §3 processor task): one organisation's reaction to one domain event. */
export const processorTasks = pgTable(
  'processor_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    description: text('description').notNull().default(''),
    comments: text('comments').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    /** The product message a default task sends (`booking.confirmed`, …); null for a task a super admin added. */
    defaultKey: text('default_key'),
    /** The newest graph version; runs pin the version they started on. */
    versionId: uuid('version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('processor_tasks_event_idx').on(t.event, t.organisationId)],
);

/** A saved graph; never changed once written (a save writes a new version). */
export const processorTaskVersions = pgTable(
  'processor_task_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => processorTasks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    graph: jsonb('graph').$type<StoredGraph>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('processor_task_versions_key').on(t.taskId, t.version)],
);

/**
 * One execution of a task's graph (spec 3 §3 task log). An event runs each matching task once:
 * (event_id, task_id) is unique. Runs are worked under a lease (`lease_until`), so a run whose
 * worker died is taken up again once its lease has passed.
 */
export const processorRuns = pgTable(
  'processor_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => processorTasks.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => processorTaskVersions.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').notNull(),
    event: text('event').notNull(),
    /** The outbox event that started it; null for a run raised by hand or a rerun. */
    eventId: bigint('event_id', { mode: 'number' }),
    rerunOf: uuid('rerun_of'),
    initData: jsonb('init_data').$type<Record<string, unknown>>().notNull(),
    /** The event's secrets (a booking's link token, the payer's address), sealed; forgotten with the run's data. */
    secretsSealed: text('secrets_sealed'),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'stopped'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    failedNode: text('failed_node'),
    reason: text('reason'),
    nodes: jsonb('nodes').$type<Record<string, StoredNodeRun>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When its data (init_data, each node's input and output) was redacted after the retention. */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('processor_runs_event_task_key').on(t.eventId, t.taskId).where(sql`${t.eventId} IS NOT NULL`),
    index('processor_runs_task_idx').on(t.taskId, t.createdAt),
    index('processor_runs_due_idx').on(t.nextAttemptAt).where(sql`${t.status} IN ('queued', 'running')`),
    index('processor_runs_retention_idx').on(t.finishedAt).where(sql`${t.redactedAt} IS NULL`),
  ],
);

/** A run's log entries (level, message, details). */
export const processorRunLogs = pgTable(
  'processor_run_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => processorRuns.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    level: text('level', { enum: ['debug', 'info', 'warn', 'error'] }).notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('processor_run_logs_run_idx').on(t.runId, t.id)],
);

/** E-mail templates: subject and body with {{placeholders}}, in English and German. */
export const processorTemplates = pgTable('processor_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** A default template's key (`booking.confirmed`, …): its e-mails are recorded under that name, as before. */
  key: text('key').unique(),
  name: text('name').notNull(),
  subjectEn: text('subject_en').notNull(),
  bodyEn: text('body_en').notNull(),
  subjectDe: text('subject_de').notNull(),
  bodyDe: text('body_de').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * What a sending node has sent, by idempotency key (run id and node id): written in the
 * transaction that records the message, so a retried run never sends the same node twice.
 */
export const processorSends = pgTable('processor_sends', {
  key: text('key').primaryKey(),
  runId: uuid('run_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
});

/**
 * The default tasks seeded for an organisation, one row per product message, written once with its
 * task: a default task a super admin deleted is not seeded again, and the product's own handler of
 * that message stays silent for events raised after `seeded_at` (the processor owns them).
 */
export const processorDefaults = pgTable(
  'processor_defaults',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.key] })],
);

/**
 * A lab the lab-order node sends orders to (the spec's Synlab, Oncologica and Eurofins nodes, whose
 * APIs are not given): one organisation's base URL and bearer credential, sealed at rest and never
 * answered to a browser.
 */
export const processorLabConnections = pgTable(
  'processor_lab_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    credentialSealed: text('credential_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('processor_lab_connections_org_idx').on(t.organisationId, t.name)],
);
