import { NODE_KINDS, type GraphProblem, type NodeKind, type NodeKindSpec, type TaskGraph } from '@vireo/contracts';
import type { StoredGraph } from '../../db/schema';
import { compileCondition, ConditionError, patternProblem } from './condition';

export const kindSpec = (kind: string): NodeKindSpec | undefined => (NODE_KINDS as Record<string, NodeKindSpec>)[kind];

/**
 * The nodes in an order where every node comes after those it reads from; null when the edges
 * form a cycle.
 */
export function executionOrder(graph: Pick<StoredGraph, 'nodes' | 'edges'>): string[] | null {
  const incoming = new Map<string, number>(graph.nodes.map((n) => [n.id, 0]));
  for (const edge of graph.edges) incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
  const ready = graph.nodes.filter((n) => incoming.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift()!;
    order.push(id);
    for (const edge of graph.edges.filter((e) => e.source === id)) {
      const left = (incoming.get(edge.target) ?? 0) - 1;
      incoming.set(edge.target, left);
      if (left === 0) ready.push(edge.target);
    }
  }
  return order.length === graph.nodes.length ? order : null;
}

/** A lab-order node's reason when its connection is not one of the task's organisation's. */
export const UNKNOWN_LAB_CONNECTION = "Unknown lab connection: choose one of this organisation's lab connections.";

/**
 * Everything that keeps a graph from running, the reason per node: one event start, parameters
 * that fit the node's schema, known templates, lab connections of the task's organisation
 * (`labConnections`), conditions that parse, connections between existing ports of the same
 * type (one per input), every required input connected, and no cycle.
 */
export function validateGraph(graph: TaskGraph, knownTemplates: ReadonlySet<string>, labConnections: ReadonlySet<string>): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  if (byId.size !== graph.nodes.length) problems.push({ node: 'graph', reason: 'Two nodes have the same id.' });
  const starts = graph.nodes.filter((n) => n.kind === 'event.start');
  if (starts.length !== 1) problems.push({ node: 'graph', reason: 'A task has exactly one event start node.' });
  for (const node of graph.nodes) {
    const spec = NODE_KINDS[node.kind];
    const parsed = spec.params.safeParse(node.params);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => ({ node: node.id, reason: `${issue.path.join('.') || 'parameters'}: ${issue.message}` })));
    } else if (node.kind === 'template.email' && !knownTemplates.has(String((parsed.data as { template_id: string }).template_id))) {
      problems.push({ node: node.id, reason: 'Unknown template.' });
    } else if (node.kind === 'lab.order' && !labConnections.has(String((parsed.data as Record<string, unknown>).connection_id))) {
      problems.push({ node: node.id, reason: UNKNOWN_LAB_CONNECTION });
    } else if (node.kind === 'logic.condition') {
      const problem = conditionProblem((parsed.data as { expression: string }).expression);
      if (problem) problems.push({ node: node.id, reason: `expression: ${problem}` });
    } else if (node.kind === 'string.regexp') {
      const { pattern, flags } = parsed.data as { pattern: string; flags: string };
      const problem = patternProblem(pattern, flags);
      if (problem) problems.push({ node: node.id, reason: `pattern: ${problem}` });
    }
  }
  const connected = new Set<string>();
  for (const edge of graph.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push({ node: edge.target, reason: `Connection ${edge.id} joins a node that does not exist.` });
      continue;
    }
    const outType = (NODE_KINDS[source.kind].outputs as Record<string, string>)[edge.sourcePort];
    const input = (NODE_KINDS[target.kind].inputs as Record<string, { type: string }>)[edge.targetPort];
    if (!outType) problems.push({ node: source.id, reason: `No output named ${edge.sourcePort}.` });
    else if (!input) problems.push({ node: target.id, reason: `No input named ${edge.targetPort}.` });
    else if (outType !== input.type) problems.push({ node: target.id, reason: `Input ${edge.targetPort} takes ${input.type}, not ${outType} from ${source.id}.` });
    const key = `${target.id}:${edge.targetPort}`;
    if (connected.has(key)) problems.push({ node: target.id, reason: `Input ${edge.targetPort} has more than one connection.` });
    connected.add(key);
  }
  for (const node of graph.nodes) {
    for (const [name, port] of Object.entries(NODE_KINDS[node.kind as NodeKind].inputs as Record<string, { required: boolean }>)) {
      if (port.required && !connected.has(`${node.id}:${name}`)) problems.push({ node: node.id, reason: `Required input ${name} is not connected.` });
    }
  }
  problems.push(...gateProblems(graph));
  if (executionOrder(graph) === null) problems.push({ node: 'graph', reason: 'The connections form a cycle.' });
  return problems;
}

/**
 * A logic gate's inputs follow the gate its picker chose: NOT takes `a` only, the others `a` and `b`.
 * (A picker whose parameters are wrong is reported with them.)
 */
function gateProblems(graph: TaskGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  for (const node of graph.nodes.filter((n) => n.kind === 'logic.gate')) {
    const into = (port: string) => graph.edges.find((e) => e.target === node.id && e.targetPort === port);
    const picker = graph.nodes.find((n) => n.id === into('gate')?.source && n.kind === 'logic.gate_type');
    const parsed = picker ? NODE_KINDS['logic.gate_type'].params.safeParse(picker.params) : null;
    if (!parsed?.success) continue;
    const { gate } = parsed.data;
    if (gate === 'NOT' && into('b')) problems.push({ node: node.id, reason: 'A NOT gate takes input a only: remove the connection to b.' });
    if (gate !== 'NOT' && !into('b')) problems.push({ node: node.id, reason: `An ${gate} gate takes inputs a and b: connect b.` });
  }
  return problems;
}

function conditionProblem(expression: string): string | null {
  try {
    compileCondition(expression);
    return null;
  } catch (error) {
    if (error instanceof ConditionError) return error.message;
    throw error;
  }
}
