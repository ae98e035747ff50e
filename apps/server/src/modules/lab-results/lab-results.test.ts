import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CERTIFICATE_ADMIN_MSG, pcrHighlight, templateColumns } from '@vireo/contracts';
import { appointments, auditEvents, bookingUsers, certificates, outboxEvents, resultUploadCertificates } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { registeredKit, uploadBody } from '../../test/lab-world';
import { seedApprovedKits } from '../commerce';
import { CERTIFICATES_PER_JOB, makeUploadCertificates } from './upload-jobs';

let h: Harness;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;

const base = '/api/commerce/v1';
const onPostgres = Boolean(inject('postgresUrl'));
const db = () => h.ctx.database.db;
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3_600_000;

beforeAll(async () => {
  // Its own database on PostgreSQL: the PCR list and the searches count every row in a range.
  h = await createHarness({}, { ownDatabase: true });
  await seedApprovedKits(h.ctx.commerce);
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
  patient = await h.user({ org, roles: ['patient'] });
});
afterAll(() => h.close());

function upload(type: string, csv: string, token = admin.token) {
  const body = uploadBody(csv);
  return h.app
    .inject({ method: 'POST', url: `${base}/certificate/upload?type=${type}`, headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: body.payload })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
}

/** Runs the jobs an upload queued, as a worker would (the harness has no pg-boss): answers how many certificates they made. */
async function makeCertificates(uploadId: string): Promise<number> {
  const owed = await db().select({ id: resultUploadCertificates.certificateId }).from(resultUploadCertificates).where(eq(resultUploadCertificates.uploadId, uploadId));
  let made = 0;
  for (let i = 0; i < owed.length; i += CERTIFICATES_PER_JOB) {
    made += (await makeUploadCertificates(h.ctx.labResults, { uploadId, certificateIds: owed.slice(i, i + CERTIFICATES_PER_JOB).map((row) => row.id) })).made;
  }
  return made;
}

const csvOf = (type: Parameters<typeof templateColumns>[0], rows: Record<string, string>[]) => {
  const columns = templateColumns(type);
  return [columns.join(','), ...rows.map((row) => columns.map((column) => row[column] ?? '').join(','))].join('\n');
};

/** A row of a lab's file naming the person the kit is registered to (registeredKit's Grace Hopper, born 1990-05-17). */
const pcrRow = (person: { kitId: string; firstName?: string; email?: string }, overrides: Record<string, string> = {}) => ({
  kit_id: person.kitId,
  first_name: person.firstName ?? 'Grace',
  last_name: 'Hopper',
  email: person.email ?? 'grace@example.test',
  date_of_birth: '1990-05-17',
  sex: 'female',
  date_sampled: '2026-06-09T08:30',
  date_reported: '2026-06-10T07:00',
  sample_type: 'Nasopharyngeal swab',
  result: 'ND',
  passport_number: 'P7654321',
  date_of_receipt: '2026-06-09T18:00',
  ...overrides,
});

describe('GET /pcr-test', () => {
  it('lists the people of PCR appointments sampled in [from, to), latest first, with their codes; audited', async () => {
    const now = h.clock.now();
    const older = await registeredKit(h, { sampled: new Date(now.getTime() - 50 * HOUR), firstName: 'Older' });
    const newer = await registeredKit(h, { sampled: new Date(now.getTime() - 2 * HOUR), firstName: 'Newer', metadata: { test_result: 'DT', result: 'Positive', date_of_receipt: new Date(now.getTime() - HOUR).toISOString() } });
    const antigen = await registeredKit(h, { testType: 'Antigen', sampled: new Date(now.getTime() - HOUR) });
    // A self-swab kit's own test type (the booking user's metadata) counts too.
    const selfSwab = await registeredKit(h, { testType: 'Antigen', sampled: new Date(now.getTime() - 3 * HOUR), firstName: 'Self', metadata: { test_type: 'PCR' } });
    const outside = await registeredKit(h, { sampled: new Date(now.getTime() - 31 * 24 * HOUR) });
    const from = epoch(now) - 30 * 86_400;
    const answer = await h.call('GET', `${base}/pcr-test?from=${from}&to=${epoch(now) + 1}`, { token: admin.token });
    expect(answer.status).toBe(200);
    const ids = answer.body.data.map((row: { booking_user_id: string }) => row.booking_user_id);
    expect(ids).toEqual([newer.bookingUserId, selfSwab.bookingUserId, older.bookingUserId]);
    expect(ids).not.toContain(antigen.bookingUserId);
    expect(ids).not.toContain(outside.bookingUserId);
    expect(answer.body.data[0]).toMatchObject({
      first_name: 'Newer',
      last_name: 'Hopper',
      kit_id: newer.kitId,
      test_result: 'DT',
      booking_id: newer.appointmentId,
      sample_date: epoch(now) - 2 * 3600,
      receipt_date: epoch(now) - 3600,
      certificate_id: null,
    });
    expect(answer.body).toMatchObject({ totalCount: 3, now: epoch(now) });
    const audited = await db().select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'booking_user'), eq(auditEvents.resourceId, older.bookingUserId)));
    expect(audited.map((row) => row.action)).toContain('health_data.read');
  });

  it('follows later changes: a sample recorded afterwards, a self-swab kit’s own test type, an appointment’s test type changed either way', async () => {
    const at = new Date(h.clock.now().getTime() - 20 * 24 * HOUR);
    const list = async () => {
      const answer = await h.call('GET', `${base}/pcr-test?from=${epoch(at)}&to=${epoch(at) + 1}`, { token: admin.token });
      return { ids: answer.body.data.map((row: { booking_user_id: string }) => row.booking_user_id), total: answer.body.totalCount };
    };
    const unsampled = await registeredKit(h, { sampled: null });
    const antigen = await registeredKit(h, { testType: 'Antigen', sampled: at });
    expect(await list()).toEqual({ ids: [], total: 0 });

    const [row] = await db().select({ metadata: bookingUsers.metadata }).from(bookingUsers).where(eq(bookingUsers.id, unsampled.bookingUserId));
    await db().update(bookingUsers).set({ metadata: { ...row!.metadata, date_sampled: at.toISOString() } }).where(eq(bookingUsers.id, unsampled.bookingUserId));
    expect(await list()).toEqual({ ids: [unsampled.bookingUserId], total: 1 });

    await db().update(appointments).set({ testType: 'RT-PCR' }).where(eq(appointments.id, antigen.appointmentId));
    expect((await list()).total).toBe(2);
    await db().update(appointments).set({ testType: 'Antigen' }).where(eq(appointments.id, antigen.appointmentId));
    expect(await list()).toEqual({ ids: [unsampled.bookingUserId], total: 1 });

    const [antigenRow] = await db().select({ metadata: bookingUsers.metadata }).from(bookingUsers).where(eq(bookingUsers.id, antigen.bookingUserId));
    await db().update(bookingUsers).set({ metadata: { ...antigenRow!.metadata, test_type: 'pcr' } }).where(eq(bookingUsers.id, antigen.bookingUserId));
    expect((await list()).total).toBe(2);
  });

  it('range edges: a sample at from is in, one at to is out; to before from is refused', async () => {
    const at = new Date(h.clock.now().getTime() - 10 * 24 * HOUR);
    const edge = await registeredKit(h, { sampled: at });
    const list = (from: number, to: number) => h.call('GET', `${base}/pcr-test?from=${from}&to=${to}&page_size=100`, { token: admin.token });
    const ids = (answer: { body: { data: { booking_user_id: string }[] } }) => answer.body.data.map((row) => row.booking_user_id);
    expect(ids(await list(epoch(at), epoch(at) + 1))).toEqual([edge.bookingUserId]);
    expect(ids(await list(epoch(at) - 60, epoch(at)))).toEqual([]);
    expect(await list(epoch(at), epoch(at) - 1)).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.rangeOrder } });
    expect((await h.call('GET', `${base}/pcr-test?from=x&to=1`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/pcr-test?from=1`, { token: admin.token })).status).toBe(400);
  });

  it('highlights from the server’s time: orange from 24 hours after sampling without a result, red from 48', async () => {
    const sampledAt = h.clock.now();
    const waiting = await registeredKit(h, { sampled: sampledAt });
    const highlightAfter = async (ms: number) => {
      h.clock.set(new Date(sampledAt.getTime() + ms));
      const answer = await h.call('GET', `${base}/pcr-test?from=${epoch(sampledAt)}&to=${epoch(sampledAt) + 1}`, { token: await h.session(admin) });
      const row = answer.body.data.find((r: { booking_user_id: string }) => r.booking_user_id === waiting.bookingUserId);
      return pcrHighlight(row.sample_date, row.test_result, answer.body.now);
    };
    try {
      expect(await highlightAfter(24 * HOUR - 1000)).toBeNull();
      expect(await highlightAfter(24 * HOUR)).toBe('orange');
      expect(await highlightAfter(48 * HOUR - 1000)).toBe('orange');
      expect(await highlightAfter(48 * HOUR)).toBe('red');
    } finally {
      h.clock.set(sampledAt);
    }
    expect(pcrHighlight(epoch(sampledAt), 'ND', epoch(sampledAt) + 72 * 3600)).toBeNull();
  });

  it('no session 401, a role without it 403 (customer services too)', async () => {
    const query = `${base}/pcr-test?from=0&to=1`;
    expect((await h.call('GET', query)).status).toBe(401);
    expect((await h.call('GET', query, { token: support.token })).status).toBe(403);
    expect((await h.call('GET', query, { token: patient.token })).status).toBe(403);
  });
});

describe('POST /pcr-test/{bookingUserId}/certificate (Send Certificate)', () => {
  it('issues the certificate of an ND result through the certificate service and e-mails it; then sends the same one again', async () => {
    const person = await registeredKit(h, { metadata: { test_result: 'ND', result: 'Negative', date_reported: h.clock.now().toISOString(), email: 'send-pcr@example.test', passport_number: 'P1112223' } });
    const sent = await h.call('POST', `${base}/pcr-test/${person.bookingUserId}/certificate`, { token: admin.token });
    expect(sent).toMatchObject({ status: 200, body: { message: CERTIFICATE_ADMIN_MSG.emailSent } });
    const [issued] = await db().select().from(certificates).where(eq(certificates.bookingUserId, person.bookingUserId));
    expect(issued).toMatchObject({ id: sent.body.data.id, kind: 'uk_pcr_medical', status: 'valid', email: 'send-pcr@example.test', holderName: 'Grace Hopper' });
    expect(await h.mails({ recipient: 'send-pcr@example.test' })).toHaveLength(1);
    const again = await h.call('POST', `${base}/pcr-test/${person.bookingUserId}/certificate`, { token: admin.token });
    expect(again.body.data.id).toBe(issued!.id);
    expect(await h.mails({ recipient: 'send-pcr@example.test' })).toHaveLength(2);
    const [after] = await db().select().from(certificates).where(eq(certificates.id, issued!.id));
    expect(after!.sentAt).not.toBeNull();
  });

  it('no result or IDT: 409 and nothing issued; not a PCR person or unknown: 404; 401; 403', async () => {
    const waiting = await registeredKit(h);
    const indeterminate = await registeredKit(h, { metadata: { test_result: 'IDT', result: 'Invalid' } });
    const antigen = await registeredKit(h, { testType: 'Antigen', metadata: { result: 'Negative' } });
    const send = (id: string, token: string | undefined = admin.token) => h.call('POST', `${base}/pcr-test/${id}/certificate`, { ...(token ? { token } : {}) });
    expect((await send(waiting.bookingUserId)).status).toBe(409);
    expect(await send(indeterminate.bookingUserId)).toMatchObject({ status: 409, body: { message: CERTIFICATE_ADMIN_MSG.noCertificate } });
    expect((await send(antigen.bookingUserId)).status).toBe(404);
    expect((await send(randomUUID())).status).toBe(404);
    expect((await send('not-a-uuid')).status).toBe(400);
    expect((await send(waiting.bookingUserId, '')).status).toBe(401);
    expect((await send(waiting.bookingUserId, support.token)).status).toBe(403);
    const none = await db().select().from(certificates).where(inArray(certificates.bookingUserId, [waiting.bookingUserId, indeterminate.bookingUserId]));
    expect(none).toEqual([]);
  });
});

describe('GET /certificate/template/{type}', () => {
  it('answers each template’s header row as CSV', async () => {
    const pcr = await h.call('GET', `${base}/certificate/template/PCRTravelUK`, { token: admin.token });
    expect(pcr.status).toBe(200);
    expect(pcr.body).toBe('kit_id,first_name,last_name,email,date_of_birth,sex,date_sampled,date_reported,sample_type,result,passport_number,date_of_receipt\r\n');
    const antigen = await h.call('GET', `${base}/certificate/template/AntigenMedicalUK`, { token: admin.token });
    expect(antigen.body).toBe('kit_id,first_name,last_name,email,date_of_birth,sex,date_sampled,date_reported,sample_type,result,kit_provider,lot_id\r\n');
    expect((await h.call('GET', `${base}/certificate/template/Nope`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/certificate/template/PCRTravelUK`)).status).toBe(401);
    expect((await h.call('GET', `${base}/certificate/template/PCRTravelUK`, { token: support.token })).status).toBe(403);
  });
});

describe('POST /certificate/upload', () => {
  it('reports every bad row at once (line and column) and stores nothing', async () => {
    const good = await registeredKit(h, { sampled: null });
    const withResult = await registeredKit(h, { metadata: { result: 'Negative' } });
    const antigen = await registeredKit(h, { testType: 'Antigen', sampled: null });
    const csv = csvOf('PCRTravelUK', [
      pcrRow(good),
      pcrRow({ kitId: 'NOSUCHKIT1' }),
      pcrRow(withResult),
      pcrRow(antigen),
      pcrRow(good),
      pcrRow({ kitId: '' }, { email: 'not-an-email', date_sampled: '09/06/2026', result: 'XX', sex: 'unknown', date_of_birth: '1990-02-30' }),
      pcrRow({ kitId: 'KITFUTURE1' }, { date_sampled: '2026-06-11T08:00', first_name: '' }),
      pcrRow({ kitId: 'KITLATE01' }, { date_reported: '2026-06-08T08:00', result: '', date_of_receipt: '' }),
    ]);
    const answer = await upload('PCRTravelUK', csv);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CERTIFICATE_ADMIN_MSG.uploadFailed);
    expect(answer.body.errors).toEqual({
      '3.kit_id': CERTIFICATE_ADMIN_MSG.kitUnknown,
      '4.kit_id': CERTIFICATE_ADMIN_MSG.kitHasResult,
      '5.kit_id': CERTIFICATE_ADMIN_MSG.kitWrongTest,
      '6.kit_id': CERTIFICATE_ADMIN_MSG.kitRepeated,
      '7.kit_id': CERTIFICATE_ADMIN_MSG.required,
      '7.email': CERTIFICATE_ADMIN_MSG.email,
      '7.sex': CERTIFICATE_ADMIN_MSG.sex,
      '7.result': CERTIFICATE_ADMIN_MSG.resultCode,
      '7.date_of_birth': CERTIFICATE_ADMIN_MSG.date,
      '7.date_sampled': CERTIFICATE_ADMIN_MSG.dateTime,
      '8.first_name': CERTIFICATE_ADMIN_MSG.required,
      '8.date_sampled': CERTIFICATE_ADMIN_MSG.future,
      '9.date_of_receipt': CERTIFICATE_ADMIN_MSG.required,
      '9.date_reported': CERTIFICATE_ADMIN_MSG.reportedBeforeSampled,
      '9.kit_id': CERTIFICATE_ADMIN_MSG.kitUnknown,
    });
    const [stored] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, good.bookingUserId));
    expect(stored!.metadata.result).toBeUndefined();
    expect(stored!.metadata.date_sampled).toBeUndefined();
    expect(await db().select().from(certificates).where(eq(certificates.bookingUserId, good.bookingUserId))).toEqual([]);
  });

  it('refuses a header that is not the template’s, an empty file, no file, an unknown type; 401; 403', async () => {
    const header = await upload('PCRMedicalUK', 'kit_id,first_name\nA,B');
    expect(header.status).toBe(400);
    expect(header.body.errors['1.last_name']).toBe(CERTIFICATE_ADMIN_MSG.missingColumn);
    const extra = await upload('AntigenMedicalUK', `${templateColumns('AntigenMedicalUK').join(',')},shoe_size\n`);
    expect(extra.body.errors['1.shoe_size']).toBe(CERTIFICATE_ADMIN_MSG.unknownColumn);
    expect(await upload('PCRMedicalUK', templateColumns('PCRMedicalUK').join(','))).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.noRows } });
    const noFile = await h.app.inject({
      method: 'POST',
      url: `${base}/certificate/upload?type=PCRMedicalUK`,
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${admin.token}` },
      payload: '--x--\r\n',
    });
    expect(noFile.statusCode).toBe(400);
    expect((await upload('PCRMedicalEU', 'kit_id\nA')).status).toBe(400);
    expect((await upload('PCRMedicalUK', 'kit_id\nA', '')).status).toBe(401);
    expect((await upload('PCRMedicalUK', 'kit_id\nA', support.token)).status).toBe(403);
  });

  it('stores each result on its person, issues ND and DT certificates (not e-mailed), none for IDT, and records a sample in the lab', async () => {
    const negative = await registeredKit(h, { sampled: null, firstName: 'Nina', email: 'negative@example.test' });
    const positive = await registeredKit(h, { sampled: null, firstName: 'Paul', email: 'positive@example.test' });
    const indeterminate = await registeredKit(h, { sampled: null, firstName: 'Ida' });
    const inLab = await registeredKit(h, { sampled: null, firstName: 'Lab' });
    const csv = csvOf('PCRTravelUK', [
      pcrRow({ ...negative, kitId: negative.kitId.toLowerCase() }),
      pcrRow(positive, { result: 'DT', email: 'Positive@Example.test' }),
      pcrRow(indeterminate, { result: 'IDT' }),
      pcrRow(inLab, { result: '', date_reported: '' }),
    ]);
    const answer = await upload('PCRTravelUK', csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.message).toBe(CERTIFICATE_ADMIN_MSG.fileUploaded);
    expect(answer.body.data.map((row: { first_name: string; result: string | null; positive: boolean }) => [row.first_name, row.result, row.positive])).toEqual([
      ['Paul', 'DT', true],
      ['Nina', 'ND', false],
      ['Ida', 'IDT', false],
      ['Lab', null, false],
    ]);
    const [paul, nina, ida, lab] = answer.body.data;
    expect(paul.id).toEqual(expect.any(String));
    expect(nina.id).toEqual(expect.any(String));
    expect(ida.id).toBeNull();
    expect(lab.id).toBeNull();
    expect(nina).toMatchObject({ booking_user_id: negative.bookingUserId, sample_type: 'Nasopharyngeal swab', date_sampled: epoch(new Date('2026-06-09T08:30:00Z')) });
    expect(answer.body.upload).toMatchObject({ template: 'PCRTravelUK', rows: 4, certificates_expected: 2, certificates_made: 0, uploaded_at: epoch(h.clock.now()) });
    expect(await makeCertificates(answer.body.upload.id)).toBe(2);

    const issued = await db().select().from(certificates).where(inArray(certificates.bookingUserId, [negative.bookingUserId, positive.bookingUserId, indeterminate.bookingUserId, inLab.bookingUserId]));
    expect(issued.map((c) => [c.id, c.bookingUserId, c.kind, c.status, c.email, c.documentNumber, c.issuedByUserId]).sort()).toEqual(
      [
        [nina.id, negative.bookingUserId, 'uk_pcr_travel', 'valid', 'negative@example.test', 'P7654321', admin.user.id],
        [paul.id, positive.bookingUserId, 'uk_pcr_travel', 'valid', 'positive@example.test', 'P7654321', admin.user.id],
      ].sort(),
    );
    const people = new Map((await db().select().from(bookingUsers).where(inArray(bookingUsers.id, [negative.bookingUserId, indeterminate.bookingUserId, inLab.bookingUserId]))).map((p) => [p.id, p.metadata]));
    expect(people.get(negative.bookingUserId)).toMatchObject({ test_result: 'ND', result: 'Negative', date_sampled: '2026-06-09T08:30:00.000Z', date_reported: '2026-06-10T07:00:00.000Z', date_of_receipt: '2026-06-09T18:00:00.000Z', passport_number: 'P7654321', sex: 'female' });
    expect(people.get(indeterminate.bookingUserId)).toMatchObject({ test_result: 'IDT', result: 'Invalid', sample_taken: 'invalid' });
    expect(people.get(inLab.bookingUserId)).toMatchObject({ date_of_receipt: '2026-06-09T18:00:00.000Z', date_sampled: '2026-06-09T08:30:00.000Z' });
    expect(people.get(inLab.bookingUserId)!.result).toBeUndefined();
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'booking_user.metadata.updated'));
    expect(events.filter((e) => e.payload.booking_user_id === inLab.bookingUserId)).toHaveLength(1);
    expect(await h.mails({ recipient: 'negative@example.test' })).toEqual([]);

    const send = await h.call('POST', `${base}/certificate/${nina.id}/email`, { token: admin.token });
    expect(send).toMatchObject({ status: 200, body: { message: CERTIFICATE_ADMIN_MSG.resent } });
    const mails = await h.mails({ recipient: 'negative@example.test' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/verify/${nina.id}?user=`);

    const repeat = await upload('PCRTravelUK', csv);
    expect(repeat.status).toBe(400);
    expect(repeat.body.errors['2.kit_id']).toBe(CERTIFICATE_ADMIN_MSG.kitHasResult);
    expect(repeat.body.errors['5.kit_id']).toBeUndefined();
  });

  it('refuses a row naming someone other than the kit’s holder (name, date of birth or e-mail) and stores nothing; the corrected row is accepted', async () => {
    const holder = await registeredKit(h, { sampled: null, firstName: 'Zoë', lastName: 'van Dijk', email: 'zoe.vandijk@example.test' });
    const row = pcrRow(holder, { last_name: 'van Dijk', result: 'DT' });
    const otherPerson = CERTIFICATE_ADMIN_MSG.kitOtherPerson(holder.kitId);
    expect(otherPerson).toBe(`Kit ${holder.kitId} is registered to another person`);
    const refusals = [
      [{ first_name: 'Ada' }, 'first_name'],
      [{ last_name: 'Lovelace' }, 'last_name'],
      [{ date_of_birth: '1990-05-18' }, 'date_of_birth'],
      [{ email: 'someone.else@example.test' }, 'email'],
    ] as const;
    for (const [change, column] of refusals) {
      const answer = await upload('PCRTravelUK', csvOf('PCRTravelUK', [{ ...row, ...change }]));
      expect(answer, column).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.uploadFailed, errors: { [`2.${column}`]: otherPerson } } });
      expect(Object.keys(answer.body.errors)).toEqual([`2.${column}`]);
    }
    const [untouched] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, holder.bookingUserId));
    expect(untouched!.metadata.result).toBeUndefined();
    expect(await db().select().from(resultUploadCertificates).where(eq(resultUploadCertificates.bookingUserId, holder.bookingUserId))).toEqual([]);

    // The same person as the lab writes them: letter case, accents and spacing aside.
    const corrected = await upload('PCRTravelUK', csvOf('PCRTravelUK', [{ ...row, first_name: 'ZOE', last_name: ' Van  Dijk', email: 'Zoe.VanDijk@example.test' }]));
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect(await makeCertificates(corrected.body.upload.id)).toBe(1);
    const [issued] = await db().select().from(certificates).where(eq(certificates.bookingUserId, holder.bookingUserId));
    expect(issued).toMatchObject({ status: 'valid', email: 'zoe.vandijk@example.test' });
  });

  it('an antigen template checks the kit provider and its lot, and names the kit on the certificate', async () => {
    const person = await registeredKit(h, { testType: 'Antigen', sampled: null });
    const row = { ...pcrRow(person), kit_provider: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test', lot_id: 'NOPE' };
    const bad = await upload('AntigenTravelDE', csvOf('AntigenTravelDE', [row, { ...row, kit_id: 'OTHER1', kit_provider: 'Unknown kit' }]));
    expect(bad.body.errors).toMatchObject({ '2.lot_id': CERTIFICATE_ADMIN_MSG.lotId, '3.kit_provider': CERTIFICATE_ADMIN_MSG.kitProvider });
    const good = await upload('AntigenTravelDE', csvOf('AntigenTravelDE', [{ ...row, lot_id: 'X2010051' }]));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(await makeCertificates(good.body.upload.id)).toBe(1);
    const [issued] = await db().select().from(certificates).where(eq(certificates.bookingUserId, person.bookingUserId));
    expect(issued!.kind).toBe('de_antigen_travel');
    expect((issued!.facts as { t: [{ nm: string }] }).t[0].nm).toBe('Innova SARS-CoV-2 Antigen Rapid Qualitative Test');
  });

  it.skipIf(!onPostgres)('two uploads of one kit’s result at once: one stores it and its certificate, the other is refused (runs on PostgreSQL only)', async () => {
    const person = await registeredKit(h, { sampled: null });
    const csv = csvOf('PCRTravelUK', [pcrRow(person)]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload('PCRTravelUK', csv)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expect([400, 409]).toContain(answer.status);
    expect(await makeCertificates(answers.find((a) => a.status === 201)!.body.upload.id)).toBe(1);
    expect(await db().select().from(certificates).where(eq(certificates.bookingUserId, person.bookingUserId))).toHaveLength(1);
  });

  it('answers before any certificate is made; its jobs make each certificate once, however often they run', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => registeredKit(h, { sampled: null })));
    const csv = csvOf('PCRMedicalUK', [pcrRow(people[0]!), pcrRow(people[1]!, { result: 'DT' }), pcrRow(people[2]!, { result: '', date_reported: '' })]);
    const answer = await upload('PCRMedicalUK', csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const ids = people.map((p) => p.bookingUserId);
    const made = () => db().select().from(certificates).where(inArray(certificates.bookingUserId, ids));
    // The results are stored, the certificates not yet: the answer came before any PDF.
    expect(await made()).toEqual([]);
    const [stored] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, people[0]!.bookingUserId));
    expect(stored!.metadata).toMatchObject({ test_result: 'ND', result: 'Negative' });
    const summary = (token = admin.token) => h.call('GET', `${base}/certificate/upload/${answer.body.upload.id}`, { token });
    expect(await summary()).toMatchObject({ status: 200, body: { data: { id: answer.body.upload.id, rows: 3, certificates_expected: 2, certificates_made: 0 } } });

    // Two workers run the same job at once, then it is retried: each certificate is made once, under the id the upload answered.
    const owed = await db().select().from(resultUploadCertificates).where(eq(resultUploadCertificates.uploadId, answer.body.upload.id));
    const job = { uploadId: answer.body.upload.id, certificateIds: owed.map((row) => row.certificateId) };
    const runs = await Promise.all([makeUploadCertificates(h.ctx.labResults, job), makeUploadCertificates(h.ctx.labResults, job)]);
    expect(runs.reduce((n, run) => n + run.made, 0)).toBe(2);
    expect(await makeUploadCertificates(h.ctx.labResults, job)).toEqual({ made: 0 });
    const issued = await made();
    expect(issued.map((c) => c.id).sort()).toEqual(answer.body.data.filter((row: { id: string | null }) => row.id).map((row: { id: string }) => row.id).sort());
    expect(issued.every((c) => c.status === 'valid' && c.issuedByUserId === admin.user.id)).toBe(true);
    const issuedEvents = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'certificate.issued'));
    expect(issuedEvents.filter((e) => issued.some((c) => c.id === e.payload.certificate_id))).toHaveLength(2);
    expect(await summary()).toMatchObject({ status: 200, body: { data: { certificates_expected: 2, certificates_made: 2 } } });
  });

  it('a certificate that cannot be made fails its job after the others are made; the summary shows it missing until a retry makes it', async () => {
    const people = await Promise.all(Array.from({ length: 2 }, () => registeredKit(h, { sampled: null })));
    const answer = await upload('PCRMedicalUK', csvOf('PCRMedicalUK', people.map((p) => pcrRow(p))));
    expect(answer.status).toBe(201);
    const owed = await db().select().from(resultUploadCertificates).where(eq(resultUploadCertificates.uploadId, answer.body.upload.id));
    const broken = owed[0]!;
    // An appointment that no longer exists: the certificate's insert fails.
    await db()
      .update(resultUploadCertificates)
      .set({ content: { ...broken.content, appointmentId: randomUUID() } })
      .where(eq(resultUploadCertificates.certificateId, broken.certificateId));
    const job = { uploadId: answer.body.upload.id, certificateIds: owed.map((row) => row.certificateId) };
    await expect(makeUploadCertificates(h.ctx.labResults, job)).rejects.toThrow(`1 of 2 certificates of upload ${answer.body.upload.id} were not made`);
    const summary = () => h.call('GET', `${base}/certificate/upload/${answer.body.upload.id}`, { token: admin.token });
    expect((await summary()).body.data).toMatchObject({ certificates_expected: 2, certificates_made: 1 });
    await db().update(resultUploadCertificates).set({ content: broken.content }).where(eq(resultUploadCertificates.certificateId, broken.certificateId));
    expect(await makeUploadCertificates(h.ctx.labResults, job)).toEqual({ made: 1 });
    expect((await summary()).body.data).toMatchObject({ certificates_expected: 2, certificates_made: 2 });
  });

  it('GET /certificate/upload/{id}: another organisation’s upload or an unknown one 404; a bad id 400; 401; 403', async () => {
    const person = await registeredKit(h, { sampled: null });
    const answer = await upload('PCRMedicalUK', csvOf('PCRMedicalUK', [pcrRow(person)]));
    const url = `${base}/certificate/upload/${answer.body.upload.id}`;
    const otherAdmin = await h.user({ org: await h.org(), roles: ['super_admin'] });
    expect((await h.call('GET', url, { token: otherAdmin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/certificate/upload/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/certificate/upload/not-a-uuid`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', url)).status).toBe(401);
    expect((await h.call('GET', url, { token: support.token })).status).toBe(403);
  });

  it('refuses more than 10,000 rows', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `KIT${i},a,b,c@d.ef,1990-01-01,male,2026-06-09T08:00,,swab,,P1234567,2026-06-09T09:00`);
    const answer = await upload('PCRTravelUK', [templateColumns('PCRTravelUK').join(','), ...rows].join('\n'));
    expect(answer).toMatchObject({ status: 400, body: { message: CERTIFICATE_ADMIN_MSG.tooManyRows } });
  });
});
