// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { seedDemoHealthData } from './demo-seed';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('demo health data', () => {
  it('gives the manager a downloadable result and the organisation results, sign-ups and an untouched patient', async () => {
    const org = await h.org({ name: 'Demo Ltd' });
    const manager = await h.user({ org, roles: ['manager', 'patient'] });
    const patient = await h.user({ org, roles: ['patient'] });
    await h.ctx.database.db.transaction((tx) =>
      seedDemoHealthData(tx, h.ctx.userdata, {
        now: h.clock.now(),
        productName: 'Vireo',
        organisationId: org,
        manager: { userId: manager.user.id, name: 'Morgan Hughes' },
        patient: { userId: patient.user.id, email: patient.user.email },
      }),
    );

    const onboarding = await h.call('GET', '/api/userdata/roles/onboarding', { token: manager.token });
    expect(onboarding.body).toMatchObject({ onboarding_complete: true, has_order: true });
    const results = await h.call('GET', `/api/userdata/roles/results?id=${onboarding.body.role_profile_id as string}`, { token: manager.token });
    expect(results.body.results).toEqual([expect.objectContaining({ name: 'COVID-19 RT-PCR', result: 'Negative' })]);
    const file = await h.app.inject({ method: 'GET', url: results.body.results[0].file_url as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const employees = await h.call('GET', '/api/userdata/organisations/symptom_history', { token: manager.token });
    expect(employees.body.symptom_history).toHaveLength(2);
    expect(employees.body.symptom_history).toEqual(expect.arrayContaining([expect.objectContaining({ last_symptomatic_result: 'GREEN', last_kit_result: 'Negative' })]));
    const signUps = await h.call('GET', '/api/userdata/organisations/registrations', { token: manager.token });
    expect(signUps.body.registrations.map((r: { status: string }) => r.status).sort()).toEqual(['pending', 'registered', 'registered']);

    const fresh = await h.call('GET', '/api/userdata/roles/onboarding', { token: patient.token });
    expect(fresh.body).toMatchObject({ onboarding_complete: false, shipping_details_complete: false, health_assessment: null, has_order: false });
  });
});
