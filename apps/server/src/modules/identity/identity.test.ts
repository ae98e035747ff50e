import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@vireo/contracts';
import { roleProfiles } from '../../db/schema';
import { epochSeconds } from '../../platform/clock';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let org: string;
let otherOrg: string;
let admin: TestUser;
let patient: TestUser;
let colleague: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  h = await createHarness();
  org = await h.org();
  otherOrg = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  patient = await h.user({ org, roles: ['patient'] });
  colleague = await h.user({ org, roles: ['patient'] });
  outsider = await h.user({ org: otherOrg, roles: ['manager'] });
});
afterAll(() => h.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada-${Math.random().toString(36).slice(2)}@example.test`,
  date_of_birth: Date.UTC(1990, 5, 1) / 1000,
  password: 'a long enough password',
  username: 'ada',
  organisation_id: org,
  ...overrides,
});

describe('POST /api/identity/users', () => {
  it('lets a super admin create a user, never answering the password', async () => {
    const res = await h.call('POST', '/api/identity/users', { token: admin.token, body: newUser() });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ first_name: 'Ada', organisation_id: org, roles: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/);
  });

  it('answers "Missing details." for an absent field and field errors for bad values', async () => {
    const { password: _omitted, ...withoutPassword } = newUser();
    const missing = await h.call('POST', '/api/identity/users', { token: admin.token, body: withoutPassword });
    expect(missing).toMatchObject({ status: 400, body: { success: false, message: MSG.missingDetails, errors: { password: MSG.missingDetails } } });
    const shortName = await h.call('POST', '/api/identity/users', { token: admin.token, body: newUser({ first_name: 'A' }) });
    expect(shortName.status).toBe(400);
    expect(shortName.body.errors).toHaveProperty('first_name');
    const tooOld = await h.call('POST', '/api/identity/users', { token: admin.token, body: newUser({ date_of_birth: Date.UTC(1900, 11, 31) / 1000 }) });
    expect(tooOld.status).toBe(400);
    const future = await h.call('POST', '/api/identity/users', { token: admin.token, body: newUser({ date_of_birth: epochSeconds(h.clock.now()) + 86_400 * 2 }) });
    expect(future.status).toBe(400);
  });

  it('refuses a second account with the same e-mail', async () => {
    const body = newUser();
    expect((await h.call('POST', '/api/identity/users', { token: admin.token, body })).status).toBe(201);
    expect((await h.call('POST', '/api/identity/users', { token: admin.token, body: { ...body, email: body.email.toUpperCase() } })).status).toBe(409);
  });

  it('answers 403 "Unable to create user." to other roles and 401 without a session', async () => {
    const res = await h.call('POST', '/api/identity/users', { token: patient.token, body: newUser() });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.unableToCreateUser } });
    expect((await h.call('POST', '/api/identity/users', { body: newUser() })).status).toBe(401);
  });
});

describe('GET /api/identity/users/{id}', () => {
  it('answers a user their own record', async () => {
    const res = await h.call('GET', `/api/identity/users/${patient.user.id}`, { token: patient.token });
    expect(res.status).toBe(200);
    expect(res.body.user.roles).toHaveLength(1);
  });

  it('answers 404 for a colleague and for another organisation’s user', async () => {
    expect((await h.call('GET', `/api/identity/users/${colleague.user.id}`, { token: patient.token })).status).toBe(404);
    expect((await h.call('GET', `/api/identity/users/${patient.user.id}`, { token: outsider.token })).status).toBe(404);
  });

  it('lets a super admin read anyone, and answers 404 for no such user', async () => {
    expect((await h.call('GET', `/api/identity/users/${outsider.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', '/api/identity/users/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await h.call('GET', '/api/identity/users/12', { token: patient.token })).status).toBe(400);
    expect((await h.call('GET', `/api/identity/users/${patient.user.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/identity/users/{id}', () => {
  it('lets a user change their own details', async () => {
    const res = await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: patient.token, body: { first_name: 'Priya', telephone: '07911 123456' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ first_name: 'Priya', telephone: '07911 123456' });
  });

  it('refuses a telephone that is not a phone number', async () => {
    const res = await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: patient.token, body: { telephone: '0770090012' } });
    expect(res).toMatchObject({ status: 400, body: { errors: { telephone: 'Enter a valid phone number' } } });
  });

  it('answers 403 "Unable to update user." when a user changes their e-mail or disables themself', async () => {
    const res = await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: patient.token, body: { email: 'new@example.test' } });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.unableToUpdateUser } });
  });

  it('answers 404 for someone else and 400 for bad values', async () => {
    expect((await h.call('PATCH', `/api/identity/users/${colleague.user.id}`, { token: patient.token, body: { first_name: 'Eve' } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: outsider.token, body: { first_name: 'Eve' } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { token: patient.token, body: { first_name: 'E' } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/identity/users/${patient.user.id}`, { body: { first_name: 'Eve' } })).status).toBe(401);
  });
});

describe('POST /api/identity/roles', () => {
  it('gives a user a role with its role profile', async () => {
    const u = await h.user({ org, roles: ['patient'] });
    const res = await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'manager', user_id: u.user.id, organisation_id: org } });
    expect(res.status).toBe(201);
    const profiles = await h.ctx.database.db.select().from(roleProfiles).where(eq(roleProfiles.roleId, res.body.role.id));
    expect(profiles).toHaveLength(1);
    expect((await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'manager', user_id: u.user.id, organisation_id: org } })).status).toBe(409);
  });

  it('refuses bad input, unknown users, other roles and no session', async () => {
    expect((await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'wizard', user_id: patient.user.id, organisation_id: org } })).status).toBe(400);
    expect((await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'patient' } })).body.message).toBe(MSG.missingDetails);
    expect((await h.call('POST', '/api/identity/roles', { token: admin.token, body: { name: 'patient', user_id: '00000000-0000-4000-8000-000000000000', organisation_id: org } })).status).toBe(404);
    const denied = await h.call('POST', '/api/identity/roles', { token: outsider.token, body: { name: 'super_admin', user_id: outsider.user.id, organisation_id: otherOrg } });
    expect(denied).toMatchObject({ status: 403, body: { message: MSG.unableToCreateRole } });
    expect((await h.call('POST', '/api/identity/roles', { body: { name: 'patient', user_id: patient.user.id, organisation_id: org } })).status).toBe(401);
  });
});
