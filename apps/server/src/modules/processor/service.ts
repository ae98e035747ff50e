import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { PROCESSOR_MSG, type GraphProblem, type NodeKind, type ProcessorTask, type TaskGraph, type TestNodeRun, type TestRunRequest, type UpdateTaskRequest } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import { badRequest, conflict, notFound, type AppError } from '../../platform/errors';
import { organisations, processorLabConnections, processorRunLogs, processorRuns, processorTasks, processorTaskVersions, processorTemplates, roles, type StoredGraph, type StoredNodeRun } from '../../db/schema';
import { enabledTasks, isProcessorEvent, nodeRuntime, PROCESSOR_EVENTS, queueRun, type ProcessorDeps } from './engine';
import { executionOrder, UNKNOWN_LAB_CONNECTION, validateGraph } from './graph';
import { NODE_RUNS, parseParams, RunStopped, SEALED_MARK } from './nodes';

type TaskRow = typeof processorTasks.$inferSelect;
type RunRow = typeof processorRuns.$inferSelect;

/** A new task's graph: the event start node alone. */
const STARTING_GRAPH: StoredGraph = { nodes: [{ id: 'start', kind: 'event.start', params: {}, position: { x: 0, y: 0 } }], edges: [] };

/** The organisations whose processor the caller runs: those where they hold the super admin role. */
export async function managedOrganisations(db: Db, caller: SignedInCaller): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: organisations.id, name: organisations.name })
    .from(roles)
    .innerJoin(organisations, eq(organisations.id, roles.organisationId))
    .where(and(eq(roles.userId, caller.auth.userId), eq(roles.name, 'super_admin')))
    .orderBy(asc(organisations.name));
}

async function managedIds(db: Db, caller: SignedInCaller): Promise<string[]> {
  return (await managedOrganisations(db, caller)).map((o) => o.id);
}

/** The task, if it belongs to an organisation the caller manages; else 404. */
async function taskOf(db: Db, caller: SignedInCaller, id: string): Promise<TaskRow> {
  const [row] = await db.select().from(processorTasks).where(eq(processorTasks.id, id));
  if (!row || !(await managedIds(db, caller)).includes(row.organisationId)) throw notFound();
  return row;
}

/** The graph as the browser sees it: credentials stay sealed on the server. */
function forBrowser(graph: StoredGraph): TaskGraph {
  return {
    nodes: graph.nodes.map(({ sealed: _sealed, ...node }) => ({ ...node, kind: node.kind as TaskGraph['nodes'][number]['kind'] })),
    edges: graph.edges,
  };
}

async function present(db: Db, rows: TaskRow[]): Promise<ProcessorTask[]> {
  const versionIds = rows.map((r) => r.versionId).filter((v): v is string => v !== null);
  const versions = versionIds.length > 0 ? await db.select().from(processorTaskVersions).where(inArray(processorTaskVersions.id, versionIds)) : [];
  const orgs = rows.length > 0 ? await db.select().from(organisations).where(inArray(organisations.id, [...new Set(rows.map((r) => r.organisationId))])) : [];
  return rows.map((row) => {
    const version = versions.find((v) => v.id === row.versionId);
    return {
      id: row.id,
      organisation_id: row.organisationId,
      organisation_name: orgs.find((o) => o.id === row.organisationId)?.name ?? '',
      event: row.event,
      description: row.description,
      comments: row.comments,
      enabled: row.enabled,
      version: version?.version ?? null,
      task: forBrowser(version?.graph ?? STARTING_GRAPH),
      init_data: null,
    };
  });
}

export async function listTasks(deps: ProcessorDeps, caller: SignedInCaller): Promise<ProcessorTask[]> {
  const ids = await managedIds(deps.db, caller);
  if (ids.length === 0) return [];
  const rows = await deps.db.select().from(processorTasks).where(inArray(processorTasks.organisationId, ids)).orderBy(asc(processorTasks.createdAt), asc(processorTasks.id));
  return present(deps.db, rows);
}

export async function getTask(deps: ProcessorDeps, caller: SignedInCaller, id: string): Promise<ProcessorTask> {
  return (await present(deps.db, [await taskOf(deps.db, caller, id)]))[0]!;
}

async function writeVersion(tx: Db, taskId: string, graph: StoredGraph, now: Date): Promise<string> {
  const [latest] = await tx.select({ n: max(processorTaskVersions.version) }).from(processorTaskVersions).where(eq(processorTaskVersions.taskId, taskId));
  const [row] = await tx.insert(processorTaskVersions).values({ taskId, version: (latest?.n ?? 0) + 1, graph, createdAt: now }).returning({ id: processorTaskVersions.id });
  return row!.id;
}

export async function createTask(deps: ProcessorDeps, caller: SignedInCaller, input: { event: string; organisation_id: string }): Promise<ProcessorTask> {
  if (!isProcessorEvent(input.event)) throw badRequest(PROCESSOR_MSG.unknownEvent, { event: PROCESSOR_MSG.unknownEvent });
  if (!(await managedIds(deps.db, caller)).includes(input.organisation_id)) throw notFound();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [task] = await tx.insert(processorTasks).values({ organisationId: input.organisation_id, event: input.event, createdAt: now, updatedAt: now }).returning();
    const versionId = await writeVersion(tx, task!.id, STARTING_GRAPH, now);
    const [updated] = await tx.update(processorTasks).set({ versionId }).where(eq(processorTasks.id, task!.id)).returning();
    await deps.audit.record({ action: 'processor.task.created', outcome: 'success', resourceType: 'processor_task', resourceId: task!.id }, caller, tx);
    return updated!;
  });
  return (await present(deps.db, [row]))[0]!;
}

/** A graph refused by validation: 400 with the reason per node. */
function invalidGraph(problems: GraphProblem[]): AppError {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[p.node] = errors[p.node] ? `${errors[p.node]} ${p.reason}` : p.reason;
  return badRequest(PROCESSOR_MSG.invalidGraph, errors);
}

/** The ids of an organisation's lab connections: the only ones its tasks' lab-order nodes may name. */
async function labConnectionsOf(db: Db, organisationId: string): Promise<Set<string>> {
  return new Set((await db.select({ id: processorLabConnections.id }).from(processorLabConnections).where(eq(processorLabConnections.organisationId, organisationId))).map((c) => c.id));
}

/**
 * Locks the lab connections a graph's lab-order nodes name until the transaction ends (FOR SHARE: a
 * connection's delete takes FOR UPDATE and checks its use in its own transaction, so it waits for
 * this save and then sees it, or this save waits for the delete and finds the connection gone).
 * Answers the nodes whose connection is gone.
 */
async function lockLabConnections(tx: Db, graph: StoredGraph, organisationId: string): Promise<GraphProblem[]> {
  const orders = graph.nodes.filter((n) => n.kind === 'lab.order').map((n) => ({ node: n.id, id: String(n.params.connection_id) }));
  if (orders.length === 0) return [];
  const kept = await tx
    .select({ id: processorLabConnections.id })
    .from(processorLabConnections)
    .where(and(eq(processorLabConnections.organisationId, organisationId), inArray(processorLabConnections.id, [...new Set(orders.map((o) => o.id))])))
    .orderBy(asc(processorLabConnections.id))
    .for('share');
  return orders.filter((o) => !kept.some((k) => k.id === o.id)).map((o) => ({ node: o.node, reason: UNKNOWN_LAB_CONNECTION }));
}

/**
 * Locks the templates a graph's template pickers name until the transaction ends (FOR SHARE: a
 * template's delete takes FOR UPDATE and checks its use in its own transaction, so it waits for this
 * save and then sees it, or this save waits for the delete and finds the template gone). Answers the
 * pickers whose template is gone.
 */
async function lockTemplates(tx: Db, graph: StoredGraph): Promise<GraphProblem[]> {
  const pickers = graph.nodes.filter((n) => n.kind === 'template.email').map((n) => ({ node: n.id, id: String(n.params.template_id) }));
  if (pickers.length === 0) return [];
  const kept = await tx
    .select({ id: processorTemplates.id })
    .from(processorTemplates)
    .where(inArray(processorTemplates.id, [...new Set(pickers.map((p) => p.id))]))
    .orderBy(asc(processorTemplates.id))
    .for('share');
  return pickers.filter((p) => !kept.some((k) => k.id === p.id)).map((p) => ({ node: p.node, reason: 'Unknown template.' }));
}

/**
 * Saves a task: its fields, and a new immutable graph version when a graph is given (validated
 * first: refused with the reason per node; its templates and lab connections locked while it is written,
 * `lockTemplates`, `lockLabConnections`). An HTTP node's credential is sealed; a node saved without one keeps the
 * credential its previous version had.
 */
export async function updateTask(deps: ProcessorDeps, caller: SignedInCaller, id: string, input: UpdateTaskRequest): Promise<ProcessorTask> {
  const task = await taskOf(deps.db, caller, id);
  if (Object.values(input).every((v) => v === undefined)) throw badRequest('Give at least one detail to change.');
  let graph: StoredGraph | null = null;
  if (input.task) {
    const templates = new Set((await deps.db.select({ id: processorTemplates.id }).from(processorTemplates)).map((t) => t.id));
    const problems = validateGraph(input.task, templates, await labConnectionsOf(deps.db, task.organisationId));
    if (problems.length > 0) throw invalidGraph(problems);
    const [previous] = task.versionId ? await deps.db.select().from(processorTaskVersions).where(eq(processorTaskVersions.id, task.versionId)) : [];
    const nodes: StoredGraph['nodes'] = [];
    for (const node of input.task.nodes) {
      const { credential, ...params } = node.params as { credential?: string };
      const kept = previous?.graph.nodes.find((n) => n.id === node.id)?.sealed;
      const sealed = typeof credential === 'string' && credential !== '' ? await deps.sealer.seal(credential) : kept;
      nodes.push({ ...node, params, ...(sealed ? { sealed } : {}) });
    }
    graph = { nodes, edges: input.task.edges };
  }
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // Saves of one task take their turn, so each writes the next version number.
    await tx.select({ id: processorTasks.id }).from(processorTasks).where(eq(processorTasks.id, task.id)).for('update');
    const gone = graph ? [...(await lockTemplates(tx, graph)), ...(await lockLabConnections(tx, graph, task.organisationId))] : [];
    if (gone.length > 0) throw invalidGraph(gone);
    const versionId = graph ? await writeVersion(tx, task.id, graph, now) : task.versionId;
    const [updated] = await tx
      .update(processorTasks)
      .set({
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.comments !== undefined ? { comments: input.comments } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        versionId,
        updatedAt: now,
      })
      .where(eq(processorTasks.id, task.id))
      .returning();
    await deps.audit.record({ action: 'processor.task.updated', outcome: 'success', resourceType: 'processor_task', resourceId: task.id }, caller, tx);
    return updated!;
  });
  return (await present(deps.db, [row]))[0]!;
}

export async function deleteTask(deps: ProcessorDeps, caller: SignedInCaller, id: string): Promise<void> {
  const task = await taskOf(deps.db, caller, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(processorTasks).where(eq(processorTasks.id, task.id));
    await deps.audit.record({ action: 'processor.task.deleted', outcome: 'success', resourceType: 'processor_task', resourceId: task.id }, caller, tx);
  });
}

async function versionNumbers(db: Db, runs: RunRow[]): Promise<Map<string, number>> {
  const ids = [...new Set(runs.map((r) => r.versionId))];
  const rows = ids.length > 0 ? await db.select({ id: processorTaskVersions.id, version: processorTaskVersions.version }).from(processorTaskVersions).where(inArray(processorTaskVersions.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r.version]));
}

function presentRun(run: RunRow, versions: Map<string, number>) {
  return { id: run.id, created_at: epochSeconds(run.createdAt), result: run.status, version: versions.get(run.versionId) ?? 0, failed_node: run.failedNode, reason: run.reason };
}

/** The task's runs, newest first (the logs table). */
export async function listLogs(deps: ProcessorDeps, caller: SignedInCaller, taskId: string) {
  const task = await taskOf(deps.db, caller, taskId);
  const runs = await deps.db.select().from(processorRuns).where(eq(processorRuns.taskId, task.id)).orderBy(desc(processorRuns.createdAt), desc(processorRuns.id)).limit(200);
  const versions = await versionNumbers(deps.db, runs);
  return runs.map((r) => presentRun(r, versions));
}

/**
 * One run with its init_data, each node's input, output and error, and its log entries. Runs of
 * booking events carry people's details: each read is audited as a health-data read.
 */
export async function readLog(deps: ProcessorDeps, caller: SignedInCaller, taskId: string, runId: string) {
  const task = await taskOf(deps.db, caller, taskId);
  const [run] = await deps.db.select().from(processorRuns).where(and(eq(processorRuns.id, runId), eq(processorRuns.taskId, task.id)));
  if (!run) throw notFound();
  const entries = await deps.db.select().from(processorRunLogs).where(eq(processorRunLogs.runId, run.id)).orderBy(asc(processorRunLogs.id));
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'processor_run', resourceIds: [run.id] });
  return {
    ...presentRun(run, await versionNumbers(deps.db, [run])),
    init_data: run.initData,
    nodes: run.nodes,
    entries: entries.map((e) => ({ id: e.id, at: epochSeconds(e.at), level: e.level, message: e.message, details: e.details })),
  };
}

/** A value as a test run answers it: sealed values (link tokens, attachments' contents) shown as `[sealed]`. */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { $sealed?: unknown }).$sealed === 'string') return SEALED_MARK;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v)]));
}

/**
 * A test run from the editor: the given graph (validated first, as a save does) or the task's saved
 * one, run once on sample event data. Nothing is sent or written and no run is recorded: sending
 * nodes answer what they would send. Lookups read real records, so the read is audited as a
 * health-data read of the task.
 */
export async function testRun(deps: ProcessorDeps, caller: SignedInCaller, taskId: string, input: TestRunRequest) {
  const task = await taskOf(deps.db, caller, taskId);
  let graph: TaskGraph;
  if (input.task) {
    const templates = new Set((await deps.db.select({ id: processorTemplates.id }).from(processorTemplates)).map((t) => t.id));
    const problems = validateGraph(input.task, templates, await labConnectionsOf(deps.db, task.organisationId));
    if (problems.length > 0) throw invalidGraph(problems);
    graph = input.task;
  } else {
    const [version] = task.versionId ? await deps.db.select().from(processorTaskVersions).where(eq(processorTaskVersions.id, task.versionId)) : [];
    graph = forBrowser(version?.graph ?? STARTING_GRAPH);
  }
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'processor_task', resourceIds: [task.id] });
  const nodes: Record<string, { input: Record<string, unknown>; output?: Record<string, unknown>; error?: string }> = {};
  const answer = (result: 'succeeded' | 'failed' | 'stopped', failedNode: string | null, reason: string | null) => ({
    result,
    failed_node: failedNode,
    reason,
    nodes: masked(nodes) as Record<string, TestNodeRun>,
  });
  for (const nodeId of executionOrder(graph) ?? []) {
    const node = graph.nodes.find((n) => n.id === nodeId)!;
    const nodeInput: Record<string, unknown> = node.kind === 'event.start' ? { init_data: input.init_data } : {};
    for (const edge of graph.edges.filter((e) => e.target === nodeId)) nodeInput[edge.targetPort] = nodes[edge.source]?.output?.[edge.sourcePort];
    nodes[nodeId] = { input: nodeInput };
    const runtime = nodeRuntime(deps, { runId: 'test', organisationId: task.organisationId, nodeId, dryRun: true });
    try {
      nodes[nodeId].output = await NODE_RUNS[node.kind as NodeKind](runtime, parseParams(node.kind as NodeKind, node.params), nodeInput);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      nodes[nodeId].error = reason;
      return answer(error instanceof RunStopped ? 'stopped' : 'failed', nodeId, reason);
    }
  }
  return answer('succeeded', null, null);
}

/** The nodes downstream of `from` (itself included) in a graph. */
function downstream(graph: StoredGraph, from: string): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const edge of graph.edges) {
      if (edge.source !== id || seen.has(edge.target)) continue;
      seen.add(edge.target);
      queue.push(edge.target);
    }
  }
  return seen;
}

/**
 * Runs a logged run's init_data again on the task's current graph: whole, or from a chosen node,
 * reusing the stored outputs of the nodes before it. Audited.
 */
export async function rerun(deps: ProcessorDeps, caller: SignedInCaller, taskId: string, runId: string, fromNode?: string): Promise<string> {
  const task = await taskOf(deps.db, caller, taskId);
  const [run] = await deps.db.select().from(processorRuns).where(and(eq(processorRuns.id, runId), eq(processorRuns.taskId, task.id)));
  if (!run || !task.versionId) throw notFound();
  if (run.redactedAt) throw conflict(PROCESSOR_MSG.redacted);
  const [version] = await deps.db.select().from(processorTaskVersions).where(eq(processorTaskVersions.id, task.versionId));
  let nodes: Record<string, StoredNodeRun> = {};
  if (fromNode) {
    if (!version!.graph.nodes.some((n) => n.id === fromNode)) throw badRequest('No such node in the current graph.', { from_node: 'No such node in the current graph.' });
    const again = downstream(version!.graph, fromNode);
    nodes = Object.fromEntries(Object.entries(run.nodes).filter(([id, node]) => !again.has(id) && node.output !== undefined && version!.graph.nodes.some((n) => n.id === id)));
  }
  return deps.db.transaction(async (tx) => {
    const id = await queueRun(deps, tx, { id: task.id, organisationId: task.organisationId, event: task.event, versionId: task.versionId! }, run.initData, { rerunOf: run.id, nodes });
    await deps.audit.record({ action: 'processor.run.rerun', outcome: 'success', resourceType: 'processor_run', resourceId: run.id }, caller, tx);
    return id!;
  });
}

/** POST /processor/event/run: raises an event by hand for an organisation's enabled tasks ("Resend messages"). */
export async function runEvent(deps: ProcessorDeps, caller: SignedInCaller, input: { organisation_id: string; event: string; context: Record<string, unknown> }): Promise<number> {
  if (!(await managedIds(deps.db, caller)).includes(input.organisation_id)) throw notFound();
  const tasks = await enabledTasks(deps.db, input.organisation_id, input.event);
  if (tasks.length === 0) throw badRequest(PROCESSOR_MSG.resendFailed);
  await deps.db.transaction(async (tx) => {
    for (const task of tasks) await queueRun(deps, tx, task, input.context);
    await deps.audit.record({ action: 'processor.event.run', outcome: 'success', resourceType: 'processor_event', resourceId: input.event }, caller, tx);
  });
  return tasks.length;
}

export function listEvents(): { key: string; name: string }[] {
  return Object.entries(PROCESSOR_EVENTS).map(([key, name]) => ({ key, name }));
}

export async function listTemplates(deps: ProcessorDeps): Promise<{ id: string; name: string }[]> {
  return deps.db.select({ id: processorTemplates.id, name: processorTemplates.name }).from(processorTemplates).orderBy(asc(processorTemplates.name));
}

export interface TemplateInput {
  name: string;
  subject_en: string;
  body_en: string;
  subject_de: string;
  body_de: string;
}

export async function createTemplate(deps: ProcessorDeps, caller: SignedInCaller, input: TemplateInput) {
  const [row] = await deps.db
    .insert(processorTemplates)
    .values({ name: input.name, subjectEn: input.subject_en, bodyEn: input.body_en, subjectDe: input.subject_de, bodyDe: input.body_de, createdAt: deps.clock.now() })
    .returning();
  await deps.audit.record({ action: 'processor.template.created', outcome: 'success', resourceType: 'processor_template', resourceId: row!.id }, caller);
  return { id: row!.id, ...input };
}

type TemplateRow = typeof processorTemplates.$inferSelect;
const presentTemplate = (row: TemplateRow) => ({ id: row.id, name: row.name, subject_en: row.subjectEn, body_en: row.bodyEn, subject_de: row.subjectDe, body_de: row.bodyDe });

async function templateOf(deps: ProcessorDeps, id: string): Promise<TemplateRow> {
  const [row] = await deps.db.select().from(processorTemplates).where(eq(processorTemplates.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getTemplate(deps: ProcessorDeps, id: string) {
  return presentTemplate(await templateOf(deps, id));
}

/** Changes a template's name, subjects and bodies; a default template keeps its key (its e-mails' name). */
export async function updateTemplate(deps: ProcessorDeps, caller: SignedInCaller, id: string, input: TemplateInput) {
  const row = await templateOf(deps, id);
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(processorTemplates)
      .set({ name: input.name, subjectEn: input.subject_en, bodyEn: input.body_en, subjectDe: input.subject_de, bodyDe: input.body_de })
      .where(eq(processorTemplates.id, row.id))
      .returning();
    await deps.audit.record({ action: 'processor.template.updated', outcome: 'success', resourceType: 'processor_template', resourceId: row.id }, caller, tx);
    return presentTemplate(updated!);
  });
}

/**
 * Deletes a template no task's current graph uses (409 with a clear message otherwise). The check
 * and the delete share a transaction that locks the template row FOR UPDATE, against the FOR SHARE
 * of a task's save (`lockTemplates`) and of the default tasks' seeding: a save racing the delete
 * either comes first and the delete is refused, or comes after and is refused itself.
 */
export async function deleteTemplate(deps: ProcessorDeps, caller: SignedInCaller, id: string): Promise<void> {
  await templateOf(deps, id);
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: processorTemplates.id }).from(processorTemplates).where(eq(processorTemplates.id, id)).for('update');
    const used = rowsOf<{ id: string }>(
      await tx.execute(sql`
        SELECT t.id FROM ${processorTasks} t
        JOIN ${processorTaskVersions} v ON v.id = t.version_id
        CROSS JOIN LATERAL jsonb_array_elements(v.graph->'nodes') AS n(node)
        WHERE n.node->>'kind' = 'template.email' AND n.node->'params'->>'template_id' = ${id}
        LIMIT 1`),
    );
    if (used.length > 0) throw conflict(PROCESSOR_MSG.templateInUse);
    await tx.delete(processorTemplates).where(eq(processorTemplates.id, id));
    await deps.audit.record({ action: 'processor.template.deleted', outcome: 'success', resourceType: 'processor_template', resourceId: id }, caller, tx);
  });
}
