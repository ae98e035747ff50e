// @module-tag wall-clock
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { processorRuns } from '../../db/schema';
import { bookAsPatient, MONDAY_START, shiftWithSlots } from '../../test/booking-world';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { runDue } from './index';
import { NODE_RUNS, parseParams, type NodeRuntime } from './nodes';

// The nodes of the ports orgForm, stringCompare and logicGate in tasks the engine runs (their pure runs are in nodes.unit.test.ts).
let h: Harness;
let company: string;
let admin: TestUser;
let patient: TestUser;
let slots: { id: string }[];
let slot = 0;
let templateId: string;

beforeAll(async () => {
  h = await createHarness({ publicUrl: 'https://vireo.test' });
  h.clock.set(MONDAY_START);
  company = await h.org({ name: 'Forms Co', dailyCheck: true, orderKit: false });
  const clinic = await h.org();
  admin = await h.user({ org: company, roles: ['super_admin'] });
  patient = await h.user({ org: company, roles: ['patient'] });
  slots = (await shiftWithSlots(h, await h.user({ org: clinic, roles: ['practitioner'] }), { hours: 2 })).slots;
  const template = await h.call('POST', '/api/processor/templates', {
    token: admin.token,
    body: { name: 'Daily check', subject_en: 'Your daily check', body_en: 'Please fill in your daily check: {{form_link}}', subject_de: 'Ihr täglicher Check', body_de: 'Bitte hier: {{form_link}}' },
  });
  expect(template.status).toBe(201);
  templateId = template.body.template.id;
});
afterAll(async () => {
  await h.close();
});

function runtime(organisationId: string): NodeRuntime {
  const p = h.ctx.processor;
  return { ...p, secrets: async () => ({}), runId: randomUUID(), organisationId, nodeId: 'node', sealedCredential: undefined };
}

const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}.${sourcePort}-${target}.${targetPort}`, source, sourcePort, target, targetPort });

/** A task for appointment.booked in the company with this graph, enabled; answers its id. */
async function task(graph: { nodes: unknown[]; edges: unknown[] }): Promise<string> {
  const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: company } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const saved = await h.call('PUT', `/api/processor/task/${created.body.task.id}`, { token: admin.token, body: { enabled: true, task: graph } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.task.id;
}

async function book() {
  await bookAsPatient(h, patient, slots[slot++]!.id);
  await h.deliverOutbox();
}

const runsOf = (taskId: string) => h.ctx.database.db.select().from(processorRuns).where(eq(processorRuns.taskId, taskId));

/**
 * The gate: the form is on AND the appointment's type starts with "video". The comparison reads the
 * event's type through a conversion, the form its organisation's profile.
 */
const gateNodes = (form: string, gate: string) => [
  { id: 'start', kind: 'event.start', params: {} },
  { id: 'form', kind: 'org.form', params: { form } },
  { id: 'type', kind: 'data.convert', params: { expression: 'type' } },
  { id: 'prefix', kind: 'value.string', params: { value: 'video' } },
  { id: 'cmp', kind: 'string.comparison', params: { comparison: 'starts_with' } },
  { id: 'compare', kind: 'string.compare', params: {} },
  { id: 'gate_type', kind: 'logic.gate_type', params: { gate } },
  { id: 'gate', kind: 'logic.gate', params: {} },
  { id: 'stop', kind: 'logic.fail_on_false', params: {} },
];
const gateEdges = [
  edge('start', 'data', 'type', 'data'),
  edge('type', 'value', 'compare', 'left'),
  edge('prefix', 'value', 'compare', 'right'),
  edge('cmp', 'compare', 'compare', 'compare'),
  edge('form', 'enabled', 'gate', 'a'),
  edge('compare', 'result', 'gate', 'b'),
  edge('gate_type', 'gate', 'gate', 'gate'),
  edge('gate', 'result', 'stop', 'condition'),
];

describe('the form node', () => {
  it("answers the task's organisation's form and whether it is on: the health profile always, the others by the profile's switches", async () => {
    const none = await h.org({ dailyCheck: false, orderKit: false });
    const form = (organisationId: string, name: string) => NODE_RUNS['org.form'](runtime(organisationId), parseParams('org.form', { form: name }), {});
    expect(await form(company, 'daily_check')).toEqual({ form: { form: 'daily_check', enabled: true, organisation_id: company }, enabled: true });
    expect(await form(company, 'order_kit')).toEqual({ form: { form: 'order_kit', enabled: false, organisation_id: company }, enabled: false });
    expect(await form(none, 'daily_check')).toMatchObject({ enabled: false });
    expect(await form(none, 'health_profile')).toEqual({ form: { form: 'health_profile', enabled: true, organisation_id: none }, enabled: true });
  });
});

describe('a task with a form, a string comparison and a logic gate', () => {
  it('passes its gate and e-mails the link to the daily check', async () => {
    const id = await task({
      nodes: [
        ...gateNodes('daily_check', 'AND'),
        { id: 'link', kind: 'org.form_link', params: {} },
        { id: 'people', kind: 'lookup.booking_user', params: { path: 'booking_user_ids' } },
        { id: 'tpl', kind: 'template.email', params: { template_id: templateId } },
        { id: 'mail', kind: 'email.send', params: {} },
      ],
      edges: [...gateEdges, edge('form', 'form', 'link', 'form'), edge('start', 'data', 'people', 'data'), edge('tpl', 'template', 'mail', 'template'), edge('people', 'first', 'mail', 'recipient'), edge('link', 'values', 'mail', 'data')],
    });
    const before = (await h.mails({ template: 'processor.Daily check' })).length;
    await book();
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    const [run] = await runsOf(id);
    expect(run!.nodes.compare!.output).toEqual({ result: true });
    expect(run!.nodes.gate!.output).toEqual({ result: true });
    expect(run!.nodes.link!.output).toEqual({ link: 'https://vireo.test/patient/symptom-checker', values: { form_link: 'https://vireo.test/patient/symptom-checker' } });
    const mails = await h.mails({ template: 'processor.Daily check' });
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ recipient: patient.user.email, subject: 'Your daily check', body: 'Please fill in your daily check: https://vireo.test/patient/symptom-checker' });
    await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { enabled: false } });
  });

  it('stops at fail-on-false when the gate says false, and a rerun from the gate type on a changed gate reuses the outputs before it', async () => {
    const id = await task({ nodes: gateNodes('order_kit', 'AND'), edges: gateEdges });
    await book();
    expect(await runDue(h.ctx.processor)).toMatchObject({ stopped: 1 });
    const [first] = await runsOf(id);
    expect(first).toMatchObject({ status: 'stopped', failedNode: 'stop' });
    expect(first!.nodes.form!.output).toMatchObject({ enabled: false });
    expect(first!.nodes.gate!.output).toEqual({ result: false });

    // The gate becomes OR: the order kit is off, but the appointment is a video one.
    const nodes = gateNodes('order_kit', 'OR');
    expect((await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { task: { nodes, edges: gateEdges } } })).status).toBe(200);
    const again = await h.call('POST', `/api/processor/task/${id}/log/${first!.id}/rerun`, { token: admin.token, body: { from_node: 'gate_type' } });
    expect(again.status).toBe(202);
    h.clock.advance(1000);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1 });
    const [rerun] = await h.ctx.database.db.select().from(processorRuns).where(eq(processorRuns.id, again.body.log_id));
    expect(rerun!.nodes.compare).toEqual(first!.nodes.compare);
    expect(rerun!.nodes.form).toEqual(first!.nodes.form);
    expect(rerun!.nodes.gate!.output).toEqual({ result: true });
    expect(rerun!.nodes.gate!.started_at).not.toBe(first!.nodes.gate!.started_at);
    await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { enabled: false } });
  });

  it('is refused at save when a NOT gate has b connected or another gate has not, naming the node', async () => {
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: company } });
    const save = (gate: string, edges: unknown[]) => h.call('PUT', `/api/processor/task/${created.body.task.id}`, { token: admin.token, body: { task: { nodes: gateNodes('daily_check', gate), edges } } });
    const not = await save('NOT', gateEdges);
    expect(not.status).toBe(400);
    expect(not.body.errors).toEqual({ gate: 'A NOT gate takes input a only: remove the connection to b.' });
    const nand = await save('NAND', gateEdges.filter((e) => e.targetPort !== 'b'));
    expect(nand.status).toBe(400);
    expect(nand.body.errors).toEqual({ gate: 'An NAND gate takes inputs a and b: connect b.' });
    expect((await save('NOT', gateEdges.filter((e) => e.targetPort !== 'b'))).status).toBe(200);
  });
});
