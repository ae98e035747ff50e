// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, SHIPPING_TEXT, HEALTH_TEXT, USERDATA_MSG, ORDERS_PAGE_SIZE } from '@vireo/contracts';
import { auditEvents, kitOrders, organisationProfiles, roleProfiles } from '../../db/schema';
import { loadConfig } from '../../platform/config';
import { webSocketOrigin } from '../../platform/http';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { resultLetterPdf } from './result-letter';
import { attachResult } from './service';
import { TRIAGE_ADVICE } from '@vireo/contracts';
import { REPEAT_SUBMISSION_WINDOW_MS } from './service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const shipping = (overrides: Record<string, unknown> = {}) => ({
  address_1: '12 High Street',
  address_2: '',
  city: 'Bristol',
  county: 'Avon',
  postcode: 'BS1 4DJ',
  ...overrides,
});
const assessment = (overrides: Record<string, unknown> = {}) => ({
  sex: 'Female',
  height: 170,
  weight: 65,
  smoking: false,
  health_conditions: [],
  family_health_conditions: [3],
  ...overrides,
});
const noSymptoms = (overrides: Record<string, unknown> = {}) => ({
  contact_id: [1],
  fever: false,
  cough: false,
  shortness_of_breath: false,
  loss_of_smell: false,
  worsening: false,
  breathing_fast: false,
  coughing_blood: false,
  high_risk_country: false,
  symptoms: [],
  ...overrides,
});

/** Shipping details and the health assessment: onboarding complete. */
async function onboard(u: TestUser): Promise<void> {
  expect((await h.call('POST', '/api/userdata/roles/shipping', { token: u.token, body: shipping() })).status).toBe(200);
  expect((await h.call('POST', '/api/userdata/onboarding', { token: u.token, body: assessment() })).status).toBe(201);
}

async function profileIdOf(u: TestUser): Promise<string> {
  const res = await h.call('GET', '/api/userdata/roles', { token: u.token });
  return res.body.role_profile.id as string;
}

/** Epoch seconds of 12:00 UTC, `days` calendar days after the clock's London date. */
function daysAhead(days: number): number {
  const now = h.clock.now();
  const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m, d] = london.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d! + days, 12) / 1000;
}

async function auditRows(actorUserId: string, action: string) {
  return h.ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorUserId, actorUserId), eq(auditEvents.action, action)));
}

async function attachPdfResult(profileId: string, result: 'Positive' | 'Negative' | 'Inconclusive', sampleDate = h.clock.now()) {
  const pdf = await resultLetterPdf({ productName: 'Vireo', patientName: 'Test Person', testName: 'RT-PCR', sampleDate, result });
  return attachResult(h.ctx.userdata, { roleProfileId: profileId, name: 'COVID-19 RT-PCR', sampleDate, result, pdf, fileName: 'result.pdf' });
}

describe('GET /api/userdata/roles', () => {
  it('answers the caller’s own role profile, without shipping details at first', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    const res = await h.call('GET', '/api/userdata/roles', { token: patient.token });
    expect(res.status).toBe(200);
    expect(res.body.role_profile).toMatchObject({ role_id: patient.roles[0]!.id, user_id: patient.user.id, onboarding_complete: false, shipping_details: null });
  });

  it('gives a manager who is also a patient their patient profile, and a manager-only account their manager profile', async () => {
    const org = await h.org();
    const both = await h.user({ org, roles: ['manager', 'patient'] });
    const managerOnly = await h.user({ org, roles: ['manager'] });
    expect((await h.call('GET', '/api/userdata/roles', { token: both.token })).body.role_profile.role_id).toBe(both.roles[1]!.id);
    expect((await h.call('GET', '/api/userdata/roles', { token: managerOnly.token })).body.role_profile.role_id).toBe(managerOnly.roles[0]!.id);
  });

  it('answers 401 without a session', async () => {
    expect((await h.call('GET', '/api/userdata/roles')).status).toBe(401);
  });
});

describe('POST and PATCH /api/userdata/roles', () => {
  it('creates the profile of an own role that has none, once', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    await h.ctx.database.db.delete(roleProfiles).where(eq(roleProfiles.roleId, patient.roles[0]!.id));
    const created = await h.call('POST', '/api/userdata/roles', { token: patient.token, body: { role_id: patient.roles[0]!.id, name: 'Test Person' } });
    expect(created.status).toBe(201);
    expect(created.body.role_profile).toMatchObject({ role_id: patient.roles[0]!.id, name: 'Test Person', onboarding_complete: false });
    const again = await h.call('POST', '/api/userdata/roles', { token: patient.token, body: { role_id: patient.roles[0]!.id, name: 'Test Person' } });
    expect(again).toMatchObject({ status: 409, body: { message: MSG.unableToCreateRoleProfile } });
  });

  it('answers 404 for another user’s role and "Missing details." without a name', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    const colleague = await h.user({ org, roles: ['patient'] });
    expect((await h.call('POST', '/api/userdata/roles', { token: patient.token, body: { role_id: colleague.roles[0]!.id, name: 'Someone' } })).status).toBe(404);
    const missing = await h.call('POST', '/api/userdata/roles', { token: patient.token, body: { role_id: patient.roles[0]!.id } });
    expect(missing).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect((await h.call('POST', '/api/userdata/roles', { body: { role_id: patient.roles[0]!.id, name: 'Anyone' } })).status).toBe(401);
  });

  it('renames the own profile, refusing a name of one character', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    const res = await h.call('PATCH', '/api/userdata/roles', { token: patient.token, body: { name: 'Jo Bloggs' } });
    expect(res).toMatchObject({ status: 200, body: { role_profile: { name: 'Jo Bloggs' } } });
    expect((await h.call('PATCH', '/api/userdata/roles', { token: patient.token, body: { name: 'J' } })).status).toBe(400);
    expect((await h.call('PATCH', '/api/userdata/roles', { token: patient.token, body: { name: 'Jo' } })).status).toBe(200);
    expect((await h.call('PATCH', '/api/userdata/roles', { body: { name: 'Jo Bloggs' } })).status).toBe(401);
  });
});

describe('POST /api/userdata/roles/shipping', () => {
  let patient: TestUser;
  beforeAll(async () => {
    patient = await h.user({ org: await h.org(), roles: ['patient'] });
  });
  const save = (body: unknown) => h.call('POST', '/api/userdata/roles/shipping', { token: patient.token, body });

  it('saves the details, upper-casing the postcode, and replaces them on a second save', async () => {
    const first = await save(shipping({ postcode: 'sw1a 1aa' }));
    expect(first).toMatchObject({ status: 200, body: { success: true, onboarding_complete: false, shipping_details: { postcode: 'SW1A 1AA', address_2: null } } });
    const second = await save(shipping({ address_1: 'Flat 2, 10-12 St. John’s Road'.replace('’', "'"), address_2: 'Clifton Village' }));
    expect(second.body.shipping_details).toMatchObject({ id: first.body.shipping_details.id, address_2: 'Clifton Village' });
    const profile = await h.call('GET', '/api/userdata/roles', { token: patient.token });
    expect(profile.body.role_profile.shipping_details.address_1).toBe("Flat 2, 10-12 St. John's Road");
  });

  it('accepts a postcode of 8 characters and refuses 9, or one not of the UK pattern', async () => {
    expect((await save(shipping({ postcode: 'SW1A 1AA' }))).status).toBe(200);
    const long = await save(shipping({ postcode: 'SW1A  1AA' }));
    expect(long).toMatchObject({ status: 400, body: { errors: { postcode: SHIPPING_TEXT.postcode } } });
    expect((await save(shipping({ postcode: '12345' }))).body.errors).toEqual({ postcode: SHIPPING_TEXT.postcode });
  });

  it('checks address, town and county with the form’s messages', async () => {
    expect((await save(shipping({ address_1: '12' }))).body.errors).toEqual({ address_1: SHIPPING_TEXT.address1 });
    expect((await save(shipping({ address_1: '12 <b>Street</b>' }))).body.errors).toEqual({ address_1: SHIPPING_TEXT.address1 });
    expect((await save(shipping({ city: 'Ba' }))).body.errors).toEqual({ city: SHIPPING_TEXT.town });
    expect((await save(shipping({ city: 'Bath' }))).status).toBe(200);
    expect((await save(shipping({ city: 'Bath 2' }))).body.errors).toEqual({ city: SHIPPING_TEXT.town });
    expect((await save(shipping({ county: 'Av' }))).body.errors).toEqual({ county: SHIPPING_TEXT.county });
    expect((await save(shipping({ county: 'Ave' }))).status).toBe(200);
  });

  it('takes an optional second line empty or of 6 characters or more', async () => {
    expect((await save(shipping({ address_2: 'Flat' }))).body.errors).toEqual({ address_2: SHIPPING_TEXT.address2 });
    expect((await save(shipping({ address_2: 'Flat 2' }))).status).toBe(200);
    expect((await save(shipping({ address_2: null }))).status).toBe(200);
  });

  it('answers "Missing details." when a field is absent and 401 without a session', async () => {
    const { address_1: _omitted, ...rest } = shipping();
    expect(await save(rest)).toMatchObject({ status: 400, body: { message: MSG.missingDetails, errors: { address_1: MSG.missingDetails } } });
    expect((await h.call('POST', '/api/userdata/roles/shipping', { body: shipping() })).status).toBe(401);
  });
});

describe('POST /api/userdata/onboarding and GET /api/userdata/roles/onboarding', () => {
  it('completes onboarding when the assessment follows the shipping details', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    await h.call('POST', '/api/userdata/roles/shipping', { token: patient.token, body: shipping() });
    const res = await h.call('POST', '/api/userdata/onboarding', { token: patient.token, body: assessment({ health_conditions: [5, 1] }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ onboarding_complete: true, shipping_details_complete: true, has_order: false, health_assessment: { sex: 'Female', height: 170, health_conditions: [1, 5] } });
    const profile = await h.call('GET', '/api/userdata/roles', { token: patient.token });
    expect(profile.body.role_profile.onboarding_complete).toBe(true);
  });

  it('completes onboarding when the shipping details follow the assessment, and not before', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    const first = await h.call('POST', '/api/userdata/onboarding', { token: patient.token, body: assessment() });
    expect(first.body).toMatchObject({ onboarding_complete: false, shipping_details_complete: false });
    const saved = await h.call('POST', '/api/userdata/roles/shipping', { token: patient.token, body: shipping() });
    expect(saved.body.onboarding_complete).toBe(true);
    const state = await h.call('GET', '/api/userdata/roles/onboarding', { token: patient.token });
    expect(state.body).toMatchObject({ onboarding_complete: true, health_assessment: { family_health_conditions: [3] } });
  });

  it('takes the assessment once', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    expect((await h.call('POST', '/api/userdata/onboarding', { token: patient.token, body: assessment() })).status).toBe(201);
    const again = await h.call('POST', '/api/userdata/onboarding', { token: patient.token, body: assessment() });
    expect(again).toMatchObject({ status: 409, body: { message: USERDATA_MSG.assessmentCompleted } });
  });

  it('accepts height 1 and 300 and weight 20 and 250, and refuses beyond', async () => {
    const org = await h.org();
    for (const ok of [{ height: 1, weight: 20 }, { height: 300, weight: 250 }]) {
      const u = await h.user({ org, roles: ['patient'] });
      expect((await h.call('POST', '/api/userdata/onboarding', { token: u.token, body: assessment(ok) })).status).toBe(201);
    }
    const u = await h.user({ org, roles: ['patient'] });
    const post = (body: unknown) => h.call('POST', '/api/userdata/onboarding', { token: u.token, body });
    expect((await post(assessment({ height: 0.5 }))).body.errors).toEqual({ height: HEALTH_TEXT.height });
    expect((await post(assessment({ height: 301 }))).body.errors).toEqual({ height: HEALTH_TEXT.height });
    expect((await post(assessment({ weight: 19.9 }))).body.errors).toEqual({ weight: HEALTH_TEXT.weight });
    expect((await post(assessment({ weight: 250.5 }))).body.errors).toEqual({ weight: HEALTH_TEXT.weight });
    expect((await post(assessment({ sex: 'Other' }))).body.errors).toEqual({ sex: HEALTH_TEXT.sex });
    expect((await post(assessment({ smoking: null }))).body.errors).toEqual({ smoking: HEALTH_TEXT.option });
  });

  it('refuses code 8 (None of the above is an empty list), unknown and repeated codes, and absent answers', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    const post = (body: unknown) => h.call('POST', '/api/userdata/onboarding', { token: u.token, body });
    expect((await post(assessment({ health_conditions: [8] }))).status).toBe(400);
    expect((await post(assessment({ family_health_conditions: [0] }))).status).toBe(400);
    expect((await post(assessment({ health_conditions: [2, 2] }))).status).toBe(400);
    const { sex: _omitted, ...withoutSex } = assessment();
    expect(await post(withoutSex)).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect((await post(assessment({ health_conditions: [], family_health_conditions: [] }))).status).toBe(201);
  });

  it('answers 403 to roles without personal health data, 401 without a session, and audits reads and writes', async () => {
    const org = await h.org();
    const practitioner = await h.user({ org, roles: ['practitioner'] });
    expect((await h.call('POST', '/api/userdata/onboarding', { token: practitioner.token, body: assessment() })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/roles/onboarding', { token: practitioner.token })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/roles/onboarding')).status).toBe(401);
    const patient = await h.user({ org, roles: ['patient'] });
    await h.call('POST', '/api/userdata/onboarding', { token: patient.token, body: assessment() });
    await h.call('GET', '/api/userdata/roles/onboarding', { token: patient.token });
    const profileId = await profileIdOf(patient);
    expect(await auditRows(patient.user.id, 'health_data.write')).toEqual([expect.objectContaining({ resourceType: 'health_assessment', resourceId: profileId, outcome: 'success' })]);
    expect(await auditRows(patient.user.id, 'health_data.read')).toEqual([expect.objectContaining({ resourceType: 'health_assessment', resourceId: profileId })]);
  });
});

describe('POST /api/userdata/symptom', () => {
  let patient: TestUser;
  beforeAll(async () => {
    patient = await h.user({ org: await h.org({ dailyCheck: true }), roles: ['patient'] });
    await onboard(patient);
  });
  const check = (body: unknown, token = patient.token) => h.call('POST', '/api/userdata/symptom', { token, body });

  it.each(['fever', 'cough', 'shortness_of_breath', 'loss_of_smell'])('answers RED for %s alone, with the self-isolation text', async (symptom) => {
    const res = await check(noSymptoms({ [symptom]: true }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'RED', urgent: false, text: TRIAGE_ADVICE.red });
    expect(res.body.text).toContain('10 days');
    expect(res.body.text).toContain('14 days');
    expect(res.body.text).toContain('8 days of your symptoms starting in England');
    expect(res.body.text).toContain('within 5 days in Scotland, Wales or Northern Ireland');
  });

  it.each(['worsening', 'breathing_fast', 'coughing_blood'])('puts NHS 111 and 999 first for RED with %s', async (status) => {
    const res = await check(noSymptoms({ cough: true, [status]: true, contact_id: [3] }));
    expect(res.body.code).toBe('RED');
    expect(res.body.urgent).toBe(true);
    expect(res.body.text.startsWith(TRIAGE_ADVICE.redUrgent)).toBe(true);
  });

  it.each([[[2]], [[3]], [[4]], [[2, 4]], [3]])('answers ORANGE for close contact %j without a main symptom', async (contact) => {
    const res = await check(noSymptoms({ contact_id: contact, symptoms: [1, 7] }));
    expect(res.body).toEqual({ success: true, code: 'ORANGE', urgent: false, text: TRIAGE_ADVICE.orange });
  });

  it('answers ORANGE for a high-risk country and GREEN otherwise, whatever the additional symptoms', async () => {
    expect((await check(noSymptoms({ high_risk_country: true }))).body.code).toBe('ORANGE');
    expect((await check(noSymptoms({ symptoms: [1, 2, 3, 4, 5, 6, 7] }))).body).toEqual({ success: true, code: 'GREEN', urgent: false, text: TRIAGE_ADVICE.green });
    const { contact_id: _default, ...withoutContact } = noSymptoms();
    expect((await check(withoutContact)).body.code).toBe('GREEN');
  });

  it('ignores a symptomatic flag the browser sends: the server decides', async () => {
    const res = await check(noSymptoms({ symptomatic: true }));
    expect(res.body.code).toBe('GREEN');
  });

  it('refuses status answers without a main symptom, No Contact with a contact, unknown ids and absent answers', async () => {
    expect(await check(noSymptoms({ worsening: true }))).toMatchObject({ status: 400, body: { message: USERDATA_MSG.statusWithoutMainSymptom } });
    expect(await check(noSymptoms({ contact_id: [1, 2] }))).toMatchObject({ status: 400, body: { message: USERDATA_MSG.noContactAlone } });
    expect((await check(noSymptoms({ contact_id: [5] }))).status).toBe(400);
    expect((await check(noSymptoms({ symptoms: [8] }))).status).toBe(400);
    const { fever: _omitted, ...withoutFever } = noSymptoms();
    expect(await check(withoutFever)).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
  });

  it('keeps every submission as symptom history', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(u);
    await check(noSymptoms(), u.token);
    h.clock.advance(60_000);
    await check(noSymptoms({ fever: true }), u.token);
    const history = await h.call('GET', '/api/userdata/roles/history', { token: u.token });
    expect(history.status).toBe(200);
    expect(history.body.symptoms.map((s: { code: string; symptomatic: boolean }) => [s.code, s.symptomatic])).toEqual([
      ['RED', true],
      ['GREEN', false],
    ]);
    expect((await auditRows(u.user.id, 'health_data.write')).filter((row) => row.resourceType === 'symptom_submission')).toHaveLength(2);
  });

  it('answers the same check sent again within 10 s (one after the other or at once) with the first, and keeps one', async () => {
    const u = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(u);
    const body = noSymptoms({ contact_id: [2], symptoms: [3, 1] });
    const first = await check(body, u.token);
    h.clock.advance(REPEAT_SUBMISSION_WINDOW_MS - 1);
    const again = await check(body, u.token);
    expect(again).toMatchObject({ status: 200, body: first.body });
    const symptoms = async () => (await h.call('GET', '/api/userdata/roles/history', { token: u.token })).body.symptoms as unknown[];
    expect(await symptoms()).toHaveLength(1);

    h.clock.advance(1);
    const concurrent = await Promise.all([check(body, u.token), check(body, u.token), check(body, u.token)]);
    expect(concurrent.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(concurrent.map((res) => res.body)).toEqual([first.body, first.body, first.body]);
    expect(await symptoms()).toHaveLength(2);
    await check(noSymptoms({ fever: true }), u.token);
    expect(await symptoms()).toHaveLength(3);
    expect((await auditRows(u.user.id, 'health_data.write')).filter((row) => row.resourceType === 'symptom_submission')).toHaveLength(3);
  });

  it('answers 409 before onboarding is complete, 403 when daily_check is off, 403 to other roles and 401 without a session', async () => {
    const org = await h.org({ dailyCheck: true });
    const fresh = await h.user({ org, roles: ['patient'] });
    expect(await check(noSymptoms(), fresh.token)).toMatchObject({ status: 409, body: { message: USERDATA_MSG.onboardingIncomplete } });
    const off = await h.user({ org: await h.org({ dailyCheck: false }), roles: ['patient'] });
    await onboard(off);
    expect(await check(noSymptoms(), off.token)).toMatchObject({ status: 403, body: { message: USERDATA_MSG.dailyCheckOff } });
    const support = await h.user({ org, roles: ['customer_services'] });
    expect((await check(noSymptoms(), support.token)).status).toBe(403);
    expect((await h.call('POST', '/api/userdata/symptom', { body: noSymptoms() })).status).toBe(401);
  });
});

describe('history: GET /api/userdata/roles/history and /roles/{id}/history', () => {
  let org: string;
  let manager: TestUser;
  let employee: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    org = await h.org();
    manager = await h.user({ org, roles: ['manager', 'patient'] });
    employee = await h.user({ org, roles: ['patient'] });
    colleague = await h.user({ org, roles: ['patient'] });
    await onboard(employee);
    await h.call('POST', '/api/userdata/symptom', { token: employee.token, body: noSymptoms({ loss_of_smell: true }) });
    await attachPdfResult(await profileIdOf(employee), 'Positive');
  });

  it('answers the own history by id too', async () => {
    const id = await profileIdOf(employee);
    const res = await h.call('GET', `/api/userdata/roles/${id}/history`, { token: employee.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role_profile_id: id, symptoms: [{ code: 'RED', symptomatic: true }], results: [{ result: 'Positive', name: 'COVID-19 RT-PCR' }] });
    expect(res.body.symptoms[0]).not.toHaveProperty('fever');
  });

  it('lets a manager read an employee’s history, and audits it', async () => {
    const id = await profileIdOf(employee);
    const res = await h.call('GET', `/api/userdata/roles/${id}/history`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(await auditRows(manager.user.id, 'health_data.read')).toEqual(expect.arrayContaining([expect.objectContaining({ resourceType: 'history', resourceId: id })]));
  });

  it('answers 404 for a colleague, another organisation’s manager, a non-patient profile and an unknown id', async () => {
    const id = await profileIdOf(employee);
    expect((await h.call('GET', `/api/userdata/roles/${id}/history`, { token: colleague.token })).status).toBe(404);
    const outsider = await h.user({ org: await h.org(), roles: ['manager'] });
    expect((await h.call('GET', `/api/userdata/roles/${id}/history`, { token: outsider.token })).status).toBe(404);
    const managerProfile = await h.ctx.database.db.select().from(roleProfiles).where(eq(roleProfiles.roleId, manager.roles[0]!.id));
    const other = await h.user({ org, roles: ['manager'] });
    expect((await h.call('GET', `/api/userdata/roles/${managerProfile[0]!.id}/history`, { token: other.token })).status).toBe(404);
    expect((await h.call('GET', `/api/userdata/roles/00000000-0000-4000-8000-000000000000/history`, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', '/api/userdata/roles/not-a-uuid/history', { token: manager.token })).status).toBe(400);
  });

  it('answers 403 to other roles and 401 without a session', async () => {
    const admin = await h.user({ org, roles: ['super_admin'] });
    expect((await h.call('GET', '/api/userdata/roles/history', { token: admin.token })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/roles/history')).status).toBe(401);
  });
});

describe('GET /api/userdata/roles/results and the result download', () => {
  let patient: TestUser;
  let profileId: string;
  beforeAll(async () => {
    patient = await h.user({ org: await h.org(), roles: ['patient'] });
    profileId = await profileIdOf(patient);
    await attachPdfResult(profileId, 'Negative', new Date(Date.UTC(2026, 0, 5, 9)));
    await attachResult(h.ctx.userdata, { roleProfileId: profileId, name: 'Antigen', sampleDate: new Date(Date.UTC(2026, 0, 9, 9)), result: 'Inconclusive' });
  });

  it('lists the own results, newest first, with a signed link for each file', async () => {
    const res = await h.call('GET', `/api/userdata/roles/results?id=${profileId}`, { token: patient.token });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: expect.any(String), name: 'Antigen', sample_date: Date.UTC(2026, 0, 9, 9) / 1000, result: 'Inconclusive', file_url: null },
      { id: expect.any(String), name: 'COVID-19 RT-PCR', sample_date: Date.UTC(2026, 0, 5, 9) / 1000, result: 'Negative', file_url: expect.stringMatching(/^\/api\/userdata\/results\/[0-9a-f-]{36}\/file\?user=.+&expires=\d+&signature=/) },
    ]);
    expect(await auditRows(patient.user.id, 'health_data.read')).toEqual(expect.arrayContaining([expect.objectContaining({ resourceType: 'test_results', resourceId: profileId })]));
  });

  it('serves the PDF through the link, and only through an intact, unexpired link', async () => {
    const res = await h.call('GET', `/api/userdata/roles/results?id=${profileId}`, { token: patient.token });
    const url = res.body.results[1].file_url as string;
    const file = await h.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="result.pdf"');
    // The Content-Security-Policy stays on the PDF, and its WebSockets reach the app's own origin only.
    const csp = String(file.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    const connectSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '));
    expect(connectSrc).toBe(`connect-src 'self' ${webSocketOrigin(h.ctx.config.publicUrl)}`);
    expect(connectSrc?.split(' ')).not.toEqual(expect.arrayContaining(['ws:', 'wss:']));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await h.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const otherUser = url.replace(patient.user.id, '00000000-0000-4000-8000-000000000000');
    expect((await h.app.inject({ method: 'GET', url: otherUser })).statusCode).toBe(404);
    const otherResult = url.replace(/results\/[0-9a-f-]{36}/, `results/${res.body.results[0].id as string}`);
    expect((await h.app.inject({ method: 'GET', url: otherResult })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(400);
    h.clock.advance(301_000);
    const expired = await h.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ message: USERDATA_MSG.downloadExpired });
  });

  it('audits a download as whoever fetched it: the link holder by address, or the session that came with the request', async () => {
    const res = await h.call('GET', `/api/userdata/roles/results?id=${profileId}`, { token: patient.token });
    const url = res.body.results[1].file_url as string;
    const resultId = res.body.results[1].id as string;
    const fileReads = () =>
      h.ctx.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceType, 'test_result_file'), eq(auditEvents.resourceId, resultId)))
        .orderBy(auditEvents.id);
    const before = (await fileReads()).length;

    expect((await h.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    const colleague = await h.user({ org: await h.org(), roles: ['patient'] });
    expect((await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${colleague.token}` } })).statusCode).toBe(200);

    const reads = (await fileReads()).slice(before);
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ actorKind: 'link_holder', actorUserId: null, actorRole: null, ip: '203.0.113.7', outcome: 'success', readCount: 1 });
    expect(reads[1]).toMatchObject({ actorKind: 'user', actorUserId: colleague.user.id, actorRole: 'patient' });
    expect(reads.some((r) => r.actorUserId === patient.user.id)).toBe(false);
  });

  it('answers 404 for another profile (a colleague, or a manager asking for an employee) and "Missing details." without an id', async () => {
    const org = await h.org();
    const manager = await h.user({ org, roles: ['manager'] });
    const employee = await h.user({ org, roles: ['patient'] });
    const employeeProfile = await profileIdOf(employee);
    expect((await h.call('GET', `/api/userdata/roles/results?id=${employeeProfile}`, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', `/api/userdata/roles/results?id=${profileId}`, { token: employee.token })).status).toBe(404);
    expect(await h.call('GET', '/api/userdata/roles/results', { token: employee.token })).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect((await h.call('GET', `/api/userdata/roles/results?id=${profileId}`)).status).toBe(401);
  });

  it('attaches only PDF files', async () => {
    await expect(attachResult(h.ctx.userdata, { roleProfileId: profileId, name: 'RT-PCR', sampleDate: h.clock.now(), result: 'Negative', pdf: Buffer.from('<html>') })).rejects.toThrow('must be a PDF');
  });
});

describe('GET /api/userdata/organisations', () => {
  it('answers the session’s organisation profile with its flags', async () => {
    const org = await h.org({ dailyCheck: false, orderKit: true, name: 'Flags Ltd' });
    const patient = await h.user({ org, roles: ['patient'] });
    const res = await h.call('GET', '/api/userdata/organisations', { token: patient.token });
    expect(res).toMatchObject({ status: 200, body: { organisation_profile: { organisation_id: org, name: 'Flags Ltd', daily_check: false, order_kit: true } } });
    expect((await h.call('GET', '/api/userdata/organisations')).status).toBe(401);
  });
});

describe('POST /api/userdata/order and GET /api/userdata/orders', () => {
  it('refuses day 11 and accepts day 12, records the confirmation e-mail, and unlocks has_order', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(patient);
    const profileId = await profileIdOf(patient);
    const early = await h.call('POST', '/api/userdata/order', { token: patient.token, body: { role_profile_id: profileId, appointment_date: daysAhead(11) } });
    expect(early).toMatchObject({ status: 400, body: { message: USERDATA_MSG.kitDateTooSoon, errors: { appointment_date: USERDATA_MSG.kitDateTooSoon } } });
    const res = await h.call('POST', '/api/userdata/order', { token: patient.token, body: { role_profile_id: profileId, appointment_date: daysAhead(12) } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, email: patient.user.email, order: { role_profile_id: profileId, appointment_date: daysAhead(12), status: 'ordered' } });
    const [mail] = await h.mails({ recipient: patient.user.email, template: 'kit_order.confirmation' });
    expect(mail).toMatchObject({ status: 'recorded' });
    expect(mail!.body).toContain('Thank you, your kit is on the way.');
    expect(mail!.body).toContain('/authenticated/book');
    expect((await h.call('GET', '/api/userdata/roles/onboarding', { token: patient.token })).body.has_order).toBe(true);
    expect(await auditRows(patient.user.id, 'health_data.write')).toEqual(expect.arrayContaining([expect.objectContaining({ resourceType: 'kit_order', resourceId: res.body.order.id })]));
  });

  // Days 0 to 11 ahead are refused and day 12 accepted, counted in London calendar days both for the
  // clock and for the chosen instant, whatever UTC says.
  it.each([
    { when: 'at 23:59 in London (22:59 UTC)', now: '2026-07-10T22:59:00Z', refused: '2026-07-21T12:00:00Z', accepted: '2026-07-22T12:00:00Z' },
    { when: 'at 00:30 in London, still the evening before in UTC; the chosen day also turns at London midnight', now: '2026-07-10T23:30:00Z', refused: '2026-07-22T22:59:00Z', accepted: '2026-07-22T23:00:00Z' },
    { when: 'at 00:30 on the day the clocks go back', now: '2026-10-24T23:30:00Z', refused: '2026-11-05T12:00:00Z', accepted: '2026-11-06T12:00:00Z' },
    { when: 'at 00:30 on the first night of summer time', now: '2026-03-29T23:30:00Z', refused: '2026-04-10T12:00:00Z', accepted: '2026-04-11T12:00:00Z' },
    { when: 'at 23:30 on the last day of a month', now: '2026-01-31T23:30:00Z', refused: '2026-02-11T12:00:00Z', accepted: '2026-02-12T12:00:00Z' },
  ])('counts the 12 days in Europe/London $when', async ({ now, refused, accepted }) => {
    const before = h.clock.now();
    try {
      h.clock.set(new Date(now));
      const patient = await h.user({ org: await h.org(), roles: ['patient'] });
      await onboard(patient);
      const profileId = await profileIdOf(patient);
      const order = (iso: string) => h.call('POST', '/api/userdata/order', { token: patient.token, body: { role_profile_id: profileId, appointment_date: new Date(iso).getTime() / 1000 } });
      expect(await order(refused)).toMatchObject({ status: 400, body: { message: USERDATA_MSG.kitDateTooSoon } });
      expect((await order(accepted)).status).toBe(201);
    } finally {
      h.clock.set(before);
    }
  });

  it('keeps one open order, which a result closes', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(patient);
    const profileId = await profileIdOf(patient);
    const order = (days: number) => h.call('POST', '/api/userdata/order', { token: patient.token, body: { role_profile_id: profileId, appointment_date: daysAhead(days) } });
    expect((await order(20)).status).toBe(201);
    expect(await order(25)).toMatchObject({ status: 409, body: { message: USERDATA_MSG.openOrderExists } });
    await attachPdfResult(profileId, 'Negative');
    const orders = await h.call('GET', '/api/userdata/orders', { token: patient.token });
    expect(orders.body.orders).toEqual([expect.objectContaining({ status: 'result_received' })]);
    expect((await order(30)).status).toBe(201);
  });

  it('answers the same order sent again within 10 s (one after the other or at once) with the first order, and 409 after that', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(patient);
    const profileId = await profileIdOf(patient);
    const order = (days: number) => h.call('POST', '/api/userdata/order', { token: patient.token, body: { role_profile_id: profileId, appointment_date: daysAhead(days) } });
    const [first, ...others] = await Promise.all([order(20), order(20), order(20)]);
    expect(first?.status).toBe(201);
    expect(others).toEqual([expect.objectContaining({ status: 201, body: first?.body }), expect.objectContaining({ status: 201, body: first?.body })]);
    h.clock.advance(REPEAT_SUBMISSION_WINDOW_MS - 1);
    expect(await order(20)).toMatchObject({ status: 201, body: first?.body });
    expect(await order(21)).toMatchObject({ status: 409, body: { message: USERDATA_MSG.openOrderExists } });
    h.clock.advance(1);
    expect(await order(20)).toMatchObject({ status: 409, body: { message: USERDATA_MSG.openOrderExists } });
    expect((await h.call('GET', '/api/userdata/orders', { token: patient.token })).body.orders).toHaveLength(1);
    expect(await h.mails({ recipient: patient.user.email, template: 'kit_order.confirmation' })).toHaveLength(1);
  });

  it('refuses past dates, dates more than a year ahead and absent fields', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(patient);
    const profileId = await profileIdOf(patient);
    const order = (body: unknown) => h.call('POST', '/api/userdata/order', { token: patient.token, body });
    expect((await order({ role_profile_id: profileId, appointment_date: daysAhead(-1) })).status).toBe(400);
    expect(await order({ role_profile_id: profileId, appointment_date: daysAhead(366) })).toMatchObject({ status: 400, body: { message: USERDATA_MSG.kitDateTooFar } });
    expect((await order({ role_profile_id: profileId, appointment_date: 1e15 })).status).toBe(400);
    expect((await order({ role_profile_id: profileId, appointment_date: 'tomorrow' })).status).toBe(400);
    expect(await order({ role_profile_id: profileId })).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect(await order({ appointment_date: daysAhead(14) })).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
  });

  it('answers 404 for another profile, 409 before onboarding, 403 without order_kit or for other roles, 401 without a session', async () => {
    const org = await h.org();
    const patient = await h.user({ org, roles: ['patient'] });
    const colleague = await h.user({ org, roles: ['patient'] });
    await onboard(colleague);
    const body = { role_profile_id: await profileIdOf(patient), appointment_date: daysAhead(14) };
    expect((await h.call('POST', '/api/userdata/order', { token: colleague.token, body })).status).toBe(404);
    expect(await h.call('POST', '/api/userdata/order', { token: patient.token, body })).toMatchObject({ status: 409, body: { message: USERDATA_MSG.onboardingIncomplete } });
    const noKits = await h.user({ org: await h.org({ orderKit: false }), roles: ['patient'] });
    await onboard(noKits);
    const noKitsBody = { role_profile_id: await profileIdOf(noKits), appointment_date: daysAhead(14) };
    expect(await h.call('POST', '/api/userdata/order', { token: noKits.token, body: noKitsBody })).toMatchObject({ status: 403, body: { message: USERDATA_MSG.orderKitOff } });
    const b2c = await h.user({ org, roles: ['b2c'] });
    expect((await h.call('POST', '/api/userdata/order', { token: b2c.token, body })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/orders', { token: b2c.token })).status).toBe(403);
    expect((await h.call('POST', '/api/userdata/order', { body })).status).toBe(401);
    expect((await h.call('GET', '/api/userdata/orders')).status).toBe(401);
  });

  it('lists own orders 50 a page', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    const profileId = await profileIdOf(patient);
    const now = h.clock.now();
    await h.ctx.database.db.insert(kitOrders).values(
      Array.from({ length: ORDERS_PAGE_SIZE + 1 }, (_, i) => ({
        roleProfileId: profileId,
        appointmentDate: now,
        status: 'result_received' as const,
        confirmationEmail: patient.user.email,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    const first = await h.call('GET', '/api/userdata/orders', { token: patient.token });
    expect(first.body).toMatchObject({ page: 1, page_size: 50, total: 51 });
    expect(first.body.orders).toHaveLength(50);
    const second = await h.call('GET', '/api/userdata/orders?page=2', { token: patient.token });
    expect(second.body.orders).toHaveLength(1);
    expect((await h.call('GET', '/api/userdata/orders?page=0', { token: patient.token })).status).toBe(400);
    const colleague = await h.user({ org: await h.org(), roles: ['patient'] });
    expect((await h.call('GET', '/api/userdata/orders', { token: colleague.token })).body.total).toBe(0);
  });
});

describe('GET /api/userdata/organisations/symptom_history', () => {
  it('gives a manager one row per employee of their organisation with the latest check and test', async () => {
    const org = await h.org();
    const manager = await h.user({ org, roles: ['manager'] });
    const employee = await h.user({ org, roles: ['patient'] });
    const quiet = await h.user({ org, roles: ['patient'] });
    const outsider = await h.user({ org: await h.org(), roles: ['patient'] });
    await onboard(employee);
    const checkedAt = h.clock.now();
    await h.call('POST', '/api/userdata/symptom', { token: employee.token, body: noSymptoms() });
    h.clock.advance(600_000);
    await h.call('POST', '/api/userdata/symptom', { token: employee.token, body: noSymptoms({ fever: true }) });
    const sampleDate = new Date(Date.UTC(2026, 1, 2, 10));
    await attachPdfResult(await profileIdOf(employee), 'Positive', sampleDate);

    const res = await h.call('GET', '/api/userdata/organisations/symptom_history', { token: manager.token });
    expect(res.status).toBe(200);
    const rows = res.body.symptom_history as { role_profile_id: string }[];
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          role_profile_id: await profileIdOf(employee),
          first_name: 'Test',
          last_name: 'Person',
          last_symptomatic_date: Math.floor(checkedAt.getTime() / 1000) + 600,
          last_symptomatic_result: 'RED',
          last_kit_date: sampleDate.getTime() / 1000,
          last_kit_result: 'Positive',
        },
        { role_profile_id: await profileIdOf(quiet), first_name: 'Test', last_name: 'Person', last_symptomatic_date: null, last_symptomatic_result: null, last_kit_date: null, last_kit_result: null },
      ]),
    );
    expect(rows.map((row) => row.role_profile_id)).not.toContain(await profileIdOf(outsider));
    expect(JSON.stringify(res.body)).not.toMatch(/height|weight|health_conditions/);
  });

  it('answers 403 to a patient and 401 without a session', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    expect((await h.call('GET', '/api/userdata/organisations/symptom_history', { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/organisations/symptom_history')).status).toBe(401);
  });
});

describe('invitations and GET /api/userdata/organisations/registrations', () => {
  it('invites each address once, records the e-mail with a link, and lists the pending registrations', async () => {
    const org = await h.org({ name: 'Invites Ltd' });
    const manager = await h.user({ org, roles: ['manager'] });
    const emails = [uniqueEmail('new'), uniqueEmail('other')];
    const res = await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [...emails, emails[0]!.toUpperCase()] } });
    expect(res.status).toBe(200);
    expect(res.body.invitations).toEqual(emails.map((email) => ({ email, outcome: 'invited' })));
    const [mail] = await h.mails({ recipient: emails[0]! });
    expect(mail).toMatchObject({ template: 'registration.invitation', subject: 'Invites Ltd invites you to Vireo' });
    expect(mail!.body).toMatch(/\/identity\/register\?token=[A-Za-z0-9_-]+/);
    const list = await h.call('GET', '/api/userdata/organisations/registrations', { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.registrations).toEqual(expect.arrayContaining(emails.map((email) => expect.objectContaining({ email, status: 'pending', role_profile_id: null }))));
  });

  it('invites again with a new link, and skips addresses that already have an account', async () => {
    const org = await h.org();
    const manager = await h.user({ org, roles: ['manager'] });
    const employee = await h.user({ org, roles: ['patient'] });
    const stranger = await h.user({ org: await h.org(), roles: ['patient'] });
    const email = uniqueEmail('again');
    await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [email] } });
    await h.deliverOutbox();
    const res = await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [email, employee.user.email, stranger.user.email] } });
    expect(res.body.invitations).toEqual([
      { email, outcome: 'reinvited' },
      { email: employee.user.email, outcome: 'already_registered' },
      { email: stranger.user.email, outcome: 'account_exists' },
    ]);
    const sent = await h.mails({ recipient: email });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).not.toBe(sent[1]!.body);
  });

  it('refuses invalid addresses and an empty list', async () => {
    const manager = await h.user({ org: await h.org(), roles: ['manager'] });
    expect((await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: ['not-an-address'] } })).status).toBe(400);
    expect((await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [] } })).status).toBe(400);
    expect(await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: {} })).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
  });

  it('shows each manager only their own organisation’s registrations; 403 to patients, 401 without a session', async () => {
    const org = await h.org();
    const manager = await h.user({ org, roles: ['manager'] });
    const outsider = await h.user({ org: await h.org(), roles: ['manager'] });
    const email = uniqueEmail('mine');
    await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [email] } });
    const mine = await h.call('GET', '/api/userdata/organisations/registrations', { token: manager.token });
    expect(mine.body.registrations.map((r: { email: string }) => r.email)).toEqual([email]);
    const theirs = await h.call('GET', '/api/userdata/organisations/registrations', { token: outsider.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.registrations).toEqual([]);
    const patient = await h.user({ org, roles: ['patient'] });
    expect((await h.call('GET', '/api/userdata/organisations/registrations', { token: patient.token })).status).toBe(403);
    expect((await h.call('POST', '/api/userdata/organisations/invitations', { token: patient.token, body: { emails: [email] } })).status).toBe(403);
    expect((await h.call('GET', '/api/userdata/organisations/registrations')).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every path of the user-data service', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(
        [
          '/symptom',
          '/organisations/symptom_history',
          '/organisations/registrations',
          '/organisations/invitations',
          '/roles/{id}/history',
          '/roles/history',
          '/roles',
          '/roles/shipping',
          '/onboarding',
          '/roles/onboarding',
          '/roles/results',
          '/organisations',
          '/order',
          '/orders',
        ].map((path) => `/api/userdata${path}`),
      ),
    );
  });
});

describe('organisation flags', () => {
  it('are read live: switching daily_check off stops the checker at once', async () => {
    const org = await h.org({ dailyCheck: true });
    const patient = await h.user({ org, roles: ['patient'] });
    await onboard(patient);
    expect((await h.call('POST', '/api/userdata/symptom', { token: patient.token, body: noSymptoms() })).status).toBe(200);
    await h.ctx.database.db.update(organisationProfiles).set({ dailyCheck: false }).where(eq(organisationProfiles.organisationId, org));
    expect((await h.call('POST', '/api/userdata/symptom', { token: patient.token, body: noSymptoms() })).status).toBe(403);
  });
});

describe('GET /api/userdata/help/media', () => {
  it('points at the hosted swab-test video, or at the configured embed address which the CSP then allows', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    expect((await h.call('GET', '/api/userdata/help/media', { token: patient.token })).body).toEqual({ success: true, swab_video: { kind: 'file', url: '/media/swab-test.webm' } });
    expect((await h.call('GET', '/api/userdata/help/media')).status).toBe(401);

    const embedded = await createHarness({ swabVideoEmbedUrl: 'https://video.example.org/embed/swab' });
    try {
      const org = await embedded.org();
      const u = await embedded.user({ org, roles: ['patient'] });
      const res = await embedded.app.inject({ method: 'GET', url: '/api/userdata/help/media', headers: { authorization: `Bearer ${u.token}` } });
      expect(res.json()).toEqual({ success: true, swab_video: { kind: 'embed', url: 'https://video.example.org/embed/swab' } });
      expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://video.example.org");
      expect(() => loadConfig({ SWAB_VIDEO_EMBED_URL: 'http://video.example.org/embed' })).toThrow('SWAB_VIDEO_EMBED_URL must be an https:// address');
    } finally {
      await embedded.close();
    }
  });
});

describe('My Account personal details (PATCH /api/identity/users/{id}, the rules the profile form shares)', () => {
  it('accepts a date of birth of 01/01/1901 and refuses the day before and the future; names need 2 letters', async () => {
    const patient = await h.user({ org: await h.org(), roles: ['patient'] });
    const patch = (body: unknown) => h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: patient.token, body });
    const firstOf1901 = Date.UTC(1901, 0, 1) / 1000;
    expect((await patch({ date_of_birth: firstOf1901 })).status).toBe(200);
    expect((await patch({ date_of_birth: firstOf1901 - 86_400 })).status).toBe(400);
    expect((await patch({ date_of_birth: Math.floor(h.clock.now().getTime() / 1000) + 86_400 })).status).toBe(400);
    expect((await patch({ first_name: 'Jo', last_name: 'Li' })).status).toBe(200);
    expect((await patch({ first_name: 'J' })).status).toBe(400);
    expect((await patch({ telephone: '1234' })).status).toBe(400);
    expect((await patch({ telephone: '12345' })).status).toBe(400);
    expect((await patch({ telephone: '0161 496 0000' })).status).toBe(200);
    expect((await patch({ telephone: '+49 30 12345678' })).status).toBe(200);
  });
});

describe('roles without personal health data', () => {
  it('answer 403 on every patient path', async () => {
    const org = await h.org();
    const practitioner = await h.user({ org, roles: ['practitioner'] });
    const profileId = await profileIdOf(practitioner);
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['POST', '/api/userdata/symptom', noSymptoms()],
      ['GET', '/api/userdata/roles/history'],
      ['GET', `/api/userdata/roles/${profileId}/history`],
      ['POST', '/api/userdata/onboarding', assessment()],
      ['GET', '/api/userdata/roles/onboarding'],
      ['GET', `/api/userdata/roles/results?id=${profileId}`],
      ['POST', '/api/userdata/order', { role_profile_id: profileId, appointment_date: daysAhead(14) }],
      ['GET', '/api/userdata/orders'],
      ['GET', '/api/userdata/organisations/symptom_history'],
      ['GET', '/api/userdata/organisations/registrations'],
      ['POST', '/api/userdata/organisations/invitations', { emails: ['someone@example.test'] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await h.call(method, url, { token: practitioner.token, body });
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
    }
  });
});
