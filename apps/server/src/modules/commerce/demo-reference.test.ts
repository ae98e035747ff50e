import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemoReferenceData } from './demo-reference';

let h: Harness;
beforeAll(async () => {
  // The registers are the installation's, not a tenant's: an empty database of its own.
  h = await createHarness({}, { ownDatabase: true });
});
afterAll(() => h.close());

describe('the demo’s countries and drugs', () => {
  it('fill the empty registers once, as Countries and Drugs Management make them, by the system', async () => {
    const admin = await h.user({ org: await h.org(), roles: ['super_admin'] });
    expect(await seedDemoReferenceData(h.ctx.commerce)).toBe(true);
    const countries = await h.call('GET', '/api/commerce/v1/country', { token: admin.token });
    expect(countries.body.countries.map((c: { name: string }) => c.name).sort()).toEqual(['Spain', 'United Arab Emirates', 'United States']);
    expect(countries.body.countries.find((c: { id: string }) => c.id === 'ESP')).toMatchObject({ restriction: { narcotic: expect.any(String) }, recommendations: [{ recommendation: 'Carry a copy of your prescription in Spanish or English.' }] });
    const autocomplete = await h.call('GET', '/api/commerce/v1/drug?q=co', { token: admin.token });
    expect(autocomplete.body.drugs).toEqual([expect.objectContaining({ name: 'Codeine', base_component: 'Codeine phosphate' })]);
    const history = await h.call('GET', '/api/commerce/v1/country/ESP/history', { token: admin.token });
    expect(history.body.changes).toEqual([expect.objectContaining({ action: 'country.created', actor: null })]);

    expect(await seedDemoReferenceData(h.ctx.commerce)).toBe(false);
    expect((await h.call('GET', '/api/commerce/v1/drug', { token: admin.token })).body.total).toBe(4);
  });
});
