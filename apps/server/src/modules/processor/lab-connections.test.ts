import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PROCESSOR_MSG } from '@vireo/contracts';
import { rowsOf } from '../../platform/db';
import { processorLabConnections } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { NODE_RUNS, parseParams, type NodeRuntime } from './nodes';

const onPostgres = Boolean(inject('postgresUrl'));

let h: Harness;
let org: string;
let other: string;
let admin: TestUser;
let otherAdmin: TestUser;
let support: TestUser;
let endpoint: http.Server;
let baseUrl: string;
const received: { url: string; authorization: string | undefined; body: unknown }[] = [];
const url = '/api/processor/lab-connections';

beforeAll(async () => {
  h = await createHarness({ processorAllowPrivateHosts: true });
  org = await h.org();
  other = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  otherAdmin = await h.user({ org: other, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
  endpoint = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body || 'null') });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ lab_order_id: 'L-1' }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/`;
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  await h.close();
});

const labOrder = (organisationId: string, connectionId: string, order: unknown) => {
  const p = h.ctx.processor;
  const rt = { db: p.db, clock: p.clock, sealer: p.sealer, allowPrivateHosts: true, runId: randomUUID(), organisationId, nodeId: 'lab', sealedCredential: undefined } as unknown as NodeRuntime;
  return NODE_RUNS['lab.order'](rt, parseParams('lab.order', { connection_id: connectionId, path: '/orders' }), { order });
};

const unknownConnection = "Unknown lab connection: choose one of this organisation's lab connections.";

/** A graph that orders from the lab over `connectionId` with the event's data. */
const ordering = (connectionId: string) => ({
  nodes: [
    { id: 'start', kind: 'event.start', params: {} },
    { id: 'lab', kind: 'lab.order', params: { connection_id: connectionId } },
  ],
  edges: [{ id: 'start.data-lab.order', source: 'start', sourcePort: 'data', target: 'lab', targetPort: 'order' }],
});

const newTask = async (token: string, organisationId: string) =>
  (await h.call('POST', '/api/processor/task', { token, body: { event: 'appointment.booked', organisation_id: organisationId } })).body.task as { id: string };

const newConnection = async (token: string, organisationId: string, name: string) =>
  (await h.call('POST', url, { token, body: { organisation_id: organisationId, name, base_url: baseUrl } })).body.connection.id as string;

describe('lab connections (/api/processor/lab-connections) and the lab-order node', () => {
  it('creates, lists, changes and deletes a connection; its credential is sealed and never answered', async () => {
    const created = await h.call('POST', url, { token: admin.token, body: { organisation_id: org, name: 'Eurofins', base_url: baseUrl, credential: 'lab-secret' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.connection).toEqual({ id: expect.any(String), organisation_id: org, name: 'Eurofins', base_url: baseUrl, has_credential: true });
    expect(JSON.stringify(created.body)).not.toContain('lab-secret');
    const id = created.body.connection.id as string;
    const [row] = await h.ctx.database.db.select().from(processorLabConnections).where(eq(processorLabConnections.id, id));
    expect(row!.credentialSealed).not.toContain('lab-secret');
    expect(await h.ctx.sealer.open(row!.credentialSealed!)).toBe('lab-secret');

    const listed = await h.call('GET', url, { token: admin.token });
    expect(listed.body.connections).toEqual([created.body.connection]);
    expect((await h.call('GET', url, { token: otherAdmin.token })).body.connections).toEqual([]);

    // Changed without a credential: it keeps its own.
    const changed = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { organisation_id: org, name: 'Eurofins UK', base_url: baseUrl } });
    expect(changed.status).toBe(200);
    expect(changed.body.connection).toMatchObject({ name: 'Eurofins UK', has_credential: true });

    // The node posts the order with the connection's credential, for the connection's organisation only.
    expect(await labOrder(org, id, { order_id: 'o-1' })).toEqual({ response: { lab_order_id: 'L-1' }, status: '201' });
    expect(received.at(-1)).toEqual({ url: '/api/orders', authorization: 'Bearer lab-secret', body: { order_id: 'o-1' } });
    await expect(labOrder(other, id, {})).rejects.toThrow('No such lab connection in this organisation.');

    // `credential: null` removes it; the node then posts without one.
    const removed = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { organisation_id: org, name: 'Eurofins UK', base_url: baseUrl, credential: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.connection).toMatchObject({ has_credential: false });
    const [cleared] = await h.ctx.database.db.select().from(processorLabConnections).where(eq(processorLabConnections.id, id));
    expect(cleared!.credentialSealed).toBeNull();
    await labOrder(org, id, { order_id: 'o-2' });
    expect(received.at(-1)).toMatchObject({ authorization: undefined, body: { order_id: 'o-2' } });

    // A new credential replaces none.
    const replaced = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { organisation_id: org, name: 'Eurofins UK', base_url: baseUrl, credential: 'second-secret' } });
    expect(replaced.body.connection).toMatchObject({ has_credential: true });
    expect(JSON.stringify(replaced.body)).not.toContain('second-secret');
    const [resealed] = await h.ctx.database.db.select().from(processorLabConnections).where(eq(processorLabConnections.id, id));
    expect(await h.ctx.sealer.open(resealed!.credentialSealed!)).toBe('second-secret');

    expect((await h.call('DELETE', `${url}/${id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', url, { token: admin.token })).body.connections).toEqual([]);
  });

  it('refuses a base URL that is not http(s) or carries a user name or password, on create and on change', async () => {
    const post = (base_url: string) => h.call('POST', url, { token: admin.token, body: { organisation_id: org, name: 'Oncologica', base_url } });
    for (const bad of ['not a url', 'ftp://lab.example.test/', 'javascript:alert(1)']) {
      const answer = await post(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.errors).toEqual({ base_url: PROCESSOR_MSG.labBaseUrl });
    }
    const withPassword = await post('https://user:pass@lab.example.test/');
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.errors).toEqual({ base_url: PROCESSOR_MSG.labBaseUrlCredential });

    const made = await post('https://lab.example.test/api');
    expect(made.status).toBe(201);
    const id = made.body.connection.id as string;
    const changed = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { organisation_id: org, name: '', base_url: 'ftp://lab.example.test/', credential: '' } });
    expect(changed.status).toBe(400);
    expect(Object.keys(changed.body.errors ?? {}).sort()).toEqual(['base_url', 'credential', 'name']);
    expect((await h.call('PUT', `${url}/not-an-id`, { token: admin.token, body: { organisation_id: org, name: 'X', base_url: baseUrl } })).status).toBe(400);
    expect((await h.call('GET', url, { token: admin.token })).body.connections).toContainEqual(expect.objectContaining({ id, name: 'Oncologica', base_url: 'https://lab.example.test/api' }));
  });

  it('a task’s save and test run refuse a lab-order node naming another organisation’s or an unknown connection, with the reason per node', async () => {
    const task = await newTask(admin.token, org);
    const theirs = await newConnection(otherAdmin.token, other, 'Their lab');
    const mine = await newConnection(admin.token, org, 'My lab');
    for (const connection of [theirs, randomUUID()]) {
      const saved = await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: ordering(connection) } });
      expect(saved).toMatchObject({ status: 400, body: { message: PROCESSOR_MSG.invalidGraph, errors: { lab: unknownConnection } } });
      const tested = await h.call('POST', `/api/processor/task/${task.id}/test`, { token: admin.token, body: { task: ordering(connection), init_data: {} } });
      expect(tested).toMatchObject({ status: 400, body: { message: PROCESSOR_MSG.invalidGraph, errors: { lab: unknownConnection } } });
    }
    expect((await h.call('GET', `/api/processor/task/${task.id}`, { token: admin.token })).body.task.version).toBe(1);
    const saved = await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: ordering(mine) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.task.version).toBe(2);
  });

  it('refuses to delete a connection a task’s current graph uses (409), and deletes it once the task uses another', async () => {
    const task = await newTask(admin.token, org);
    const used = await newConnection(admin.token, org, 'Used lab');
    const spare = await newConnection(admin.token, org, 'Spare lab');
    expect((await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: ordering(used) } })).status).toBe(200);
    const refused = await h.call('DELETE', `${url}/${used}`, { token: admin.token });
    expect(refused).toMatchObject({ status: 409, body: { message: PROCESSOR_MSG.labConnectionInUse } });
    expect((await h.call('GET', url, { token: admin.token })).body.connections).toContainEqual(expect.objectContaining({ id: used }));
    // Only the current graph counts: its earlier version still names the connection.
    expect((await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: ordering(spare) } })).status).toBe(200);
    expect((await h.call('DELETE', `${url}/${used}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', url, { token: admin.token })).body.connections).not.toContainEqual(expect.objectContaining({ id: used }));
  });

  it.skipIf(!onPostgres)('a delete racing 24 task saves that use the connection: either the delete is refused, or no saved version names it (runs on PostgreSQL only)', async () => {
    for (let round = 0; round < 6; round++) {
      const target = await newConnection(admin.token, org, `Raced ${round}`);
      const tasks = await Promise.all(Array.from({ length: 24 }, () => newTask(admin.token, org)));
      const saves = tasks.map((task) => h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: ordering(target) } }));
      // The delete starts among the saves: after some, before others.
      const deleted = await h.call('DELETE', `${url}/${target}`, { token: admin.token });
      const saved = await Promise.all(saves);
      for (const answer of saved) {
        expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 400) expect(answer.body.errors).toEqual({ lab: unknownConnection });
      }
      const naming = rowsOf<{ n: number }>(
        await h.ctx.database.db.execute(sql`
          SELECT count(*)::int AS n FROM processor_task_versions v CROSS JOIN LATERAL jsonb_array_elements(v.graph->'nodes') AS node(n)
          WHERE node.n->'params'->>'connection_id' = ${target}`),
      )[0]!.n;
      const exists = (await h.ctx.database.db.select({ id: processorLabConnections.id }).from(processorLabConnections).where(eq(processorLabConnections.id, target))).length === 1;
      if (deleted.status === 200) {
        expect(exists).toBe(false);
        expect(naming).toBe(0);
        expect(saved.every((answer) => answer.status === 400)).toBe(true);
      } else {
        expect(deleted).toMatchObject({ status: 409, body: { message: PROCESSOR_MSG.labConnectionInUse } });
        expect(exists).toBe(true);
        expect(naming).toBe(saved.filter((answer) => answer.status === 200).length);
      }
    }
  });

  it('bad input 400, no session 401, wrong role 403, another organisation’s connection 404', async () => {
    const bad = await h.call('POST', url, { token: admin.token, body: { organisation_id: org, name: '', base_url: 'not a url' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['name', 'base_url']));
    expect((await h.call('POST', url, { token: otherAdmin.token, body: { organisation_id: org, name: 'X', base_url: baseUrl } })).status).toBe(404);
    const mine = await h.call('POST', url, { token: admin.token, body: { organisation_id: org, name: 'Synlab', base_url: baseUrl, credential: 'synlab-secret' } });
    expect(mine.body.connection.has_credential).toBe(true);
    const id = mine.body.connection.id as string;
    const body = { organisation_id: org, name: 'Changed', base_url: baseUrl, credential: null };

    for (const [method, path, sent] of [['GET', url], ['POST', url, body], ['PUT', `${url}/${id}`, body], ['DELETE', `${url}/${id}`]] as const) {
      expect((await h.call(method, path, { body: sent })).status, `${method} without a session`).toBe(401);
      expect((await h.call(method, path, { token: support.token, body: sent })).status, `${method} as customer services`).toBe(403);
    }
    // Another organisation's super admin: not theirs, whether they name its organisation or their own.
    expect((await h.call('PUT', `${url}/${id}`, { token: otherAdmin.token, body: { organisation_id: other, name: 'Mine now', base_url: baseUrl } })).status).toBe(404);
    expect((await h.call('PUT', `${url}/${id}`, { token: otherAdmin.token, body })).status).toBe(404);
    expect((await h.call('DELETE', `${url}/${id}`, { token: otherAdmin.token })).status).toBe(404);
    // Nor may its own super admin move it to an organisation they do not run.
    expect((await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { ...body, organisation_id: other } })).status).toBe(404);
    expect((await h.call('DELETE', `${url}/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PUT', `${url}/${randomUUID()}`, { token: admin.token, body })).status).toBe(404);
    // None of those refused changes touched it.
    expect((await h.call('GET', url, { token: admin.token })).body.connections).toContainEqual({ id, organisation_id: org, name: 'Synlab', base_url: baseUrl, has_credential: true });
  });
});
