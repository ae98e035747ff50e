import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_LIVE, BOOKING_MSG } from '@vireo/contracts';
import { appointments, shifts } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { users } from '../../db/schema';
import { insertRole } from '../identity/repo';
import { createHarness, type Harness } from '../../test/harness';
import { DEMO_PRACTITIONER_EMAIL, slotServices, topUpDemoRota } from './demo-rota';
import { bookPublicly, bookingWorld, hourFromNow, shiftWithSlots, type BookingWorld } from './test-world';

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
    expect((await slotsOf(shiftId)).every((r) => r.offeredServices.join() === 'video_gp_euro')).toBe(true);
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
  it('tops up a week of 08:00–20:00 shifts for practitioner@demo.test, once per day', async () => {
    const org = await h.org();
    const [demo] = await db()
      .insert(users)
      .values({ organisationId: org, firstName: 'Grace', lastName: 'Okafor', email: DEMO_PRACTITIONER_EMAIL, username: 'demo-practitioner', passwordHash: await hashPassword('a long enough password') })
      .returning();
    await insertRole(db(), { name: 'practitioner', userId: demo!.id, organisationId: org, profileName: 'Grace Okafor' });
    const services = slotServices(h.ctx.booking.services);
    expect(services).toEqual(['video_gp', 'video_gp_vireo', 'video_gp_euro']);
    const publish = vi.spyOn(h.ctx.live, 'publish');
    try {
      expect(await topUpDemoRota(h.ctx.booking)).toBe(7);
      const published = publish.mock.calls.flatMap(([event]) => (event.kind === BOOKING_LIVE.kinds.created ? (event.data as { appointments: { id: string }[] }).appointments : []));
      const slots = await db().select({ id: appointments.id }).from(appointments).where(eq(appointments.practitionerUserId, demo!.id));
      expect(new Set(published.map((a) => a.id))).toEqual(new Set(slots.map((a) => a.id)));
    } finally {
      publish.mockRestore();
    }
    expect(await topUpDemoRota(h.ctx.booking)).toBe(0);
    h.clock.advance(24 * 3_600_000);
    expect(await topUpDemoRota(h.ctx.booking)).toBe(1);
    const rota = await db().select().from(shifts).where(eq(shifts.practitionerUserId, demo!.id));
    expect(rota).toHaveLength(8);
    // 12 hours, or 11 or 13 on the days the clocks change.
    expect(rota.every((s) => Math.abs(s.endTime.getTime() - s.startTime.getTime() - 12 * 3_600_000) <= 3_600_000)).toBe(true);
    h.clock.set(new Date());
  });
});
