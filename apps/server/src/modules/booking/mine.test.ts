// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { appointments, auditEvents } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { bookAsPatient, bookPublicly, bookingWorld, HOUR, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
});
afterAll(() => h.close());

describe('GET /api/booking/mine', () => {
  it('lists the patient’s own bookings, upcoming and past, each with its working link; audited', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30, hours: 2 });
    const soon = await bookAsPatient(h, w.patient, slots[0]!.id);
    const later = await bookAsPatient(h, w.patient, slots[3]!.id);
    await bookAsPatient(h, w.otherPatient, slots[1]!.id);
    await bookPublicly(h, slots[2]!.id);

    const mine = await h.call('GET', '/api/booking/mine', { token: w.patient.token });
    expect(mine.status).toBe(200);
    expect(mine.body.upcoming.map((a: { id: string }) => a.id)).toEqual([soon.appointment.id, later.appointment.id]);
    expect(mine.body.past).toEqual([]);
    expect(mine.body.upcoming[0]).toMatchObject({ type: 'video_gp', status: 'WAITING', start_time: slots[0]!.start_time, tz_location: 'Europe/London' });
    const link = new URL(mine.body.upcoming[0].manage_link, 'http://x');
    expect(link.pathname).toBe('/book/manage');
    expect(Object.fromEntries(link.searchParams)).toEqual({ appointmentId: soon.appointment.id, short_token: soon.short_token, service: 'video_gp' });
    expect(mine.body.upcoming[0].short_token).toBe(soon.short_token);
    // The link is the booking's own: the customer's routes accept it.
    const info = await h.app.inject({ method: 'GET', url: `/api/booking/${soon.appointment.id}/info`, headers: { 'x-short-token': link.searchParams.get('short_token')! } });
    expect(info.statusCode).toBe(200);
    const audited = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, w.patient.user.id), eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, later.appointment.id), isNotNull(auditEvents.windowStart)));
    expect(audited).toHaveLength(1);

    // Sessions lapse when the clock jumps a day ahead, so the first appointment moves into the past instead.
    const lastWeek = h.clock.now().getTime() - 7 * 24 * HOUR;
    await h.ctx.database.db.update(appointments).set({ startTime: new Date(lastWeek), endTime: new Date(lastWeek + 20 * 60_000) }).where(eq(appointments.id, soon.appointment.id));
    const afterwards = await h.call('GET', '/api/booking/mine', { token: w.patient.token });
    expect(afterwards.body.upcoming.map((a: { id: string }) => a.id)).toEqual([later.appointment.id]);
    // Over, its link no longer works, so none is offered.
    expect(afterwards.body.past).toMatchObject([{ id: soon.appointment.id, manage_link: null, short_token: null }]);
  });

  it('shows nobody else’s bookings: another patient’s list is their own', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const theirs = await bookAsPatient(h, w.otherPatient, slots[0]!.id);
    const mine = await h.call('GET', '/api/booking/mine', { token: w.patient.token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(theirs.appointment.id);
    const own = await h.call('GET', '/api/booking/mine', { token: w.otherPatient.token });
    expect(own.body.upcoming.map((a: { id: string }) => a.id)).toContain(theirs.appointment.id);
  });

  it('answers 401 without a session and 403 to roles without bookings of their own', async () => {
    expect((await h.call('GET', '/api/booking/mine')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/mine', { token: w.practitioner.token })).status).toBe(403);
    expect((await h.call('GET', '/api/booking/mine', { token: w.support.token })).status).toBe(403);
  });
});
