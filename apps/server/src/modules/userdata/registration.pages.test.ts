// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, USERDATA_MSG } from '@vireo/contracts';
import { roles, users } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let org: string;
let manager: TestUser;
beforeAll(async () => {
  h = await createHarness();
  org = await h.org({ name: 'Registrations Ltd' });
  manager = await h.user({ org, roles: ['manager'] });
});
afterAll(() => h.close());

/** Invites a fresh address and answers it with the token from the recorded e-mail. */
async function invite(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('invitee');
  const res = await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [email] } });
  expect(res.status).toBe(200);
  const mail = (await h.mails({ recipient: email })).at(-1);
  const token = /\/identity\/register\?token=([A-Za-z0-9_%-]+)/.exec(mail!.body)?.[1];
  return { email, token: decodeURIComponent(token!) };
}

async function openForm(token: string) {
  const res = await h.app.inject({ method: 'GET', url: `/identity/register?token=${encodeURIComponent(token)}` });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
  return { res, cookie, csrf };
}

function postForm(cookie: string, fields: Record<string, string>) {
  return h.app.inject({
    method: 'POST',
    url: '/identity/register',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const person = { first_name: 'Nadia', last_name: 'Khan', date_of_birth: '1992-03-04', telephone: '', password: 'a long enough password', confirm: 'a long enough password' };

describe('/identity/register', () => {
  it('shows a labelled form naming the organisation and the invited address', async () => {
    const { email, token } = await invite();
    const { res, csrf } = await openForm(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Registrations Ltd has invited');
    expect(res.body).toContain(email);
    for (const id of ['first_name', 'last_name', 'date_of_birth', 'telephone', 'password', 'confirm']) expect(res.body).toContain(`<label for="${id}">`);
    expect(csrf).not.toBe('');
  });

  it('creates a patient of the organisation, marks the registration registered and signs the person in', async () => {
    const { email, token } = await invite();
    const { cookie, csrf } = await openForm(token);
    const res = await postForm(cookie, { ...person, csrf, token });
    expect(res.statusCode).toBe(303);
    const loginToken = /^\/verify-token\?token=([A-Za-z0-9_-]+)$/.exec(String(res.headers.location))?.[1];
    const session = await h.call('GET', `/api/login/token/${loginToken}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ user: { email, first_name: 'Nadia', last_name: 'Khan', organisation_id: org, date_of_birth: Date.UTC(1992, 2, 4) / 1000 }, role: { name: 'patient', organisation_id: org } });

    const list = await h.call('GET', '/api/userdata/organisations/registrations', { token: manager.token });
    const registration = list.body.registrations.find((r: { email: string }) => r.email === email);
    expect(registration).toMatchObject({ status: 'registered', role_profile_id: session.body.role_profile.id });

    const again = await openForm(token);
    expect(again.res.statusCode).toBe(404);
    expect(again.res.body).toContain(USERDATA_MSG.invitationInvalid);
  });

  it('shows the rules of the identity service for bad details and keeps what was entered', async () => {
    const { token } = await invite();
    const { cookie, csrf } = await openForm(token);
    const bad = await postForm(cookie, { ...person, first_name: 'N', date_of_birth: '1900-12-31', csrf, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('First name:');
    expect(bad.body).toContain('Date of birth: Date of birth must be on or after 01/01/1901');
    expect(bad.body).toContain('value="Khan"');
    const retry = await openForm(token);
    const mismatch = await postForm(retry.cookie, { ...person, confirm: 'something else entirely', csrf: retry.csrf, token });
    expect(mismatch.body).toContain('The passwords do not match.');
    const future = await postForm(retry.cookie, { ...person, date_of_birth: '2999-01-01', csrf: retry.csrf, token });
    expect(future.body).toContain('cannot be in the future');
    const missing = await postForm(retry.cookie, { ...person, last_name: '', csrf: retry.csrf, token });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(MSG.missingDetails);
    const forged = await postForm(retry.cookie, { ...person, csrf: 'forged', token });
    expect(forged.statusCode).toBe(403);
    const [row] = await h.ctx.database.db.select().from(users).where(and(eq(users.firstName, 'N')));
    expect(row).toBeUndefined();
  });

  it('answers an unknown token with 404 and an expired one with 410', async () => {
    expect((await openForm('nonsense')).res.statusCode).toBe(404);
    const { token } = await invite();
    h.clock.advance(15 * 86_400_000);
    try {
      const { res } = await openForm(token);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This invitation has expired.');
    } finally {
      h.clock.advance(-15 * 86_400_000);
    }
  });

  it('makes the invitee a patient only, in the inviting organisation', async () => {
    const { email, token } = await invite();
    const { cookie, csrf } = await openForm(token);
    await postForm(cookie, { ...person, csrf, token });
    const [user] = await h.ctx.database.db.select().from(users).where(eq(users.email, email));
    const held = await h.ctx.database.db.select().from(roles).where(eq(roles.userId, user!.id));
    expect(held.map((r) => [r.name, r.organisationId])).toEqual([['patient', org]]);
  });
});
