// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointments, appointmentStatusChanges, auditEvents, bookingUsers, users } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { insertRole } from '../identity';
import { releaseExpiredHolds } from './holds';
import { bookAsPatient, bookPublicly, bookingWorld, hold, paymentBody, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

const onPostgres = Boolean(inject('postgresUrl'));
let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  // The expiry sweep releases every lapsed hold in the database: on PostgreSQL this file gets one of its own.
  h = await createHarness({}, { ownDatabase: true });
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const statusOf = async (id: string) => (await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;

describe('POST /api/booking/{id}/status — holds', () => {
  it('holds an AVAILABLE slot for 30 minutes and answers the hold token', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner);
    const res = await hold(h, slots[0]!.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'LOCKED' });
    expect(res.body.hold_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.hold_expires_at).toBe(Math.floor(h.clock.now().getTime() / 1000) + 30 * 60);
    expect(await statusOf(slots[0]!.id)).toBe('LOCKED');
  });

  it('answers 409 with the slot-taken text to a second holder', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    expect((await hold(h, slots[0]!.id)).status).toBe(200);
    const second = await hold(h, slots[0]!.id);
    expect(second).toMatchObject({ status: 409, body: { success: false, message: BOOKING_MSG.slotTaken } });
  });

  it('moves the holder’s hold when they pick another slot with their token', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 72 });
    const first = await hold(h, slots[0]!.id);
    const second = await hold(h, slots[1]!.id, first.body.hold_token);
    expect(second.status).toBe(200);
    expect(second.body.hold_token).toBe(first.body.hold_token);
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    expect(await statusOf(slots[1]!.id)).toBe('LOCKED');
  });

  it('keeps the previous hold when the new slot cannot be held', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 74 });
    const mine = await hold(h, slots[0]!.id);
    expect((await hold(h, slots[1]!.id)).status).toBe(200);
    expect((await hold(h, slots[1]!.id, mine.body.hold_token)).status).toBe(409);
    expect(await statusOf(slots[0]!.id)).toBe('LOCKED');
  });

  it('releases a hold with its token (AVAILABLE), refuses a wrong token, and is idempotent', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 76 });
    const held = await hold(h, slots[0]!.id);
    const wrong = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: { status: 'AVAILABLE', hold_token: 'x'.repeat(43) } });
    expect(wrong).toMatchObject({ status: 409, body: { message: BOOKING_MSG.holdNotYours } });
    const released = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: { status: 'AVAILABLE', hold_token: held.body.hold_token } });
    expect(released).toMatchObject({ status: 200, body: { status: 'AVAILABLE' } });
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    const again = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: { status: 'AVAILABLE', hold_token: held.body.hold_token } });
    expect(again.status).toBe(200);
  });

  it('lets the expiry job return lapsed holds to AVAILABLE, and lets anyone hold a lapsed slot before the job runs', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 80 });
    await hold(h, slots[0]!.id);
    await hold(h, slots[1]!.id);
    const before = h.clock.now();
    try {
      h.clock.advance(29 * 60_000);
      // Earlier tests of this file leave lapsed holds too: this test checks its own slots, not the sweep's count.
      await releaseExpiredHolds(h.ctx.booking);
      expect([await statusOf(slots[0]!.id), await statusOf(slots[1]!.id)]).toEqual(['LOCKED', 'LOCKED']);
      expect((await hold(h, slots[0]!.id)).status).toBe(409);
      h.clock.advance(60_000 + 1);
      const taken = await hold(h, slots[1]!.id);
      expect(taken.status).toBe(200);
      await releaseExpiredHolds(h.ctx.booking);
    } finally {
      h.clock.set(before);
    }
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    expect(await statusOf(slots[1]!.id)).toBe('LOCKED');
    const history = await h.ctx.database.db.select().from(appointmentStatusChanges).where(eq(appointmentStatusChanges.appointmentId, slots[0]!.id)).orderBy(appointmentStatusChanges.id);
    expect(history.map((c) => c.changedTo)).toEqual(['AVAILABLE', 'LOCKED', 'AVAILABLE']);
  });

  it('refuses payment on an expired hold by the clock alone, before any job ran', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 84 });
    const held = await hold(h, slots[0]!.id);
    const before = h.clock.now();
    try {
      h.clock.advance(30 * 60_000);
      const paid = await h.call('POST', `/api/booking/${slots[0]!.id}/payment`, { body: paymentBody(held.body.hold_token) });
      expect(paid).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
    } finally {
      h.clock.set(before);
    }
    expect(await statusOf(slots[0]!.id)).toBe('LOCKED');
  });

  it('refuses to hold a slot starting within 30 minutes, a booked slot, and an unknown one', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 90 });
    await bookPublicly(h, slots[0]!.id);
    expect((await hold(h, slots[0]!.id)).status).toBe(409);
    const before = h.clock.now();
    try {
      h.clock.set(new Date(slots[1]!.start_time * 1000 - 20 * 60_000));
      expect((await hold(h, slots[1]!.id)).status).toBe(409);
    } finally {
      h.clock.set(before);
    }
    expect((await hold(h, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('answers 400 for a bad status and "Missing details." without one', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 92 });
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: { status: 'BOOKED' } })).status).toBe(400);
    const missing = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
    expect((await h.call('POST', '/api/booking/not-a-uuid/status', { body: { status: 'LOCKED' } })).status).toBe(400);
  });
});

describe('POST /api/booking/{id}/status — call states and supply switches', () => {
  it('lets the assigned practitioner move a booked appointment through call states', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 100 });
    await bookPublicly(h, slots[0]!.id);
    for (const status of ['PRACTITIONER_ATTENDED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED']) {
      const res = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.practitioner.token, body: { status } });
      expect(res, status).toMatchObject({ status: 200, body: { status } });
    }
    const after = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.practitioner.token, body: { status: 'IN_PROGRESS' } });
    expect(after.status).toBe(400);
  });

  it('needs a session (401), hides others’ appointments (404) and keeps patients to their own call states (403)', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 102 });
    const booked = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { body: { status: 'IN_PROGRESS' } });
    expect(booked.status).toBe(401);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.otherPractitioner.token, body: { status: 'UNAVAILABLE' } })).status).toBe(404);
    await bookAsPatient(h, w.patient, slots[1]!.id);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { token: w.patient.token, body: { status: 'COMPLETED' } })).status).toBe(403);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { token: w.patient.token, body: { status: 'PATIENT_ATTENDED' } })).status).toBe(200);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { token: w.otherPatient.token, body: { status: 'PATIENT_ATTENDED' } })).status).toBe(404);
  });

  it('lets only the practitioner of record end the consultation: a shift manager’s COMPLETED is refused and changes nothing', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 106 });
    await bookPublicly(h, slots[0]!.id);
    const status = async () => (await h.ctx.database.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, slots[0]!.id)))[0]!.status;
    const byManager = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.manager.token, body: { status: 'COMPLETED' } });
    expect(byManager).toMatchObject({ status: 403, body: { message: 'Only the practitioner of the appointment can end the consultation.' } });
    expect(await status()).toBe('WAITING');
    // A manager may still put a call on hold; the practitioner ends it.
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.manager.token, body: { status: 'ON_HOLD' } })).status).toBe(200);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.practitioner.token, body: { status: 'COMPLETED' } })).status).toBe(200);
    expect(await status()).toBe('COMPLETED');
  });

  it('lets a shift manager reopen a completed appointment without results, with a reason: the customer’s link works again', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 108 });
    const paid = await bookPublicly(h, slots[0]!.id);
    const id = slots[0]!.id;
    const reopen = (token: string | undefined, body: unknown = { reason: 'Completed by mistake before the test.' }) => h.call('POST', `/api/booking/${id}/reopen`, { token, body });
    const linkWorks = async () => (await h.app.inject({ method: 'POST', url: '/api/video/token', headers: { 'x-short-token': paid.short_token }, payload: { identity: 'patient', room: id } })).statusCode === 200;
    expect(await linkWorks()).toBe(true);
    expect((await h.call('POST', `/api/booking/${id}/status`, { token: w.practitioner.token, body: { status: 'COMPLETED' } })).status).toBe(200);
    expect(await linkWorks()).toBe(false);

    expect((await reopen(undefined)).status).toBe(401);
    expect((await reopen(w.practitioner.token)).status).toBe(403);
    const outsider = await h.user({ org: await h.org(), roles: ['shift_manager'] });
    expect((await reopen(outsider.token)).status).toBe(404);
    expect(await reopen(w.manager.token, { reason: '  ' })).toMatchObject({ status: 400, body: { errors: { reason: 'Say why the appointment is reopened.' } } });
    expect((await reopen(w.manager.token, {})).status).toBe(400);

    const reopened = await reopen(w.manager.token);
    expect(reopened).toMatchObject({ status: 200, body: { success: true, message: 'Appointment reopened' } });
    expect((await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status).toBe('WAITING');
    expect(await linkWorks()).toBe(true);
    const [audit] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.reopen'), eq(auditEvents.resourceId, id)));
    expect(audit).toMatchObject({ outcome: 'success', actorUserId: w.manager.user.id, details: { from: 'COMPLETED', reason: 'Completed by mistake before the test.' } });
    // Only from a finished or abandoned call.
    expect(await reopen(w.manager.token)).toMatchObject({ status: 409, body: { message: 'Only a completed or abandoned appointment can be reopened.' } });

    // Not once a result or a sample is recorded.
    await h.ctx.database.db.update(bookingUsers).set({ metadata: { sample_taken: 'valid' } }).where(eq(bookingUsers.appointmentId, id));
    expect((await h.call('POST', `/api/booking/${id}/status`, { token: w.practitioner.token, body: { status: 'COMPLETED' } })).status).toBe(200);
    expect(await reopen(w.manager.token)).toMatchObject({ status: 409, body: { message: 'This appointment has a result or a sample recorded: it cannot be reopened.' } });
    expect((await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status).toBe('COMPLETED');
  });

  it('lets a manager take an open slot out of supply and back, and make an UNAVAILABLE booked appointment WAITING', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 104 });
    const off = await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.manager.token, body: { status: 'UNAVAILABLE' } });
    expect(off.status).toBe(200);
    expect((await hold(h, slots[0]!.id)).status).toBe(409);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.manager.token, body: { status: 'WAITING' } })).status).toBe(400);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.manager.token, body: { status: 'AVAILABLE' } })).status).toBe(200);
    await bookPublicly(h, slots[1]!.id);
    await h.ctx.database.db.update(appointments).set({ status: 'UNAVAILABLE' }).where(eq(appointments.id, slots[1]!.id));
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { token: w.practitioner.token, body: { status: 'WAITING' } })).status).toBe(400);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/status`, { token: w.manager.token, body: { status: 'WAITING' } })).status).toBe(200);
  });
});

/** Practitioners made straight in the database: 200 argon2 hashes would dominate the test. */
async function manyPractitioners(count: number): Promise<TestUser[]> {
  const org = await h.org();
  const created: TestUser[] = [];
  const rows = await h.ctx.database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ organisationId: org, firstName: 'Race', lastName: `Runner ${i}`, email: `race-${org}-${i}@example.test`, username: `race-${org}-${i}` })))
    .returning();
  for (const user of rows) {
    const role = await insertRole(h.ctx.database.db, { name: 'practitioner', userId: user.id, organisationId: org, profileName: 'Race Runner' });
    const session = await h.ctx.sessions.open(user.id, role.id);
    created.push({ user, roles: [role], password: '', token: session.token });
  }
  return created;
}

describe('races on PostgreSQL', () => {
  it.skipIf(!onPostgres)('200 concurrent holds of one slot: exactly one 200 and 199 × 409', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 120 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => hold(h, slots[0]!.id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
  });

  it.skipIf(!onPostgres)('200 concurrent claims of one appointment: exactly one winner', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 124 });
    await bookPublicly(h, slots[0]!.id);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/release`, { token: w.practitioner.token })).status).toBe(200);
    const racers = await manyPractitioners(200);
    const answers = await Promise.all(racers.map((r) => h.call('POST', `/api/booking/${slots[0]!.id}/claim`, { token: r.token, body: {} })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    const winner = racers[statuses.indexOf(200)]!;
    const [row] = await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(row).toMatchObject({ status: 'WAITING', practitionerUserId: winner.user.id, claimableSlot: false });
  });
});
