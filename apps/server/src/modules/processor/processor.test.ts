// @module-tag wall-clock
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { PROCESSOR_MSG } from '@vireo/contracts';
import { auditEvents, outboxDeliveries, outboxEvents, processorRunLogs, processorRuns, processorSends, processorTasks } from '../../db/schema';
import { bookAsPatient, bookPublicly, MONDAY_START, person, shiftWithSlots } from '../../test/booking-world';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { executeRun, redactExpiredRuns, REDACTED, runDue, runRetryDelayMs } from './index';

let h: Harness;
let company: string;
let clinic: string;
let admin: TestUser;
let otherAdmin: TestUser;
let patient: TestUser;
let practitioner: TestUser;
let templateId: string;
let slots: { id: string }[];
let slot = 0;

/** A test HTTP endpoint: answers from a script of statuses, counting requests. */
let endpoint: http.Server;
let endpointUrl: string;
let script: number[] = [];
let requests: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  h = await createHarness({ processorAllowPrivateHosts: true });
  h.clock.set(MONDAY_START);
  company = await h.org({ name: 'Processor Co' });
  clinic = await h.org();
  admin = await h.user({ org: company, roles: ['super_admin'] });
  otherAdmin = await h.user({ org: clinic, roles: ['super_admin'] });
  patient = await h.user({ org: company, roles: ['patient'] });
  practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  slots = (await shiftWithSlots(h, practitioner, { hours: 4 })).slots;
  const template = await h.call('POST', '/api/processor/templates', {
    token: admin.token,
    body: { name: 'Booked', subject_en: 'Booked for {{first_name}}', body_en: 'Hello {{first_name}} {{last_name}}, your {{type}} is booked.', subject_de: 'Gebucht', body_de: 'Hallo {{first_name}}' },
  });
  expect(template.status).toBe(201);
  templateId = template.body.template.id;
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 400 }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`;
});
// Each test's tasks end with it, whatever it asserted.
afterEach(async () => {
  await h.ctx.database.db.update(processorTasks).set({ enabled: false }).where(eq(processorTasks.organisationId, company));
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  await h.close();
});

const start = { id: 'start', kind: 'event.start', params: {} };
const lookup = { id: 'people', kind: 'lookup.booking_user', params: { path: 'booking_user_ids' } };
const template = () => ({ id: 'tpl', kind: 'template.email', params: { template_id: templateId } });
const mail = { id: 'mail', kind: 'email.send', params: {} };
const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}.${sourcePort}-${target}.${targetPort}`, source, sourcePort, target, targetPort });
const mailEdges = [edge('start', 'data', 'people', 'data'), edge('tpl', 'template', 'mail', 'template'), edge('people', 'first', 'mail', 'recipient'), edge('start', 'data', 'mail', 'data')];

/** Creates an enabled task for appointment.booked in the company (or the given organisation) with this graph; answers its id. */
async function task(graph: { nodes: unknown[]; edges: unknown[] }, event = 'appointment.booked', owner = { org: company, token: admin.token }): Promise<string> {
  const created = await h.call('POST', '/api/processor/task', { token: owner.token, body: { event, organisation_id: owner.org } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const saved = await h.call('PUT', `/api/processor/task/${created.body.task.id}`, { token: owner.token, body: { description: 'test', enabled: true, task: graph } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.task.id;
}

async function disable(id: string) {
  expect((await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { enabled: false } })).status).toBe(200);
}

/** The patient books the next slot; the outbox delivers the event. Answers the appointment. */
async function book() {
  const booked = await bookAsPatient(h, patient, slots[slot++]!.id);
  await h.deliverOutbox();
  return booked.appointment;
}

const runsOf = (taskId: string) => h.ctx.database.db.select().from(processorRuns).where(eq(processorRuns.taskId, taskId));
const processorMails = () => h.mails({ template: 'processor.Booked' });

describe('the processor engine', () => {
  it('runs an enabled task once per event, even when the event is delivered twice', async () => {
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    const before = (await processorMails()).length;
    const appointment = await book();
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    const mails = await processorMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ recipient: patient.user.email, subject: 'Booked for Pat' });
    expect(mails.at(-1)!.body).toBe('Hello Pat Ient, your video_gp is booked.');
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'succeeded', initData: expect.objectContaining({ appointment_id: appointment.id }) });
    expect(Object.keys(run!.nodes).sort()).toEqual(['mail', 'people', 'start', 'tpl']);
    // The same event delivered again (a relay that lost its delivered mark) makes no second run.
    const [event] = await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, run!.eventId!));
    await h.ctx.database.db.update(outboxDeliveries).set({ deliveredAt: null }).where(and(eq(outboxDeliveries.eventId, event!.id), like(outboxDeliveries.handler, 'processor.run.%')));
    expect(await h.deliverOutbox()).toMatchObject({ delivered: 1 });
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 0 });
    expect(await runsOf(id)).toHaveLength(1);
    expect(await processorMails()).toHaveLength(before + 1);
  });

  it("runs the tasks of the practitioner's organisation for a public booking, which has no session", async () => {
    const mine = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    const theirs = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges }, 'appointment.booked', { org: clinic, token: otherAdmin.token });
    const before = (await processorMails()).length;
    const booked = await bookPublicly(h, slots[slot++]!.id, { booking_users: [person({ email: 'public@example.test' })] });
    await h.deliverOutbox();
    const [event] = await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked')).orderBy(desc(outboxEvents.id)).limit(1);
    expect(event).toMatchObject({ organisationId: clinic, payload: expect.objectContaining({ appointment_id: booked.appointment.id }) });
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    expect(await runsOf(mine)).toHaveLength(0);
    expect(await runsOf(theirs)).toMatchObject([{ status: 'succeeded', organisationId: clinic }]);
    const mails = await processorMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((m) => m.recipient === 'public@example.test')).toMatchObject([{ subject: 'Booked for Ada' }]);
    await h.ctx.database.db.update(processorTasks).set({ enabled: false }).where(eq(processorTasks.id, theirs));
  });

  it('retries a run after a passing failure with backoff, without sending its e-mail twice', async () => {
    const hook = { id: 'hook', kind: 'http.request', params: { url: endpointUrl, credential: 'hook-secret' } };
    const id = await task({ nodes: [start, lookup, template(), mail, hook], edges: [...mailEdges, edge('start', 'data', 'hook', 'body')] });
    const before = (await processorMails()).length;
    script = [503, 502];
    requests = [];
    await book();
    expect(await runDue(h.ctx.processor)).toMatchObject({ retrying: 1 });
    let [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'queued', attempts: 1, reason: 'The server answered 503.' });
    expect(run!.nextAttemptAt.getTime() - h.clock.now().getTime()).toBe(runRetryDelayMs(1));
    // Not before its time.
    expect(await runDue(h.ctx.processor)).toMatchObject({ retrying: 0, succeeded: 0 });
    h.clock.advance(runRetryDelayMs(1));
    expect(await runDue(h.ctx.processor)).toMatchObject({ retrying: 1 });
    [run] = await runsOf(id);
    expect(run!.nextAttemptAt.getTime() - h.clock.now().getTime()).toBe(runRetryDelayMs(2));
    h.clock.advance(runRetryDelayMs(2));
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(requests).toHaveLength(3);
    expect(requests[0]!.headers.authorization).toBe('Bearer hook-secret');
    expect(requests[0]!.headers['idempotency-key']).toBe(`${run!.id}:hook`);
    expect(JSON.parse(requests[2]!.body)).toMatchObject({ appointment_id: expect.any(String) });
    expect(await processorMails()).toHaveLength(before + 1);
    // The credential never goes back to the browser.
    const read = await h.call('GET', `/api/processor/task/${id}`, { token: admin.token });
    expect(JSON.stringify(read.body)).not.toContain('hook-secret');
    expect(JSON.stringify(read.body)).not.toContain('sealed');
  });

  it('fails a run for good after the last try, with the node and the reason', async () => {
    const hook = { id: 'hook', kind: 'http.request', params: { url: endpointUrl } };
    const id = await task({ nodes: [start, hook], edges: [edge('start', 'data', 'hook', 'body')] });
    script = [500, 500, 500, 500, 500];
    await book();
    for (let n = 1; n < 5; n++) {
      expect(await runDue(h.ctx.processor)).toMatchObject({ retrying: 1 });
      h.clock.advance(runRetryDelayMs(n));
    }
    expect(await runDue(h.ctx.processor)).toMatchObject({ failed: 1 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'failed', attempts: 5, failedNode: 'hook', reason: 'The server answered 500.' });
  });

  it('stops a run at a fail-on-false node, before it sends', async () => {
    const condition = { id: 'check', kind: 'logic.condition', params: { expression: 'type == "travel_certificate"' } };
    const gate = { id: 'gate', kind: 'logic.fail_on_false', params: {} };
    const id = await task({
      nodes: [start, condition, gate, lookup, template(), mail],
      edges: [edge('start', 'data', 'check', 'data'), edge('check', 'result', 'gate', 'condition'), ...mailEdges],
    });
    const before = (await processorMails()).length;
    await book();
    expect(await runDue(h.ctx.processor)).toMatchObject({ stopped: 1 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'stopped', failedNode: 'gate' });
    expect(run!.nodes.check!.output).toEqual({ result: false });
    expect(await processorMails()).toHaveLength(before);
  });

  it('refuses private and loopback addresses in HTTP nodes unless the operator allows them (SSRF)', async () => {
    const hook = { id: 'hook', kind: 'http.request', params: { url: endpointUrl } };
    const id = await task({ nodes: [start, hook], edges: [edge('start', 'data', 'hook', 'body')] });
    requests = [];
    await book();
    const [queued] = await runsOf(id);
    expect(await executeRun({ ...h.ctx.processor, allowPrivateHosts: false }, queued!.id)).toBe('failed');
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'failed', failedNode: 'hook', reason: '127.0.0.1 is a private or loopback address' });
    expect(requests).toHaveLength(0);
  });

  it('takes up a run whose worker died once its lease has passed', async () => {
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    const before = (await processorMails()).length;
    await book();
    const [queued] = await runsOf(id);
    // A worker claimed it and was killed before it finished: the run stays 'running' under its lease.
    await h.ctx.database.db.update(processorRuns).set({ status: 'running', attempts: 1, leaseUntil: new Date(h.clock.now().getTime() + h.ctx.processor.runLeaseMs) }).where(eq(processorRuns.id, queued!.id));
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 0 });
    h.clock.advance(h.ctx.processor.runLeaseMs + 1000);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    expect((await runsOf(id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await processorMails()).toHaveLength(before + 1);
  });

  it('reruns a run on the current graph, whole or from a node reusing the stored outputs before it', async () => {
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    await book();
    await runDue(h.ctx.processor);
    const [first] = await runsOf(id);
    const before = (await processorMails()).length;
    const whole = await h.call('POST', `/api/processor/task/${id}/log/${first!.id}/rerun`, { token: admin.token, body: {} });
    expect(whole.status).toBe(202);
    const partial = await h.call('POST', `/api/processor/task/${id}/log/${first!.id}/rerun`, { token: admin.token, body: { from_node: 'mail' } });
    expect(partial.status).toBe(202);
    h.clock.advance(1000);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 2 });
    const runs = await runsOf(id);
    const again = runs.find((r) => r.id === partial.body.log_id)!;
    expect(again).toMatchObject({ status: 'succeeded', rerunOf: first!.id, initData: first!.initData });
    expect(again.nodes.people).toEqual(first!.nodes.people);
    expect(again.nodes.mail!.started_at).not.toBe(first!.nodes.mail!.started_at);
    expect(await processorMails()).toHaveLength(before + 2);
    expect((await h.call('POST', `/api/processor/task/${id}/log/${first!.id}/rerun`, { token: admin.token, body: { from_node: 'nope' } })).status).toBe(400);
    expect((await h.call('POST', `/api/processor/task/${id}/log/${first!.id}/rerun`, { token: otherAdmin.token, body: {} })).status).toBe(404);
  });
});

describe('retention', () => {
  it("redacts a finished run's data after PROCESSOR_RUN_RETENTION_DAYS, keeping its status, nodes and times", async () => {
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    const appointment = await book();
    await runDue(h.ctx.processor);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: 'succeeded', redactedAt: null, initData: expect.objectContaining({ appointment_id: appointment.id }) });
    const back = h.clock.now();
    try {
      expect(h.ctx.processor.runRetentionDays).toBe(30);
      h.clock.advance(30 * 86_400_000 - 60_000);
      await redactExpiredRuns(h.ctx.processor);
      expect((await runsOf(id))[0]).toMatchObject({ redactedAt: null, initData: run!.initData });
      h.clock.advance(120_000);
      expect(await redactExpiredRuns(h.ctx.processor)).toBeGreaterThanOrEqual(1);
      const [redacted] = await runsOf(id);
      expect(redacted).toMatchObject({ status: 'succeeded', attempts: 1, versionId: run!.versionId, finishedAt: run!.finishedAt, initData: REDACTED, redactedAt: h.clock.now() });
      expect(Object.keys(redacted!.nodes).sort()).toEqual(Object.keys(run!.nodes).sort());
      for (const [nodeId, node] of Object.entries(redacted!.nodes)) {
        const { input: _input, output: _output, ...kept } = run!.nodes[nodeId]!;
        expect(node).toEqual({ ...kept, input: REDACTED, output: REDACTED });
      }
      expect(JSON.stringify(redacted)).not.toContain(patient.user.email);
      const entries = await h.ctx.database.db.select().from(processorRunLogs).where(eq(processorRunLogs.runId, run!.id));
      expect(entries.map((e) => e.message)).toContain('Run succeeded.');
      expect(entries.find((e) => e.details?.node === 'mail')!.details).toEqual({ node: 'mail', redacted: true });
      for (const entry of entries) expect(entry.details === null || entry.details.redacted === true).toBe(true);
      const sends = await h.ctx.database.db.select().from(processorSends).where(eq(processorSends.runId, run!.id));
      expect(sends.map((s) => s.result)).toEqual([REDACTED]);
      // A second pass finds nothing more to do.
      const again = await redactExpiredRuns(h.ctx.processor);
      expect((await runsOf(id))[0]!.redactedAt).toEqual(redacted!.redactedAt);
      expect(again).toBe(0);
    } finally {
      h.clock.set(back);
    }
    // With the clock back where the sessions are valid: the log still opens, with the markers; the run cannot be replayed.
    const detail = await h.call('GET', `/api/processor/task/${id}/log/${run!.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.log.nodes.people.output).toEqual(REDACTED);
    const rerun = await h.call('POST', `/api/processor/task/${id}/log/${run!.id}/rerun`, { token: admin.token, body: {} });
    expect(rerun).toMatchObject({ status: 409, body: { message: PROCESSOR_MSG.redacted } });
  });
});

describe('/api/processor (super admins)', () => {
  it('creates, lists, reads, saves and deletes tasks of the organisations the caller runs', async () => {
    expect((await h.call('GET', '/api/processor/task')).status).toBe(401);
    expect((await h.call('GET', '/api/processor/task', { token: patient.token })).status).toBe(403);
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'order.payment.complete', organisation_id: company } });
    expect(created).toMatchObject({ status: 201, body: { task: { event: 'order.payment.complete', organisation_name: 'Processor Co', enabled: false, version: 1, task: { nodes: [{ id: 'start', kind: 'event.start' }], edges: [] } } } });
    const id = created.body.task.id;
    const list = await h.call('GET', '/api/processor/task', { token: admin.token });
    expect(list.body.tasks.map((t: { id: string }) => t.id)).toContain(id);
    expect((await h.call('GET', '/api/processor/task', { token: otherAdmin.token })).body.tasks.map((t: { id: string }) => t.id)).not.toContain(id);
    expect((await h.call('GET', `/api/processor/task/${id}`, { token: otherAdmin.token })).status).toBe(404);
    expect((await h.call('PUT', `/api/processor/task/${id}`, { token: otherAdmin.token, body: { enabled: true } })).status).toBe(404);
    expect((await h.call('DELETE', `/api/processor/task/${id}`, { token: otherAdmin.token })).status).toBe(404);
    expect((await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'nothing.happened', organisation_id: company } })).status).toBe(400);
    expect((await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked' } })).status).toBe(400);
    expect((await h.call('POST', '/api/processor/task', { token: otherAdmin.token, body: { event: 'appointment.booked', organisation_id: company } })).status).toBe(404);
    const saved = await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { description: 'Order mails', comments: 'a note', task: { nodes: [start, template()], edges: [] } } });
    expect(saved).toMatchObject({ status: 200, body: { task: { description: 'Order mails', comments: 'a note', version: 2 } } });
    expect((await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: {} })).status).toBe(400);
    expect((await h.call('DELETE', `/api/processor/task/${id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', `/api/processor/task/${id}`, { token: admin.token })).status).toBe(404);
  });

  it('refuses a graph that cannot run, with the reason per node', async () => {
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: company } });
    const id = created.body.task.id;
    const save = (graph: unknown) => h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { task: graph } });
    const missing = await save({ nodes: [start, mail], edges: [] });
    expect(missing).toMatchObject({ status: 400, body: { message: PROCESSOR_MSG.invalidGraph } });
    expect(missing.body.errors.mail).toMatch(/Required input template is not connected/);
    const unknown = await save({ nodes: [start, { id: 'tpl', kind: 'template.email', params: { template_id: '00000000-0000-4000-8000-000000000000' } }], edges: [] });
    expect(unknown.body.errors.tpl).toBe('Unknown template.');
    const mismatched = await save({ nodes: [start, template(), mail], edges: [edge('start', 'data', 'mail', 'template')] });
    expect(mismatched.body.errors.mail).toMatch(/takes emailTemplate, not data/);
    const merge = (n: string) => ({ id: n, kind: 'data.merge', params: {} });
    const cycle = await save({
      nodes: [start, merge('a'), merge('b')],
      edges: [edge('start', 'data', 'a', 'first'), edge('b', 'data', 'a', 'second'), edge('a', 'data', 'b', 'first'), edge('start', 'data', 'b', 'second')],
    });
    expect(cycle.body.errors.graph).toMatch(/cycle/);
    const badParams = await save({ nodes: [start, { id: 'hook', kind: 'http.request', params: { url: 'not a url' } }], edges: [] });
    expect(badParams.body.errors.hook).toMatch(/url/);
    expect((await h.call('GET', `/api/processor/task/${id}`, { token: admin.token })).body.task.version).toBe(1);
  });

  it('answers the organisations, the templates and a task’s logs, each log read audited', async () => {
    const orgs = await h.call('GET', '/api/processor/organisation', { token: admin.token });
    expect(orgs).toMatchObject({ status: 200, body: { organisations: [{ id: company, name: 'Processor Co' }] } });
    expect((await h.call('GET', '/api/processor/organisation', { token: patient.token })).status).toBe(403);
    const templates = await h.call('GET', '/api/processor/templates', { token: admin.token });
    expect(templates.body.templates).toContainEqual({ id: templateId, name: 'Booked' });
    expect((await h.call('GET', '/api/processor/templates')).status).toBe(401);
    expect((await h.call('POST', '/api/processor/templates', { token: admin.token, body: { name: 'x' } })).status).toBe(400);
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    await book();
    await runDue(h.ctx.processor);
    const logs = await h.call('GET', `/api/processor/task/${id}/log`, { token: admin.token });
    expect(logs).toMatchObject({ status: 200, body: { logs: [{ result: 'succeeded', version: 2, failed_node: null }] } });
    const logId = logs.body.logs[0].id;
    const detail = await h.call('GET', `/api/processor/task/${id}/log/${logId}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.log.nodes.people.output.first).toMatchObject({ first_name: 'Pat' });
    expect(detail.body.log.entries.map((e: { message: string }) => e.message)).toContain('Run succeeded.');
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, logId)));
    expect(audited).toHaveLength(1);
    expect((await h.call('GET', `/api/processor/task/${id}/log/${logId}`, { token: otherAdmin.token })).status).toBe(404);
    expect((await h.call('GET', `/api/processor/task/${id}/log`, { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', `/api/processor/task/${id}/log/not-a-uuid`, { token: admin.token })).status).toBe(400);
  });
});

describe('POST /api/processor/task/{id}/test (the editor’s test run)', () => {
  it('runs an unsaved or the saved graph once on sample data, sending nothing, and answers each node’s output', async () => {
    const appointment = await book();
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: company } });
    const id = created.body.task.id;
    const byAppointment = { ...lookup, params: { path: 'appointment_id' } };
    const hook = { id: 'hook', kind: 'http.request', params: { url: endpointUrl, method: 'POST' } };
    const graph = { nodes: [start, byAppointment, template(), mail, hook], edges: [...mailEdges, edge('people', 'first', 'hook', 'body')] };
    const mailsBefore = (await processorMails()).length;
    const requestsBefore = requests.length;
    const runsBefore = (await h.ctx.database.db.select().from(processorRuns)).length;
    const tested = await h.call('POST', `/api/processor/task/${id}/test`, { token: admin.token, body: { task: graph, init_data: { appointment_id: appointment.id } } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body).toMatchObject({ result: 'succeeded', failed_node: null, reason: null });
    expect(tested.body.nodes.start.output).toEqual({ data: { appointment_id: appointment.id } });
    expect(tested.body.nodes.people.output.first).toMatchObject({ first_name: 'Pat', email: patient.user.email });
    expect(tested.body.nodes.mail.output).toEqual({
      sent: false,
      would_send: {
        note: 'not sent: test run',
        template: 'processor.Booked',
        recipients: [patient.user.email],
        messages: [{ to: patient.user.email, subject: 'Booked for Pat', text: 'Hello Pat Ient, your  is booked.', attachments: [] }],
      },
    });
    expect(tested.body.nodes.hook.output).toMatchObject({ would_send: { note: 'not sent: test run', method: 'POST', url: endpointUrl, body: { first_name: 'Pat' } } });
    // Nothing sent, nothing recorded: no e-mail, no HTTP call, no run, no idempotency key.
    expect(await processorMails()).toHaveLength(mailsBefore);
    expect(requests).toHaveLength(requestsBefore);
    expect(await h.ctx.database.db.select().from(processorRuns)).toHaveLength(runsBefore);
    expect(await h.ctx.database.db.select().from(processorSends).where(like(processorSends.key, 'test:%'))).toHaveLength(0);
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, id)));
    expect(audited.length).toBeGreaterThan(0);

    // Without a graph, the saved one runs (the event start alone); a failing node is named with its reason.
    const saved = await h.call('POST', `/api/processor/task/${id}/test`, { token: admin.token, body: { init_data: { appointment_id: appointment.id } } });
    expect(saved).toMatchObject({ status: 200, body: { result: 'succeeded', nodes: { start: { output: { data: { appointment_id: appointment.id } } } } } });
    const failing = await h.call('POST', `/api/processor/task/${id}/test`, { token: admin.token, body: { task: graph, init_data: { appointment_id: 'nobody' } } });
    expect(failing).toMatchObject({ status: 200, body: { result: 'failed', failed_node: 'people', reason: 'No booking users for "nobody" in this organisation.', nodes: { people: { error: 'No booking users for "nobody" in this organisation.' } } } });
    expect(failing.body.nodes.mail).toBeUndefined();
    const stop = { nodes: [start, { id: 'ok', kind: 'logic.condition', params: { expression: 'x == 1' } }, { id: 'gate', kind: 'logic.fail_on_false', params: {} }], edges: [edge('start', 'data', 'ok', 'data'), edge('ok', 'result', 'gate', 'condition')] };
    expect((await h.call('POST', `/api/processor/task/${id}/test`, { token: admin.token, body: { task: stop, init_data: { x: 2 } } })).body).toMatchObject({ result: 'stopped', failed_node: 'gate' });
  });

  it('refuses bad input, answers 401 without a session, 403 to others and 404 for another organisation’s task', async () => {
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: company } });
    const id = created.body.task.id;
    const url = `/api/processor/task/${id}/test`;
    const invalid = await h.call('POST', url, { token: admin.token, body: { task: { nodes: [start, mail], edges: [] }, init_data: {} } });
    expect(invalid).toMatchObject({ status: 400, body: { message: PROCESSOR_MSG.invalidGraph } });
    expect(invalid.body.errors.mail).toMatch(/Required input template is not connected/);
    expect((await h.call('POST', url, { token: admin.token, body: { init_data: 'not an object' } })).status).toBe(400);
    expect((await h.call('POST', url, { token: admin.token, body: {} })).status).toBe(400);
    expect((await h.call('POST', url, { body: { init_data: {} } })).status).toBe(401);
    expect((await h.call('POST', url, { token: patient.token, body: { init_data: {} } })).status).toBe(403);
    expect((await h.call('POST', url, { token: otherAdmin.token, body: { init_data: {} } })).status).toBe(404);
  });
});

describe('/api/commerce/v1/processor', () => {
  it('answers 200 to those who run the processor (the hub’s card), 401 and 403 to others', async () => {
    expect((await h.call('GET', '/api/commerce/v1/processor', { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', '/api/commerce/v1/processor')).status).toBe(401);
    expect((await h.call('GET', '/api/commerce/v1/processor', { token: patient.token })).status).toBe(403);
  });

  it('lists the events with their keys', async () => {
    const events = await h.call('GET', '/api/commerce/v1/processor/event', { token: admin.token });
    expect(events.status).toBe(200);
    expect(events.body.events).toContainEqual({ key: 'appointment.booked', name: 'Appointment booked' });
    expect((await h.call('GET', '/api/commerce/v1/processor/event', { token: patient.token })).status).toBe(403);
  });

  it('raises an event by hand for the organisation’s enabled tasks (Resend messages)', async () => {
    const id = await task({ nodes: [start, lookup, template(), mail], edges: mailEdges });
    const appointment = await book();
    await runDue(h.ctx.processor);
    const before = (await processorMails()).length;
    const body = { organisation_id: company, event: 'appointment.booked', context: { appointment_id: appointment.id } };
    const resent = await h.call('POST', '/api/commerce/v1/processor/event/run', { token: admin.token, body: { ...body } });
    expect(resent).toMatchObject({ status: 200, body: { message: PROCESSOR_MSG.resent, runs: 1 } });
    // The lookup reads booking_user_ids; by hand the context names the appointment, so point it there.
    expect(await runDue(h.ctx.processor)).toMatchObject({ failed: 1 });
    await disable(id);
    const byAppointment = await task({ nodes: [start, { ...lookup, params: { path: 'appointment_id' } }, template(), mail], edges: mailEdges });
    expect((await h.call('POST', '/api/commerce/v1/processor/event/run', { token: admin.token, body })).status).toBe(200);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    expect(await processorMails()).toHaveLength(before + 1);
    expect((await h.call('POST', '/api/commerce/v1/processor/event/run', { token: admin.token, body: { ...body, event: 'nothing' } })).status).toBe(400);
    expect((await h.call('POST', '/api/commerce/v1/processor/event/run', { token: otherAdmin.token, body })).status).toBe(404);
    expect((await h.call('POST', '/api/commerce/v1/processor/event/run', { token: patient.token, body })).status).toBe(403);
    expect((await h.call('POST', '/api/commerce/v1/processor/event/run', { body })).status).toBe(401);
    await disable(byAppointment);
    const none = await h.call('POST', '/api/commerce/v1/processor/event/run', { token: admin.token, body });
    expect(none).toMatchObject({ status: 400, body: { message: PROCESSOR_MSG.resendFailed } });
  });
});
