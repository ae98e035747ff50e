// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG } from '@vireo/contracts';
import { appointments, shifts } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { users } from '../../db/schema';
import { insertRole } from '../identity';
import { createHarness, type Harness } from '../../test/harness';
import { DEMO_PRACTITIONER_EMAIL, topUpDemoRota } from './demo-rota';
import { slotServices } from './services';
import { bookPublicly, bookingWorld, hourFromNow, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const slotsOf = (shiftId: string) => db().select().from(appointments).where(eq(appointments.shiftId, shiftId));

describe('shifts', () => {
  it('POST /shifts makes three 20-minute AVAILABLE slots an hour for the shift’s services', async () => {
    const start = hourFromNow(h, 30);
    const res = await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { start_time: start, end_time: start + 2 * 3600, services: ['video_gp'] } });
    expect(res.status).toBe(201);
    expect(res.body.shift).toMatchObject({ practitioner_id: w.practitioner.user.id, slots: 6, booked: 0, services: ['video_gp'], languages: ['EN'] });
    const rows = await slotsOf(res.body.shift.id);
    expect(rows.map((r) => r.startTime!.getTime() / 1000).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => start + i * 1200));
    expect(rows.every((r) => r.status === 'AVAILABLE' && r.endTime!.getTime() - r.startTime!.getTime() === 1_200_000)).toBe(true);
  });

  it('refuses overlaps (409), misaligned, too long, past and unknown-service shifts (400)', async () => {
    const start = hourFromNow(h, 34);
    const body = { start_time: start, end_time: start + 3600, services: ['video_gp'] };
    expect((await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body })).status).toBe(201);
    expect(await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { ...body, start_time: start + 1200 } })).toMatchObject({ status: 409, body: { message: BOOKING_MSG.shiftOverlap } });
    expect(await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { ...body, start_time: start + 7200 + 600, end_time: start + 4 * 3600 } })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.shiftAlignment } });
    expect(await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { ...body, start_time: start + 7200, end_time: start + 7200 + 17 * 3600 } })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.shiftTooLong } });
    expect(await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { ...body, start_time: start - 100 * 3600, end_time: start - 99 * 3600 } })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.shiftInPast } });
    expect((await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { ...body, start_time: start + 7200, end_time: start + 3 * 3600, services: ['self_swab'] } })).status).toBe(400);
    expect(await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body: { start_time: start } })).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
  });

  it('lets a manager plan a practitioner’s shift; a practitioner plans only their own (404) and patients none (403)', async () => {
    const start = hourFromNow(h, 38);
    const body = { practitioner_id: w.otherPractitioner.user.id, start_time: start, end_time: start + 3600, services: ['video_gp'] };
    expect((await h.call('POST', '/api/booking/shifts', { token: w.practitioner.token, body })).status).toBe(404);
    expect((await h.call('POST', '/api/booking/shifts', { token: w.patient.token, body })).status).toBe(403);
    expect((await h.call('POST', '/api/booking/shifts', { body })).status).toBe(401);
    expect((await h.call('POST', '/api/booking/shifts', { token: w.manager.token, body: { ...body, practitioner_id: w.patient.user.id } })).status).toBe(400);
    const created = await h.call('POST', '/api/booking/shifts', { token: w.manager.token, body });
    expect(created.status).toBe(201);
    const listed = await h.call('GET', `/api/booking/shifts?date_from=${start - 3600}&date_to=${start + 7200}`, { token: w.otherPractitioner.token });
    expect(listed.body.shifts.map((s: { id: string }) => s.id)).toEqual([created.body.shift.id]);
    expect((await h.call('GET', `/api/booking/shifts?date_from=${start - 3600}&date_to=${start + 7200}`, { token: w.practitioner.token })).body.shifts).toEqual([]);
    expect((await h.call('GET', `/api/booking/shifts?date_from=${start}`, { token: w.practitioner.token })).status).toBe(400);
    expect((await h.call('PATCH', `/api/booking/shifts/${created.body.shift.id}`, { token: w.practitioner.token, body: { services: ['video_gp_euro'] } })).status).toBe(404);
    expect((await h.call('DELETE', `/api/booking/shifts/${created.body.shift.id}`, { token: w.practitioner.token })).status).toBe(404);
    expect((await h.call('GET', '/api/booking/shifts?date_from=1&date_to=2', { token: w.patient.token })).status).toBe(403);
  });

  it('PATCH shortens a shift: open slots outside go, booked ones become claimable; lengthening adds slots', async () => {
    const { shiftId, slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 44, hours: 2 });
    const booked = await bookPublicly(h, slots[5]!.id);
    const start = slots[0]!.start_time;
    const shorter = await h.call('PATCH', `/api/booking/shifts/${shiftId}`, { token: w.practitioner.token, body: { end_time: start + 3600 } });
    expect(shorter.body.shift).toMatchObject({ slots: 3 });
    const [moved] = await db().select().from(appointments).where(eq(appointments.id, booked.appointment.id));
    expect(moved).toMatchObject({ status: 'CLAIMABLE', practitionerUserId: null, shiftId: null, claimableSlot: true });
    const longer = await h.call('PATCH', `/api/booking/shifts/${shiftId}`, { token: w.practitioner.token, body: { start_time: start - 3600, services: ['video_gp_euro'] } });
    expect(longer.body.shift).toMatchObject({ slots: 6, services: ['video_gp_euro'] });
    expect((await slotsOf(shiftId)).map((r) => r.offeredServices)).toEqual(Array.from({ length: 6 }, () => ['video_gp_euro']));
    expect(await h.call('PATCH', `/api/booking/shifts/${shiftId}`, { token: w.practitioner.token, body: { end_time: start - 3600 } })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.shiftEndBeforeStart } });
  });

  it('DELETE removes the shift and its open slots; booked ones stay as claimable', async () => {
    const { shiftId, slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 50 });
    const booked = await bookPublicly(h, slots[1]!.id);
    expect((await h.call('DELETE', `/api/booking/shifts/${shiftId}`, { token: w.practitioner.token })).status).toBe(200);
    expect(await db().select().from(shifts).where(eq(shifts.id, shiftId))).toHaveLength(0);
    const remaining = await db().select().from(appointments).where(and(eq(appointments.id, slots[0]!.id)));
    expect(remaining).toHaveLength(0);
    const [kept] = await db().select().from(appointments).where(eq(appointments.id, booked.appointment.id));
    expect(kept!.status).toBe('CLAIMABLE');
    expect((await h.call('DELETE', `/api/booking/shifts/${shiftId}`, { token: w.practitioner.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/booking/shifts/${shiftId}`)).status).toBe(401);
  });
});

describe('the demo rota', () => {
  let demoId: string;
  beforeAll(async () => {
    const org = await h.org();
    const [demo] = await db()
      .insert(users)
      .values({ organisationId: org, firstName: 'Grace', lastName: 'Okafor', email: DEMO_PRACTITIONER_EMAIL, username: 'demo-practitioner', passwordHash: await hashPassword('a long enough password') })
      .returning();
    await insertRole(db(), { name: 'practitioner', userId: demo!.id, organisationId: org, profileName: 'Grace Okafor' });
    demoId = demo!.id;
  });
  const rotaFrom = async (from: string) =>
    (await db().select().from(shifts).where(and(eq(shifts.practitionerUserId, demoId), gte(shifts.startTime, new Date(from)))).orderBy(shifts.startTime)).map((s) => [s.startTime.toISOString(), s.endTime.toISOString()]);
  /** 08:00–20:00 London on each day, written in UTC: 07:00–19:00 in summer time, 08:00–20:00 in winter. */
  const days = (utcHour: 7 | 8, ...dates: string[]) => dates.map((d) => [`${d}T${String(utcHour).padStart(2, '0')}:00:00.000Z`, `${d}T${utcHour + 12}:00:00.000Z`]);

  /** Tops the demo rota up, answering how many shifts it added and how many slots it published. */
  async function topUp(): Promise<{ shifts: number; published: number }> {
    const publish = vi.spyOn(h.ctx.live, 'publish');
    try {
      const added = await topUpDemoRota(h.ctx.booking);
      // Each slot goes to several audiences (managers, practitioners): count the distinct ones.
      const published = new Set(publish.mock.calls.flatMap(([event]) => (event.kind === BOOKING_LIVE.kinds.created ? (event.data as { appointments: { id: string }[] }).appointments.map((a) => a.id) : [])));
      const stored = published.size === 0 ? [] : await db().select({ id: appointments.id }).from(appointments).where(and(eq(appointments.practitionerUserId, demoId), inArray(appointments.id, [...published])));
      expect(stored).toHaveLength(published.size);
      return { shifts: added, published: published.size };
    } finally {
      publish.mockRestore();
    }
  }

  it('offers the public services with slots', () => {
    expect(slotServices(h.ctx.booking.services)).toEqual(['video_gp', 'video_gp_vireo', 'video_gp_euro']);
  });

  // Each case adds a week of 08:00–20:00 London shifts from the London day of `at` (with slots only
  // after `at`: 36 a day), then moves to the same London time on the next London day, which is not
  // 24 hours later on the days the clocks change (23 and 25 hours long).
  it.each([
    { when: 'on an ordinary day at 10:00 (the suites’ start)', at: '2026-06-10T09:00:00Z', next: '2026-06-11T09:00:00Z', slots: 29 + 6 * 36, week: days(7, '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14', '2026-06-15', '2026-06-16'), added: days(7, '2026-06-17') },
    { when: 'at 23:30 before the 23-hour day the clocks go forward', at: '2026-03-28T23:30:00Z', next: '2026-03-29T22:30:00Z', slots: 6 * 36, week: [...days(8, '2026-03-28'), ...days(7, '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03')], added: days(7, '2026-04-04') },
    { when: 'at 00:30 on the 25-hour day the clocks go back', at: '2026-10-24T23:30:00Z', next: '2026-10-26T00:30:00Z', slots: 7 * 36, week: days(8, '2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'), added: days(8, '2026-11-01') },
    { when: 'at 23:30 on the last day of a month', at: '2026-08-31T22:30:00Z', next: '2026-09-01T22:30:00Z', slots: 6 * 36, week: days(7, '2026-08-31', '2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-05', '2026-09-06'), added: days(7, '2026-09-07') },
  ])('adds a week of 08:00–20:00 London shifts from today, then one a London day later, $when', async ({ at, next, slots, week, added }) => {
    const before = h.clock.now();
    try {
      h.clock.set(new Date(at));
      expect(await topUp()).toEqual({ shifts: 7, published: slots });
      expect(await topUp()).toEqual({ shifts: 0, published: 0 });
      expect((await rotaFrom(week[0]![0]!)).slice(0, 7)).toEqual(week);
      h.clock.set(new Date(next));
      expect(await topUp()).toEqual({ shifts: 1, published: 36 });
      expect(await topUp()).toEqual({ shifts: 0, published: 0 });
      expect((await rotaFrom(week[0]![0]!)).slice(0, 8)).toEqual([...week, ...added]);
    } finally {
      h.clock.set(before);
    }
  });
});
