import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROCESSOR_MSG } from '@vireo/contracts';
import { rowsOf } from '../../platform/db';
import { processorTemplates } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

const onPostgres = Boolean(inject('postgresUrl'));

let h: Harness;
let org: string;
let admin: TestUser;
let support: TestUser;
const url = '/api/processor/templates';
const body = { name: 'Reminder', subject_en: 'Hello {{first_name}}', body_en: 'See you {{when}}.', subject_de: 'Hallo {{first_name}}', body_de: 'Bis {{when}}.' };

beforeAll(async () => {
  h = await createHarness();
  org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
});
afterAll(() => h.close());

describe('e-mail templates (/api/processor/templates)', () => {
  it('creates, reads, changes and deletes a template; GET /templates answers id and name', async () => {
    const created = await h.call('POST', url, { token: admin.token, body });
    expect(created.status).toBe(201);
    const id = created.body.template.id as string;
    expect((await h.call('GET', url, { token: admin.token })).body.templates).toContainEqual({ id, name: 'Reminder' });
    expect((await h.call('GET', `${url}/${id}`, { token: admin.token })).body.template).toEqual({ id, ...body });
    const changed = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { ...body, name: 'Reminder 2', body_de: 'Bis bald.' } });
    expect(changed.status).toBe(200);
    expect(changed.body.template).toEqual({ id, ...body, name: 'Reminder 2', body_de: 'Bis bald.' });
    expect((await h.call('DELETE', `${url}/${id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', `${url}/${id}`, { token: admin.token })).status).toBe(404);
  });

  it('a template a task uses cannot be deleted, with a clear message; once the task uses another, it can', async () => {
    const used = (await h.call('POST', url, { token: admin.token, body })).body.template.id as string;
    const task = (await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: org } })).body.task;
    const graph = (templateId: string) => ({
      nodes: [...task.task.nodes, { id: 'tpl', kind: 'template.email', params: { template_id: templateId } }],
      edges: [],
    });
    expect((await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: graph(used) } })).status).toBe(200);
    const refused = await h.call('DELETE', `${url}/${used}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PROCESSOR_MSG.templateInUse);
    const other = (await h.call('POST', url, { token: admin.token, body: { ...body, name: 'Other' } })).body.template.id as string;
    expect((await h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: graph(other) } })).status).toBe(200);
    expect((await h.call('DELETE', `${url}/${used}`, { token: admin.token })).status).toBe(200);
  });

  it.skipIf(!onPostgres)('a delete racing 24 task saves that use the template: either the delete is refused, or no saved version names the template (runs on PostgreSQL only)', async () => {
    for (let round = 0; round < 6; round++) {
      const target = (await h.call('POST', url, { token: admin.token, body: { ...body, name: `Raced ${round}` } })).body.template.id as string;
      const tasks = await Promise.all(Array.from({ length: 8 }, async () => (await h.call('POST', '/api/processor/task', { token: admin.token, body: { event: 'appointment.booked', organisation_id: org } })).body.task));
      const save = (task: { id: string; task: { nodes: unknown[] } }) => h.call('PUT', `/api/processor/task/${task.id}`, { token: admin.token, body: { task: { nodes: [...task.task.nodes, { id: 'tpl', kind: 'template.email', params: { template_id: target } }], edges: [] } } });
      const saves = tasks.flatMap((task) => [save(task), save(task), save(task)]);
      // The delete starts among the saves: after some, before others.
      const deleted = await h.call('DELETE', `${url}/${target}`, { token: admin.token });
      const saved = await Promise.all(saves);
      for (const answer of saved) {
        expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 400) expect(answer.body.errors).toEqual({ tpl: 'Unknown template.' });
      }
      const naming = rowsOf<{ n: number }>(
        await h.ctx.database.db.execute(sql`
          SELECT count(*)::int AS n FROM processor_task_versions v CROSS JOIN LATERAL jsonb_array_elements(v.graph->'nodes') AS node(n)
          WHERE node.n->'params'->>'template_id' = ${target}`),
      )[0]!.n;
      const exists = (await h.ctx.database.db.select({ id: processorTemplates.id }).from(processorTemplates).where(sql`${processorTemplates.id} = ${target}`)).length === 1;
      if (deleted.status === 200) {
        expect(exists).toBe(false);
        expect(naming).toBe(0);
        expect(saved.every((answer) => answer.status === 400)).toBe(true);
      } else {
        expect(deleted).toMatchObject({ status: 409, body: { message: PROCESSOR_MSG.templateInUse } });
        expect(exists).toBe(true);
        expect(naming).toBe(saved.filter((answer) => answer.status === 200).length);
      }
    }
  });

  it('bad input 400, no session 401, wrong role 403, an unknown template 404', async () => {
    const id = (await h.call('POST', url, { token: admin.token, body })).body.template.id as string;
    const bad = await h.call('PUT', `${url}/${id}`, { token: admin.token, body: { ...body, subject_en: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['subject_en']);
    expect((await h.call('GET', `${url}/${id}`)).status).toBe(401);
    expect((await h.call('PUT', `${url}/${id}`, { body })).status).toBe(401);
    expect((await h.call('DELETE', `${url}/${id}`)).status).toBe(401);
    expect((await h.call('GET', `${url}/${id}`, { token: support.token })).status).toBe(403);
    expect((await h.call('PUT', `${url}/${id}`, { token: support.token, body })).status).toBe(403);
    expect((await h.call('DELETE', `${url}/${id}`, { token: support.token })).status).toBe(403);
    expect((await h.call('GET', `${url}/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PUT', `${url}/${randomUUID()}`, { token: admin.token, body })).status).toBe(404);
    expect((await h.call('DELETE', `${url}/${randomUUID()}`, { token: admin.token })).status).toBe(404);
  });
});
