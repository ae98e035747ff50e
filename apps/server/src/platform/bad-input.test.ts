// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@vireo/contracts';
import { createHarness, type Harness } from '../test/harness';
import { registerErrorHandling } from './errors';
import { openForm, postForm } from '../test/forms';
import { seedApprovedKits } from '../modules/commerce';
import { bookPublicly, bookingWorld, person, shiftWithSlots, type BookingWorld } from '../test/booking-world';

/** Every log line the app writes, kept for the tests to read. */
const logLines: string[] = [];
let h: Harness;
let w: BookingWorld;
let appointmentId: string;
let bookingUserId: string;

beforeAll(async () => {
  h = await createHarness({ logLevel: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  h.clock.set(new Date('2026-03-02T08:00:00Z'));
  await seedApprovedKits(h.ctx.commerce);
  w = await bookingWorld(h);
  const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30 });
  const booked = await bookPublicly(h, slots[0]!.id);
  appointmentId = booked.appointment.id;
  bookingUserId = booked.appointment.booking_users[0]!.id;
});
afterAll(() => h.close());

const NUL = '\u0000';

/** Each string in `body` (at any depth) in turn with a NUL byte in its middle: [path, body]. */
function withNulInEachString(body: unknown): [string, unknown][] {
  const variants: [string, unknown][] = [];
  const walk = (value: unknown, path: string[], replace: (next: unknown) => unknown) => {
    if (typeof value === 'string') {
      variants.push([path.join('.'), replace(`${value.slice(0, 1)}${NUL}${value.slice(1)}`)]);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, String(index)], (next) => replace(value.map((v, i) => (i === index ? next : v)))));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key], (next) => replace({ ...value, [key]: next }));
    }
  };
  walk(body, [], (next) => next);
  return variants;
}

describe('a NUL byte in any string answers 400 with a clear message, never 500', () => {
  const routes = (): { name: string; method: 'POST' | 'PATCH' | 'PUT'; url: string; token?: string; body: Record<string, unknown> }[] => [
    { name: 'sign-in', method: 'POST', url: '/api/login/auth', body: { email: w.patient.user.email, password: w.patient.password } },
    {
      name: 'token name',
      method: 'POST',
      url: '/api/login/token',
      token: w.patient.token,
      body: { name: 'phone', user_id: w.patient.user.id, organisation_id: w.patient.roles[0]!.organisationId, role_id: w.patient.roles[0]!.id },
    },
    {
      name: 'user fields',
      method: 'PATCH',
      url: `/api/identity/users/${w.admin.user.id}`,
      token: w.admin.token,
      body: { first_name: 'Ada', last_name: 'Lovelace', telephone: '+44 20 7123 4567', avatar_image: 'a.png', address_1: '1 High Street', city: 'Leeds', county: 'Yorkshire', postcode: 'LS1 1AA' },
    },
    {
      name: 'new user',
      method: 'POST',
      url: '/api/identity/users',
      token: w.admin.token,
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'new.user@example.test', date_of_birth: 631152000, password: 'a long enough password', username: 'ada', organisation_id: w.admin.roles[0]!.organisationId },
    },
    { name: 'note', method: 'POST', url: `/api/booking/${appointmentId}/addnote`, token: w.practitioner.token, body: { content: 'Patient is well' } },
    {
      name: 'self-swab',
      method: 'POST',
      url: '/api/booking/',
      token: w.patient.token,
      body: { type: 'self_swab', booking_users: [person({ street_address: '1 High Street', metadata: { passport_number: 'P1234567' } })], toc_accept: true, testing_kit_id: 'KIT12345' },
    },
    { name: 'role profile name', method: 'PATCH', url: '/api/userdata/roles', token: w.patient.token, body: { name: 'Ada Lovelace' } },
    {
      name: 'certificate',
      method: 'PUT',
      url: `/api/booking/${appointmentId}/booking-users/${bookingUserId}`,
      token: w.practitioner.token,
      body: {
        certificate: {
          forename: 'Ada',
          surname: 'Lovelace',
          email: 'ada@example.test',
          date_of_birth: '01/06/1985',
          sex: 'Female',
          passport_number: 'P1234567',
          security_checked: true,
          kit_provider: 'innova',
          lot_id: 'X2010051',
          kit_id: 'AB12345',
          result: 'Negative',
          reject_notes: 'None',
        },
      },
    },
  ];

  it('in every string field of a representative set of routes', async () => {
    const answers: string[] = [];
    for (const route of routes()) {
      for (const [field, body] of withNulInEachString(route.body)) {
        const res = await h.call(route.method, route.url, { token: route.token, body });
        answers.push(`${route.name} ${field}: ${res.status} ${res.body.message}`);
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(31);
    // Ids and enumerations answer their own format message; every text field the control-character one.
    const formatted = /^(token name (user_id|organisation_id|role_id)|new user organisation_id|self-swab (type|booking_users\.0\.sex)):/;
    expect(answers.filter((a) => !a.endsWith(`: 400 ${MSG.controlCharacters}`) && !(formatted.test(a) && / 400 /.test(a)))).toEqual([]);
  });

  it('other control characters too; notes keep their line breaks and tabs', async () => {
    for (const character of ['\u0001', '\u0007', '\u001b', '\u007f', '\u0085']) {
      const res = await h.call('PATCH', '/api/userdata/roles', { token: w.patient.token, body: { name: `Ada${character}Lovelace` } });
      expect(res, JSON.stringify(character)).toMatchObject({ status: 400, body: { message: MSG.controlCharacters, errors: { name: MSG.controlCharacters } } });
    }
    const lines = await h.call('PATCH', '/api/userdata/roles', { token: w.patient.token, body: { name: 'Ada\nLovelace' } });
    expect(lines.status).toBe(400);
    const note = await h.call('POST', `/api/booking/${appointmentId}/addnote`, { token: w.practitioner.token, body: { content: 'Line one\n\tLine two\r\nLine three' } });
    expect(note.status).toBe(201);
    const bell = await h.call('POST', `/api/booking/${appointmentId}/addnote`, { token: w.practitioner.token, body: { content: 'Line one\u0007' } });
    expect(bell).toMatchObject({ status: 400, body: { message: MSG.controlCharacters } });
  });

  it('in path parameters', async () => {
    expect((await h.call('GET', `/api/login/token/abc%00def`)).status).toBe(400);
    expect((await h.call('GET', `/api/booking/-/short-token/${'a'.repeat(12)}%00${'b'.repeat(12)}`)).status).toBe(400);
  });

  it('in every field of the server-rendered forms: sign-in, change password, registration, set password', async () => {
    for (const field of ['email', 'password']) {
      const { cookie, csrf } = await openForm(h.app, '/identity/sign-in');
      const fields = { csrf, email: w.patient.user.email, password: w.patient.password, [field]: `a${NUL}b` };
      const res = await postForm(h.app, '/identity/sign-in', cookie, fields);
      expect(res.statusCode, field).toBe(400);
      expect(res.body).toContain('Remove the control characters (such as NUL) from this text.');
    }
    const { cookie, csrf } = await openForm(h.app, '/identity/change-password');
    const res = await postForm(h.app, '/identity/change-password', cookie, { csrf, email: w.patient.user.email, current: `x${NUL}`, next: 'another long password', confirm: 'another long password' });
    expect(res.statusCode).toBe(400);
    for (const page of ['/identity/register', '/identity/set-password']) {
      expect((await h.app.inject({ method: 'GET', url: `${page}?token=abc%00def` })).statusCode, page).toBe(400);
      const form = await postForm(h.app, page, cookie, { csrf, token: `abc${NUL}def`, password: 'a long enough password', confirm: 'a long enough password' });
      expect(form.statusCode, page).toBe(404);
    }

    // With a live invitation, a NUL in any field of the registration and set-password forms.
    const company = await h.org();
    const manager = await h.user({ org: company, roles: ['manager'] });
    const invitee = 'invitee.nul@example.test';
    expect((await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [invitee] } })).status).toBe(200);
    const doctor = 'doctor.nul@example.test';
    expect((await h.call('POST', '/api/doctors', { token: w.manager.token, body: { first_name: 'Amara', last_name: 'Osei', email: doctor } })).status).toBe(201);
    const linkIn = async (to: string, page: string) => {
      const [mail] = await h.mails({ recipient: to });
      return decodeURIComponent(new RegExp(`${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail!.body)![1]!);
    };
    const registration = { token: await linkIn(invitee, '/identity/register'), first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-01', telephone: '020 7946 0958', password: 'a long enough password', confirm: 'a long enough password' };
    const setPassword = { token: await linkIn(doctor, '/identity/set-password'), password: 'a long enough password', confirm: 'a long enough password' };
    for (const [page, fields] of [['/identity/register', registration], ['/identity/set-password', setPassword]] as const) {
      for (const field of Object.keys(fields).filter((key) => key !== 'token')) {
        const opened = await openForm(h.app, `${page}?token=${encodeURIComponent(fields.token)}`);
        const res = await postForm(h.app, page, opened.cookie, { ...fields, csrf: opened.csrf, [field]: `a${NUL}b` });
        expect(res.statusCode, `${page} ${field}`).toBe(400);
        expect(res.body).toContain('Remove the control characters (such as NUL) from this text.');
      }
    }
  });
});

describe('other bad input that answered 500', () => {
  it('PATCH /api/identity/users/{id} with nothing to change is 400', async () => {
    for (const body of [{}, { unknown_field: 'x' }]) {
      const res = await h.call('PATCH', `/api/identity/users/${w.patient.user.id}`, { token: w.patient.token, body });
      expect(res).toMatchObject({ status: 400, body: { success: false, message: MSG.nothingToUpdate } });
    }
  });

  it('an unterminated multipart body on /uploadfile and /result is 400 Malformed request', async () => {
    const boundary = '----vireotest';
    const unterminated = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="booking_user_id"\r\n\r\n${bookingUserId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
      'latin1',
    );
    for (const [method, path] of [['POST', 'uploadfile'], ['PATCH', 'result']] as const) {
      const res = await h.app.inject({
        method,
        url: `/api/booking/${appointmentId}/${path}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.practitioner.token}` },
        payload: unterminated,
      });
      expect({ status: res.statusCode, body: res.json() }, path).toMatchObject({ status: 400, body: { success: false, message: MSG.malformedRequest } });
    }
  });

  it('the safety net: a value the database refuses (SQLSTATE class 22) is 400, anything else stays 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const db = h.ctx.database.db;
    app.get('/nul', async () => db.execute(sql`SELECT ${`a${NUL}b`}::text AS value`));
    app.get('/jsonb-nul', async () => db.execute(sql`SELECT ${JSON.stringify({ note: `a${NUL}b` })}::jsonb AS value`));
    app.get('/out-of-range', async () => db.execute(sql`SELECT ${'99999999999'}::integer AS value`));
    app.get('/missing-table', async () => db.execute(sql`SELECT * FROM no_such_table`));
    const answer = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, message: res.json().message };
    };
    expect(await answer('/nul')).toEqual({ status: 400, message: MSG.controlCharacters });
    expect(await answer('/jsonb-nul')).toEqual({ status: 400, message: MSG.controlCharacters });
    expect(await answer('/out-of-range')).toEqual({ status: 400, message: MSG.malformedRequest });
    expect(await answer('/missing-table')).toEqual({ status: 500, message: MSG.serverError });
    await app.close();
  });
});

describe('the log keeps no personal data', () => {
  const marked = { note: 'log-test note: chest pain since Tuesday', email: `grace.hopper.${Date.now()}@log-test.test`, password: 'a password nobody guesses' };

  beforeAll(async () => {
    await h.ctx.database.db.execute(sql.raw(`ALTER TABLE appointment_notes ADD CONSTRAINT log_test_refused_note CHECK (content NOT LIKE 'log-test%') NOT VALID`));
    await h.ctx.database.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT log_test_refused_email CHECK (email NOT LIKE '%@log-test.test') NOT VALID`));
  });
  afterAll(async () => {
    await h.ctx.database.db.execute(sql.raw('ALTER TABLE appointment_notes DROP CONSTRAINT log_test_refused_note'));
    await h.ctx.database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT log_test_refused_email'));
  });

  it('a database error logs its code, route and request id, never the query’s parameters', async () => {
    logLines.length = 0;
    const note = await h.call('POST', `/api/booking/${appointmentId}/addnote`, { token: w.practitioner.token, body: { content: marked.note } });
    expect(note).toMatchObject({ status: 500, body: { message: MSG.serverError } });
    const user = await h.call('POST', '/api/identity/users', {
      token: w.admin.token,
      body: { first_name: 'Grace', last_name: 'Hopper', email: marked.email, date_of_birth: 631152000, password: marked.password, username: 'grace', organisation_id: w.admin.roles[0]!.organisationId },
    });
    expect(user).toMatchObject({ status: 500, body: { message: MSG.serverError } });

    const failures = logLines.map((line) => JSON.parse(line) as Record<string, any>).filter((entry) => entry.msg === 'request failed');
    expect(failures.map((entry) => [entry.route, entry.err?.code, typeof entry.reqId])).toEqual([
      ['/api/booking/:id/addnote', '23514', 'string'],
      ['/api/identity/users', '23514', 'string'],
    ]);
    const log = logLines.join('');
    for (const value of [marked.note, 'chest pain', marked.email, 'Hopper', marked.password, '$argon2', 'log_test_refused']) expect(log, value).not.toContain(value);
  });
});
