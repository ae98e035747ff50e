import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CERTIFICATE_ADMIN_MSG, CERTIFICATE_MSG, LIST_QUERY_MSG } from '@vireo/contracts';
import { auditEvents, bookingUsers, certificates, outboxEvents } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { registeredKit } from '../../test/lab-world';
import { seedApprovedKits } from '../commerce';

let h: Harness;
let admin: TestUser;
let support: TestUser;
let practitioner: TestUser;

const base = '/api/commerce/v1';
const db = () => h.ctx.database.db;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3_600_000;

beforeAll(async () => {
  // Its own database on PostgreSQL: the searches count every certificate in a range.
  h = await createHarness({}, { ownDatabase: true });
  await seedApprovedKits(h.ctx.commerce);
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
});
afterAll(() => h.close());

/** The clock moved on, with new sessions for everyone (theirs would lapse). */
async function later(ms: number) {
  h.clock.advance(ms);
  for (const user of [admin, support, practitioner]) user.token = await h.session(user);
}

/** A certificate issued through PCR Send Certificate at the clock's time, for a person named so. */
async function certificate(firstName: string, email: string) {
  const person = await registeredKit(h, { firstName, metadata: { test_result: 'ND', result: 'Negative', email, passport_number: 'P5556667', date_reported: h.clock.now().toISOString() } });
  const sent = await h.call('POST', `${base}/pcr-test/${person.bookingUserId}/certificate`, { token: admin.token });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { id: sent.body.data.id as string, person };
}

describe('GET /certificate/search', () => {
  it('finds the certificates created in [from, to), newest first, paged; searches names; audited; customer services too', async () => {
    const start = h.clock.now();
    const first = await certificate('Alpha', 'alpha@example.test');
    await later(HOUR);
    const second = await certificate('Bravo', 'bravo@example.test');
    await later(HOUR);
    const third = await certificate('Charlie', 'charlie@example.test');
    const from = epoch(start);
    const to = epoch(h.clock.now()) + 1;
    const search = (query: string, token = admin.token) => h.call('GET', `${base}/certificate/search?${query}`, { token });
    const all = await search(`from=${from}&to=${to}`);
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.data[2]).toMatchObject({
      id: first.id,
      created_at: from,
      name: 'Alpha Hopper',
      email: 'alpha@example.test',
      type: 'uk_pcr_medical',
      result: 'Negative',
      status: 'valid',
      opened_at: null,
      provider_id: admin.user.id,
      recipient_id: first.person.bookingUserId,
      date_of_birth: '1990-05-17',
      document_number: 'P5556667',
    });
    const page = await search(`from=${from}&to=${to}&page=2&page_size=2&sort=created_at`);
    expect(page.body).toMatchObject({ totalCount: 3, data: [{ id: third.id }] });
    expect((await search(`from=${from}&to=${to}&name=brav`)).body.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    expect((await search(`from=${from}&to=${to}&name=%25`)).body.data).toEqual([]);
    expect((await search(`from=${from}&to=${to}&sort=name`, support.token)).body.data.map((c: { name: string }) => c.name)).toEqual(['Alpha Hopper', 'Bravo Hopper', 'Charlie Hopper']);
    // Range edges: from is inclusive, to exclusive.
    expect((await search(`from=${from + 3600}&to=${from + 7200}`)).body.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    expect((await search(`from=${from + 1}&to=${from + 3600}`)).body.data).toEqual([]);
    const audited = await db().select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'certificate'), eq(auditEvents.resourceId, second.id), eq(auditEvents.action, 'health_data.read')));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('bad input 400 with its message; no session 401; a role without it 403', async () => {
    const search = (query: string, token: string | undefined = admin.token) => h.call('GET', `${base}/certificate/search?${query}`, { ...(token ? { token } : {}) });
    expect(await search('from=100&to=99')).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.rangeOrder } });
    expect(await search(`from=0&to=${367 * 86_400}`)).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.rangeTooLong } });
    expect(await search('from=0&to=1&sort=kind')).toMatchObject({ status: 400, body: { message: LIST_QUERY_MSG.unknownSort } });
    expect((await search('to=1')).status).toBe(400);
    expect((await search('from=0&to=1', '')).status).toBe(401);
    expect((await search('from=0&to=1', practitioner.token)).status).toBe(403);
  });
});

describe('GET /certificate/export', () => {
  it('answers the search as CSV, formula-safe; audited', async () => {
    const at = h.clock.now();
    const { id } = await certificate('=cmd', 'formula@example.test');
    const answer = await h.call('GET', `${base}/certificate/export?from=${epoch(at)}&to=${epoch(at) + 1}&name=cmd`, { token: support.token });
    expect(answer.status).toBe(200);
    const lines = String(answer.body).trim().split('\r\n');
    expect(lines[0]).toBe('Certificate,Created,Name,Email,Type,Result,Status,Sent,Opened');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,'=cmd Hopper,formula@example.test,uk_pcr_medical,Negative,valid,`);
    const audited = await db().select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'certificate'), eq(auditEvents.resourceId, id), eq(auditEvents.actorUserId, support.user.id)));
    expect(audited.length).toBe(1);
    expect((await h.call('GET', `${base}/certificate/export?from=0&to=1`, { token: practitioner.token })).status).toBe(403);
    expect((await h.call('GET', `${base}/certificate/export?from=0&to=1`)).status).toBe(401);
  });
});

describe('POST /certificate/{id}/email and the opened link', () => {
  it('e-mails it again with a link whose first opening sets opened_at; unknown 404; revoked 409; 401; 403', async () => {
    const { id } = await certificate('Echo', 'echo@example.test');
    await h.deliverOutbox();
    const answer = await h.call('POST', `${base}/certificate/${id}/email`, { token: support.token });
    expect(answer).toMatchObject({ status: 200, body: { message: CERTIFICATE_ADMIN_MSG.resent } });
    const mails = await h.mails({ recipient: 'echo@example.test' });
    expect(mails).toHaveLength(2);
    const link = /\/verify\/[^\s]+/.exec(mails[1]!.body)![0];
    const query = link.split('?')[1]!;
    expect((await h.call('GET', `/api/certificates/${id}/status`)).status).toBe(200);
    expect((await db().select().from(certificates).where(eq(certificates.id, id)))[0]!.openedAt).toBeNull();
    expect((await h.call('GET', `/api/certificates/${id}/status?${query.replace(/signature=[^&]+/, 'signature=forged')}`)).status).toBe(200);
    expect((await db().select().from(certificates).where(eq(certificates.id, id)))[0]!.openedAt).toBeNull();
    const openedAt = h.clock.now();
    expect((await h.call('GET', `/api/certificates/${id}/status?${query}`)).status).toBe(200);
    await later(HOUR);
    await h.call('GET', `/api/certificates/${id}/status?${query}`);
    const [row] = await db().select().from(certificates).where(eq(certificates.id, id));
    expect(row!.openedAt).toEqual(openedAt);
    expect(row!.sentAt).not.toBeNull();

    expect((await h.call('POST', `${base}/certificate/${randomUUID()}/email`, { token: admin.token })).status).toBe(404);
    expect((await h.call('POST', `${base}/certificate/${id}/email`)).status).toBe(401);
    expect((await h.call('POST', `${base}/certificate/${id}/email`, { token: practitioner.token })).status).toBe(403);
    await db().update(certificates).set({ status: 'revoked' }).where(eq(certificates.id, id));
    expect(await h.call('POST', `${base}/certificate/${id}/email`, { token: admin.token })).toMatchObject({ status: 409, body: { message: CERTIFICATE_ADMIN_MSG.resendFailed } });
  });
});

describe('POST /certificate/{id}/email from another organisation', () => {
  it('customer services of another organisation than the issuer’s resend it: the event is the certificate’s organisation’s', async () => {
    const { id } = await certificate('Foxtrot', 'foxtrot@example.test');
    await h.deliverOutbox();
    const elsewhere = await h.user({ org: await h.org(), roles: ['customer_services'] });
    expect(await h.call('POST', `${base}/certificate/${id}/email`, { token: elsewhere.token })).toMatchObject({ status: 200 });
    expect(await h.mails({ recipient: 'foxtrot@example.test' })).toHaveLength(2);
    const [row] = await db().select({ organisationId: certificates.organisationId }).from(certificates).where(eq(certificates.id, id));
    const requested = (await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'certificate.email_requested'))).filter((event) => event.payload.certificate_id === id);
    expect(requested.map((event) => event.organisationId)).toEqual([row!.organisationId]);
  });
});

describe('GET /certificate/{id}/pdf', () => {
  it('opens the certificate’s PDF for the back office, audited as a health-data read; unknown 404; bad id 400; 401; 403', async () => {
    const { id } = await certificate('Golf', 'golf@example.test');
    const url = `${base}/certificate/${id}/pdf`;
    const opened = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${support.token}` } });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const audited = await db().select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'certificate_file'), eq(auditEvents.resourceId, id)));
    expect(audited.map((row) => [row.action, row.actorUserId])).toEqual([['health_data.read', support.user.id]]);
    expect((await h.call('GET', `${base}/certificate/${randomUUID()}/pdf`, { token: admin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/certificate/not-a-uuid/pdf`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', url)).status).toBe(401);
    expect((await h.call('GET', url, { token: practitioner.token })).status).toBe(403);
  });
});

describe('PUT /certificate/{id} (Edit)', () => {
  const edit = { forename: 'Grace', surname: 'Brewster', date_of_birth: '09/12/1906', email: 'Grace.Brewster@example.test', document_number: 'X9876543' };

  it('reissues with the corrected details through the certificate service, revokes the old one, corrects the person and e-mails the new one', async () => {
    const { id, person } = await certificate('Foxtrot', 'foxtrot@example.test');
    const answer = await h.call('PUT', `${base}/certificate/${id}`, { token: support.token, body: edit });
    expect(answer).toMatchObject({ status: 200, body: { message: CERTIFICATE_ADMIN_MSG.reissued } });
    const newId = answer.body.data.id as string;
    const [old] = await db().select().from(certificates).where(eq(certificates.id, id));
    const [reissued] = await db().select().from(certificates).where(eq(certificates.id, newId));
    expect(old).toMatchObject({ status: 'revoked', replacedBy: newId });
    expect(reissued).toMatchObject({ status: 'valid', holderName: 'Grace Brewster', email: 'grace.brewster@example.test', documentNumber: 'X9876543', kind: old!.kind });
    expect(reissued!.facts).toMatchObject({ dob: '1906-12-09', nam: { gn: 'Grace', fn: 'Brewster' } });
    const [stored] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, person.bookingUserId));
    expect(stored!.metadata).toMatchObject({ forename: 'Grace', surname: 'Brewster', email: 'grace.brewster@example.test', passport_number: 'X9876543', date_of_birth: '1906-12-09T00:00:00.000Z' });
    expect(await h.mails({ recipient: 'grace.brewster@example.test' })).toHaveLength(1);
    expect((await h.call('GET', `/api/certificates/${id}/status`)).body.status).toBe('revoked');
    expect((await h.call('PUT', `${base}/certificate/${id}`, { token: support.token, body: edit })).status).toBe(409);
  });

  it('customer services of another organisation reissue it as the certificate’s organisation’s, not theirs', async () => {
    const { id, person } = await certificate('Golf', 'golf@example.test');
    const elsewhere = await h.user({ org: await h.org(), roles: ['customer_services'] });
    const answer = await h.call('PUT', `${base}/certificate/${id}`, { token: elsewhere.token, body: { ...edit, email: 'golf@example.test' } });
    expect(answer.status).toBe(200);
    const [old] = await db().select().from(certificates).where(eq(certificates.id, id));
    const [reissued] = await db().select().from(certificates).where(eq(certificates.id, answer.body.data.id));
    expect(reissued).toMatchObject({ organisationId: old!.organisationId, issuedByUserId: elsewhere.user.id });
    const updated = (await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'booking_user.metadata.updated'))).filter((event) => event.payload.booking_user_id === person.bookingUserId);
    expect(updated.map((event) => event.organisationId)).toContain(old!.organisationId);
    expect(updated.map((event) => event.organisationId)).not.toContain(elsewhere.user.organisationId);
  });

  it('bad input with the form’s messages; unknown 404; 401; 403', async () => {
    const { id } = await certificate('Golf', 'golf@example.test');
    const put = (body: unknown, token: string | undefined = admin.token, target = id) => h.call('PUT', `${base}/certificate/${target}`, { ...(token ? { token } : {}), body });
    expect(await put({ ...edit, date_of_birth: '31/02/1990' })).toMatchObject({ status: 400, body: { errors: { date_of_birth: CERTIFICATE_MSG.dateOfBirth } } });
    expect(await put({ ...edit, email: 'nope' })).toMatchObject({ status: 400, body: { errors: { email: CERTIFICATE_MSG.email } } });
    expect(await put({ ...edit, document_number: 'X1' })).toMatchObject({ status: 400, body: { errors: { document_number: CERTIFICATE_MSG.passportNumber } } });
    expect(await put({ ...edit, forename: ' ' })).toMatchObject({ status: 400, body: { errors: { forename: CERTIFICATE_MSG.firstName } } });
    expect((await put(edit, admin.token, randomUUID())).status).toBe(404);
    expect((await put(edit, '')).status).toBe(401);
    expect((await put(edit, practitioner.token)).status).toBe(403);
    const [row] = await db().select().from(certificates).where(eq(certificates.id, id));
    expect(row!.status).toBe('valid');
  });
});
