import { and, asc, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import { CollectionRequest, DropOffRequest, LOGIC_GATES, isDiscountValid, londonIsoDay, NODE_KINDS, ORG_FORM_PATHS, ORG_FORMS, STRING_COMPARISONS, TEST_RUN_NOT_SENT, Uuid, type CollectionInfo, type LogicGate, type NodeKind, type OrgForm, type Receipt, type StringComparison } from '@vireo/contracts';
import { AppError } from '../../platform/errors';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { FileStorage } from '../../platform/files';
import type { Mailer } from '../../platform/mail';
import type { Sealer } from '../../platform/sealing';
import { appointments, bookingUsers, certificates, discounts, dropboxes, messages, orderItems, orders, organisationProfiles, processorLabConnections, processorSends, processorTemplates, products, roleProfiles, shifts, testResults, users } from '../../db/schema';
import { compileCondition, ConditionError, patternProblem } from './condition';
import { httpRequest, HttpNodeError } from './http-request';
import { JsonataError, type JsonataPool } from './jsonata-pool';
import type { SmsProvider } from './sms';

/** A node that cannot finish; `transient` failures (a 5xx, a timeout, SMTP down) retry the run with backoff. */
export class NodeFailure extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/** A fail-on-false node met false: the run ends `stopped`. */
export class RunStopped extends Error {}

/** A placeholder's value or an attachment's content kept sealed in the run (a link token, an order reference). */
interface SealedValue {
  $sealed: string;
}

/**
 * An attachment as a run keeps it: its content sealed, or a file in the storage (a certificate's PDF);
 * one with a `booking_user_id` is that person's own (the certificate node's PDFs) and goes to them only.
 */
interface StoredAttachment {
  filename: string;
  content_type: string;
  content?: SealedValue;
  file_key?: string;
  booking_user_id?: string;
}

/** What a product message needs, from the module that owns its record (null: this event sends none). */
export interface MessageSources {
  booking(db: Db, input: { appointmentId: unknown; secrets: Record<string, string>; rebooked: boolean }): Promise<{ recipients: string[]; values: Record<string, string>; secretValues: Record<string, string>; ics: string } | null>;
  order(db: Db, orderId: unknown): Promise<{ recipients: string[]; values: Record<string, string>; secretValues: Record<string, string> } | null>;
  /**
   * From the event's data (`certificate_id`, and `mail: false` for a certificate not to be e-mailed on
   * issue), for a certificate of `organisationId` only: any other id is a not-found AppError.
   */
  certificate(db: Db, organisationId: string, payload: Record<string, unknown>): Promise<{ recipients: string[]; values: Record<string, string>; attachment: { filename: string; contentType: string; fileKey: string } } | null>;
  /** Marks the certificate sent once its e-mail went. */
  /** Sets sent_at of the task's organisation's certificate (another organisation's is left alone). */
  certificateSent(db: Db, organisationId: string, certificateId: string): Promise<void>;
}

/** The certificate service's issuing (the certificates module's `issueSystemCertificates`): refusals are AppErrors with the reason. */
export interface CertificateActions {
  issue(organisationId: string, bookingUserIds: string[], options: { dryRun: boolean }): Promise<{ bookingUserId: string; reused: boolean; certificate: { id: string; number: string; pdfKey: string } | null }[]>;
}

/** The dropbox receipt actions, from the logistics module (each for the task's organisation's orders only). */
export interface ReceiptActions {
  create(organisationId: string, input: DropOffRequest): Promise<Receipt>;
  updateCollection(organisationId: string, orderId: string, input: { collected: boolean; dropbox_id?: string | undefined }): Promise<CollectionInfo>;
  markMissed(organisationId: string, receiptId: string): Promise<{ receipt_id: string; marked: boolean }>;
}

export interface NodeRuntime {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sealer: Sealer;
  audit: AuditLog;
  files: FileStorage;
  messages: MessageSources;
  receipts: ReceiptActions;
  certificates: CertificateActions;
  /** The event's secrets (opened from the run's sealed copy; empty for a run raised by hand). */
  secrets(): Promise<Record<string, string>>;
  jsonata: JsonataPool;
  sms: SmsProvider;
  allowPrivateHosts: boolean;
  /** The product's address (PUBLIC_URL), for the links a node makes (a form's page). */
  publicUrl: string;
  runId: string;
  organisationId: string;
  nodeId: string;
  /** The node's sealed credential (HTTP request), kept beside the graph, never in its parameters. */
  sealedCredential: string | undefined;
  /**
   * A test run from the editor: nodes that send or write answer what they would send or write
   * (`would_send` with its note "not sent: test run", `would_write`) and do neither; sealed values
   * are shown as `[sealed]`.
   */
  dryRun?: boolean;
}

/** What a test run shows in place of a sealed value. */
export const SEALED_MARK = '[sealed]';

type Values = Record<string, unknown>;
type NodeRun = (rt: NodeRuntime, params: Values, inputs: Values) => Promise<Values>;

/** The value at a dotted path (`booking_users.0.email`); the empty path is the value itself. */
export function valueAt(value: unknown, path: string): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Values)[key];
  }
  return current;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;
const ONLY_PLACEHOLDERS = /^\s*(\{\{\s*[A-Za-z0-9_.]+\s*\}\}\s*)+$/;

/**
 * A template's {{placeholders}} filled from the values (dotted paths); unknown ones become empty. A
 * line holding nothing but placeholders that all come out empty is left out (an optional line:
 * a discount, a joining link).
 */
export function fillPlaceholders(template: string, values: unknown): string {
  const fill = (line: string) =>
    line.replace(PLACEHOLDER, (_all, path: string) => {
      const value = valueAt(values, path);
      return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
    });
  return template
    .split('\n')
    .flatMap((line) => {
      const filled = fill(line);
      return ONLY_PLACEHOLDERS.test(line) && filled.trim() === '' ? [] : [filled];
    })
    .join('\n');
}

const asObject = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});

/**
 * Sends once per idempotency key (run id, node id and recipient): the key is written in the
 * transaction that records the message, so a retried run skips what was sent. Answers whether it sent now.
 */
async function once(rt: NodeRuntime, suffix: string, send: (tx: Db) => Promise<Values>): Promise<boolean> {
  const key = `${rt.runId}:${rt.nodeId}:${suffix}`;
  return rt.db.transaction(async (tx) => {
    const [claimed] = await tx.insert(processorSends).values({ key, runId: rt.runId, at: rt.clock.now(), result: {} }).onConflictDoNothing().returning({ key: processorSends.key });
    if (!claimed) return false;
    const result = await send(tx);
    await tx.update(processorSends).set({ result }).where(eq(processorSends.key, key));
    return true;
  });
}

function presentBookingUser(row: typeof bookingUsers.$inferSelect): Values {
  return {
    id: row.id,
    appointment_id: row.appointmentId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    language: row.language,
    date_of_birth: row.dateOfBirth,
    kit_id: row.kitId,
    metadata: row.metadata,
  };
}

const isSealed = (value: unknown): value is SealedValue => typeof asObject(value).$sealed === 'string';

async function sealValues(rt: NodeRuntime, values: Record<string, string>): Promise<Record<string, SealedValue>> {
  const sealed: Record<string, SealedValue> = {};
  for (const [key, value] of Object.entries(values)) sealed[key] = { $sealed: await rt.sealer.seal(value) };
  return sealed;
}

/** The values with their sealed ones opened, for a message about to be sent (never stored so). */
async function openValues(rt: NodeRuntime, values: Values): Promise<Values> {
  const opened: Values = {};
  for (const [key, value] of Object.entries(values)) opened[key] = isSealed(value) ? (rt.dryRun ? SEALED_MARK : await rt.sealer.open(value.$sealed)) : value;
  return opened;
}

const isUuid = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The stored files a bytes port carries (one, or the certificate node's list of PDFs); none for base64 bytes or nothing. */
function storedFiles(value: unknown): StoredAttachment[] {
  return (Array.isArray(value) ? value : [value]).flatMap((item) => {
    const file = asObject(item);
    if (typeof file.file_key !== 'string' || typeof file.filename !== 'string' || typeof file.content_type !== 'string') return [];
    return [{ filename: file.filename, content_type: file.content_type, file_key: file.file_key, ...(typeof file.booking_user_id === 'string' ? { booking_user_id: file.booking_user_id } : {}) }];
  });
}

/** The booking-user ids in a value: one id, a list of ids, or a list of booking users (their `id`). */
function bookingUserIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => (isUuid(item) ? item : asObject(item).id)).filter(isUuid);
}

/**
 * Refuses any stored file that is not the PDF of a certificate of the task's organisation (of one of
 * its appointments), or whose `booking_user_id` is not the certificate's holder: a file key typed into
 * a static-data node loads nothing.
 */
async function refuseForeignFiles(rt: NodeRuntime, items: StoredAttachment[]): Promise<void> {
  const keys = [...new Set(items.flatMap((item) => (typeof item.file_key === 'string' ? [item.file_key] : [])))];
  if (keys.length === 0) return;
  const own = await rt.db
    .select({ pdfKey: certificates.pdfKey, bookingUserId: certificates.bookingUserId })
    .from(certificates)
    .innerJoin(appointments, eq(appointments.id, certificates.appointmentId))
    .where(and(inArray(certificates.pdfKey, keys), appointmentOfOrganisation(rt.db, rt.organisationId)));
  const foreign = items.find((item) => typeof item.file_key === 'string' && !own.some((row) => row.pdfKey === item.file_key && (item.booking_user_id === undefined || row.bookingUserId === item.booking_user_id)));
  if (foreign) throw new NodeFailure(`The attachment ${foreign.filename} is not a certificate of this organisation.`);
}

type Attachment = { filename: string; content: Buffer | string; contentType: string };

async function loadAttachment(rt: NodeRuntime, item: StoredAttachment): Promise<Attachment | null> {
  if (typeof item.file_key === 'string') {
    const file = await rt.files.get(item.file_key);
    if (!file) throw new NodeFailure(`The attachment ${item.filename} is missing.`);
    return { filename: item.filename, content: file.data, contentType: item.content_type };
  }
  return isSealed(item.content) ? { filename: item.filename, content: await rt.sealer.open(item.content.$sealed), contentType: item.content_type } : null;
}

const idAt = (inputs: Values, params: Values, fallback: string): unknown => valueAt(inputs.data, (params.path as string | undefined) ?? fallback);

async function jsonata(rt: NodeRuntime, expression: string, input: unknown): Promise<unknown> {
  try {
    return await rt.jsonata.evaluate(expression, input);
  } catch (error) {
    throw new NodeFailure(error instanceof JsonataError ? `JSONata: ${error.message}` : String(error));
  }
}

/**
 * An HTTP call of a node (HTTP request, affiliate push and status): the SSRF rules, the timeout and
 * size cap of `httpRequest`, the node's sealed credential as a bearer token, an idempotency key;
 * a 5xx or no answer is a passing failure (the run retries), another 4xx fails it.
 */
async function callHttp(rt: NodeRuntime, params: Values, method: string, body: unknown, sealedCredential = rt.sealedCredential): Promise<Values> {
  if (rt.dryRun) return { response: {}, status: '', would_send: { note: TEST_RUN_NOT_SENT, method, url: params.url, body: body ?? null } };
  const headers: Record<string, string> = { accept: 'application/json', 'idempotency-key': `${rt.runId}:${rt.nodeId}` };
  if (sealedCredential) headers.authorization = `Bearer ${await rt.sealer.open(sealedCredential)}`;
  const hasBody = method !== 'GET' && method !== 'DELETE' && body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  try {
    const answer = await httpRequest({ url: params.url as string, method, headers, body: hasBody ? JSON.stringify(body) : undefined, timeoutMs: (params.timeout_ms as number | undefined) ?? 10_000, allowPrivate: rt.allowPrivateHosts });
    if (answer.status >= 500) throw new HttpNodeError(`The server answered ${answer.status}.`, true);
    if (answer.status >= 400) throw new HttpNodeError(`The server answered ${answer.status}.`, false);
    let response: unknown = answer.body;
    try {
      response = JSON.parse(answer.body);
    } catch {
      response = { text: answer.body };
    }
    return { response, status: String(answer.status) };
  } catch (error) {
    if (error instanceof HttpNodeError) throw new NodeFailure(error.message, error.transient);
    throw error;
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Checks data against `rules`: the fields that must be present and the types of the named ones. */
export function validateData(data: unknown, rules: { required: string[]; types: Record<string, string> }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of rules.required) {
    const value = valueAt(data, field);
    if (value === undefined || value === null || value === '') errors[field] = 'Required.';
  }
  for (const [field, type] of Object.entries(rules.types)) {
    const value = valueAt(data, field);
    if (value === undefined || value === null || errors[field]) continue;
    const actual = Array.isArray(value) ? 'array' : typeof value;
    if (actual !== type) errors[field] = `Should be ${type === 'array' || type === 'object' ? 'an' : 'a'} ${type}, not ${actual === 'array' || actual === 'object' ? 'an' : 'a'} ${actual}.`;
  }
  return errors;
}

/**
 * A service's refusal (logistics: an unknown order, a closed dropbox, a date out of range; the
 * certificate service: no result) fails the node with its reason.
 */
async function refusedFails<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError) throw new NodeFailure(error.errors ? Object.values(error.errors).join(' ') : error.message);
    throw error;
  }
}

/** The first reason a logistics schema gives for the node's data. */
function refused(error: { issues: { message: string }[] }): NodeFailure {
  return new NodeFailure(error.issues[0]?.message ?? 'Invalid data.');
}

/**
 * An appointment is an organisation's when its events can carry that organisation: its shift's
 * (the practitioner's organisation), its signed-in booker's, or its order's. Lookups of
 * appointments and their people keep to the task's organisation.
 */
function appointmentOfOrganisation(db: Db, organisationId: string): SQL {
  return or(
    exists(db.select({ one: shifts.id }).from(shifts).where(and(eq(shifts.id, appointments.shiftId), eq(shifts.organisationId, organisationId)))),
    exists(db.select({ one: users.id }).from(users).where(and(eq(users.id, appointments.bookerUserId), eq(users.organisationId, organisationId)))),
    exists(db.select({ one: orders.id }).from(orders).where(and(eq(orders.id, appointments.orderId), eq(orders.organisationId, organisationId)))),
  )!;
}

/** A form of the task's organisation, as its orgForm port carries it. */
interface OrgFormValue {
  form: OrgForm;
  enabled: boolean;
  organisation_id: string;
}

const STRING_TESTS: Record<StringComparison, (left: string, right: string) => boolean> = {
  equals: (left, right) => left === right,
  not_equals: (left, right) => left !== right,
  contains: (left, right) => left.includes(right),
  starts_with: (left, right) => left.startsWith(right),
  ends_with: (left, right) => left.endsWith(right),
  equals_ignore_case: (left, right) => left.toLowerCase() === right.toLowerCase(),
};

const GATES: Record<LogicGate, (a: boolean, b: boolean) => boolean> = {
  AND: (a, b) => a && b,
  OR: (a, b) => a || b,
  XOR: (a, b) => a !== b,
  NOT: (a) => !a,
  NAND: (a, b) => !(a && b),
  NOR: (a, b) => !(a || b),
};

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

function stringInput(inputs: Values, name: string): string {
  const value = inputs[name];
  if (typeof value !== 'string') throw new NodeFailure(`Input ${name} is not a string.`);
  return value;
}

function booleanInput(inputs: Values, name: string): boolean {
  const value = inputs[name];
  if (typeof value !== 'boolean') throw new NodeFailure(`Input ${name} is not true or false.`);
  return value;
}

export const NODE_RUNS: Record<NodeKind, NodeRun> = {
  // The run's init_data is handed to it by the engine.
  'event.start': async (_rt, _params, inputs) => ({ data: inputs.init_data ?? {} }),
  'value.string': async (_rt, params) => ({ value: params.value }),
  'template.email': async (rt, params) => {
    const [row] = await rt.db.select().from(processorTemplates).where(eq(processorTemplates.id, params.template_id as string));
    if (!row) throw new NodeFailure('Unknown template.');
    return { template: { id: row.id, key: row.key, name: row.name, en: { subject: row.subjectEn, body: row.bodyEn }, de: { subject: row.subjectDe, body: row.bodyDe } } };
  },
  'lookup.appointment': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'appointment_id');
    const [row] = isUuid(id) ? await rt.db.select().from(appointments).where(and(eq(appointments.id, id), appointmentOfOrganisation(rt.db, rt.organisationId))) : [];
    if (!row) throw new NodeFailure(`No appointment ${String(id)} in this organisation.`);
    return {
      appointment: {
        id: row.id,
        type: row.type,
        status: row.status,
        start_time: row.startTime ? epochSeconds(row.startTime) : null,
        end_time: row.endTime ? epochSeconds(row.endTime) : null,
        language: row.language,
        tz_location: row.tzLocation,
        booking_reference: row.providerBookingReference,
      },
    };
  },
  'lookup.booking_user': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'appointment_id');
    const ids = Array.isArray(id) ? id.filter(isUuid) : [];
    const people = (where: SQL | undefined) =>
      rt.db
        .select({ person: bookingUsers })
        .from(bookingUsers)
        .innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId))
        .where(and(where, appointmentOfOrganisation(rt.db, rt.organisationId)))
        .orderBy(asc(bookingUsers.position))
        .then((rows) => rows.map((row) => row.person));
    const rows = ids.length > 0 ? await people(inArray(bookingUsers.id, ids)) : isUuid(id) ? await people(eq(bookingUsers.appointmentId, id)) : [];
    const found = rows.length > 0 ? rows : isUuid(id) ? await people(eq(bookingUsers.id, id)) : [];
    if (found.length === 0) throw new NodeFailure(`No booking users for ${JSON.stringify(id)} in this organisation.`);
    const presented = found.map(presentBookingUser);
    return { booking_users: presented, first: presented[0] };
  },
  'lookup.identity_user': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'user_id');
    const [row] = isUuid(id) ? await rt.db.select().from(users).where(and(eq(users.id, id), eq(users.organisationId, rt.organisationId))) : [];
    if (!row) throw new NodeFailure(`No user ${String(id)} in this organisation.`);
    return { user: { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email, telephone: row.telephone } };
  },
  'lookup.order': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'order_id');
    const [row] = isUuid(id) ? await rt.db.select().from(orders).where(and(eq(orders.id, id), eq(orders.organisationId, rt.organisationId))) : [];
    if (!row) throw new NodeFailure(`No order ${String(id)} in this organisation.`);
    const items = await rt.db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.position));
    const lines = items.map((i) => ({ product_id: i.productId, sku: i.sku, title: i.title, type: i.type, quantity: i.quantity, amount: i.amountPence, bookable: i.bookable, shippable: i.shippable }));
    return {
      order: {
        id: row.id,
        source: row.source,
        currency: row.currency,
        price: row.pricePence,
        discount: row.discountPence,
        vat: row.vatPence,
        discount_code: row.discountCode,
        payment_flag: row.paymentFlag,
        shipping_flag: row.shippingFlag,
        transaction_id: row.transactionId,
        email: row.billingEmail,
        first_name: row.billingDetail.first_name,
        last_name: row.billingDetail.last_name,
        created_at: epochSeconds(row.createdAt),
        items: lines,
      },
      products: lines,
    };
  },
  'lookup.product': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'product_id');
    const [row] = isUuid(id) ? await rt.db.select().from(products).where(eq(products.id, id)) : [];
    if (!row) throw new NodeFailure(`No product ${String(id)}.`);
    return { product: { id: row.id, sku: row.sku, title: row.title, type: row.type, country: row.country, price: row.pricePence, service: row.service, bookable: row.bookable, shippable: row.shippable, active: row.active && !row.retiredAt, out_of_stock: row.outOfStock } };
  },
  'lookup.discount': async (rt, params, inputs) => {
    const code = idAt(inputs, params, 'discount_code');
    const [row] = typeof code === 'string' && code !== '' ? await rt.db.select().from(discounts).where(eq(discounts.code, code)) : [];
    if (!row) throw new NodeFailure(`No discount ${String(code)}.`);
    // The checkout's rule on the London day, as GET /discount/{code} answers it.
    const usable = isDiscountValid({ active: row.active, active_from: row.activeFrom, active_to: row.activeTo, uses: row.uses, used_times: row.usedTimes }, londonIsoDay(rt.clock.now()));
    return { discount: { code: row.code, project: row.project, type: row.type, value: row.value, active: row.active, active_from: row.activeFrom, active_to: row.activeTo, uses: row.uses, used_times: row.usedTimes }, usable };
  },
  'lookup.certificate': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'certificate_id');
    const [row] = isUuid(id) ? await rt.db.select().from(certificates).where(and(eq(certificates.id, id), eq(certificates.organisationId, rt.organisationId))) : [];
    if (!row) throw new NodeFailure(`No certificate ${String(id)} in this organisation.`);
    return { certificate: { id: row.id, number: row.number, kind: row.kind, status: row.status, appointment_id: row.appointmentId, booking_user_id: row.bookingUserId, issued_at: epochSeconds(row.issuedAt), revoked_at: iso(row.revokedAt), replaced_by: row.replacedBy } };
  },
  'lookup.dropbox': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'dropbox_id');
    const [row] = isUuid(id) ? await rt.db.select().from(dropboxes).where(eq(dropboxes.id, id)) : [];
    if (!row) throw new NodeFailure(`No dropbox ${String(id)}.`);
    return { dropbox: { id: row.id, name: row.name, active: row.active, address_1: row.address1, address_2: row.address2, city: row.city, county: row.county, postcode: row.postcode, country: row.country, type: row.type, email: row.email, phone: row.phone } };
  },
  'lookup.report': async (rt, params, inputs) => {
    const id = idAt(inputs, params, 'test_result_id');
    const [row] = isUuid(id)
      ? await rt.db
          .select({ result: testResults })
          .from(testResults)
          .innerJoin(roleProfiles, eq(roleProfiles.id, testResults.roleProfileId))
          .innerJoin(organisationProfiles, eq(organisationProfiles.id, roleProfiles.organisationProfileId))
          .where(and(eq(testResults.id, id), eq(organisationProfiles.organisationId, rt.organisationId)))
      : [];
    if (!row) throw new NodeFailure(`No report ${String(id)} in this organisation.`);
    const r = row.result;
    return { report: { id: r.id, name: r.name, sample_date: epochSeconds(r.sampleDate), result: r.result, kit_order_id: r.kitOrderId, has_file: r.fileKey !== null, file_name: r.fileName } };
  },
  /**
   * The certificate service issues, as the system for the task's organisation, each person's
   * certificate from their recorded result (or hands back the one that already certifies it). The
   * people must be the organisation's; the run keeps the PDF's storage key, never its content.
   */
  'certificate.issue': async (rt, params, inputs) => {
    const ids = [...new Set(bookingUserIds(valueAt(inputs.data, params.path as string)))];
    if (ids.length === 0) throw new NodeFailure(`No booking user id at "${String(params.path)}".`);
    const ours = await rt.db
      .select({ id: bookingUsers.id })
      .from(bookingUsers)
      .innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId))
      .where(and(inArray(bookingUsers.id, ids), appointmentOfOrganisation(rt.db, rt.organisationId)));
    const stranger = ids.find((id) => !ours.some((row) => row.id === id));
    if (stranger) throw new NodeFailure(`No booking user ${stranger} in this organisation.`);
    const issued = await refusedFails(() => rt.certificates.issue(rt.organisationId, ids, { dryRun: rt.dryRun === true }));
    return {
      certificates: issued.map(({ bookingUserId, reused, certificate }) => (certificate ? { id: certificate.id, number: certificate.number, booking_user_id: bookingUserId, reused } : { booking_user_id: bookingUserId, would_write: 'issue' })),
      pdf: issued.flatMap(({ bookingUserId, certificate }) =>
        certificate ? [{ filename: `certificate-${certificate.number}.pdf`, content_type: 'application/pdf', file_key: certificate.pdfKey, booking_user_id: bookingUserId } satisfies StoredAttachment] : [],
      ),
    };
  },
  'message.booking': async (rt, params, inputs) => {
    const message = await rt.messages.booking(rt.db, { appointmentId: asObject(inputs.data).appointment_id, secrets: await rt.secrets(), rebooked: params.kind === 'rebooked' });
    if (!message) return { recipients: [], values: {}, attachments: [] };
    const ics: StoredAttachment = { filename: 'appointment.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH', content: { $sealed: await rt.sealer.seal(message.ics) } };
    return { recipients: message.recipients, values: { ...message.values, ...(await sealValues(rt, message.secretValues)) }, attachments: [ics] };
  },
  'message.order': async (rt, _params, inputs) => {
    const message = await rt.messages.order(rt.db, asObject(inputs.data).order_id);
    if (!message) return { recipients: [], values: {} };
    return { recipients: message.recipients, values: { ...message.values, ...(await sealValues(rt, message.secretValues)) } };
  },
  'message.certificate': async (rt, _params, inputs) => {
    const message = await refusedFails(() => rt.messages.certificate(rt.db, rt.organisationId, asObject(inputs.data)));
    if (!message) return { recipients: [], values: {}, attachments: [] };
    const { attachment } = message;
    return { recipients: message.recipients, values: message.values, attachments: [{ filename: attachment.filename, content_type: attachment.contentType, file_key: attachment.fileKey } satisfies StoredAttachment] };
  },
  /**
   * One e-mail per recipient (an address, or a record with one at `email_path`), the template filled
   * from the data and the recipient, with the attachments: a stored file must be a certificate PDF of
   * the task's organisation, and a person's own (the certificate node's PDFs) goes only to the
   * recipient record of that booking user (`id`). A default template's e-mails are recorded
   * under its key (`booking.confirmed`), others as `processor.<name>`; an e-mail whose data names an
   * order is recorded in the order's history, as the product's order e-mails are, and one whose data
   * names a certificate marks it sent.
   */
  'email.send': async (rt, params, inputs) => {
    const template = inputs.template as { name: string; key: string | null } & Record<'en' | 'de', { subject: string; body: string }>;
    const language = params.language === 'de' ? 'de' : 'en';
    const people = Array.isArray(inputs.recipient) ? inputs.recipient : [inputs.recipient];
    const name = template.key ?? `processor.${template.name}`;
    const file = typeof inputs.file === 'string' && inputs.file !== '' ? { filename: params.file_name as string, content: Buffer.from(inputs.file, 'base64'), contentType: params.file_type as string } : null;
    const listed = [...(Array.isArray(inputs.attachments) ? (inputs.attachments as unknown[]).map(asObject) : []), ...storedFiles(inputs.file)] as StoredAttachment[];
    await refuseForeignFiles(rt, listed);
    const loaded = rt.dryRun ? [] : await Promise.all(listed.map((item) => loadAttachment(rt, item)));
    const wouldSend: Values[] = [];
    let sent = 0;
    for (const [index, person] of people.entries()) {
      const to = typeof person === 'string' ? person : valueAt(person, (params.email_path as string | undefined) ?? 'email');
      if (typeof to !== 'string' || !to.includes('@')) throw new NodeFailure(`Recipient ${index + 1} has no e-mail address.`);
      const values = await openValues(rt, { ...asObject(inputs.data), ...asObject(person) });
      const subject = fillPlaceholders(template[language].subject, values);
      const text = fillPlaceholders(template[language].body, values);
      const theirs = listed.flatMap((item, at) => (item.booking_user_id === undefined || item.booking_user_id === asObject(person).id ? [at] : []));
      if (rt.dryRun) {
        wouldSend.push({ to, subject, text, attachments: [...theirs.map((at) => listed[at]!.filename), ...(file ? [file.filename] : [])] });
        continue;
      }
      const attachments = [...theirs.flatMap((at) => (loaded[at] ? [loaded[at]] : [])), ...(file ? [file] : [])];
      try {
        const now = await once(rt, String(index), async (tx) => {
          await rt.mailer.send(tx, { to, subject, text, template: name, ...(attachments.length > 0 ? { attachments } : {}) });
          if (isUuid(values.order_id)) {
            await rt.audit.record({ action: 'order.mail_sent', outcome: 'success', actorKind: 'system', resourceType: 'order', resourceId: values.order_id, details: { template: name } }, undefined, tx);
          }
          if (isUuid(values.certificate_id)) await rt.messages.certificateSent(tx, rt.organisationId, values.certificate_id);
          return { to };
        });
        if (now) sent += 1;
      } catch (error) {
        throw new NodeFailure(`Sending failed: ${(error as Error).message}`, true);
      }
    }
    return rt.dryRun ? { sent: false, would_send: { note: TEST_RUN_NOT_SENT, template: name, recipients: wouldSend.map((m) => m.to), messages: wouldSend } } : { sent: sent > 0 };
  },
  'sms.send': async (rt, _params, inputs) => {
    const to = String(inputs.to);
    const text = String(inputs.text);
    if (rt.dryRun) return { sent: false, would_send: { note: TEST_RUN_NOT_SENT, recipients: [to], messages: [{ to, text }] } };
    try {
      const now = await once(rt, '0', async (tx) => {
        const delivered = await rt.sms.send({ to, text, idempotencyKey: `${rt.runId}:${rt.nodeId}` });
        const at = rt.clock.now();
        await tx.insert(messages).values({ channel: 'sms', recipient: to, subject: null, body: await rt.sealer.seal(text), template: 'processor.sms', status: delivered ? 'sent' : 'recorded', createdAt: at, sentAt: delivered ? at : null });
        return { to, delivered };
      });
      return { sent: now };
    } catch (error) {
      throw new NodeFailure(`Sending the SMS failed: ${(error as Error).message}`, true);
    }
  },
  'http.request': async (rt, params, inputs) => callHttp(rt, params, (params.method as string | undefined) ?? 'POST', inputs.body),
  'lab.order': async (rt, params, inputs) => {
    const [connection] = await rt.db
      .select()
      .from(processorLabConnections)
      .where(and(eq(processorLabConnections.id, params.connection_id as string), eq(processorLabConnections.organisationId, rt.organisationId)));
    if (!connection) throw new NodeFailure('No such lab connection in this organisation.');
    const url = `${connection.baseUrl.replace(/\/+$/, '')}${params.path as string}`;
    return callHttp(rt, { url, timeout_ms: params.timeout_ms }, 'POST', inputs.order, connection.credentialSealed ?? undefined);
  },
  'affiliate.push': async (rt, params, inputs) => {
    const order = asObject(inputs.order);
    return callHttp(rt, params, 'POST', { event: 'conversion', order_id: order.id, amount: order.price, currency: order.currency, discount_code: order.discount_code ?? null, items: order.items ?? [] });
  },
  'affiliate.transaction_status': async (rt, params, inputs) => {
    const order = asObject(inputs.order);
    const status = typeof inputs.status === 'string' && inputs.status !== '' ? inputs.status : (params.status as string);
    return callHttp(rt, params, 'POST', { order_id: order.id, transaction_id: order.transaction_id ?? null, status });
  },
  'logic.fail_on_false': async (_rt, _params, inputs) => {
    if (inputs.condition !== true) throw new RunStopped('The condition was false.');
    return { passed: true };
  },
  'logic.condition': async (_rt, params, inputs) => {
    try {
      return { result: compileCondition(params.expression as string)(asObject(inputs.data)) };
    } catch (error) {
      if (error instanceof ConditionError) throw new NodeFailure(`Condition: ${error.message}`);
      throw error;
    }
  },
  /**
   * Refused at save when the pattern nests repetitions (`graph.ts`), and matched in the worker pool
   * under its time limit, so a pattern that still backtracks catastrophically fails the node instead
   * of blocking the event loop.
   */
  'string.regexp': async (rt, params, inputs) => {
    const value = String(inputs.value ?? '').slice(0, 10_000);
    const pattern = params.pattern as string;
    const problem = patternProblem(pattern, params.flags as string);
    if (problem) throw new NodeFailure(problem);
    try {
      return await rt.jsonata.match(pattern, params.flags as string, value);
    } catch (error) {
      throw new NodeFailure(error instanceof JsonataError ? `Regexp: ${error.message}` : String(error));
    }
  },
  'data.merge': async (_rt, _params, inputs) => ({ data: { ...asObject(inputs.first), ...asObject(inputs.second) } }),
  'data.extract': async (rt, params, inputs) => ({ data: await jsonata(rt, params.expression as string, inputs.data) }),
  'data.convert': async (rt, params, inputs) => {
    const value = await jsonata(rt, params.expression as string, inputs.data);
    return { value: typeof value === 'string' ? value : JSON.stringify(value) };
  },
  'data.static': async (_rt, params) => ({ data: params.value }),
  'data.validate': async (_rt, params, inputs) => {
    const errors = validateData(inputs.data, params.rules as { required: string[]; types: Record<string, string> });
    return { valid: Object.keys(errors).length === 0, errors };
  },
  'data.read_collection': async (_rt, params, inputs) => {
    const list = valueAt(inputs.data, params.path as string);
    if (!Array.isArray(list)) throw new NodeFailure(`No list at "${String(params.path)}".`);
    const items = list.slice(0, params.limit as number);
    return { items, first: items[0] ?? null, count: String(list.length) };
  },
  'qr.code': async (_rt, _params, inputs) => ({ image: (await QRCode.toBuffer(String(inputs.value ?? ''), { type: 'png', margin: 1 })).toString('base64') }),
  'receipt.create': async (rt, params, inputs) => {
    const parsed = DropOffRequest.safeParse(valueAt(inputs.data, params.path as string));
    if (!parsed.success) throw refused(parsed.error);
    if (rt.dryRun) return { receipt: { would_write: { create: parsed.data } } };
    return { receipt: await refusedFails(() => rt.receipts.create(rt.organisationId, parsed.data)) };
  },
  'receipt.update': async (rt, params, inputs) => {
    const orderId = Uuid.safeParse(valueAt(inputs.data, params.path as string));
    if (!orderId.success) throw new NodeFailure(`No order id at "${String(params.path)}".`);
    const dropboxId = asObject(inputs.data).dropbox_id;
    const parsed = CollectionRequest.safeParse({ collected: params.status === 'collected', ...(dropboxId !== undefined && dropboxId !== null ? { dropbox_id: dropboxId } : {}) });
    if (!parsed.success) throw refused(parsed.error);
    if (rt.dryRun) return { collection: { would_write: { order_id: orderId.data, ...parsed.data } } };
    return { collection: await refusedFails(() => rt.receipts.updateCollection(rt.organisationId, orderId.data, parsed.data)) };
  },
  'receipt.mark_missed': async (rt, params, inputs) => {
    const receiptId = Uuid.safeParse(valueAt(inputs.data, params.path as string));
    if (!receiptId.success) throw new NodeFailure(`No receipt id at "${String(params.path)}".`);
    if (rt.dryRun) return { receipt: { would_write: { mark_missed: receiptId.data } }, marked: true };
    const result = await refusedFails(() => rt.receipts.markMissed(rt.organisationId, receiptId.data));
    return { receipt: { id: result.receipt_id }, marked: result.marked };
  },
  /** The health profile is always on; the daily check and the order kit are the organisation profile's switches. */
  'org.form': async (rt, params) => {
    const form = params.form as OrgForm;
    const [profile] = form === 'health_profile' ? [] : await rt.db.select().from(organisationProfiles).where(eq(organisationProfiles.organisationId, rt.organisationId));
    const enabled = form === 'health_profile' || (form === 'daily_check' ? profile?.dailyCheck === true : profile?.orderKit === true);
    return { form: { form, enabled, organisation_id: rt.organisationId } satisfies OrgFormValue, enabled };
  },
  /** The page of the form in the patient area; `values` gives it to an e-mail's template as {{form_link}}. */
  'org.form_link': async (rt, _params, inputs) => {
    const { form, enabled } = asObject(inputs.form) as Partial<OrgFormValue>;
    if (!oneOf(ORG_FORMS, form)) throw new NodeFailure('Input form is not a form.');
    if (enabled !== true) throw new NodeFailure(`The form ${form} is switched off for this organisation.`);
    const link = `${rt.publicUrl}${ORG_FORM_PATHS[form]}`;
    return { link, values: { form_link: link } };
  },
  'string.comparison': async (_rt, params) => ({ compare: params.comparison }),
  'string.compare': async (_rt, _params, inputs) => {
    if (!oneOf(STRING_COMPARISONS, inputs.compare)) throw new NodeFailure('Input compare is not a comparison.');
    return { result: STRING_TESTS[inputs.compare](stringInput(inputs, 'left'), stringInput(inputs, 'right')) };
  },
  'logic.gate_type': async (_rt, params) => ({ gate: params.gate }),
  'logic.gate': async (_rt, _params, inputs) => {
    if (!oneOf(LOGIC_GATES, inputs.gate)) throw new NodeFailure('Input gate is not a logic gate.');
    const a = booleanInput(inputs, 'a');
    return { result: GATES[inputs.gate](a, inputs.gate === 'NOT' ? false : booleanInput(inputs, 'b')) };
  },
};

/** The parameters with their defaults, as the node kind's schema reads them. */
export function parseParams(kind: NodeKind, params: Values): Values {
  return NODE_KINDS[kind].params.parse(params);
}
