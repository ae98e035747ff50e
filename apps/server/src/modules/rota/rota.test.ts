// @module-tag wall-clock
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MSG, ROTA_MSG } from '@vireo/contracts';
import { appointments } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookPublicly, hourFromNow } from '../../test/booking-world';
import { londonDay } from '../booking';

const onPostgres = Boolean(inject('postgresUrl'));
let h: Harness;
let manager: TestUser;
let practitioner: TestUser;
let colleague: TestUser;
let patient: TestUser;
let otherManager: TestUser;
let otherPractitioner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  const clinic = await h.org();
  const otherClinic = await h.org();
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  colleague = await h.user({ org: clinic, roles: ['practitioner'] });
  patient = await h.user({ org: await h.org(), roles: ['patient'] });
  otherManager = await h.user({ org: otherClinic, roles: ['shift_manager'] });
  otherPractitioner = await h.user({ org: otherClinic, roles: ['practitioner'] });
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const appointment = async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0]!;

async function shiftFor(who: TestUser, start: number, hours = 1, token = manager.token) {
  const res = await h.call('POST', '/api/rota/shifts', { token, body: { practitioner_id: who.user.id, start_time: start, end_time: start + hours * 3600 } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const slots = await h.call('GET', `/api/rota/shifts/${res.body.shift.id}/slots`, { token });
  return { id: res.body.shift.id as string, slots: slots.body.slots as { id: string; start_time: number; status: string }[] };
}

describe('GET /api/rota/overview', () => {
  it('lists each practitioner on shift today with presence, shift times and next appointment', async () => {
    const now = Math.floor(h.clock.now().getTime() / 1000);
    // The latest 20-minute boundary at least 11 minutes ago: the practitioner is late if offline.
    const start = Math.floor((now - 11 * 60) / 1200) * 1200;
    const late = await shiftFor(colleague, start, 2);
    const onTime = await shiftFor(practitioner, hourFromNow(h, 1), 1);
    const booked = await bookPublicly(h, onTime.slots[1]!.id);
    expect((await h.call('PATCH', '/api/booking/practitioner', { token: practitioner.token })).status).toBe(200);

    const res = await h.call('GET', '/api/rota/overview', { token: manager.token });
    expect(res.status).toBe(200);
    const row = (id: string) => res.body.practitioners.find((p: { user_id: string }) => p.user_id === id);
    expect(row(colleague.user.id)).toMatchObject({ status: 'Offline', shift_id: late.id, start_time: start, next_appointment: null, name: 'Test Person' });
    expect(row(practitioner.user.id)).toMatchObject({ status: 'Online', shift_id: onTime.id, next_appointment: onTime.slots[1]!.start_time, next_appointment_id: booked.appointment.id });

    const before = h.clock.now();
    h.clock.advance(91_000);
    const later = await h.call('GET', '/api/rota/overview', { token: manager.token });
    expect(later.body.practitioners.find((p: { user_id: string }) => p.user_id === practitioner.user.id).status).toBe('Offline');
    h.clock.set(before);
  });

  it('shows another organisation’s manager only their own; refuses practitioners (403) and anonymous callers (401)', async () => {
    const start = hourFromNow(h, 2);
    const res = await h.call('POST', '/api/rota/shifts', { token: otherManager.token, body: { practitioner_id: otherPractitioner.user.id, start_time: start, end_time: start + 3600 } });
    expect(res.status).toBe(201);
    const other = await h.call('GET', '/api/rota/overview', { token: otherManager.token });
    expect(other.body.practitioners.map((p: { user_id: string; shift_id: string }) => [p.user_id, p.shift_id])).toEqual([[otherPractitioner.user.id, res.body.shift.id]]);
    expect((await h.call('GET', '/api/rota/overview', { token: practitioner.token })).status).toBe(403);
    expect((await h.call('GET', '/api/rota/overview')).status).toBe(401);
  });
});

describe('GET /api/rota/day', () => {
  it('shows managers every practitioner of their organisation, practitioners only themselves', async () => {
    const start = hourFromNow(h, 30);
    const shift = await shiftFor(practitioner, start, 2);
    const day = londonDay(new Date(start * 1000));
    const res = await h.call('GET', `/api/rota/day?date=${day}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.can_edit).toBe(true);
    expect(res.body.practitioners.map((p: { user_id: string }) => p.user_id).sort()).toEqual([practitioner.user.id, colleague.user.id].sort());
    const own = res.body.practitioners.find((p: { user_id: string }) => p.user_id === practitioner.user.id);
    expect(own.shifts).toEqual([expect.objectContaining({ id: shift.id, slots: 6, booked: 0 })]);
    const mine = await h.call('GET', `/api/rota/day?date=${day}`, { token: practitioner.token });
    expect(mine.body).toMatchObject({ can_edit: false, practitioners: [{ user_id: practitioner.user.id }] });
    expect((await h.call('GET', `/api/rota/day?date=${day}`, { token: otherManager.token })).body.practitioners.map((p: { user_id: string }) => p.user_id)).toEqual([otherPractitioner.user.id]);
    expect((await h.call('GET', '/api/rota/day?date=2026-01-01', { token: manager.token })).status).toBe(400);
    expect((await h.call('GET', `/api/rota/day?date=${day}`, { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', `/api/rota/day?date=${day}`)).status).toBe(401);
  });
});

describe('rota shift changes', () => {
  it('POST creates AVAILABLE slots through the booking engine; refuses other organisations (404), practitioners (403), bad input', async () => {
    const start = hourFromNow(h, 40);
    const shift = await shiftFor(colleague, start, 1);
    expect(shift.slots.map((s) => s.status)).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE']);
    const body = { practitioner_id: otherPractitioner.user.id, start_time: start, end_time: start + 3600 };
    expect((await h.call('POST', '/api/rota/shifts', { token: manager.token, body })).status).toBe(404);
    expect((await h.call('POST', '/api/rota/shifts', { token: practitioner.token, body: { ...body, practitioner_id: practitioner.user.id } })).status).toBe(403);
    expect((await h.call('POST', '/api/rota/shifts', { body })).status).toBe(401);
    expect((await h.call('POST', '/api/rota/shifts', { token: manager.token, body: { practitioner_id: colleague.user.id, start_time: start + 600, end_time: start + 4200 } })).status).toBe(400);
    expect((await h.call('POST', '/api/rota/shifts', { token: manager.token, body: { practitioner_id: colleague.user.id } })).body.message).toBe('Missing details.');
  });

  it('PATCH moves a shift with its open slots, and answers 409 listing bookings it would take away', async () => {
    const start = hourFromNow(h, 50);
    const shift = await shiftFor(practitioner, start, 2);
    const booked = await bookPublicly(h, shift.slots[5]!.id);
    const refused = await h.call('PATCH', `/api/rota/shifts/${shift.id}`, { token: manager.token, body: { start_time: start, end_time: start + 3600 } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: ROTA_MSG.shiftHasBookings, booked: [{ id: booked.appointment.id, status: 'WAITING', people: 1 }] });
    expect((await appointment(booked.appointment.id)).practitionerUserId).toBe(practitioner.user.id);

    const moved = await h.call('PATCH', `/api/rota/shifts/${shift.id}`, { token: manager.token, body: { start_time: start + 3600, end_time: start + 3 * 3600 } });
    expect(moved.status).toBe(200);
    expect(moved.body.shift).toMatchObject({ start_time: start + 3600, slots: 6, booked: 1 });
    expect((await appointment(shift.slots[0]!.id)) ?? null).toBeNull();
    expect((await h.call('PATCH', `/api/rota/shifts/${shift.id}`, { token: otherManager.token, body: { start_time: start, end_time: start + 3600 } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/rota/shifts/${shift.id}`, { token: practitioner.token, body: { start_time: start, end_time: start + 3600 } })).status).toBe(403);
    expect((await h.call('PATCH', `/api/rota/shifts/${shift.id}`, { token: manager.token, body: { start_time: 'soon' } })).status).toBe(400);
  });

  it('DELETE refuses a shift with bookings until they are reassigned to a colleague on shift, who keeps the booking', async () => {
    const start = hourFromNow(h, 60);
    const shift = await shiftFor(practitioner, start, 1);
    const cover = await shiftFor(colleague, start, 1);
    const booked = await bookPublicly(h, shift.slots[0]!.id);
    const refused = await h.call('DELETE', `/api/rota/shifts/${shift.id}`, { token: manager.token });
    expect(refused).toMatchObject({ status: 409, body: { booked: [{ id: booked.appointment.id }] } });

    const details = await h.call('GET', `/api/rota/shifts/${shift.id}/slots`, { token: manager.token });
    expect(details.body.colleagues).toEqual([expect.objectContaining({ user_id: colleague.user.id })]);
    const ids = details.body.slots.map((s: { id: string }) => s.id);
    const reassigned = await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: manager.token, body: { appointment_ids: ids, practitioner_id: colleague.user.id } });
    expect(reassigned).toMatchObject({ status: 200, body: { message: ROTA_MSG.reassigned, changed: 3 } });
    expect(await appointment(booked.appointment.id)).toMatchObject({ status: 'WAITING', practitionerUserId: colleague.user.id, shiftId: cover.id });
    // The colleague's own open slot at that time left supply: nobody books them twice.
    expect((await appointment(cover.slots[0]!.id)).status).toBe('UNAVAILABLE');
    expect((await appointment(shift.slots[1]!.id)).status).toBe('UNAVAILABLE');
    expect((await h.call('DELETE', `/api/rota/shifts/${shift.id}`, { token: manager.token })).status).toBe(200);
    expect((await appointment(booked.appointment.id)).status).toBe('WAITING');
    expect((await h.call('DELETE', `/api/rota/shifts/${shift.id}`, { token: manager.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/rota/shifts/${cover.id}`, { token: practitioner.token })).status).toBe(403);
    expect((await h.call('DELETE', `/api/rota/shifts/${cover.id}`)).status).toBe(401);
  });

  it('reassign refuses a colleague who is not on shift (400), is busy (409), another organisation’s (404)', async () => {
    const start = hourFromNow(h, 70);
    const shift = await shiftFor(practitioner, start, 1);
    const booked = await bookPublicly(h, shift.slots[0]!.id);
    const body = { appointment_ids: [booked.appointment.id], practitioner_id: colleague.user.id };
    expect(await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: manager.token, body })).toMatchObject({ status: 400, body: { message: ROTA_MSG.notOnShift } });
    const cover = await shiftFor(colleague, start, 1);
    await bookPublicly(h, cover.slots[0]!.id);
    expect(await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: manager.token, body })).toMatchObject({ status: 409, body: { message: ROTA_MSG.practitionerBusy } });
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: manager.token, body: { ...body, practitioner_id: otherPractitioner.user.id } })).status).toBe(404);
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: manager.token, body: { ...body, appointment_ids: [cover.slots[1]!.id] } })).status).toBe(400);
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { token: practitioner.token, body })).status).toBe(403);
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/reassign`, { body })).status).toBe(401);
  });

  it.skipIf(!onPostgres)('concurrent reassigns of bookings at one time to one colleague on PostgreSQL: exactly one wins, the others answer 409', async () => {
    const clinic = await h.org();
    const boss = await h.user({ org: clinic, roles: ['shift_manager'] });
    const target = await h.user({ org: clinic, roles: ['practitioner'] });
    const start = hourFromNow(h, 80);
    await shiftFor(target, start, 1, boss.token);
    const sources = await Promise.all(Array.from({ length: 6 }, () => h.user({ org: clinic, roles: ['practitioner'] })));
    const moves: { shiftId: string; appointmentId: string }[] = [];
    for (const source of sources) {
      const shift = await shiftFor(source, start, 1, boss.token);
      moves.push({ shiftId: shift.id, appointmentId: (await bookPublicly(h, shift.slots[0]!.id)).appointment.id });
    }
    const answers = await Promise.all(
      moves.map((move) =>
        h.call('POST', `/api/rota/shifts/${move.shiftId}/reassign`, { token: boss.token, body: { appointment_ids: [move.appointmentId], practitioner_id: target.user.id } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.message === ROTA_MSG.practitionerBusy)).toHaveLength(moves.length - 1);
    const taken = await db().select().from(appointments).where(and(eq(appointments.practitionerUserId, target.user.id), eq(appointments.status, 'WAITING')));
    expect(taken.map((row) => row.id)).toEqual([moves[statuses.indexOf(200)]!.appointmentId]);
  });
});

describe('shift details: slots and release', () => {
  it('answers the slots to the practitioner and managers; another practitioner or organisation gets 404', async () => {
    const shift = await shiftFor(practitioner, hourFromNow(h, 80), 1);
    const own = await h.call('GET', `/api/rota/shifts/${shift.id}/slots`, { token: practitioner.token });
    expect(own).toMatchObject({ status: 200, body: { can_reassign: false, colleagues: [], shift: { id: shift.id, practitioner_name: 'Test Person' } } });
    expect(own.body.slots).toHaveLength(3);
    expect((await h.call('GET', `/api/rota/shifts/${shift.id}/slots`, { token: colleague.token })).status).toBe(404);
    expect((await h.call('GET', `/api/rota/shifts/${shift.id}/slots`, { token: otherManager.token })).status).toBe(404);
    expect((await h.call('GET', `/api/rota/shifts/${shift.id}/slots`, { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', `/api/rota/shifts/${shift.id}/slots`)).status).toBe(401);
  });

  it('releases selected slots as the engine does: booked → CLAIMABLE, open → UNAVAILABLE', async () => {
    const shift = await shiftFor(practitioner, hourFromNow(h, 90), 1);
    const booked = await bookPublicly(h, shift.slots[0]!.id);
    const body = { appointment_ids: [booked.appointment.id, shift.slots[1]!.id] };
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { token: colleague.token, body })).status).toBe(404);
    const res = await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { token: practitioner.token, body });
    expect(res).toMatchObject({ status: 200, body: { message: ROTA_MSG.released, changed: 2 } });
    expect(await appointment(booked.appointment.id)).toMatchObject({ status: 'CLAIMABLE', practitionerUserId: null, claimableSlot: true });
    expect((await appointment(shift.slots[1]!.id)).status).toBe('UNAVAILABLE');
    expect(await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { token: manager.token, body: { appointment_ids: [shift.slots[1]!.id] } })).toMatchObject({ status: 409, body: { message: BOOKING_MSG.notReleasable } });
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { token: manager.token, body: { appointment_ids: [] } })).status).toBe(400);
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { token: patient.token, body })).status).toBe(403);
    expect((await h.call('POST', `/api/rota/shifts/${shift.id}/release`, { body })).status).toBe(401);
  });
});

describe('London days on the rota: midnight, the clock changes, the end of a month', () => {
  let before: Date;
  beforeEach(() => {
    before = h.clock.now();
  });
  afterEach(() => h.clock.set(before));

  const epoch = (iso: string) => new Date(iso).getTime() / 1000;
  /** Moves the clock to `iso` and answers a manager's session opened then (the suite's have lapsed by then). */
  async function at(iso: string): Promise<string> {
    h.clock.set(new Date(iso));
    return h.session(manager);
  }
  async function overview(token: string) {
    const res = await h.call('GET', '/api/rota/overview', { token });
    expect(res.status).toBe(200);
    return res.body.practitioners.map((p: { user_id: string; shift_id: string }) => [p.user_id, p.shift_id]);
  }
  /** The shift ids of each of the manager's practitioners on a London day, with the day's bounds. */
  async function rotaDay(date: string) {
    const res = await h.call('GET', `/api/rota/day?date=${date}`, { token: await h.session(manager) });
    expect(res.status).toBe(200);
    const shifts = Object.fromEntries(res.body.practitioners.map((p: { user_id: string; shifts: { id: string }[] }) => [p.user_id, p.shifts.map((s) => s.id)]));
    return { start: res.body.day_start, end: res.body.day_end, shifts };
  }

  it('at 22:30 the overview has the shift starting at 23:00 and not the one at midnight; at 00:10 the other way round (last day of July)', async () => {
    const noon = await at('2026-07-31T11:00:00Z');
    const lateEvening = await shiftFor(practitioner, epoch('2026-07-31T22:00:00Z'), 1, noon); // 23:00–00:00 BST on 31 July
    const midnight = await shiftFor(colleague, epoch('2026-07-31T23:00:00Z'), 1, noon); // 00:00–01:00 BST on 1 August

    expect(await overview(await at('2026-07-31T21:30:00Z'))).toEqual([[practitioner.user.id, lateEvening.id]]);
    expect(await overview(await at('2026-07-31T23:10:00Z'))).toEqual([[colleague.user.id, midnight.id]]);

    expect(await rotaDay('31-07-2026')).toEqual({
      start: epoch('2026-07-30T23:00:00Z'),
      end: epoch('2026-07-31T23:00:00Z'),
      shifts: { [practitioner.user.id]: [lateEvening.id], [colleague.user.id]: [] },
    });
    expect(await rotaDay('01-08-2026')).toEqual({
      start: epoch('2026-07-31T23:00:00Z'),
      end: epoch('2026-08-01T23:00:00Z'),
      shifts: { [practitioner.user.id]: [], [colleague.user.id]: [midnight.id] },
    });
  });

  it('25 October 2026 lasts 25 hours: a shift from midnight to 03:00 has four hours of slots, and both 01:30s are that day', async () => {
    const noon = await at('2026-10-24T11:00:00Z');
    const evening = await shiftFor(colleague, epoch('2026-10-24T22:00:00Z'), 1, noon); // 23:00–00:00 BST on the 24th
    const night = await shiftFor(practitioner, epoch('2026-10-24T23:00:00Z'), 4, noon); // 00:00 BST to 03:00 GMT on the 25th
    expect(night.slots).toHaveLength(12);

    expect(await overview(await at('2026-10-25T00:30:00Z'))).toEqual([[practitioner.user.id, night.id]]); // 01:30 BST
    expect(await overview(await at('2026-10-25T01:30:00Z'))).toEqual([[practitioner.user.id, night.id]]); // 01:30 GMT

    expect(await rotaDay('25-10-2026')).toEqual({
      start: epoch('2026-10-24T23:00:00Z'),
      end: epoch('2026-10-26T00:00:00Z'),
      shifts: { [practitioner.user.id]: [night.id], [colleague.user.id]: [] },
    });
    expect(await rotaDay('24-10-2026')).toEqual({
      start: epoch('2026-10-23T23:00:00Z'),
      end: epoch('2026-10-24T23:00:00Z'),
      shifts: { [practitioner.user.id]: [], [colleague.user.id]: [evening.id] },
    });
  });

  it('29 March 2026 lasts 23 hours: a shift from midnight to 03:00 has two hours of slots', async () => {
    const noon = await at('2026-03-28T12:00:00Z');
    const night = await shiftFor(practitioner, epoch('2026-03-29T00:00:00Z'), 2, noon); // 00:00 GMT to 03:00 BST
    expect(night.slots).toHaveLength(6);
    expect(await overview(await at('2026-03-29T01:30:00Z'))).toEqual([[practitioner.user.id, night.id]]); // 02:30 BST
    expect(await rotaDay('29-03-2026')).toEqual({
      start: epoch('2026-03-29T00:00:00Z'),
      end: epoch('2026-03-29T23:00:00Z'),
      shifts: { [practitioner.user.id]: [night.id], [colleague.user.id]: [] },
    });
  });
});
