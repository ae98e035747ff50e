// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BOOKING_MSG, MSG, ROTA_MSG } from '@vireo/contracts';
import { appointments, appointmentStatusChanges, sessions, users } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { bookPublicly, hold, paymentBody, shiftWithSlots } from '../../test/booking-world';
import { londonDay } from '../booking';

let h: Harness;
let clinic: string;
let manager: TestUser;
let admin: TestUser;
let practitioner: TestUser;
let otherManager: TestUser;
let otherPractitioner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  clinic = await h.org();
  const otherClinic = await h.org();
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  admin = await h.user({ org: clinic, roles: ['super_admin'] });
  practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  otherManager = await h.user({ org: otherClinic, roles: ['shift_manager'] });
  otherPractitioner = await h.user({ org: otherClinic, roles: ['practitioner'] });
});
afterAll(() => h.close());

const newDoctor = () => ({ first_name: 'Amara', last_name: 'Osei', email: uniqueEmail('doctor'), telephone: '+44 7911 123456' });

async function invitationToken(email: string): Promise<string> {
  const mail = (await h.mails({ recipient: email })).at(-1);
  const token = /\/identity\/set-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.body)?.[1];
  return decodeURIComponent(token!);
}

async function setPassword(token: string, password: string, confirm = password) {
  const form = await h.app.inject({ method: 'GET', url: `/identity/set-password?token=${encodeURIComponent(token)}` });
  const cookie = String(form.headers['set-cookie']).split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  return h.app.inject({
    method: 'POST',
    url: '/identity/set-password',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, token, password, confirm }).toString(),
  });
}

describe('GET /api/doctors', () => {
  it('lists the practitioners of the managed organisation only', async () => {
    const res = await h.call('GET', '/api/doctors', { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.doctors.map((d: { user_id: string }) => d.user_id)).toEqual([practitioner.user.id]);
    expect(res.body.doctors[0]).toMatchObject({ state: 'active', email: practitioner.user.email, next_shift_start: null });
    const other = await h.call('GET', '/api/doctors', { token: otherManager.token });
    expect(other.body.doctors.map((d: { user_id: string }) => d.user_id)).toEqual([otherPractitioner.user.id]);
  });

  it('refuses practitioners (403) and anonymous callers (401)', async () => {
    expect((await h.call('GET', '/api/doctors', { token: practitioner.token })).status).toBe(403);
    expect((await h.call('GET', '/api/doctors')).status).toBe(401);
  });
});

describe('POST /api/doctors and the set-password invitation', () => {
  it('creates a practitioner who cannot sign in until the password is set through the e-mailed link', async () => {
    const input = newDoctor();
    const res = await h.call('POST', '/api/doctors', { token: manager.token, body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: ROTA_MSG.doctorCreated, doctor: { state: 'invited', first_name: 'Amara', email: input.email } });
    const login = (password: string) => h.call('POST', '/api/login/auth', { body: { email: input.email, password } });
    expect((await login('a long enough password')).status).toBe(401);

    const token = await invitationToken(input.email);
    expect((await setPassword(token, 'a long enough password', 'something else entirely')).statusCode).toBe(400);
    expect((await setPassword(token, 'short')).statusCode).toBe(400);
    const done = await setPassword(token, 'a long enough password');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toMatch(/^\/verify-token\?token=/);
    const signedIn = await login('a long enough password');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.roles.map((r: { name: string }) => r.name)).toEqual(['practitioner']);
    // The link works once.
    expect((await h.app.inject({ method: 'GET', url: `/identity/set-password?token=${encodeURIComponent(token)}` })).statusCode).toBe(404);
    const listed = await h.call('GET', '/api/doctors', { token: admin.token });
    expect(listed.body.doctors.find((d: { email: string }) => d.email === input.email)).toMatchObject({ state: 'active' });
  });

  it('re-sends an invitation: only the newest link works; an expired one answers 410', async () => {
    const input = newDoctor();
    const created = await h.call('POST', '/api/doctors', { token: manager.token, body: input });
    const first = await invitationToken(input.email);
    const before = h.clock.now();
    h.clock.advance(1000);
    expect((await h.call('POST', `/api/doctors/${created.body.doctor.user_id}/invitation`, { token: manager.token })).status).toBe(200);
    const second = await invitationToken(input.email);
    expect(second).not.toBe(first);
    expect((await h.app.inject({ method: 'GET', url: `/identity/set-password?token=${encodeURIComponent(first)}` })).statusCode).toBe(404);
    h.clock.advance(8 * 86_400_000);
    expect((await h.app.inject({ method: 'GET', url: `/identity/set-password?token=${encodeURIComponent(second)}` })).statusCode).toBe(410);
    h.clock.set(before);
    expect((await h.call('POST', `/api/doctors/${practitioner.user.id}/invitation`, { token: manager.token })).status).toBe(409);
    expect((await h.call('POST', `/api/doctors/${otherPractitioner.user.id}/invitation`, { token: manager.token })).status).toBe(404);
  });

  it('refuses a taken e-mail (409), bad input (400), missing details, practitioners (403) and anonymous callers (401)', async () => {
    expect((await h.call('POST', '/api/doctors', { token: manager.token, body: { ...newDoctor(), email: practitioner.user.email } })).status).toBe(409);
    expect((await h.call('POST', '/api/doctors', { token: manager.token, body: { ...newDoctor(), email: 'not-an-address' } })).status).toBe(400);
    expect(await h.call('POST', '/api/doctors', { token: manager.token, body: { first_name: 'Amara' } })).toMatchObject({ status: 400, body: { message: MSG.missingDetails } });
    expect((await h.call('POST', '/api/doctors', { token: practitioner.token, body: newDoctor() })).status).toBe(403);
    expect((await h.call('POST', '/api/doctors', { body: newDoctor() })).status).toBe(401);
  });
});

describe('PATCH /api/doctors/:id', () => {
  it('disables a practitioner, ending their sessions, and enables them again', async () => {
    const doctor = await h.user({ org: clinic, roles: ['practitioner'] });
    const res = await h.call('PATCH', `/api/doctors/${doctor.user.id}`, { token: manager.token, body: { disabled: true } });
    expect(res).toMatchObject({ status: 200, body: { message: ROTA_MSG.doctorDisabled, doctor: { state: 'disabled' } } });
    expect((await h.call('GET', '/api/booking/practitioner/me', { token: doctor.token })).status).toBe(401);
    const open = await h.ctx.database.db.select().from(sessions).where(eq(sessions.userId, doctor.user.id));
    expect(open.map((s) => s.revokedAt)).toEqual([h.clock.now()]);
    expect((await h.call('POST', '/api/login/auth', { body: { email: doctor.user.email, password: doctor.password } })).status).toBe(401);
    const enabled = await h.call('PATCH', `/api/doctors/${doctor.user.id}`, { token: manager.token, body: { disabled: false } });
    expect(enabled.body.doctor.state).toBe('active');
    expect((await h.call('POST', '/api/login/auth', { body: { email: doctor.user.email, password: doctor.password } })).status).toBe(200);
    const [row] = await h.ctx.database.db.select().from(users).where(eq(users.id, doctor.user.id));
    expect(row!.disabledAt).toBeNull();
  });

  it('disabling withdraws future work: booked appointments become claimable, open and held slots leave supply', async () => {
    const doctor = await h.user({ org: clinic, roles: ['practitioner'] });
    const { slots } = await shiftWithSlots(h, doctor, { hoursAhead: 72 });
    const [bookedSlot, heldSlot, openSlot] = slots.map((slot) => slot.id) as [string, string, string];
    await bookPublicly(h, bookedSlot);
    const held = await hold(h, heldSlot);
    expect(held.status).toBe(200);

    expect((await h.call('PATCH', `/api/doctors/${doctor.user.id}`, { token: manager.token, body: { disabled: true } })).status).toBe(200);

    const rows = await h.ctx.database.db.select().from(appointments).where(inArray(appointments.id, [bookedSlot, heldSlot, openSlot]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(bookedSlot)).toMatchObject({ status: 'CLAIMABLE', practitionerUserId: null, shiftId: null, claimableSlot: true });
    expect(byId.get(heldSlot)).toMatchObject({ status: 'UNAVAILABLE', practitionerUserId: doctor.user.id, holdTokenHash: null });
    expect(byId.get(openSlot)).toMatchObject({ status: 'UNAVAILABLE', practitionerUserId: doctor.user.id });
    const changes = await h.ctx.database.db
      .select()
      .from(appointmentStatusChanges)
      .where(and(inArray(appointmentStatusChanges.appointmentId, [bookedSlot, heldSlot, openSlot]), eq(appointmentStatusChanges.actorUserId, manager.user.id)));
    expect(changes.map((c) => [c.appointmentId, c.changedTo]).sort()).toEqual(
      [
        [bookedSlot, 'CLAIMABLE'],
        [heldSlot, 'UNAVAILABLE'],
        [openSlot, 'UNAVAILABLE'],
      ].sort(),
    );
    // The customer who held a slot cannot pay for a practitioner who is gone.
    const payment = await h.call('POST', `/api/booking/${heldSlot}/payment`, { body: paymentBody(held.body.hold_token) });
    expect(payment).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
    // Another practitioner can take the booked appointment.
    expect((await h.call('POST', `/api/booking/${bookedSlot}/claim`, { token: practitioner.token, body: { booking_id: bookedSlot } })).status).toBe(200);
  });

  it('answers 404 for another organisation’s practitioner and for non-practitioners, 400 for bad input, 403 and 401', async () => {
    expect((await h.call('PATCH', `/api/doctors/${otherPractitioner.user.id}`, { token: manager.token, body: { disabled: true } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/doctors/${admin.user.id}`, { token: manager.token, body: { disabled: true } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/doctors/${practitioner.user.id}`, { token: manager.token, body: { disabled: 'yes' } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/doctors/${practitioner.user.id}`, { token: practitioner.token, body: { disabled: true } })).status).toBe(403);
    expect((await h.call('PATCH', `/api/doctors/${practitioner.user.id}`, { body: { disabled: true } })).status).toBe(401);
  });
});

describe('GET /api/doctors/:id/shifts', () => {
  it('lists a practitioner’s shifts in a window; another organisation’s answers 404', async () => {
    const start = Math.ceil(h.clock.now().getTime() / 3_600_000) * 3600 + 24 * 3600;
    const created = await h.call('POST', '/api/rota/shifts', { token: manager.token, body: { practitioner_id: practitioner.user.id, start_time: start, end_time: start + 3600 } });
    expect(created.status).toBe(201);
    const res = await h.call('GET', `/api/doctors/${practitioner.user.id}/shifts?date_from=${start - 3600}&date_to=${start + 7200}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.shifts).toEqual([expect.objectContaining({ id: created.body.shift.id, slots: 3 })]);
    const listed = await h.call('GET', '/api/doctors', { token: manager.token });
    expect(listed.body.doctors.find((d: { user_id: string }) => d.user_id === practitioner.user.id).next_shift_start).toBe(start);
    expect((await h.call('GET', `/api/doctors/${otherPractitioner.user.id}/shifts?date_from=${start}&date_to=${start + 60}`, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', `/api/doctors/${practitioner.user.id}/shifts?date_from=${start}`, { token: manager.token })).status).toBe(400);
    expect((await h.call('GET', `/api/doctors/${practitioner.user.id}/shifts?date_from=${start}&date_to=${start + 60}`, { token: practitioner.token })).status).toBe(403);
    expect((await h.call('GET', `/api/doctors/${practitioner.user.id}/shifts?date_from=${start}&date_to=${start + 60}`)).status).toBe(401);
  });
});

describe('shifts for a practitioner who has not set a password yet', () => {
  it('are allowed and marked on the rota, but their slots are neither listed nor held until the password is set', async () => {
    const input = newDoctor();
    const invited = await h.call('POST', '/api/doctors', { token: manager.token, body: input });
    expect(invited.status).toBe(201);
    const doctorId = invited.body.doctor.user_id as string;
    // A day no other test of this file plans, so the day search speaks of this shift alone.
    const start = Math.ceil(h.clock.now().getTime() / 3_600_000) * 3600 + 150 * 24 * 3600;
    const shift = await h.call('POST', '/api/rota/shifts', { token: manager.token, body: { practitioner_id: doctorId, start_time: start, end_time: start + 3600 } });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const slots = (await h.call('GET', `/api/rota/shifts/${shift.body.shift.id}/slots`, { token: manager.token })).body.slots as { id: string }[];
    expect(slots).toHaveLength(3);

    const day = londonDay(new Date(start * 1000));
    const rotaEntry = async () => (await h.call('GET', `/api/rota/day?date=${day}`, { token: manager.token })).body.practitioners.find((p: { user_id: string }) => p.user_id === doctorId);
    expect(await rotaEntry()).toMatchObject({ activated: false, disabled: false });
    expect((await rotaEntry()).shifts).toHaveLength(1);
    const offered = () => h.call('GET', `/api/booking/?service=video_gp&date_time=${start}&date_time_to=${start + 3600}&user=${doctorId}`);
    expect((await offered()).status).toBe(204);
    const dayOffered = async () => (await h.call('GET', `/api/booking/datesearch?service=video_gp&date_from=${day}&date_to=${day}`)).body.dates[0].has_appointments as boolean;
    expect(await dayOffered()).toBe(false);
    expect((await hold(h, slots[0]!.id)).status).toBe(409);

    expect((await setPassword(await invitationToken(input.email), 'a long enough password')).statusCode).toBe(303);
    expect(await rotaEntry()).toMatchObject({ activated: true });
    expect(await dayOffered()).toBe(true);
    const nowOffered = await offered();
    expect(nowOffered.status).toBe(200);
    expect(nowOffered.body.slots.map((s: { id: string }) => s.id)).toEqual(slots.map((s) => s.id));
    expect((await hold(h, slots[0]!.id)).status).toBe(200);
  });
});
