import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MSG } from '@vireo/contracts';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  other = await h.user({ org, roles: ['shift_manager'] });
});
afterAll(() => h.close());

const base = '/api/commerce/v1/drug';
const drug = (overrides: Record<string, unknown> = {}) => ({ name: 'Codeine phosphate', base_component: 'Codeine', type: 'Tablet', class: 2, show_in_autocomplete: true, ...overrides });
const create = (body: unknown) => h.call('POST', base, { token: admin.token, body });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/api/commerce/v1/drug', () => {
  let codeineId: string;

  it('creates a drug, reads it and lists the register by lower-case name, byte by byte, a page at a time', async () => {
    const created = await create(drug());
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(REFERENCE_MSG.drugCreated);
    expect(created.body.drug).toEqual({ id: expect.any(String), ...drug() });
    codeineId = created.body.drug.id;
    await create(drug({ name: 'Diazepam', base_component: 'Diazepam', class: 4 }));
    await create(drug({ name: 'codeine linctus', show_in_autocomplete: false }));
    await create(drug({ name: 'Co-codamol 30/500' }));
    await create(drug({ name: 'Cod_ex 100%' }));

    expect((await h.call('GET', `${base}/${codeineId}`, { token: admin.token })).body.drug).toEqual(created.body.drug);
    const all = await h.call('GET', base, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.drugs.map((d: { name: string }) => d.name)).toEqual(['Co-codamol 30/500', 'Cod_ex 100%', 'codeine linctus', 'Codeine phosphate', 'Diazepam']);
    const page = await h.call('GET', `${base}?limit=2&offset=3`, { token: admin.token });
    expect(page.body).toMatchObject({ total: 5, drugs: [{ name: 'Codeine phosphate' }, { name: 'Diazepam' }] });
  });

  it('q: the autocomplete, drugs shown in it whose name starts with q, in any case', async () => {
    const names = async (q: string) => (await h.call('GET', `${base}?q=${encodeURIComponent(q)}`, { token: admin.token })).body.drugs.map((d: { name: string }) => d.name);
    expect(await names('cod')).toEqual(['Cod_ex 100%', 'Codeine phosphate']);
    expect(await names('CODEINE')).toEqual(['Codeine phosphate']);
    expect(await names('co')).toEqual(['Co-codamol 30/500', 'Cod_ex 100%', 'Codeine phosphate']);
    // LIKE's wildcards in q match themselves.
    expect(await names('cod_')).toEqual(['Cod_ex 100%']);
    expect(await names('%')).toEqual([]);
    expect(await names('deine')).toEqual([]);
    expect((await h.call('GET', `${base}?q=co&limit=1`, { token: admin.token })).body).toMatchObject({ total: 3, drugs: [{ name: 'Co-codamol 30/500' }] });
  });

  it('answers each message of the form, and 400 for a bad query', async () => {
    const expectField = async (body: unknown, field: string, message: string) => {
      const answer = await create(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors[field], field).toBe(message);
    };
    await expectField(drug({ name: '' }), 'name', REFERENCE_MSG.inputName);
    await expectField(drug({ base_component: ' ' }), 'base_component', REFERENCE_MSG.inputBaseComponent);
    await expectField(drug({ type: '' }), 'type', REFERENCE_MSG.inputType);
    await expectField(drug({ class: 'two' }), 'class', REFERENCE_MSG.inputClass);
    await expectField(drug({ class: 2.5 }), 'class', REFERENCE_MSG.inputClass);
    expect((await create({ name: 'Only a name' })).body.message).toBe('Missing details.');
    expect((await create(drug({ show_in_autocomplete: 'yes' }))).status).toBe(400);
    expect((await h.call('GET', `${base}?limit=0`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}?q=`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/not-an-id`, { token: admin.token })).status).toBe(400);
  });

  it('replaces a drug (PUT) and keeps the change history', async () => {
    h.clock.advance(60_000);
    const edited = await h.call('PUT', `${base}/${codeineId}`, { token: admin.token, body: drug({ class: 3, show_in_autocomplete: false }) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: REFERENCE_MSG.drugEdited, drug: { id: codeineId, class: 3, show_in_autocomplete: false } });
    expect((await h.call('GET', `${base}?q=codeine`, { token: admin.token })).body.drugs).toEqual([]);
    expect((await h.call('PUT', `${base}/${codeineId}`, { token: admin.token, body: drug({ type: '' }) })).body.errors.type).toBe(REFERENCE_MSG.inputType);
    const history = await h.call('GET', `${base}/${codeineId}/history`, { token: admin.token });
    const actor = `Test Person <${admin.user.email}>`;
    expect(history.body.changes).toEqual([
      { at: expect.any(Number), action: 'drug.updated', actor, fields: ['class', 'show_in_autocomplete'] },
      { at: expect.any(Number), action: 'drug.created', actor, fields: ['name', 'base_component', 'type', 'class', 'show_in_autocomplete'] },
    ]);
  });

  it('deletes a drug; an unknown one is 404', async () => {
    expect((await h.call('DELETE', `${base}/${codeineId}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', `${base}/${codeineId}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base}/${codeineId}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PUT', `${base}/${UNKNOWN}`, { token: admin.token, body: drug() })).status).toBe(404);
    expect((await h.call('GET', `${base}/${codeineId}/history`, { token: admin.token })).body.changes[0].action).toBe('drug.deleted');
  });

  it('answers 401 without a session and 403 to other roles', async () => {
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}?q=co`],
      ['POST', base],
      ['GET', `${base}/${UNKNOWN}`],
      ['PUT', `${base}/${UNKNOWN}`],
      ['DELETE', `${base}/${UNKNOWN}`],
      ['GET', `${base}/${UNKNOWN}/history`],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? drug() : undefined;
      expect((await h.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { token: other.token, body })).status, `${method} ${url}`).toBe(403);
    }
  });
});
