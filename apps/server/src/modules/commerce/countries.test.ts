import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COUNTRY_DEFAULTS, REFERENCE_MSG } from '@vireo/contracts';
import { countries, countryRestrictions } from '../../db/schema';
import { countQueries } from '../../test/count-queries';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  other = await h.user({ org, roles: ['customer_services'] });
});
afterAll(() => h.close());

const base = '/api/commerce/v1/country';
const country = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'France',
  NCA_address: { address_5: '143-147 Boulevard Anatole France, Saint-Denis', email: 'nca@example.test' },
  prohibited_schedule: 2,
  prohibited_schedule_narcotics: [1, 2],
  prohibited_schedule_psychotropics: [3],
  recommendations: [{ recommendation: 'Carry the prescription.\nKeep medicines in their packaging.' }],
  ...overrides,
});
const create = (body: unknown) => h.call('POST', base, { token: admin.token, body });

describe('/api/commerce/v1/country', () => {
  it('creates a country with its linked records and the defaults of spec 3 §3, then lists and reads it', async () => {
    const created = await create(country('fra'));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(REFERENCE_MSG.countryCreated);
    expect(created.body.country).toMatchObject({
      id: 'FRA',
      name: 'France',
      NCA_address: { address_5: '143-147 Boulevard Anatole France, Saint-Denis', email: 'nca@example.test' },
      prohibited_schedule: 2,
      prohibited_schedule_narcotics: [1, 2],
      prohibited_schedule_psychotropics: [3],
      recommendations: [{ recommendation: 'Carry the prescription.\nKeep medicines in their packaging.' }],
      prohibitions: [COUNTRY_DEFAULTS.prohibition],
      restriction: { narcotic: COUNTRY_DEFAULTS.restriction, psychotropic: COUNTRY_DEFAULTS.restriction },
      vaccine_information: { most_travellers: 'default', recommended: 'default' },
    });
    const { nca_address_id, restriction_id, vaccine_information_id } = created.body.country;
    expect([nca_address_id, restriction_id, vaccine_information_id].every(Number.isInteger)).toBe(true);

    const list = await h.call('GET', base, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.countries.find((c: { id: string }) => c.id === 'FRA')).toEqual(created.body.country);
    const one = await h.call('GET', `${base}/FRA`, { token: admin.token });
    expect(one.body.country).toEqual(created.body.country);
    expect((await h.call('GET', `${base}/fra`, { token: admin.token })).body.country.id).toBe('FRA');
  });

  it('refuses a code in use with 409, and keeps no linked records of the refused one', async () => {
    const before = (await h.call('GET', base, { token: admin.token })).body.countries.length;
    const again = await create(country('FRA', { name: 'France again' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFERENCE_MSG.countryExists);
    const after = await h.call('GET', base, { token: admin.token });
    expect(after.body.countries).toHaveLength(before);
    expect(after.body.countries.find((c: { id: string }) => c.id === 'FRA').name).toBe('France');
  });

  it('answers each message of the form', async () => {
    const expectField = async (body: unknown, field: string, message: string) => {
      const answer = await create(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors[field], field).toBe(message);
    };
    await expectField(country('DEU', { name: '  ' }), 'name', REFERENCE_MSG.inputName);
    await expectField(country('XYZ'), 'id', REFERENCE_MSG.countryCode);
    await expectField(country('DE'), 'id', REFERENCE_MSG.countryCode);
    await expectField(country('DEU', { prohibited_schedule: 'two' }), 'prohibited_schedule', REFERENCE_MSG.prohibitedSchedule);
    await expectField(country('DEU', { prohibited_schedule: 1.5 }), 'prohibited_schedule', REFERENCE_MSG.prohibitedSchedule);
    await expectField(country('DEU', { prohibited_schedule_narcotics: [1, null] }), 'prohibited_schedule_narcotics.1', REFERENCE_MSG.inputNumber);
    await expectField(country('DEU', { prohibited_schedule_psychotropics: ['x'] }), 'prohibited_schedule_psychotropics.0', REFERENCE_MSG.inputNumber);
    await expectField(country('DEU', { recommendations: [{ recommendation: ' ' }] }), 'recommendations.0.recommendation', REFERENCE_MSG.recommendation);
    await expectField(country('DEU', { NCA_address: { address_5: '', email: 'not-an-address' } }), 'NCA_address.email', REFERENCE_MSG.email);
    const missing = await create({ id: 'DEU' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
    expect((await create(country('DEU', { name: 'Germany\u0000' }))).status).toBe(400);
    expect((await create(country('DEU', { extra: 1 }))).status).toBe(400);
  });

  it('changes the given fields and the linked records, keeping the code; an empty change is 400', async () => {
    const before = (await h.call('GET', `${base}/FRA`, { token: admin.token })).body.country;
    const changed = await h.call('PATCH', `${base}/FRA`, {
      token: admin.token,
      body: {
        name: 'French Republic',
        prohibited_schedule_narcotics: [4],
        NCA_address: { address_5: 'Saint-Denis', email: '' },
        restriction: { narcotic: 'Allowed with a certificate.', psychotropic: 'Allowed for 30 days.' },
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(REFERENCE_MSG.countryEdited);
    expect(changed.body.country).toEqual({
      ...before,
      name: 'French Republic',
      prohibited_schedule_narcotics: [4],
      NCA_address: { address_5: 'Saint-Denis', email: '' },
      restriction: { narcotic: 'Allowed with a certificate.', psychotropic: 'Allowed for 30 days.' },
    });
    expect((await h.call('PATCH', `${base}/FRA`, { token: admin.token, body: { id: 'DEU' } })).status).toBe(400);
    expect((await h.call('PATCH', `${base}/FRA`, { token: admin.token, body: {} })).status).toBe(400);
    expect((await h.call('PATCH', `${base}/FRA`, { token: admin.token, body: { recommendations: [{ recommendation: '' }] } })).body.errors['recommendations.0.recommendation']).toBe(
      REFERENCE_MSG.recommendation,
    );
  });

  it('lists from memory until a country or one of its linked records changes, through the API or by hand', async () => {
    const list = () => h.call('GET', base, { token: admin.token });
    const first = await list();
    const again = await countQueries(h.ctx.database.db, list);
    expect(again.result.body).toEqual(first.body);
    expect(again.queries).toBe(0);
    const byCode = (body: { countries: { id: string; name: string; restriction: { narcotic: string } }[] }, id: string) => body.countries.find((c) => c.id === id)!;

    expect((await create(country('ESP'))).status).toBe(201);
    expect(byCode((await list()).body, 'ESP')).toBeDefined();
    expect((await h.call('PATCH', `${base}/ESP`, { token: admin.token, body: { name: 'Kingdom of Spain' } })).status).toBe(200);
    expect(byCode((await list()).body, 'ESP').name).toBe('Kingdom of Spain');
    const [esp] = await h.ctx.database.db.select({ restrictionId: countries.restrictionId }).from(countries).where(eq(countries.id, 'ESP'));
    await h.ctx.database.db.update(countryRestrictions).set({ narcotic: 'Changed by hand.' }).where(eq(countryRestrictions.id, esp!.restrictionId));
    expect(byCode((await list()).body, 'ESP').restriction.narcotic).toBe('Changed by hand.');
  });

  it('keeps the change history: who, what and when, newest first', async () => {
    h.clock.advance(60_000);
    await h.call('PATCH', `${base}/FRA`, { token: admin.token, body: { prohibited_schedule: 3 } });
    const history = await h.call('GET', `${base}/FRA/history`, { token: admin.token });
    expect(history.status).toBe(200);
    const actor = `Test Person <${admin.user.email}>`;
    expect(history.body.changes).toEqual([
      { at: expect.any(Number), action: 'country.updated', actor, fields: ['prohibited_schedule'] },
      { at: expect.any(Number), action: 'country.updated', actor, fields: ['name', 'NCA_address', 'prohibited_schedule_narcotics', 'restriction'] },
      { at: expect.any(Number), action: 'country.created', actor, fields: expect.arrayContaining(['id', 'name', 'recommendations']) },
    ]);
    expect(history.body.changes[0].at).toBeGreaterThan(history.body.changes[1].at);
  });

  it('deletes a country with its linked records; then it is 404 and its history stays', async () => {
    const deleted = await h.call('DELETE', `${base}/FRA`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await h.call('GET', `${base}/FRA`, { token: admin.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base}/FRA`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PATCH', `${base}/FRA`, { token: admin.token, body: { name: 'France' } })).status).toBe(404);
    const history = await h.call('GET', `${base}/FRA/history`, { token: admin.token });
    expect(history.body.changes[0]).toMatchObject({ action: 'country.deleted' });
    // The code is free again.
    expect((await create(country('FRA'))).status).toBe(201);
  });

  it('answers 401 without a session and 403 to other roles', async () => {
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/FRA`],
      ['PATCH', `${base}/FRA`],
      ['DELETE', `${base}/FRA`],
      ['GET', `${base}/FRA/history`],
    ] as const) {
      expect((await h.call(method, url, { body: method === 'POST' || method === 'PATCH' ? country('ITA') : undefined })).status, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { token: other.token, body: method === 'POST' || method === 'PATCH' ? country('ITA') : undefined })).status, `${method} ${url}`).toBe(403);
    }
    expect((await h.call('GET', `${base}/ITA`, { token: admin.token })).status).toBe(404);
  });
});
