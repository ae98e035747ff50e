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

/** A suffix no other account or address of this run uses (the run's mailbox is shared by every worker). */
export const uniqueSuffix = () => `${Date.now()}-${process.env.TEST_PARALLEL_INDEX ?? 0}-${++created}`;

/** A new account with roles in the organisation `memberOf` belongs to (the first is the one it signs in with), created by the demo super admin. */
async function createAccount(
  request: APIRequestContext,
  account: { memberOf: string; roles: string[]; email: string; password: string; firstName: string; lastName: string },
): Promise<void> {
  const admin = await apiSession(request, DEMO.admin);
  const organisation = (await apiSession(request, account.memberOf)).organisationId;
  const headers = { authorization: `Bearer ${admin.token}` };
  const { email, password } = account;
  const user = await request.post('/api/identity/users', {
    headers,
    data: { first_name: account.firstName, last_name: account.lastName, email, password, username: email, organisation_id: organisation, date_of_birth: Date.UTC(1990, 5, 15) / 1000 },
  });
  expect(user.status()).toBe(201);
  const { user: newUser } = (await user.json()) as { user: { id: string } };
  for (const name of account.roles) {
    const role = await request.post('/api/identity/roles', { headers, data: { name, user_id: newUser.id, organisation_id: organisation } });
    expect(role.status()).toBe(201);
  }
}

/**
 * A new patient of Demo Ltd, created by the demo super admin, so a test can walk through onboarding
 * without changing the demo accounts other tests use.
 */
export async function createDemoLtdPatient(request: APIRequestContext, firstName = 'Robin'): Promise<{ email: string; password: string }> {
  const email = `e2e-${uniqueSuffix()}@example.test`;
  const password = 'e2e patient password';
  await createAccount(request, { memberOf: DEMO.patient, roles: ['patient'], email, password, firstName, lastName: 'Ashworth' });
  return { email, password };
}

export const PRACTITIONER_PASSWORD = 'e2e practitioner password';

export interface Practitioner {
  email: string;
  /** A bearer session of theirs, for setting up shifts and bookings through the API. */
  token: string;
}

/** A new practitioner of the demo clinic, so a test books and claims on shifts no other test touches. */
export async function createPractitioner(request: APIRequestContext, name = { first: 'Rowan', last: 'Adeyemi' }): Promise<Practitioner> {
  const email = `e2e-practitioner-${uniqueSuffix()}@example.test`;
  await createAccount(request, { memberOf: DEMO.practitioner, roles: ['practitioner'], email, password: PRACTITIONER_PASSWORD, firstName: name.first, lastName: name.last });
  return { email, token: (await apiSession(request, email, PRACTITIONER_PASSWORD)).token };
}

/** A new shift manager of the demo clinic who also practises (so they may take a consultation over), signing in as shift manager. */
export async function createShiftLead(request: APIRequestContext, name = { first: 'Lee', last: 'Okafor' }): Promise<Practitioner> {
  const email = `e2e-shift-lead-${uniqueSuffix()}@example.test`;
  await createAccount(request, { memberOf: DEMO.practitioner, roles: ['shift_manager', 'practitioner'], email, password: PRACTITIONER_PASSWORD, firstName: name.first, lastName: name.last });
  return { email, token: (await apiSession(request, email, PRACTITIONER_PASSWORD)).token };
}

export const PHARMACIST_PASSWORD = 'e2e pharmacist password';

/** A new member of the pharmacy role (pharmacy.book and nothing else) in the demo admin's organisation. */
export async function createPharmacist(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = `e2e-pharmacist-${uniqueSuffix()}@example.test`;
  await createAccount(request, { memberOf: DEMO.admin, roles: ['pharmacy'], email, password: PHARMACIST_PASSWORD, firstName: 'Priya', lastName: 'Chemist' });
  return { email, password: PHARMACIST_PASSWORD };
}

/** A day between 100 and 170 days ahead at 12:00 UTC, chosen at random so that parallel runs do not meet. */
export function farDay(): number {
  const day = Math.floor(Date.now() / 86_400_000) + 100 + Math.floor(Math.random() * 70);
  return day * 86_400 + 12 * 3600;
}
