import '@xyflow/react/dist/style.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Background, Controls, Handle, Position, ReactFlow, type Connection, type Edge, type Node, type NodeChange, type NodeProps, type ReactFlowInstance, applyNodeChanges } from '@xyflow/react';
import { NODE_KINDS, NODE_KIND_NAMES, type NodeKind, type ParamField, type ProcessorTask, type TaskGraph, type TestNodeRun } from '@vireo/contracts';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { ApiError } from '../../lib/api';
import { useLabConnections, useTask, useTemplates, useTestRun, useUpdateTask } from './api';
import { TaskLogs } from './TaskLogs';

type GraphNode = TaskGraph['nodes'][number];
type GraphEdge = TaskGraph['edges'][number];
/** A node's result in the last test run: its output or error, or `null` when the run did not reach it. */
type NodeData = { kind: NodeKind; label: string; problem: boolean; test?: TestNodeRun | null };

/** The drag-and-drop payload type of a palette item: the node kind. */
const DRAG_TYPE = 'application/x-vireo-node-kind';
/** How much of a node's test output the canvas shows. */
const OUTPUT_PREVIEW = 400;

function preview(value: unknown): string {
  const text = JSON.stringify(value, null, 1) ?? '';
  return text.length > OUTPUT_PREVIEW ? `${text.slice(0, OUTPUT_PREVIEW)}…` : text;
}

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** What a sending node's test run would have sent, read from its output's `would_send`; null for other nodes. */
function wouldSend(output: Record<string, unknown> | undefined) {
  const would = output?.would_send;
  if (!would || typeof would !== 'object' || Array.isArray(would)) return null;
  const w = would as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const messages = Array.isArray(w.messages) ? (w.messages as unknown[]) : [];
  return {
    template: text(w.template),
    recipients: texts(w.recipients),
    subjects: texts(messages.map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>).subject : null))),
    request: text(w.method) && text(w.url) ? { method: text(w.method)!, url: text(w.url)! } : null,
  };
}

/** A sending node's line in the test run: not sent, and what would have gone to whom. */
function WouldSend({ would }: { would: NonNullable<ReturnType<typeof wouldSend>> }) {
  const { t } = useTranslation('processor');
  return (
    <Box component="span" sx={{ display: 'block', fontFamily: 'body1.fontFamily', mb: 0.5 }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {t('editor.notSent')}
      </Box>
      {would.template && <span style={{ display: 'block' }}>{t('editor.wouldSendTemplate', { template: would.template })}</span>}
      {would.recipients.length > 0 && <span style={{ display: 'block' }}>{t('editor.wouldSendTo', { recipients: would.recipients.join(', ') })}</span>}
      {[...new Set(would.subjects)].map((subject) => (
        <span key={subject} style={{ display: 'block' }}>
          {t('editor.wouldSendSubject', { subject })}
        </span>
      ))}
      {would.request && <span style={{ display: 'block' }}>{t('editor.wouldSendRequest', would.request)}</span>}
    </Box>
  );
}

/** The node's line in the last test run: its output (what a sending node would send first), its error, or that the run did not reach it. */
function TestResult({ id, test }: { id: string; test: TestNodeRun | null }) {
  const { t } = useTranslation('processor');
  const would = test?.error === undefined ? wouldSend(test?.output) : null;
  return (
    <Box data-testid={`test-${id}`} sx={{ borderTop: 1, borderColor: 'divider', px: 1, py: 0.5, maxWidth: 320, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 11 }}>
      <Box component="span" sx={{ fontFamily: 'body1.fontFamily', fontWeight: 600 }}>
        {t('editor.testOutput', { node: id })}:{' '}
      </Box>
      {test === null ? (
        t('editor.testNotRun')
      ) : test.error !== undefined ? (
        <Box component="span" sx={{ color: 'error.dark' }}>
          {test.error}
        </Box>
      ) : (
        <>
          {would && <WouldSend would={would} />}
          {preview(test.output)}
        </>
      )}
    </Box>
  );
}

const inputsOf = (kind: NodeKind) => NODE_KINDS[kind].inputs as Record<string, { type: string; required: boolean }>;
const outputsOf = (kind: NodeKind) => NODE_KINDS[kind].outputs as Record<string, string>;
const fieldsOf = (kind: NodeKind) => NODE_KINDS[kind].fields as readonly ParamField[];

/** A node on the canvas: its kind and id, inputs on the left and outputs on the right, each port named with its type. */
function TaskNode({ id, data, selected }: NodeProps<Node<NodeData>>) {
  const inputs = Object.entries(inputsOf(data.kind));
  const outputs = Object.entries(outputsOf(data.kind));
  const rows = Math.max(inputs.length, outputs.length, 1);
  return (
    <Box
      sx={{ border: 2, borderColor: data.problem ? 'error.main' : selected ? 'primary.main' : 'grey.500', borderRadius: 1, bgcolor: 'background.paper', minWidth: 200, fontSize: 12 }}
      data-testid={`node-${id}`}
    >
      <Box sx={{ px: 1, py: 0.5, bgcolor: 'grey.200', fontWeight: 600 }}>
        {data.label} <span style={{ fontWeight: 400 }}>({id})</span>
      </Box>
      <Box sx={{ position: 'relative', height: rows * 22 + 8 }}>
        {inputs.map(([name, port], i) => (
          <div key={`in-${name}`}>
            <Handle type="target" position={Position.Left} id={name} style={{ top: 15 + i * 22 }} />
            <span style={{ position: 'absolute', left: 8, top: 6 + i * 22 }}>
              {name}: {port.type}
              {port.required ? ' *' : ''}
            </span>
          </div>
        ))}
        {outputs.map(([name, type], i) => (
          <div key={`out-${name}`}>
            <Handle type="source" position={Position.Right} id={name} style={{ top: 15 + i * 22 }} />
            <span style={{ position: 'absolute', right: 8, top: 6 + i * 22 }}>
              {name}: {type}
            </span>
          </div>
        ))}
      </Box>
      {data.test !== undefined && <TestResult id={id} test={data.test} />}
    </Box>
  );
}

const NODE_TYPES = { task: TaskNode };

/** Whether an output may feed an input: the same port type, and the input not connected yet. */
function refusal(graph: { nodes: GraphNode[]; edges: GraphEdge[] }, c: { source: string; sourcePort: string; target: string; targetPort: string }): 'mismatch' | 'taken' | null {
  const source = graph.nodes.find((n) => n.id === c.source);
  const target = graph.nodes.find((n) => n.id === c.target);
  if (!source || !target || c.source === c.target) return 'mismatch';
  const from = outputsOf(source.kind)[c.sourcePort];
  const to = inputsOf(target.kind)[c.targetPort]?.type;
  if (!from || from !== to) return 'mismatch';
  return graph.edges.some((e) => e.target === c.target && e.targetPort === c.targetPort) ? 'taken' : null;
}

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The selected node's parameters, a form built from its kind's field list. */
function ParamsForm({
  node,
  organisationId,
  hasCredential,
  onChange,
  onRemove,
}: {
  node: GraphNode;
  /** The task's organisation: a lab-order node picks one of its lab connections. */
  organisationId: string;
  hasCredential: boolean;
  onChange: (params: Record<string, unknown>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('processor');
  const templates = useTemplates();
  const fields = fieldsOf(node.kind);
  const labConnections = useLabConnections(fields.some((field) => field.kind === 'labConnection'));
  const [jsonText, setJsonText] = useState<Record<string, string>>({});
  const optionLabels: Record<string, string> = t('options', { returnObjects: true });
  const set = (name: string, value: unknown) => onChange({ ...node.params, [name]: value === '' ? undefined : value });
  return (
    <Stack spacing={2} component="section" aria-label={t('editor.parameters', { node: node.id })}>
      <Typography component="h3" variant="subtitle1">
        {t('editor.parameters', { node: `${t(`kinds.${node.kind}`)} (${node.id})` })}
      </Typography>
      {fields.map((field) => {
        const value = node.params[field.name];
        if (field.kind === 'select' || field.kind === 'template') {
          const options = field.kind === 'select' ? field.options.map((o) => ({ value: o, label: optionLabels[o] ?? o })) : (templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }));
          return (
            <TextField key={field.name} select label={field.kind === 'template' ? t('editor.chooseTemplate') : field.name} value={typeof value === 'string' ? value : ''} required={field.required} onChange={(e) => set(field.name, e.target.value)}>
              {options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (field.kind === 'labConnection') {
          const options = (labConnections.data ?? []).filter((c) => c.organisation_id === organisationId);
          const none = labConnections.data !== undefined && options.length === 0;
          return (
            <TextField
              key={field.name}
              select
              label={t('editor.chooseLabConnection')}
              value={typeof value === 'string' && options.some((c) => c.id === value) ? value : ''}
              required={field.required}
              disabled={none}
              error={labConnections.isError}
              helperText={labConnections.isError ? labConnections.error.message : none ? t('editor.noLabConnections') : undefined}
              onChange={(e) => set(field.name, e.target.value)}
            >
              {options.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (field.kind === 'number') {
          return <TextField key={field.name} type="number" label={field.name} value={typeof value === 'number' ? value : ''} required={field.required} onChange={(e) => set(field.name, e.target.value === '' ? '' : Number(e.target.value))} />;
        }
        if (field.kind === 'json') {
          const text = jsonText[field.name] ?? JSON.stringify(value ?? {}, null, 2);
          const invalid = !isJsonObject(text);
          return (
            <TextField
              key={field.name}
              multiline
              minRows={3}
              label={field.name}
              value={text}
              error={invalid}
              helperText={invalid ? t('editor.jsonInvalid') : undefined}
              onChange={(e) => {
                setJsonText({ ...jsonText, [field.name]: e.target.value });
                try {
                  set(field.name, JSON.parse(e.target.value));
                } catch {
                  // Kept as typed until it is JSON again.
                }
              }}
            />
          );
        }
        return (
          <TextField
            key={field.name}
            label={field.name}
            type={field.kind === 'secret' ? 'password' : 'text'}
            multiline={field.kind === 'multiline'}
            minRows={field.kind === 'multiline' ? 2 : undefined}
            value={typeof value === 'string' ? value : ''}
            required={field.required}
            helperText={field.kind === 'secret' && hasCredential ? t('editor.credentialSet') : undefined}
            onChange={(e) => set(field.name, e.target.value)}
          />
        );
      })}
      {node.kind !== 'event.start' && (
        <Button color="error" variant="outlined" onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
          {t('editor.removeNode')}
        </Button>
      )}
    </Stack>
  );
}

/** The connections as a form too: every connection the canvas makes can be made (and removed) from the keyboard. */
function ConnectionsForm({ graph, onConnect, onRemove }: { graph: { nodes: GraphNode[]; edges: GraphEdge[] }; onConnect: (c: Omit<GraphEdge, 'id'>) => string | null; onRemove: (id: string) => void }) {
  const { t } = useTranslation('processor');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const outputs = graph.nodes.flatMap((n) => Object.entries(outputsOf(n.kind)).map(([port, type]) => ({ value: `${n.id}|${port}`, label: `${n.id}.${port} (${type})` })));
  const inputs = graph.nodes.flatMap((n) => Object.entries(inputsOf(n.kind)).map(([port, spec]) => ({ value: `${n.id}|${port}`, label: `${n.id}.${port} (${spec.type})` })));
  return (
    <Stack spacing={2} component="section" aria-label={t('editor.connections')}>
      <Typography component="h3" variant="subtitle1">
        {t('editor.connections')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField select label={t('editor.from')} value={from} onChange={(e) => setFrom(e.target.value)} sx={{ minWidth: 240 }}>
          {outputs.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('editor.to')} value={to} onChange={(e) => setTo(e.target.value)} sx={{ minWidth: 240 }}>
          {inputs.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!from || !to}
          onClick={() => {
            const [source = '', sourcePort = ''] = from.split('|');
            const [target = '', targetPort = ''] = to.split('|');
            setProblem(onConnect({ source, sourcePort, target, targetPort }));
          }}
        >
          {t('editor.connect')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
      {graph.edges.length === 0 ? (
        <Typography>{t('editor.noConnections')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
          {graph.edges.map((e) => {
            const label = `${e.source}.${e.sourcePort} → ${e.target}.${e.targetPort}`;
            return (
              <Stack component="li" key={e.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{label}</span>
                <Button size="small" onClick={() => onRemove(e.id)} aria-label={t('editor.disconnect', { label })}>
                  ✕
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function Editor({ task }: { task: ProcessorTask }) {
  const { t } = useTranslation('processor');
  const save = useUpdateTask();
  const [description, setDescription] = useState(task.description);
  const [graph, setGraph] = useState<{ nodes: GraphNode[]; edges: GraphEdge[] }>({ nodes: task.task.nodes, edges: task.task.edges });
  const [measured, setMeasured] = useState<Record<string, NonNullable<Node['measured']>>>({});
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  const [saved, setSaved] = useState(false);
  const [flow, setFlow] = useState<ReactFlowInstance<Node<NodeData>> | null>(null);
  const test = useTestRun(task.id);
  const [sample, setSample] = useState('{}');
  const hadCredential = useMemo(() => new Set(task.task.nodes.filter((n) => fieldsOf(n.kind).some((f) => f.kind === 'secret')).map((n) => n.id)), [task]);

  const flowNodes: Node<NodeData>[] = graph.nodes.map((n, i) => ({
    id: n.id,
    type: 'task',
    position: n.position ?? { x: 260 * (i % 4), y: 140 * Math.floor(i / 4) },
    selected: n.id === selected,
    data: { kind: n.kind, label: t(`kinds.${n.kind}`), problem: Boolean(problems?.[n.id]), ...(test.data ? { test: test.data.nodes[n.id] ?? null } : {}) },
    ...(measured[n.id] ? { measured: measured[n.id] } : {}),
  }));
  const flowEdges: Edge[] = graph.edges.map((e) => ({ id: e.id, source: e.source, sourceHandle: e.sourcePort, target: e.target, targetHandle: e.targetPort }));

  const connect = (c: Omit<GraphEdge, 'id'>): string | null => {
    const refused = refusal(graph, c);
    if (refused === 'mismatch') {
      const from = graph.nodes.find((n) => n.id === c.source);
      const to = graph.nodes.find((n) => n.id === c.target);
      return t('editor.mismatch', { from: from ? (outputsOf(from.kind)[c.sourcePort] ?? '?') : '?', to: to ? (inputsOf(to.kind)[c.targetPort]?.type ?? '?') : '?' });
    }
    if (refused === 'taken') return t('editor.taken');
    setGraph((g) => ({ ...g, edges: [...g.edges, { id: `${c.source}.${c.sourcePort}-${c.target}.${c.targetPort}`, ...c }] }));
    return null;
  };
  const fromCanvas = (c: Connection | Edge) => ({ source: c.source, sourcePort: c.sourceHandle ?? '', target: c.target, targetPort: c.targetHandle ?? '' });

  /** Adds a node of a kind: where it was dropped, or (pressed in the palette) at the next place of the grid. */
  const addNode = (kind: NodeKind, at?: { x: number; y: number }) => {
    const prefix = kind.split('.').pop()!;
    let n = 1;
    while (graph.nodes.some((node) => node.id === `${prefix}-${n}`)) n += 1;
    const id = `${prefix}-${n}`;
    const i = graph.nodes.length;
    setGraph((g) => ({ ...g, nodes: [...g.nodes, { id, kind, params: {}, position: at ?? { x: 260 * (i % 4), y: 140 * Math.floor(i / 4) } }] }));
    setSelected(id);
  };
  const isKind = (value: string): value is NodeKind => (NODE_KIND_NAMES as string[]).includes(value) && value !== 'event.start';
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    const kind = event.dataTransfer.getData(DRAG_TYPE);
    if (!isKind(kind) || !flow) return;
    event.preventDefault();
    addNode(kind, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const onNodesChange = (changes: NodeChange<Node<NodeData>>[]) => {
    const moved = applyNodeChanges(changes, flowNodes);
    // React Flow draws an edge only between nodes it has measured: keep the sizes it reports.
    setMeasured(Object.fromEntries(moved.flatMap((m) => (m.measured ? [[m.id, m.measured]] : []))));
    setGraph((g) => ({ ...g, nodes: g.nodes.map((n) => ({ ...n, position: moved.find((m) => m.id === n.id)?.position ?? n.position })) }));
  };

  const selectedNode = graph.nodes.find((n) => n.id === selected);
  const graphToSend = () => ({ nodes: graph.nodes.map((n) => ({ ...n, params: Object.fromEntries(Object.entries(n.params).filter(([, v]) => v !== undefined)) })), edges: graph.edges });
  const sampleValid = isJsonObject(sample);
  const runTest = () => {
    setSaved(false);
    setProblems(null);
    test.mutate(
      { task: graphToSend(), init_data: JSON.parse(sample) as Record<string, unknown> },
      { onError: (error) => setProblems(error instanceof ApiError && error.errors ? error.errors : { graph: error.message }) },
    );
  };
  const submit = () => {
    setSaved(false);
    setProblems(null);
    save.mutate(
      { id: task.id, body: { description, task: graphToSend() } },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => setProblems(error instanceof ApiError && error.errors ? error.errors : { graph: error.message }),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component={RouterLink} to="/super_admin/processor" variant="outlined">
          {t('editor.back')}
        </Button>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          {task.event} · {task.organisation_name}
        </Typography>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t('editor.save')}
        </Button>
      </Stack>
      {saved && (
        <Alert severity="success" role="status">
          {t('editor.saved')}
        </Alert>
      )}
      {problems && (
        <Alert severity="error" role="alert">
          {t('editor.problems')}
          <ul style={{ margin: 0 }}>
            {Object.entries(problems).map(([node, reason]) => (
              <li key={node}>
                {node}: {reason}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <TextField label={t('editor.description')} value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <Box component="section" aria-label={t('editor.palette')} sx={{ minWidth: 200 }}>
          <Typography component="h2" variant="subtitle1">
            {t('editor.palette')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('editor.paletteHint')}
          </Typography>
          <Stack spacing={0.5}>
            {NODE_KIND_NAMES.filter((k) => k !== 'event.start').map((kind) => (
              <Button
                key={kind}
                size="small"
                variant="text"
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(DRAG_TYPE, kind);
                  event.dataTransfer.effectAllowed = 'copy';
                }}
                sx={{ justifyContent: 'flex-start', cursor: 'grab' }}
                onClick={() => addNode(kind)}
                aria-label={t('editor.addNode', { kind: t(`kinds.${kind}`) })}
              >
                + {t(`kinds.${kind}`)}
              </Button>
            ))}
          </Stack>
        </Box>
        <Box role="region" aria-label={t('editor.canvas')} onDragOver={onDragOver} onDrop={onDrop} sx={{ flexGrow: 1, height: 520, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <ReactFlow
            onInit={setFlow}
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onNodeClick={(_e, node) => setSelected(node.id)}
            onConnect={(c) => void connect(fromCanvas(c))}
            isValidConnection={(c) => refusal(graph, fromCanvas(c)) === null}
            onEdgesDelete={(deleted) => setGraph((g) => ({ ...g, edges: g.edges.filter((e) => !deleted.some((d) => d.id === e.id)) }))}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </Box>
        <Box sx={{ minWidth: 280 }}>
          {selectedNode ? (
            <ParamsForm
              key={selectedNode.id}
              node={selectedNode}
              organisationId={task.organisation_id}
              hasCredential={hadCredential.has(selectedNode.id)}
              onChange={(params) => setGraph((g) => ({ ...g, nodes: g.nodes.map((n) => (n.id === selectedNode.id ? { ...n, params } : n)) }))}
              onRemove={() => {
                setGraph((g) => ({ nodes: g.nodes.filter((n) => n.id !== selectedNode.id), edges: g.edges.filter((e) => e.source !== selectedNode.id && e.target !== selectedNode.id) }));
                setSelected(null);
              }}
            />
          ) : (
            <Typography>{t('editor.noSelection')}</Typography>
          )}
        </Box>
      </Stack>
      <ConnectionsForm graph={graph} onConnect={connect} onRemove={(id) => setGraph((g) => ({ ...g, edges: g.edges.filter((e) => e.id !== id) }))} />
      <Stack spacing={2} component="section" aria-label={t('editor.testRun')}>
        <Typography component="h2" variant="h6">
          {t('editor.testRun')}
        </Typography>
        <Typography>{t('editor.testRunIntro')}</Typography>
        <TextField
          multiline
          minRows={3}
          label={t('editor.sampleData')}
          value={sample}
          error={!sampleValid}
          helperText={sampleValid ? undefined : t('editor.jsonInvalid')}
          onChange={(e) => setSample(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Button variant="outlined" onClick={runTest} disabled={!sampleValid} loading={test.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('editor.runTest')}
        </Button>
        {test.data && (
          <Alert severity={test.data.result === 'succeeded' ? 'success' : 'warning'} role="status">
            {test.data.result === 'succeeded'
              ? t('editor.testSucceeded')
              : t(test.data.result === 'failed' ? 'editor.testFailed' : 'editor.testStopped', { node: test.data.failed_node ?? '', reason: test.data.reason ?? '' })}
          </Alert>
        )}
      </Stack>
      <Typography component="h2" variant="h6">
        {t('editor.logs')}
      </Typography>
      <TaskLogs taskId={task.id} graph={task.task} />
    </Stack>
  );
}

/**
 * /super_admin/processor/edit/{id} (and /super_admin/processor/{id}): the task editor. The node
 * graph canvas (@xyflow/react) is in this page's chunk alone.
 */
export function ProcessorEditPage() {
  const { id = '' } = useParams();
  const task = useTask(id);
  return (
    <Paper sx={{ p: 3 }}>
      <QueryState query={task}>{(data) => <Editor key={data.id} task={data} />}</QueryState>
    </Paper>
  );
}
