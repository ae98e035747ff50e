// @module-tag wall-clock
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIVE, BOOKING_LIVE_DATA } from '@vireo/contracts';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { LiveTestClient, type ReceivedLiveEvent } from '../../test/live-client';
import { bookAsPatient, bookPublicly, bookingWorld, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
let url: string;
const opened: LiveTestClient[] = [];

beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/live`;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});
afterAll(() => h.close());

const { kinds } = BOOKING_LIVE;

async function socketOf(user: TestUser, topics: string[] = [BOOKING_LIVE.appointmentsTopic]): Promise<LiveTestClient> {
  const client = await LiveTestClient.signedIn(url, user.token, topics);
  opened.push(client);
  return client;
}

/** Fails unless no event of `kind` (any kind when omitted) has arrived or arrives within a short while. */
async function expectNoEvent(client: LiveTestClient, kind?: string) {
  await client.ping();
  await expect(client.next((m) => m.type === 'event' && (kind === undefined || m.kind === kind), 300)).rejects.toThrow('no matching live message');
}

describe('live updates of the booking engine', () => {
  it('a claim reaches the other practitioners and the managers; a patient hears only of their own booking', async () => {
    const practitioner = await socketOf(w.practitioner);
    const otherPractitioner = await socketOf(w.otherPractitioner);
    const manager = await socketOf(w.manager);
    const patient = await socketOf(w.patient);
    const otherPatient = await socketOf(w.otherPatient);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30 });
    const slot = slots[0]!;
    await practitioner.nextEvent(kinds.created);

    const booked = await bookAsPatient(h, w.patient, slot.id);
    expect((await patient.nextEvent(kinds.booked)).data).toEqual({ appointments: [{ id: booked.appointment.id, status: 'WAITING', previous_status: 'LOCKED', start_time: slot.start_time }] });
    await practitioner.nextEvent(kinds.booked);

    expect((await h.call('POST', `/api/booking/${slot.id}/release`, { token: w.practitioner.token })).status).toBe(200);
    expect((await otherPractitioner.nextEvent(kinds.released)).data).toEqual({ appointments: [{ id: slot.id, status: 'CLAIMABLE', previous_status: 'WAITING', start_time: slot.start_time }] });

    expect((await h.call('POST', `/api/booking/${slot.id}/claim`, { token: w.otherPractitioner.token, body: {} })).status).toBe(200);
    const claimedItem = { id: slot.id, status: 'WAITING', previous_status: 'CLAIMABLE', start_time: slot.start_time };
    expect((await practitioner.nextEvent(kinds.claimed)).data).toEqual({ appointments: [claimedItem] });
    expect((await manager.nextEvent(kinds.claimed)).data).toEqual({ appointments: [claimedItem] });
    expect((await patient.nextEvent(kinds.claimed)).data).toEqual({ appointments: [claimedItem] });

    // The other practitioner never heard of the booking while it was someone else's and not claimable.
    await expectNoEvent(otherPractitioner, kinds.booked);
    await expectNoEvent(otherPatient);
  });

  it('call states reach the booked patient; a held slot reaches only its practitioner and the managers', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 34, hours: 1 });
    const patient = await socketOf(w.patient);
    const otherPractitioner = await socketOf(w.otherPractitioner);
    const manager = await socketOf(w.manager);
    const practitioner = await socketOf(w.practitioner);

    const held = await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { body: { status: 'LOCKED' } });
    expect(held.status).toBe(200);
    expect((await practitioner.nextEvent(kinds.held)).data).toMatchObject({ appointments: [{ id: slots[1]!.id, status: 'LOCKED' }] });
    expect((await manager.nextEvent(kinds.held)).data).toMatchObject({ appointments: [{ id: slots[1]!.id, status: 'LOCKED' }] });

    const booked = await bookAsPatient(h, w.patient, slots[0]!.id);
    await patient.nextEvent(kinds.booked);
    expect((await h.call('POST', `/api/booking/${booked.appointment.id}/status`, { token: w.practitioner.token, body: { status: 'IN_PROGRESS' } })).status).toBe(200);
    expect((await patient.nextEvent(kinds.statusChanged)).data).toEqual({
      appointments: [{ id: booked.appointment.id, status: 'IN_PROGRESS', previous_status: 'WAITING', start_time: slots[0]!.start_time }],
    });

    await expectNoEvent(otherPractitioner);
  });

  it('a rota reassign and release go out on `appointments` in its one shape, from the booking engine', async () => {
    const manager = await socketOf(w.manager);
    const seen: ReceivedLiveEvent[] = [];
    manager.onMessage = (message) => {
      if (message.type === 'event') seen.push(message);
    };
    const colleague = await socketOf(w.otherPractitioner);
    const support = await socketOf(w.support);
    const shift = await shiftWithSlots(h, w.practitioner, { hoursAhead: 40, hours: 1 });
    const cover = await shiftWithSlots(h, w.otherPractitioner, { hoursAhead: 40, hours: 1 });
    const booked = await bookAsPatient(h, w.patient, shift.slots[0]!.id);
    await manager.nextEvent(kinds.booked);

    const reassign = { appointment_ids: [booked.appointment.id, shift.slots[1]!.id], practitioner_id: w.otherPractitioner.user.id };
    expect((await h.call('POST', `/api/rota/shifts/${shift.shiftId}/reassign`, { token: w.manager.token, body: reassign })).status).toBe(200);
    const moved = { appointments: [{ id: booked.appointment.id, status: 'WAITING', previous_status: 'WAITING', start_time: shift.slots[0]!.start_time }] };
    expect((await manager.nextEvent(kinds.reassigned)).data).toEqual(moved);
    expect((await colleague.nextEvent(kinds.reassigned)).data).toEqual(moved);
    const closed = (await manager.nextEvent(kinds.statusChanged)).data as { appointments: { id: string; status: string; previous_status: string }[] };
    expect(closed.appointments.map(({ id, status, previous_status }) => ({ id, status, previous_status })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [cover.slots[0]!.id, shift.slots[1]!.id].sort().map((id) => ({ id, status: 'UNAVAILABLE', previous_status: 'AVAILABLE' })),
    );

    const coverShift = { appointment_ids: [booked.appointment.id] };
    expect((await h.call('POST', `/api/rota/shifts/${cover.shiftId}/release`, { token: w.manager.token, body: coverShift })).status).toBe(200);
    expect((await manager.nextEvent(kinds.released)).data).toEqual({
      appointments: [{ id: booked.appointment.id, status: 'CLAIMABLE', previous_status: 'WAITING', start_time: shift.slots[0]!.start_time }],
    });

    await manager.ping();
    expect(seen.length).toBeGreaterThanOrEqual(5);
    for (const event of seen) expect(BOOKING_LIVE_DATA.appointments.safeParse(event.data).success, JSON.stringify(event.data)).toBe(true);
    // Customer services hear of no appointment changes: the booking engine's audiences do not include them.
    await expectNoEvent(support);
  });

  it('presence reaches shift managers and super admins, not other practitioners', async () => {
    const manager = await socketOf(w.manager, [BOOKING_LIVE.presenceTopic]);
    const admin = await socketOf(w.admin, [BOOKING_LIVE.presenceTopic]);
    const otherPractitioner = await socketOf(w.otherPractitioner, [BOOKING_LIVE.presenceTopic]);
    expect((await h.call('PATCH', '/api/booking/practitioner', { token: w.practitioner.token })).status).toBe(200);
    const expected = { user_id: w.practitioner.user.id, last_online: Math.floor(h.clock.now().getTime() / 1000) };
    expect((await manager.nextEvent(kinds.presence)).data).toEqual(expected);
    expect((await admin.nextEvent(kinds.presence)).data).toEqual(expected);
    await expectNoEvent(otherPractitioner);
  });
});

describe('GET /api/booking/getclaimappointments/count', () => {
  const MINUTE = 60;
  /** A claimable appointment starting at `start` (epoch seconds): booked on a one-slot shift, then released. */
  async function claimableAt(start: number): Promise<void> {
    const token = await h.session(w.practitioner);
    const shift = await h.call('POST', '/api/booking/shifts', {
      token,
      body: { start_time: start, end_time: start + 20 * MINUTE, services: ['video_gp_vireo'], languages: ['EN'] },
    });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const list = await h.call('GET', `/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * MINUTE}`, { token });
    const slot = list.body.appointments.find((a: { status: string }) => a.status === 'AVAILABLE');
    await bookPublicly(h, slot.id);
    expect((await h.call('POST', `/api/booking/${slot.id}/release`, { token })).status).toBe(200);
  }

  it('counts claimable appointments from the start of today to the end of the day three days ahead (UTC)', async () => {
    // Years ahead of every other test's data, so the count is this test's alone even on a shared database.
    const at = (day: number, hour: number, minute = 0) => Date.UTC(2031, 2, day, hour, minute) / 1000;
    const before = h.clock.now();
    try {
      h.clock.set(new Date(at(9, 20) * 1000));
      await claimableAt(at(9, 23, 40)); // yesterday: not counted
      await claimableAt(at(10, 10, 40)); // earlier today, already started: counted
      await claimableAt(at(13, 23, 40)); // the last slot of the third day ahead: counted
      await claimableAt(at(14, 0)); // the fourth day ahead: not counted
      h.clock.set(new Date(at(10, 11, 30) * 1000));
      for (const user of [w.practitioner, w.manager, w.admin]) {
        const res = await h.call('GET', '/api/booking/getclaimappointments/count', { token: await h.session(user) });
        expect(res).toMatchObject({ status: 200, body: { success: true, count: 2 } });
      }
    } finally {
      h.clock.set(before);
    }
  });

  // Each case in a window of its own in 2037 (the calendar of 2026), ahead of every other test's data (the count is global).
  it.each([
    {
      when: 'at 00:30 on 1 August in London, still 31 July in UTC (the end of a month)',
      setUp: '2037-07-30T12:00:00Z',
      now: '2037-07-31T23:30:00Z',
      counted: ['2037-07-31T23:40:00Z', '2037-08-03T23:40:00Z'],
      notCounted: ['2037-07-30T23:40:00Z', '2037-08-04T00:00:00Z'],
    },
    {
      when: 'at 02:30 on the day the clocks go forward (29 March 2037)',
      setUp: '2037-03-28T12:00:00Z',
      now: '2037-03-29T01:30:00Z',
      counted: ['2037-03-29T00:20:00Z', '2037-04-01T23:40:00Z'],
      notCounted: ['2037-03-28T23:40:00Z', '2037-04-02T00:00:00Z'],
    },
    {
      when: 'at the second 01:30 on the night the clocks go back (25 October 2037)',
      setUp: '2037-10-24T12:00:00Z',
      now: '2037-10-25T01:30:00Z',
      counted: ['2037-10-25T00:20:00Z', '2037-10-25T01:20:00Z', '2037-10-28T23:40:00Z'],
      notCounted: ['2037-10-24T23:40:00Z', '2037-10-29T00:00:00Z'],
    },
  ])('counts by UTC days $when', async ({ setUp, now, counted, notCounted }) => {
    const before = h.clock.now();
    try {
      h.clock.set(new Date(setUp));
      for (const start of [...counted, ...notCounted]) await claimableAt(new Date(start).getTime() / 1000);
      h.clock.set(new Date(now));
      const res = await h.call('GET', '/api/booking/getclaimappointments/count', { token: await h.session(w.practitioner) });
      expect(res).toMatchObject({ status: 200, body: { success: true, count: counted.length } });
    } finally {
      h.clock.set(before);
    }
  });

  it('answers 401 without a session and 403 to roles that do not claim', async () => {
    expect((await h.call('GET', '/api/booking/getclaimappointments/count')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/getclaimappointments/count', { token: w.patient.token })).status).toBe(403);
    expect((await h.call('GET', '/api/booking/getclaimappointments/count', { token: w.support.token })).status).toBe(403);
  });
});
