// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, auditEvents, bookingUsers, videoParticipants } from '../../db/schema';
import { countQueries } from '../../test/count-queries';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookingWorld, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Appointments written straight to the table: the lists' cost is the subject, not how rows are made. */
async function insertAppointments(
  starts: Date[],
  options: { status: 'WAITING' | 'CLAIMABLE' | 'AVAILABLE' | 'ON_HOLD' | 'PATIENT_ATTENDED' | 'PRACTITIONER_LEFT'; practitioner?: TestUser; withPeople?: boolean },
): Promise<string[]> {
  const rows = await db()
    .insert(appointments)
    .values(
      starts.map((start) => ({
        type: 'video_gp',
        status: options.status,
        startTime: start,
        endTime: new Date(start.getTime() + 20 * MINUTE),
        statusLastUpdated: start,
        language: 'EN' as const,
        offeredServices: ['video_gp'],
        offeredLanguages: ['EN' as const],
        practitionerUserId: options.practitioner?.user.id ?? null,
        claimableSlot: options.status === 'CLAIMABLE',
        paid: options.status !== 'AVAILABLE',
        createdAt: start,
      })),
    )
    .returning({ id: appointments.id });
  const ids = rows.map((r) => r.id);
  if (options.withPeople ?? options.status !== 'AVAILABLE') {
    await db()
      .insert(bookingUsers)
      .values(ids.map((appointmentId, i) => ({ appointmentId, position: 0, firstName: 'List', lastName: `Patient ${i}`, email: `list-${i}@example.test`, dateOfBirth: Date.UTC(1980, 0, 1) / 1000, createdAt: starts[0]! })));
  }
  return ids;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const slotsFrom = (first: Date, count: number) => Array.from({ length: count }, (_, i) => new Date(first.getTime() + i * 20 * MINUTE));

describe('practitioner lists: cost independent of the number of rows', () => {
  it('a list of 2 and a list of 12 appointments each take one statement and one audit write, and none when read again unchanged', async () => {
    const empty = new Date(Date.UTC(2034, 0, 9, 8));
    const small = new Date(Date.UTC(2034, 0, 10, 8));
    const large = new Date(Date.UTC(2034, 0, 11, 8));
    await insertAppointments(slotsFrom(small, 2), { status: 'WAITING', practitioner: w.practitioner });
    await insertAppointments(slotsFrom(large, 12), { status: 'WAITING', practitioner: w.practitioner });
    const list = (day: Date) => h.call('GET', `/api/booking/practitioner?date_from=${epoch(day)}&date_to=${epoch(day) + 86_400}`, { token: w.practitioner.token });
    await list(empty);
    const two = await countQueries(db(), () => list(small));
    const twelve = await countQueries(db(), () => list(large));
    const again = await countQueries(db(), () => list(large));
    expect(two.result.body.appointments).toHaveLength(2);
    expect(twelve.result.body.appointments).toHaveLength(12);
    expect(twelve.result.body.appointments.every((a: { booking_users: unknown[] }) => a.booking_users.length === 1)).toBe(true);
    // The page with its total, people and practitioners' names in one statement, and the window's first reads
    // of its appointments in one audit write (the session was checked moments ago).
    expect(two.queries).toBe(2);
    expect(twelve.queries).toBe(two.queries);
    // Nothing changed and the reads are recorded: the page comes from memory, the read is counted there.
    expect(again.queries).toBe(0);
    expect(again.result.body).toEqual(twelve.result.body);
  });

  it('answers at most 1000 with the total counted before the limit, so screens can warn', async () => {
    const day = new Date(Date.UTC(2035, 6, 1));
    await insertAppointments(
      Array.from({ length: 1003 }, (_, i) => new Date(day.getTime() + i * MINUTE)),
      { status: 'AVAILABLE', practitioner: w.practitioner },
    );
    const res = await h.call('GET', `/api/booking/practitioner?date_from=${epoch(day)}&date_to=${epoch(day) + 86_400}`, { token: w.practitioner.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1003);
    expect(res.body.appointments).toHaveLength(1000);
    expect(res.body.appointments[999].start_time).toBe(epoch(day) + 999 * 60);
  });

  it('audits every appointment with people that a list returns, one record each, from one request', async () => {
    const day = new Date(Date.UTC(2034, 1, 3, 8));
    const booked = await insertAppointments(slotsFrom(day, 5), { status: 'WAITING', practitioner: w.otherPractitioner });
    const open = await insertAppointments(slotsFrom(new Date(day.getTime() + 5 * 20 * MINUTE), 2), { status: 'AVAILABLE', practitioner: w.otherPractitioner });
    const res = await h.call('GET', `/api/booking/practitioner?date_from=${epoch(day)}&date_to=${epoch(day) + 86_400}`, { token: w.otherPractitioner.token });
    expect(res.body.appointments).toHaveLength(7);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'health_data.read'), inArray(auditEvents.resourceId, [...booked, ...open])));
    expect(audited.map((a) => a.resourceId).sort()).toEqual([...booked].sort());
    for (const record of audited) {
      expect(record).toMatchObject({ outcome: 'success', resourceType: 'appointment', actorUserId: w.otherPractitioner.user.id, actorRole: 'practitioner', details: null });
      expect(record.ip).toBeTruthy();
    }
    expect(new Set(audited.map((a) => a.requestId)).size).toBe(1);
    expect(audited[0]!.requestId).toBeTruthy();

    const one = await h.call('GET', `/api/booking/${booked[0]!}`, { token: w.otherPractitioner.token });
    expect(one.status).toBe(200);
    const single = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, booked[0]!)));
    expect(single).toHaveLength(2);
    expect(single[1]!.requestId).not.toBe(audited[0]!.requestId);
  });
});

describe('GET /api/booking/getclaimappointments: a bounded list', () => {

  it('lists the claimable ones not ended and starting within 62 days of today, or in the range asked for, with the total', async () => {
    // Years ahead of every other test's data, so the claimable ones in view are this test's alone on a shared database.
    const today = Date.UTC(2033, 4, 10);
    const now = new Date(today + 10 * 3_600_000);
    const before = h.clock.now();
    try {
      h.clock.set(now);
      const [ended] = await insertAppointments([new Date(today + 9 * 3_600_000)], { status: 'CLAIMABLE' });
      const [later] = await insertAppointments([new Date(today + 15 * 3_600_000)], { status: 'CLAIMABLE' });
      const [lastDay] = await insertAppointments([new Date(today + 62 * DAY - 20 * MINUTE)], { status: 'CLAIMABLE' });
      const [beyond] = await insertAppointments([new Date(today + 62 * DAY)], { status: 'CLAIMABLE' });
      const token = await h.session(w.practitioner);

      const all = await h.call('GET', '/api/booking/getclaimappointments', { token });
      expect(all.status).toBe(200);
      expect(all.body.appointments.map((a: { id: string }) => a.id)).toEqual([later, lastDay]);
      expect(all.body.total).toBe(2);
      expect([ended, beyond].some((id) => all.body.appointments.some((a: { id: string }) => a.id === id))).toBe(false);

      const from = epoch(new Date(today + 62 * DAY));
      const ranged = await h.call('GET', `/api/booking/getclaimappointments?date_from=${from}&date_to=${from + 86_400}`, { token });
      expect(ranged.body).toMatchObject({ success: true, total: 1 });
      expect(ranged.body.appointments.map((a: { id: string }) => a.id)).toEqual([beyond]);

      const todayOnly = await h.call('GET', `/api/booking/getclaimappointments?date_from=${epoch(new Date(today))}&date_to=${epoch(new Date(today + DAY))}`, { token });
      expect(todayOnly.body.appointments.map((a: { id: string }) => a.id)).toEqual([later]);

      expect((await h.call('GET', `/api/booking/getclaimappointments?date_from=${from}&date_to=${from}`, { token })).status).toBe(400);
      expect((await h.call('GET', `/api/booking/getclaimappointments?date_from=${from}&date_to=${from + 63 * 86_400}`, { token })).status).toBe(400);
      expect((await h.call('GET', `/api/booking/getclaimappointments?date_from=${from}`, { token })).status).toBe(400);
      expect((await h.call('GET', '/api/booking/getclaimappointments?date_from=soon&date_to=later', { token })).status).toBe(400);
    } finally {
      h.clock.set(before);
    }
  });
});

describe('GET /api/booking/search?waiting_room=true: the live dashboard’s Waiting Rooms', () => {
  /** A participant of the appointment's video room, connected or gone. */
  async function participant(appointmentId: string, role: 'patient' | 'practitioner', connected: boolean, at: Date) {
    await db()
      .insert(videoParticipants)
      .values({ appointmentId, role, tokenHash: `waiting-room-${appointmentId}-${role}`, expiresAt: new Date(at.getTime() + DAY), createdAt: at, joinedAt: at, seenAt: at, connectionId: connected ? `conn-${appointmentId}-${role}` : null, leftAt: connected ? null : at });
  }

  it('lists ON_HOLD and a customer in the room without the practitioner, longest wait first; not one with both in, nor one whose customer left', async () => {
    const first = new Date('2031-04-07T09:00:00Z');
    const [onHold] = await insertAppointments([first], { status: 'ON_HOLD', practitioner: w.otherPractitioner });
    const [joined] = await insertAppointments([new Date(first.getTime() - 40 * MINUTE)], { status: 'PATIENT_ATTENDED', practitioner: w.otherPractitioner });
    const [practitionerGone] = await insertAppointments([new Date(first.getTime() + 40 * MINUTE)], { status: 'PRACTITIONER_LEFT', practitioner: w.otherPractitioner });
    const [bothIn] = await insertAppointments([new Date(first.getTime() + 80 * MINUTE)], { status: 'PATIENT_ATTENDED', practitioner: w.otherPractitioner });
    const [customerGone] = await insertAppointments([new Date(first.getTime() + 120 * MINUTE)], { status: 'PATIENT_ATTENDED', practitioner: w.otherPractitioner });
    const [notJoined] = await insertAppointments([new Date(first.getTime() + 160 * MINUTE)], { status: 'WAITING', practitioner: w.otherPractitioner });
    await participant(joined!, 'patient', true, first);
    await participant(practitionerGone!, 'patient', true, first);
    await participant(practitionerGone!, 'practitioner', false, first);
    await participant(bothIn!, 'patient', true, first);
    await participant(bothIn!, 'practitioner', true, first);
    await participant(customerGone!, 'patient', false, first);
    await participant(notJoined!, 'practitioner', true, first);

    const url = `/api/booking/search?waiting_room=true&sort=status_last_updated&user=${w.otherPractitioner.user.id}`;
    const asManager = await h.call('GET', url, { token: w.manager.token });
    expect(asManager.status).toBe(200);
    expect(asManager.body.appointments.map((a: { id: string }) => a.id)).toEqual([joined, onHold, practitionerGone]);
    expect(asManager.body.appointments[0]).toMatchObject({ status: 'PATIENT_ATTENDED', status_last_updated: epoch(new Date(first.getTime() - 40 * MINUTE)) });
    // The practitioner of record sees their own waiting customers; another practitioner none of them.
    expect((await h.call('GET', url, { token: w.otherPractitioner.token })).body.appointments.map((a: { id: string }) => a.id)).toEqual([joined, onHold, practitionerGone]);
    expect((await h.call('GET', url, { token: w.practitioner.token })).body.appointments).toEqual([]);
  });

  it('refuses a malformed flag, a caller not signed in and a customer', async () => {
    expect((await h.call('GET', '/api/booking/search?waiting_room=maybe', { token: w.manager.token })).status).toBe(400);
    expect((await h.call('GET', '/api/booking/search?waiting_room=true')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/search?waiting_room=true', { token: w.patient.token })).status).toBe(403);
  });
});
