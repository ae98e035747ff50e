import { z } from 'zod';
import { multilineText, text } from './text';
import { EpochSeconds, Uuid } from './validation';
import { LOGIC_GATES, ORG_FORMS, type PORT_TYPES, PROCESSOR_MSG, RUN_STATUSES, RESEND_EVENTS, STRING_COMPARISONS } from './processor-constants';

export * from './processor-constants';

/**
 * The workflow processor (spec 3 §2.11, §3, §7.1, §7.2): tasks that react to a domain event with a
 * node graph. The node catalogue lives here so the server runs and validates exactly what the
 * editor offers: each kind's typed ports and its parameters (a zod schema for the server, a field
 * list for the editor's form).
 */
export type PortType = (typeof PORT_TYPES)[number];

export interface InputPort {
  type: PortType;
  required: boolean;
}

export type ParamField =
  | { name: string; kind: 'text' | 'multiline' | 'json' | 'secret' | 'template'; required: boolean }
  /** One of the task's organisation's lab connections, by id. */
  | { name: string; kind: 'labConnection'; required: boolean }
  | { name: string; kind: 'number'; required: boolean }
  | { name: string; kind: 'select'; required: boolean; options: readonly string[] };

export interface NodeKindSpec {
  inputs: Record<string, InputPort>;
  outputs: Record<string, PortType>;
  params: z.ZodType<Record<string, unknown>>;
  fields: readonly ParamField[];
  /** A node that sends to the outside world (carries an idempotency key). */
  sends?: boolean;
}

const req = (type: PortType): InputPort => ({ type, required: true });
const opt = (type: PortType): InputPort => ({ type, required: false });
const none = z.object({}).strict();
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** JSONata expressions and conditions: one bounded text. */
const expression = /* @__PURE__ */ multilineText().min(1).max(4000);
/** A dotted path into a data value (`booking_users.0.email`); empty means the value itself. */
const path = /* @__PURE__ */ text().max(200).regex(/^[A-Za-z0-9_.]*$/, 'Use letters, digits, _ and . only.');

export const NODE_KINDS = {
  'event.start': { inputs: {}, outputs: { data: 'data' }, params: none, fields: [] },
  'value.string': { inputs: {}, outputs: { value: 'string' }, params: z.object({ value: /* @__PURE__ */ text().max(2000) }).strict(), fields: [{ name: 'value', kind: 'text', required: true }] },
  'template.email': { inputs: {}, outputs: { template: 'emailTemplate' }, params: z.object({ template_id: Uuid }).strict(), fields: [{ name: 'template_id', kind: 'template', required: true }] },
  'lookup.appointment': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { appointment: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('appointment_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  'lookup.booking_user': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { booking_users: 'data', first: 'data' },
    params: z.object({ path: /* @__PURE__ */ path.default('appointment_id') }).strict(),
    fields: [{ name: 'path', kind: 'text', required: false }],
  },
  'lookup.identity_user': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { user: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('user_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  'lookup.order': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { order: 'data', products: 'productsList' },
    params: z.object({ path: /* @__PURE__ */ path.default('order_id') }).strict(),
    fields: [{ name: 'path', kind: 'text', required: false }],
  },
  'lookup.product': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { product: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('product_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  'lookup.discount': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { discount: 'data', usable: 'boolean' },
    params: z.object({ path: /* @__PURE__ */ path.default('discount_code') }).strict(),
    fields: [{ name: 'path', kind: 'text', required: false }],
  },
  'lookup.certificate': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { certificate: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('certificate_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  'lookup.dropbox': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { dropbox: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('dropbox_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  /** A test report (a test result with its file) of a person of the task's organisation. */
  'lookup.report': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { report: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('test_result_id') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  /**
   * The product's messages, as the default tasks send them: who gets the message and the values its
   * template fills in, computed by the module that owns the record (values holding a link token or an
   * order reference, and the attachments, are kept sealed in the run).
   */
  'message.booking': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { recipients: 'data', values: 'data', attachments: 'data' },
    params: z.object({ kind: z.enum(['booked', 'rebooked']).default('booked') }).strict(),
    fields: [{ name: 'kind', kind: 'select', required: false, options: ['booked', 'rebooked'] }],
  },
  'message.order': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { recipients: 'data', values: 'data' }, params: none, fields: [] },
  'message.certificate': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { recipients: 'data', values: 'data', attachments: 'data' }, params: none, fields: [] },
  /**
   * Certificate creation through the certificate service: the system, for the task's organisation,
   * issues the certificate of each booking user at `path` (an id, a list of ids, or the booking-user
   * lookup's list) from their recorded result, or hands back the valid one that already certifies it
   * (a rerun or a second delivery issues none). Refused for another organisation's person, one without
   * a result, or a Rejected or Invalid result. `certificates` lists them (id, number, booking_user_id,
   * reused); `pdf` lists each person's PDF (a stored file with its booking_user_id), which the e-mail
   * node's `file` input attaches to that person's e-mail only.
   */
  'certificate.issue': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { certificates: 'issueCertificateList', pdf: 'bytes' },
    params: z.object({ path: /* @__PURE__ */ path.default('booking_user_id') }).strict(),
    fields: [{ name: 'path', kind: 'text', required: false }],
  },
  /**
   * `file` attaches another node's bytes: the QR code's image (base64) as `file_name` of `file_type`,
   * or stored files with their own names and types (the certificate node's PDFs, each to its own
   * person's e-mail only), beside the `attachments` a message node gives (the .ics, the certificate's
   * PDF). A stored file that is not a certificate PDF of the task's organisation is refused.
   */
  'email.send': {
    inputs: { template: /* @__PURE__ */ req('emailTemplate'), recipient: /* @__PURE__ */ req('data'), data: /* @__PURE__ */ opt('data'), attachments: /* @__PURE__ */ opt('data'), file: /* @__PURE__ */ opt('bytes') },
    outputs: { sent: 'boolean' },
    params: z
      .object({
        language: z.enum(['en', 'de']).default('en'),
        email_path: /* @__PURE__ */ path.default('email'),
        file_name: /* @__PURE__ */ text()
          .max(100)
          .regex(/^[A-Za-z0-9_-][A-Za-z0-9_. -]*$/, 'Use letters, digits, spaces, _, - and . only.')
          .default('attachment.png'),
        file_type: /* @__PURE__ */ text()
          .max(100)
          .regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'A content type such as image/png.')
          .default('image/png'),
      })
      .strict(),
    fields: [
      { name: 'language', kind: 'select', required: false, options: ['en', 'de'] },
      { name: 'email_path', kind: 'text', required: false },
      { name: 'file_name', kind: 'text', required: false },
      { name: 'file_type', kind: 'text', required: false },
    ],
    sends: true,
  },
  'sms.send': { inputs: { to: /* @__PURE__ */ req('string'), text: /* @__PURE__ */ req('string') }, outputs: { sent: 'boolean' }, params: none, fields: [], sends: true },
  'http.request': {
    inputs: { body: /* @__PURE__ */ opt('data') },
    outputs: { response: 'data', status: 'string' },
    params: z
      .object({
        url: z.url().max(2000),
        method: z.enum(HTTP_METHODS).default('POST'),
        /** A bearer credential; sealed at rest and never answered to the browser. */
        credential: /* @__PURE__ */ text().max(2000).optional(),
        timeout_ms: z.number().int().min(100).max(30_000).default(10_000),
      })
      .strict(),
    fields: [
      { name: 'url', kind: 'text', required: true },
      { name: 'method', kind: 'select', required: false, options: HTTP_METHODS },
      { name: 'credential', kind: 'secret', required: false },
      { name: 'timeout_ms', kind: 'number', required: false },
    ],
    sends: true,
  },
  'logic.fail_on_false': { inputs: { condition: /* @__PURE__ */ req('boolean') }, outputs: { passed: 'boolean' }, params: none, fields: [] },
  'logic.condition': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { result: 'boolean' }, params: z.object({ expression }).strict(), fields: [{ name: 'expression', kind: 'multiline', required: true }] },
  'string.regexp': {
    inputs: { value: /* @__PURE__ */ req('string') },
    outputs: { matched: 'boolean', groups: 'data' },
    params: z.object({ pattern: /* @__PURE__ */ text().min(1).max(500), flags: z.string().regex(/^[imsu]*$/).max(4).default('') }).strict(),
    fields: [
      { name: 'pattern', kind: 'text', required: true },
      { name: 'flags', kind: 'text', required: false },
    ],
  },
  'data.merge': { inputs: { first: /* @__PURE__ */ req('data'), second: /* @__PURE__ */ req('data') }, outputs: { data: 'data' }, params: none, fields: [] },
  'data.extract': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { data: 'data' }, params: z.object({ expression }).strict(), fields: [{ name: 'expression', kind: 'multiline', required: true }] },
  'data.convert': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { value: 'string' }, params: z.object({ expression }).strict(), fields: [{ name: 'expression', kind: 'multiline', required: true }] },
  'data.static': { inputs: {}, outputs: { data: 'data' }, params: z.object({ value: z.record(z.string(), z.unknown()) }).strict(), fields: [{ name: 'value', kind: 'json', required: true }] },
  /**
   * An order to a lab over one of the organisation's lab connections (base URL and sealed
   * credential): POST {base_url}{path} with the order, the HTTP request's SSRF rules and limits.
   */
  'lab.order': {
    inputs: { order: /* @__PURE__ */ req('data') },
    outputs: { response: 'data', status: 'string' },
    params: z
      .object({
        connection_id: Uuid,
        path: /* @__PURE__ */ text()
          .max(200)
          .regex(/^\/[A-Za-z0-9_\-./]*$/, 'Start with / and use letters, digits, _, -, . and / only.')
          .default('/orders'),
        timeout_ms: z.number().int().min(100).max(30_000).default(10_000),
      })
      .strict(),
    fields: [
      { name: 'connection_id', kind: 'labConnection', required: true },
      { name: 'path', kind: 'text', required: false },
      { name: 'timeout_ms', kind: 'number', required: false },
    ],
    sends: true,
  },
  /** Checks the data against rules: fields that must be present, and the type of each named field. */
  'data.validate': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { valid: 'boolean', errors: 'data' },
    params: z
      .object({
        rules: z
          .object({
            required: z.array(path).max(50).default([]),
            types: z.record(path, z.enum(['string', 'number', 'boolean', 'object', 'array'])).default({}),
          })
          .strict(),
      })
      .strict(),
    fields: [{ name: 'rules', kind: 'json', required: true }],
  },
  /** Reads a list in the data: its items (at most `limit`, from the start) and how many there are. */
  'data.read_collection': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { items: 'data', first: 'data', count: 'string' },
    params: z.object({ path: /* @__PURE__ */ path.default(''), limit: z.number().int().min(1).max(1000).default(100) }).strict(),
    fields: [
      { name: 'path', kind: 'text', required: false },
      { name: 'limit', kind: 'number', required: false },
    ],
  },
  /**
   * The affiliate server-to-server push (an order's conversion) and the transaction status update,
   * each an HTTP POST with the SSRF rules of the HTTP request, a bearer credential sealed at rest.
   */
  'affiliate.push': {
    inputs: { order: /* @__PURE__ */ req('data') },
    outputs: { response: 'data', status: 'string' },
    params: z.object({ url: z.url().max(2000), credential: /* @__PURE__ */ text().max(2000).optional(), timeout_ms: z.number().int().min(100).max(30_000).default(10_000) }).strict(),
    fields: [
      { name: 'url', kind: 'text', required: true },
      { name: 'credential', kind: 'secret', required: false },
      { name: 'timeout_ms', kind: 'number', required: false },
    ],
    sends: true,
  },
  'affiliate.transaction_status': {
    inputs: { order: /* @__PURE__ */ req('data'), status: /* @__PURE__ */ opt('string') },
    outputs: { response: 'data', status: 'string' },
    params: z
      .object({ url: z.url().max(2000), credential: /* @__PURE__ */ text().max(2000).optional(), timeout_ms: z.number().int().min(100).max(30_000).default(10_000), status: /* @__PURE__ */ text().max(100).default('approved') })
      .strict(),
    fields: [
      { name: 'url', kind: 'text', required: true },
      { name: 'credential', kind: 'secret', required: false },
      { name: 'timeout_ms', kind: 'number', required: false },
      { name: 'status', kind: 'text', required: false },
    ],
    sends: true,
  },
  'qr.code': { inputs: { value: /* @__PURE__ */ req('string') }, outputs: { image: 'bytes' }, params: none, fields: [] },
  /**
   * Dropbox receipts through the logistics service: a drop-off receipt from the data at `path`
   * (short_token, kit_id, dropbox_id, date), an order's samples marked collected (at the data's
   * dropbox_id) or not, and one receipt marked missed (writing `receipt.missed`).
   */
  'receipt.create': { inputs: { data: /* @__PURE__ */ req('data') }, outputs: { receipt: 'data' }, params: z.object({ path: /* @__PURE__ */ path.default('') }).strict(), fields: [{ name: 'path', kind: 'text', required: false }] },
  'receipt.update': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { collection: 'data' },
    params: z.object({ path: /* @__PURE__ */ path.default('order_id'), status: z.enum(['collected', 'uncollected']).default('collected') }).strict(),
    fields: [
      { name: 'path', kind: 'text', required: false },
      { name: 'status', kind: 'select', required: false, options: ['collected', 'uncollected'] },
    ],
  },
  'receipt.mark_missed': {
    inputs: { data: /* @__PURE__ */ req('data') },
    outputs: { receipt: 'data', marked: 'boolean' },
    params: z.object({ path: /* @__PURE__ */ path.default('receipt_id') }).strict(),
    fields: [{ name: 'path', kind: 'text', required: false }],
  },
  /**
   * The ports orgForm, stringCompare and logicGate. A form of the task's organisation (whether it is
   * on) and the link to its page in the patient area; a comparison and a gate, each chosen by a
   * picker node and applied by the node that takes it. A NOT gate takes `a` only, the others `a`
   * and `b` (checked at save, `graph.ts`).
   */
  'org.form': {
    inputs: {},
    outputs: { form: 'orgForm', enabled: 'boolean' },
    params: z.object({ form: z.enum(ORG_FORMS) }).strict(),
    fields: [{ name: 'form', kind: 'select', required: true, options: ORG_FORMS }],
  },
  'org.form_link': { inputs: { form: /* @__PURE__ */ req('orgForm') }, outputs: { link: 'string', values: 'data' }, params: none, fields: [] },
  'string.comparison': {
    inputs: {},
    outputs: { compare: 'stringCompare' },
    params: z.object({ comparison: z.enum(STRING_COMPARISONS) }).strict(),
    fields: [{ name: 'comparison', kind: 'select', required: true, options: STRING_COMPARISONS }],
  },
  'string.compare': {
    inputs: { left: /* @__PURE__ */ req('string'), right: /* @__PURE__ */ req('string'), compare: /* @__PURE__ */ req('stringCompare') },
    outputs: { result: 'boolean' },
    params: none,
    fields: [],
  },
  'logic.gate_type': {
    inputs: {},
    outputs: { gate: 'logicGate' },
    params: z.object({ gate: z.enum(LOGIC_GATES) }).strict(),
    fields: [{ name: 'gate', kind: 'select', required: true, options: LOGIC_GATES }],
  },
  'logic.gate': {
    inputs: { a: /* @__PURE__ */ req('boolean'), b: /* @__PURE__ */ opt('boolean'), gate: /* @__PURE__ */ req('logicGate') },
    outputs: { result: 'boolean' },
    params: none,
    fields: [],
  },
} as const satisfies Record<string, NodeKindSpec>;

export type NodeKind = keyof typeof NODE_KINDS;
export const NODE_KIND_NAMES = /* @__PURE__ */ Object.keys(NODE_KINDS) as NodeKind[];

const GraphNode = z.object({
  id: /* @__PURE__ */ text().min(1).max(64),
  kind: z.enum(NODE_KIND_NAMES as [NodeKind, ...NodeKind[]]),
  params: z.record(z.string(), z.unknown()).default({}),
  position: z.object({ x: z.number(), y: z.number() }).optional(),
});
const GraphEdge = z.object({ id: /* @__PURE__ */ text().min(1).max(64), source: /* @__PURE__ */ text().min(1).max(64), sourcePort: /* @__PURE__ */ text().min(1).max(64), target: /* @__PURE__ */ text().min(1).max(64), targetPort: /* @__PURE__ */ text().min(1).max(64) });
export const TaskGraph = z.object({ nodes: z.array(GraphNode).max(100), edges: z.array(GraphEdge).max(400) });
export type TaskGraph = z.infer<typeof TaskGraph>;

export const ProcessorEvent = z.object({ key: z.string(), name: z.string() });
export const ProcessorEventsResponse = z.object({ success: z.literal(true), events: z.array(ProcessorEvent) });

export const ProcessorTask = z.object({
  id: Uuid,
  organisation_id: Uuid,
  organisation_name: z.string(),
  event: z.string(),
  description: z.string(),
  comments: z.string(),
  enabled: z.boolean(),
  version: z.number().int().nullable(),
  task: TaskGraph,
  init_data: z.record(z.string(), z.unknown()).nullable(),
});
export type ProcessorTask = z.infer<typeof ProcessorTask>;
export const ProcessorTasksResponse = z.object({ success: z.literal(true), tasks: z.array(ProcessorTask) });
export const ProcessorTaskResponse = z.object({ success: z.literal(true), task: ProcessorTask });

export const CreateTaskRequest = z.object({ event: /* @__PURE__ */ text().min(1).max(100), organisation_id: Uuid });
export const UpdateTaskRequest = z.object({
  description: /* @__PURE__ */ text().max(500).optional(),
  comments: /* @__PURE__ */ multilineText().max(4000).optional(),
  enabled: z.boolean().optional(),
  task: /* @__PURE__ */ TaskGraph.optional(),
});
export type UpdateTaskRequest = z.infer<typeof UpdateTaskRequest>;

/** A graph refused by validation: the reason per node (or `graph` for the whole). */
export const GraphProblem = z.object({ node: z.string(), reason: z.string() });
export type GraphProblem = z.infer<typeof GraphProblem>;
export const RunLogEntry = z.object({ id: z.number().int(), at: EpochSeconds, level: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).nullable() });
export const TaskLog = z.object({
  id: Uuid,
  created_at: EpochSeconds,
  result: z.enum(RUN_STATUSES),
  version: z.number().int(),
  failed_node: z.string().nullable(),
  reason: z.string().nullable(),
});
export const TaskLogsResponse = z.object({ success: z.literal(true), logs: z.array(TaskLog) });
export const TaskLogDetailResponse = z.object({
  success: z.literal(true),
  log: /* @__PURE__ */ TaskLog.extend({ init_data: z.record(z.string(), z.unknown()), nodes: z.record(z.string(), z.unknown()), entries: z.array(RunLogEntry) }),
});
/**
 * A test run from the editor: the given (unsaved) graph, or the saved one, run once on sample event
 * data without sending or writing anything; each node's input and output (or error) answered.
 */
export const TestRunRequest = z.object({ task: /* @__PURE__ */ TaskGraph.optional(), init_data: z.record(z.string(), z.unknown()) });
export type TestRunRequest = z.infer<typeof TestRunRequest>;
export const TestNodeRun = z.object({ input: z.record(z.string(), z.unknown()), output: z.record(z.string(), z.unknown()).optional(), error: z.string().optional() });
export type TestNodeRun = z.infer<typeof TestNodeRun>;
export const TestRunResponse = z.object({
  success: z.literal(true),
  result: z.enum(['succeeded', 'failed', 'stopped']),
  failed_node: z.string().nullable(),
  reason: z.string().nullable(),
  nodes: z.record(z.string(), TestNodeRun),
});
export const RerunRequest = z.object({ from_node: /* @__PURE__ */ text().min(1).max(64).optional() });
export const RerunResponse = z.object({ success: z.literal(true), log_id: Uuid });

export const OrganisationsResponse = z.object({ success: z.literal(true), organisations: z.array(z.object({ id: Uuid, name: z.string() })) });
export const TemplatesResponse = z.object({ success: z.literal(true), templates: z.array(z.object({ id: Uuid, name: z.string() })) });
export const TemplateRequest = z.object({
  name: /* @__PURE__ */ text().min(1).max(200),
  subject_en: /* @__PURE__ */ text().min(1).max(300),
  body_en: /* @__PURE__ */ multilineText().min(1).max(20_000),
  subject_de: /* @__PURE__ */ text().min(1).max(300),
  body_de: /* @__PURE__ */ multilineText().min(1).max(20_000),
});
export type TemplateRequest = z.infer<typeof TemplateRequest>;
export const TemplateResponse = z.object({ success: z.literal(true), template: /* @__PURE__ */ TemplateRequest.extend({ id: Uuid }) });
export const RunEventRequest = z.object({
  organisation_id: Uuid,
  event: z.enum(RESEND_EVENTS),
  context: z.object({ appointment_id: /* @__PURE__ */ Uuid.optional(), booking_user_id: /* @__PURE__ */ Uuid.optional(), order_id: /* @__PURE__ */ text().max(100).optional() }).strict(),
});
export const RunEventResponse = z.object({ success: z.literal(true), message: z.string(), runs: z.number().int() });

/** A lab connection as answered: never its credential, only whether it has one. */
export const LabConnection = z.object({ id: Uuid, organisation_id: Uuid, name: z.string(), base_url: z.string(), has_credential: z.boolean() });
export type LabConnection = z.infer<typeof LabConnection>;
export const LabConnectionsResponse = z.object({ success: z.literal(true), connections: z.array(LabConnection) });
export const LabConnectionResponse = z.object({ success: z.literal(true), connection: LabConnection });
/** An http(s) address without a user name or password in it (the credential has its own sealed field, never answered). */
const labBaseUrl = /* @__PURE__ */ z
  .url({ protocol: /^https?$/, error: PROCESSOR_MSG.labBaseUrl })
  .max(2000)
  .refine((value) => !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''), PROCESSOR_MSG.labBaseUrlCredential);
export const LabConnectionRequest = z.object({
  organisation_id: Uuid,
  name: /* @__PURE__ */ text().min(1).max(200),
  base_url: labBaseUrl,
  /** Sealed at rest; left out on an update, the connection keeps the credential it has; `null` removes it. */
  credential: /* @__PURE__ */ text().min(1).max(2000).nullable().optional(),
});
export type LabConnectionRequest = z.infer<typeof LabConnectionRequest>;
