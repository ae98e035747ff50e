import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './fixtures';

interface ApiSession {
  token: string;
  organisationId: string;
}

/** Signs in through the login API and answers a bearer session (for setting up data, not for testing sign-in). */
export async function apiSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const auth = await request.post('/api/login/auth', { data: { email, password } });
  expect(auth.ok()).toBe(true);
  const { token: oneTime } = (await auth.json()) as { token: string };
  const session = await request.get(`/api/login/token/${oneTime}`);
  expect(session.ok()).toBe(true);
  const body = (await session.json()) as { token: string; role: { organisation_id: string } };
  return { token: body.token, organisationId: body.role.organisation_id };
}

let created = 0;

/**
 * A new patient of Demo Ltd, created by the demo super admin, so a test can walk through onboarding
 * without changing the demo accounts other tests use.
 */
export async function createDemoLtdPatient(request: APIRequestContext, firstName = 'Robin'): Promise<{ email: string; password: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const demoLtd = (await apiSession(request, DEMO.patient)).organisationId;
  const email = `e2e-${Date.now()}-${++created}@example.test`;
  const password = 'e2e patient password';
  const headers = { authorization: `Bearer ${admin.token}` };
  const user = await request.post('/api/identity/users', {
    headers,
    data: { first_name: firstName, last_name: 'Ashworth', email, password, username: email, organisation_id: demoLtd, date_of_birth: Date.UTC(1990, 5, 15) / 1000 },
  });
  expect(user.status()).toBe(201);
  const { user: newUser } = (await user.json()) as { user: { id: string } };
  const role = await request.post('/api/identity/roles', { headers, data: { name: 'patient', user_id: newUser.id, organisation_id: demoLtd } });
  expect(role.status()).toBe(201);
  return { email, password };
}
