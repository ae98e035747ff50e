// @module-tag wall-clock
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditEvents, bookingUsers, certificates, processorRuns, processorSends, processorTasks } from '../../db/schema';
import { bookAsPatient, MONDAY_START, shiftWithSlots } from '../../test/booking-world';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { seedApprovedKits } from '../commerce';
import { runDue, seedDefaultTasks } from './index';
import { nodeRuntime } from './engine';
import { NODE_RUNS, NodeFailure, parseParams, type NodeRuntime } from './nodes';

// The certificate-creation node: the certificate service issues as the system for the task's organisation.
let h: Harness;
let org: string;
let other: string;
let admin: TestUser;
let otherAdmin: TestUser;
let patient: TestUser;
let slots: { id: string }[];
let slot = 0;
let templateId: string;

beforeAll(async () => {
  h = await createHarness({}, { ownDatabase: true });
  h.clock.set(MONDAY_START);
  await seedApprovedKits(h.ctx.commerce);
  org = await h.org({ name: 'Certificate Co' });
  other = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  otherAdmin = await h.user({ org: other, roles: ['super_admin'] });
  patient = await h.user({ org, roles: ['patient'] });
  const practitioner = await h.user({ org, roles: ['practitioner'] });
  slots = (await shiftWithSlots(h, practitioner, { hours: 6 })).slots;
  const template = await h.call('POST', '/api/processor/templates', {
    token: admin.token,
    body: { name: 'Certificate', subject_en: 'Your certificate, {{first_name}}', body_en: 'Hello {{first_name}}, your certificate is attached.', subject_de: 'Ihr Zertifikat', body_de: 'Hallo {{first_name}}' },
  });
  expect(template.status).toBe(201);
  templateId = template.body.template.id;
});
afterEach(async () => {
  await h.ctx.database.db.update(processorTasks).set({ enabled: false }).where(inArray(processorTasks.organisationId, [org, other]));
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;

function runtime(organisationId: string, dryRun = false): NodeRuntime {
  return nodeRuntime(h.ctx.processor, { runId: randomUUID(), organisationId, nodeId: 'cert', allowPrivateHosts: false, dryRun });
}
const issue = (data: Record<string, unknown>, rt = runtime(org), params: Record<string, unknown> = {}) => NODE_RUNS['certificate.issue'](rt, parseParams('certificate.issue', params), { data });

/** A booked person of the organisation whose result is recorded in their metadata (as the practitioner's form or the lab's upload leaves it), with no certificate. */
async function personWithResult(result: Record<string, unknown> | null) {
  const booked = await bookAsPatient(h, patient, slots[slot++]!.id);
  const bookingUserId = booked.appointment.booking_users[0]!.id;
  const [row] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
  const recorded = { forename: 'Ada', surname: 'Lovelace', email: 'ada.cert@example.test', date_of_birth: '1985-06-01T00:00:00.000Z', passport_number: 'P1234567', kit_provider: 'innova', date_sampled: h.clock.now().toISOString() };
  await db()
    .update(bookingUsers)
    .set({ metadata: { ...row!.metadata, ...(result ? { ...recorded, ...result } : {}) } })
    .where(eq(bookingUsers.id, bookingUserId));
  return { appointmentId: booked.appointment.id, bookingUserId };
}

const certificatesOf = (bookingUserId: string) => db().select().from(certificates).where(eq(certificates.bookingUserId, bookingUserId));

describe('the certificate-creation node', () => {
  it('issues as the system for the task’s organisation, audited with actor system, and hands back the same certificate when run again', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Negative' });
    const first = await issue({ booking_user_id: bookingUserId });
    const [row] = await certificatesOf(bookingUserId);
    expect(row).toMatchObject({ status: 'valid', organisationId: org, issuedByUserId: null, email: 'ada.cert@example.test', holderName: 'Ada Lovelace', kind: 'uk_antigen_medical' });
    expect(first).toEqual({
      certificates: [{ id: row!.id, number: row!.number, booking_user_id: bookingUserId, reused: false }],
      pdf: [{ filename: `certificate-${row!.number}.pdf`, content_type: 'application/pdf', file_key: row!.pdfKey, booking_user_id: bookingUserId }],
    });
    expect((await h.ctx.files.get(row!.pdfKey))!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const written = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceId, row!.id)));
    expect(written).toMatchObject([{ actorKind: 'system', resourceType: 'certificate' }]);

    // A retried run, a second delivery, or several runs at once: the one certificate, reused.
    const again = await Promise.all([issue({ booking_user_id: bookingUserId }), issue({ booking_user_id: [bookingUserId] }), issue({ people: [{ id: bookingUserId }] }, runtime(org), { path: 'people' })]);
    for (const answer of again) expect(answer).toEqual({ ...first, certificates: [{ ...(first.certificates as object[])[0], reused: true }] });
    expect(await certificatesOf(bookingUserId)).toHaveLength(1);

    // A new result of the person is a new certificate, replacing the one that certified the old result.
    const [person] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
    await db().update(bookingUsers).set({ metadata: { ...person!.metadata, test_result: 'DT' } }).where(eq(bookingUsers.id, bookingUserId));
    const positive = await issue({ booking_user_id: bookingUserId });
    const after = await certificatesOf(bookingUserId);
    expect(after).toHaveLength(2);
    expect(after.find((c) => c.id === row!.id)).toMatchObject({ status: 'revoked', replacedBy: (positive.certificates as { id: string }[])[0]!.id });
  });

  it('refuses another organisation’s person, a person without a result and a Rejected or Invalid result, issuing nothing', async () => {
    const ours = await personWithResult({ result: 'Positive' });
    await expect(issue({ booking_user_id: ours.bookingUserId }, runtime(other))).rejects.toThrow(`No booking user ${ours.bookingUserId} in this organisation.`);
    const none = await personWithResult(null);
    await expect(issue({ booking_user_id: none.bookingUserId })).rejects.toThrow(`Booking user ${none.bookingUserId} has no recorded result.`);
    const rejected = await personWithResult({ result: 'Rejected' });
    await expect(issue({ booking_user_id: rejected.bookingUserId })).rejects.toThrow(`Booking user ${rejected.bookingUserId}'s result is Rejected: it gets no certificate.`);
    const invalid = await personWithResult({ test_result: 'IDT' });
    await expect(issue({ booking_user_id: invalid.bookingUserId })).rejects.toThrow(`Booking user ${invalid.bookingUserId}'s result is Invalid: it gets no certificate.`);
    // One refused person refuses the whole list before anything is issued.
    await expect(issue({ ids: [ours.bookingUserId, rejected.bookingUserId] }, runtime(org), { path: 'ids' })).rejects.toThrow(NodeFailure);
    await expect(issue({ booking_user_id: 'not-an-id' })).rejects.toThrow('No booking user id at "booking_user_id".');
    for (const person of [ours, none, rejected, invalid]) expect(await certificatesOf(person.bookingUserId)).toHaveLength(0);
  });

  it('several runs at once for a person without a certificate: one certificate, handed to each', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Positive' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => issue({ booking_user_id: bookingUserId })));
    const [row] = await certificatesOf(bookingUserId);
    expect(await certificatesOf(bookingUserId)).toHaveLength(1);
    for (const answer of answers) expect(answer.certificates).toMatchObject([{ id: row!.id, booking_user_id: bookingUserId }]);
    expect(answers.filter((answer) => !(answer.certificates as { reused: boolean }[])[0]!.reused)).toHaveLength(1);
  });

  it('in a test run says it would issue, and writes nothing', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Negative' });
    expect(await issue({ booking_user_id: bookingUserId }, runtime(org, true))).toEqual({ certificates: [{ booking_user_id: bookingUserId, would_write: 'issue' }], pdf: [] });
    expect(await certificatesOf(bookingUserId)).toHaveLength(0);
  });
});

describe('the e-mail node’s stored attachments', () => {
  const template = async () => (await NODE_RUNS['template.email'](runtime(org), parseParams('template.email', { template_id: templateId }), {})).template;
  const mail = (rt: NodeRuntime, inputs: Record<string, unknown>) => NODE_RUNS['email.send'](rt, parseParams('email.send', {}), inputs);
  const sendsOf = (rt: NodeRuntime) => db().select().from(processorSends).where(eq(processorSends.runId, rt.runId));

  it('refuses a file key a static-data node gives, another organisation’s certificate PDF, or a PDF claimed for another person, sending nothing', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Negative' });
    const [row] = (await issue({ booking_user_id: bookingUserId })).pdf as { file_key: string; filename: string }[];
    const stranger = await personWithResult({ result: 'Positive' });
    const send = vi.spyOn(h.ctx.processor.mailer, 'send');
    try {
      const recipient = { id: bookingUserId, email: 'ada.cert@example.test', first_name: 'Ada' };
      // What a static-data node would hand on: a made-up key, and the key of a certificate the task's organisation does not hold.
      const made = await NODE_RUNS['data.static'](runtime(org), parseParams('data.static', { value: { list: [{ filename: 'x.pdf', content_type: 'application/pdf', file_key: 'certificates/made-up.pdf' }] } }), {});
      for (const [rt, inputs, name] of [
        [runtime(org), { attachments: (made.data as { list: unknown[] }).list }, 'x.pdf'],
        [runtime(other), { attachments: [{ filename: 'theirs.pdf', content_type: 'application/pdf', file_key: row!.file_key }] }, 'theirs.pdf'],
        [runtime(other), { file: [row] }, row!.filename],
        [runtime(org), { file: [{ ...row, booking_user_id: stranger.bookingUserId }] }, row!.filename],
        [runtime(other, true), { file: [row] }, row!.filename],
      ] as const) {
        await expect(mail(rt, { template: await template(), recipient, ...inputs })).rejects.toThrow(new NodeFailure(`The attachment ${name} is not a certificate of this organisation.`));
        expect(await sendsOf(rt)).toHaveLength(0);
      }
      expect(send).not.toHaveBeenCalled();
    } finally {
      send.mockRestore();
    }
  });

  it('two people’s certificates: one e-mail each, with only their own PDF, once per message when run again', async () => {
    const ada = await personWithResult({ result: 'Negative' });
    const bob = await personWithResult({ result: 'Positive' });
    await db().update(bookingUsers).set({ email: 'ada.two@example.test', firstName: 'Ada' }).where(eq(bookingUsers.id, ada.bookingUserId));
    await db().update(bookingUsers).set({ email: 'bob.two@example.test', firstName: 'Bob' }).where(eq(bookingUsers.id, bob.bookingUserId));
    const rt = runtime(org);
    const ids = { ids: [ada.bookingUserId, bob.bookingUserId] };
    const people = await NODE_RUNS['lookup.booking_user'](rt, parseParams('lookup.booking_user', { path: 'ids' }), { data: ids });
    const issued = await issue(ids, rt, { path: 'ids' });
    const [adaCert] = await certificatesOf(ada.bookingUserId);
    const [bobCert] = await certificatesOf(bob.bookingUserId);
    expect(issued.pdf).toEqual([
      { filename: `certificate-${adaCert!.number}.pdf`, content_type: 'application/pdf', file_key: adaCert!.pdfKey, booking_user_id: ada.bookingUserId },
      { filename: `certificate-${bobCert!.number}.pdf`, content_type: 'application/pdf', file_key: bobCert!.pdfKey, booking_user_id: bob.bookingUserId },
    ]);
    const inputs = { template: await template(), recipient: people.booking_users, file: issued.pdf };
    const send = vi.spyOn(h.ctx.processor.mailer, 'send');
    try {
      // The editor's test run names each person's own PDF and sends nothing.
      expect((await mail(runtime(org, true), inputs)).would_send).toMatchObject({
        recipients: ['ada.two@example.test', 'bob.two@example.test'],
        messages: [{ to: 'ada.two@example.test', attachments: [`certificate-${adaCert!.number}.pdf`] }, { to: 'bob.two@example.test', attachments: [`certificate-${bobCert!.number}.pdf`] }],
      });
      expect(send).not.toHaveBeenCalled();

      expect(await mail(rt, inputs)).toEqual({ sent: true });
      const sent = send.mock.calls.map((call) => call[1]);
      expect(sent.map((m) => ({ to: m.to, subject: m.subject, files: m.attachments!.map((f) => f.filename) }))).toEqual([
        { to: 'ada.two@example.test', subject: 'Your certificate, Ada', files: [`certificate-${adaCert!.number}.pdf`] },
        { to: 'bob.two@example.test', subject: 'Your certificate, Bob', files: [`certificate-${bobCert!.number}.pdf`] },
      ]);
      expect((sent[0]!.attachments![0]!.content as Buffer).equals((await h.ctx.files.get(adaCert!.pdfKey))!.data)).toBe(true);
      expect((sent[1]!.attachments![0]!.content as Buffer).equals((await h.ctx.files.get(bobCert!.pdfKey))!.data)).toBe(true);
      expect((await sendsOf(rt)).map((row) => row.key).sort()).toEqual([`${rt.runId}:cert:0`, `${rt.runId}:cert:1`]);

      // A retried run sends neither again.
      expect(await mail(rt, inputs)).toEqual({ sent: false });
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });
});

const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}.${sourcePort}-${target}.${targetPort}`, source, sourcePort, target, targetPort });

describe('a task: booking_user.metadata.updated → certificate → e-mail', () => {
  it('a recorded result’s event issues the certificate once, and the e-mail attaches its PDF; a rerun sends the same certificate again', async () => {
    const graph = {
      nodes: [
        { id: 'start', kind: 'event.start', params: {} },
        { id: 'person', kind: 'lookup.booking_user', params: { path: 'booking_user_id' } },
        { id: 'cert', kind: 'certificate.issue', params: {} },
        { id: 'tpl', kind: 'template.email', params: { template_id: templateId } },
        { id: 'mail', kind: 'email.send', params: {} },
      ],
      edges: [edge('start', 'data', 'person', 'data'), edge('start', 'data', 'cert', 'data'), edge('person', 'first', 'mail', 'recipient'), edge('tpl', 'template', 'mail', 'template'), edge('cert', 'pdf', 'mail', 'file')],
    };
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'booking_user.metadata.updated', organisation_id: org } });
    const id = created.body.task.id as string;
    expect((await h.call('PUT', `/api/processor/task/${id}`, { token: admin.token, body: { enabled: true, task: graph } })).status).toBe(200);
    const { appointmentId, bookingUserId } = await personWithResult({ result: 'Negative' });
    const send = vi.spyOn(h.ctx.processor.mailer, 'send');
    try {
      // The event the practitioner's form and the lab's upload raise when they record a result.
      await db().transaction((tx) => h.ctx.outbox.emit(tx, { name: 'booking_user.metadata.updated', organisationId: org, payload: { appointment_id: appointmentId, booking_user_id: bookingUserId, keys: ['result'], at: 0 } }));
      await h.deliverOutbox();
      await runDue(h.ctx.processor);
      const [run] = await db().select().from(processorRuns).where(eq(processorRuns.taskId, id));
      expect(run, JSON.stringify(run?.nodes)).toMatchObject({ status: 'succeeded' });
      const [row] = await certificatesOf(bookingUserId);
      expect(row).toMatchObject({ organisationId: org, issuedByUserId: null, status: 'valid' });
      const file = `certificate-${row!.number}.pdf`;
      expect(run!.nodes.cert!.output).toEqual({ certificates: [{ id: row!.id, number: row!.number, booking_user_id: bookingUserId, reused: false }], pdf: [{ filename: file, content_type: 'application/pdf', file_key: row!.pdfKey, booking_user_id: bookingUserId }] });
      const sent = () => send.mock.calls.map((call) => call[1]).filter((mail) => mail.template === 'processor.Certificate');
      expect(sent()).toHaveLength(1);
      expect(sent()[0]).toMatchObject({ to: patient.user.email, subject: 'Your certificate, Pat', attachments: [{ filename: file, contentType: 'application/pdf' }] });
      const pdf = (await h.ctx.files.get(row!.pdfKey))!.data;
      expect((sent()[0]!.attachments![0]!.content as Buffer).equals(pdf)).toBe(true);

      const rerun = await h.call('POST', `/api/processor/task/${id}/log/${run!.id}/rerun`, { token: admin.token, body: {} });
      expect(rerun.status).toBe(202);
      await runDue(h.ctx.processor);
      const [again] = await db().select().from(processorRuns).where(eq(processorRuns.id, rerun.body.log_id));
      expect(again).toMatchObject({ status: 'succeeded' });
      expect(again!.nodes.cert!.output).toMatchObject({ certificates: [{ id: row!.id, reused: true }] });
      expect(await certificatesOf(bookingUserId)).toHaveLength(1);
      expect(sent()).toHaveLength(2);
      expect((sent()[1]!.attachments![0]!.content as Buffer).equals(pdf)).toBe(true);
    } finally {
      send.mockRestore();
    }
  });

  it('the editor’s test run of the graph names the certificate it would issue and the e-mail it would send, sending nothing', async () => {
    const created = await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'booking_user.metadata.updated', organisation_id: org } });
    const { bookingUserId } = await personWithResult({ result: 'Positive' });
    const graph = {
      nodes: [
        { id: 'start', kind: 'event.start', params: {} },
        { id: 'cert', kind: 'certificate.issue', params: {} },
        { id: 'tpl', kind: 'template.email', params: { template_id: templateId } },
        { id: 'mail', kind: 'email.send', params: {} },
      ],
      edges: [edge('start', 'data', 'cert', 'data'), edge('start', 'data', 'mail', 'recipient'), edge('tpl', 'template', 'mail', 'template'), edge('cert', 'pdf', 'mail', 'file')],
    };
    const tested = await h.call('POST', `/api/processor/task/${created.body.task.id}/test`, { token: admin.token, body: { task: graph, init_data: { booking_user_id: bookingUserId, email: 'ada.cert@example.test' } } });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.nodes.cert.output).toEqual({ certificates: [{ booking_user_id: bookingUserId, would_write: 'issue' }], pdf: [] });
    expect(tested.body.nodes.mail.output).toMatchObject({ sent: false, would_send: { note: 'not sent: test run', template: 'processor.Certificate', recipients: ['ada.cert@example.test'] } });
    expect(await certificatesOf(bookingUserId)).toHaveLength(0);
    expect((await h.call('POST', `/api/processor/task/${created.body.task.id}/test`, { token: otherAdmin.token, body: { task: graph, init_data: {} } })).status).toBe(404);
  });
});

describe('the certificate message node', () => {
  // The default certificate task's graph: event → certificate message → e-mail.
  const graph = () => ({
    nodes: [
      { id: 'start', kind: 'event.start', params: {} },
      { id: 'message', kind: 'message.certificate', params: {} },
      { id: 'tpl', kind: 'template.email', params: { template_id: templateId } },
      { id: 'mail', kind: 'email.send', params: {} },
    ],
    edges: [edge('start', 'data', 'message', 'data'), edge('message', 'recipients', 'mail', 'recipient'), edge('message', 'values', 'mail', 'data'), edge('message', 'attachments', 'mail', 'attachments'), edge('tpl', 'template', 'mail', 'template')],
  });
  async function task(organisationId: string, token: string) {
    const created = await h.call('POST', '/api/processor/task', { token, body: { event: 'certificate.issued', organisation_id: organisationId } });
    const id = created.body.task.id as string;
    expect((await h.call('PUT', `/api/processor/task/${id}`, { token, body: { enabled: true, task: graph() } })).status).toBe(200);
    return id;
  }
  /** A `certificate.issued` event raised by hand for `organisationId`, naming the certificate; the task's run. */
  async function raised(taskId: string, organisationId: string, certificateId: string) {
    await db().transaction((tx) => h.ctx.outbox.emit(tx, { name: 'certificate.issued', organisationId, payload: { certificate_id: certificateId } }));
    await h.deliverOutbox();
    await runDue(h.ctx.processor);
    const [run] = await db().select().from(processorRuns).where(eq(processorRuns.taskId, taskId));
    return run!;
  }

  it('reads only the task’s organisation’s certificates: another’s id fails as not found, sending nothing and signing no link; its own is sent', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Negative' });
    await issue({ booking_user_id: bookingUserId });
    await h.deliverOutbox();
    const [certificate] = await certificatesOf(bookingUserId);
    const theirs = await task(other, otherAdmin.token);
    const ours = await task(org, admin.token);
    const send = vi.spyOn(h.ctx.processor.mailer, 'send');
    // The task's e-mails (the product's own handler of the event is not under test here).
    const sent = () => send.mock.calls.map((call) => call[1]).filter((mail) => mail.template === 'processor.Certificate');
    try {
      const refused = await raised(theirs, other, certificate!.id);
      expect(refused).toMatchObject({ status: 'failed', failedNode: 'message', reason: 'Not found.' });
      expect(refused.nodes.message!.output).toBeUndefined();
      expect(refused.nodes.mail).toBeUndefined();
      // Nothing of the certificate is kept in the run: not its holder, its number nor a signed link.
      for (const secret of ['signature', 'open_link', certificate!.number, 'ada.cert@example.test', certificate!.pdfKey]) expect(JSON.stringify(refused.nodes)).not.toContain(secret);
      expect(await db().select().from(processorSends).where(eq(processorSends.runId, refused.id))).toHaveLength(0);
      expect(sent()).toHaveLength(0);

      // The editor's test run of the other organisation's task fails the same way.
      const tested = await h.call('POST', `/api/processor/task/${theirs}/test`, { token: otherAdmin.token, body: { task: graph(), init_data: { certificate_id: certificate!.id } } });
      expect(tested.status, JSON.stringify(tested.body)).toBe(200);
      expect(tested.body).toMatchObject({ result: 'failed', failed_node: 'message', reason: 'Not found.' });
      expect(JSON.stringify(tested.body)).not.toContain('signature');
      // An id that names no certificate reads the same.
      const none = await h.call('POST', `/api/processor/task/${theirs}/test`, { token: otherAdmin.token, body: { task: graph(), init_data: { certificate_id: randomUUID() } } });
      expect(none.body).toMatchObject({ result: 'failed', failed_node: 'message', reason: 'Not found.' });
      expect(sent()).toHaveLength(0);

      // A graph without the message node, its e-mail's data naming our certificate: sent, but our certificate is not marked.
      await db().update(certificates).set({ sentAt: null }).where(eq(certificates.id, certificate!.id));
      const bare = await h.call('POST', '/api/processor/task', { token: otherAdmin.token, body: { event: 'booking_user.metadata.updated', organisation_id: other } });
      const bareGraph = {
        nodes: [
          { id: 'start', kind: 'event.start', params: {} },
          { id: 'tpl', kind: 'template.email', params: { template_id: templateId } },
          { id: 'mail', kind: 'email.send', params: {} },
        ],
        edges: [edge('start', 'data', 'mail', 'recipient'), edge('start', 'data', 'mail', 'data'), edge('tpl', 'template', 'mail', 'template')],
      };
      expect((await h.call('PUT', `/api/processor/task/${bare.body.task.id}`, { token: otherAdmin.token, body: { enabled: true, task: bareGraph } })).status).toBe(200);
      await db().transaction((tx) => h.ctx.outbox.emit(tx, { name: 'booking_user.metadata.updated', organisationId: other, payload: { certificate_id: certificate!.id, email: 'someone.else@example.test' } }));
      await h.deliverOutbox();
      await runDue(h.ctx.processor);
      const [bareRun] = await db().select().from(processorRuns).where(eq(processorRuns.taskId, bare.body.task.id as string));
      expect(bareRun, JSON.stringify(bareRun?.nodes)).toMatchObject({ status: 'succeeded' });
      expect((await certificatesOf(bookingUserId))[0]!.sentAt).toBeNull();
      send.mockClear();

      const own = await raised(ours, org, certificate!.id);
      expect(own, JSON.stringify(own.nodes)).toMatchObject({ status: 'succeeded' });
      expect(own.nodes.message!.output).toMatchObject({ recipients: ['ada.cert@example.test'], values: { number: certificate!.number }, attachments: [{ file_key: certificate!.pdfKey }] });
      expect((own.nodes.message!.output as { values: { open_link: string } }).values.open_link).toContain('signature=');
      expect(sent()).toHaveLength(1);
      expect(sent()[0]).toMatchObject({ to: 'ada.cert@example.test', attachments: [{ filename: `certificate-${certificate!.number}.pdf` }] });
      expect((await certificatesOf(bookingUserId))[0]!.sentAt).toEqual(h.clock.now());
    } finally {
      send.mockRestore();
    }
  });
});

describe('the default certificate task', () => {
  it('e-mails an issued certificate in the product’s place and marks it sent, so certificate management shows it sent', async () => {
    const { bookingUserId } = await personWithResult({ result: 'Negative' });
    await issue({ booking_user_id: bookingUserId });
    await h.deliverOutbox();
    const [certificate] = await certificatesOf(bookingUserId);
    expect(certificate!.sentAt).toBeNull();
    // Every organisation's processor has the default tasks; from then on it, not the product's handler, e-mails a certificate issued.
    await seedDefaultTasks(h.ctx.processor);
    await db().transaction((tx) => h.ctx.outbox.emit(tx, { name: 'certificate.issued', organisationId: org, payload: { certificate_id: certificate!.id } }));
    await h.deliverOutbox();
    await runDue(h.ctx.processor);
    const mails = await h.mails({ recipient: 'ada.cert@example.test', template: 'certificate.issued' });
    expect(mails.filter((mail) => mail.subject?.includes(certificate!.number))).toHaveLength(1);
    expect((await certificatesOf(bookingUserId))[0]!.sentAt).toEqual(h.clock.now());
  });
});
