// @module-tag wall-clock
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointments, auditEvents, outboxEvents } from '../../db/schema';
import { actorKeyOf, readWindowOf } from '../../platform/audit';
import { createHarness, type Harness } from '../../test/harness';
import { bookAsPatient, bookPublicly, bookingWorld, hold, HOUR, paymentBody, person, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const link = (shortToken: string) => ({ 'x-short-token': shortToken });
/** h.call with the customer's link header. */
async function asCustomer(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, shortToken: string, body?: unknown) {
  const response = await h.app.inject({ method, url, headers: link(shortToken), ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

describe('DELETE /api/booking/{id} and the 24-hour rule', () => {
  it('more than 24 hours ahead: cancels, returns the time to supply and lets the same link rebook once for free', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 48 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const res = await asCustomer('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token);
    expect(res).toMatchObject({ status: 200, body: { rebookable: true, message: BOOKING_MSG.deleted } });
    // The manage page learns from the link alone that the booking is cancelled and may be rebooked.
    const cancelledInfo = await asCustomer('GET', `/api/booking/${slots[0]!.id}/info`, booked.short_token);
    expect(cancelledInfo.body.appointment).toMatchObject({ cancelled: true, rebookable: true, editable: false });
    const reopened = await db().select().from(appointments).where(and(eq(appointments.startTime, new Date(slots[0]!.start_time * 1000)), eq(appointments.status, 'AVAILABLE'), eq(appointments.practitionerUserId, w.practitioner.user.id)));
    expect(reopened).toHaveLength(1);
    const lookup = await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`);
    expect(lookup.body).toMatchObject({ rebook_credit: true });
    const held = await hold(h, slots[1]!.id);
    const rebook = await h.call('POST', `/api/booking/${slots[1]!.id}/payment`, { body: paymentBody(held.body.hold_token, { amount: 0, card: undefined, token: booked.short_token }) });
    expect(rebook.status).toBe(201);
    expect(rebook.body).toMatchObject({ short_token: booked.short_token, confirmation: { rebooked: true, amount: 0 } });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.rebook'));
    expect(events.some((e) => e.payload.appointment_id === slots[1]!.id && e.payload.rebooked_from === slots[0]!.id)).toBe(true);
    const again = await hold(h, slots[2]!.id);
    const second = await h.call('POST', `/api/booking/${slots[2]!.id}/payment`, { body: paymentBody(again.body.hold_token, { amount: 0, card: undefined, token: booked.short_token }) });
    expect(second).toMatchObject({ status: 400, body: { message: BOOKING_MSG.amountMismatch } });
  });

  it('at exactly 24 hours (and within): cancels without a rebook, warns, and only notifies the practitioner', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const justBefore = await bookPublicly(h, slots[1]!.id);
    const before = h.clock.now();
    try {
      h.clock.set(new Date(slots[1]!.start_time * 1000 - 24 * HOUR - 1000));
      const inTime = await asCustomer('DELETE', `/api/booking/${slots[1]!.id}?action=delete&actor=patient`, justBefore.short_token);
      expect(inTime.body.rebookable).toBe(true);
      h.clock.set(new Date(slots[0]!.start_time * 1000 - 24 * HOUR));
      const late = await asCustomer('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token);
      expect(late).toMatchObject({ status: 200, body: { rebookable: false, warning: BOOKING_MSG.within24Hours, message: BOOKING_MSG.deletedLate } });
      const notices = await h.mails({ template: 'booking.late_cancellation', recipient: w.practitioner.user.email });
      expect(notices).toHaveLength(1);
      const reopened = await db().select().from(appointments).where(and(eq(appointments.startTime, new Date(slots[0]!.start_time * 1000)), eq(appointments.status, 'AVAILABLE'), eq(appointments.practitionerUserId, w.practitioner.user.id)));
      expect(reopened).toHaveLength(0);
      // Cancelled with no rebook left, the appointment is over: its link no longer works, and says it was cancelled.
      expect(await asCustomer('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token)).toMatchObject({ status: 410, body: { message: BOOKING_MSG.alreadyCancelled } });
    } finally {
      // Sessions lapse after an hour of (clock) idleness: later tests need the clock back.
      h.clock.set(before);
    }
  });

  it('answers 401 without a session or link, 404 to another customer, 400 for a bad action', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 70 });
    const booked = await bookAsPatient(h, w.patient, slots[0]!.id);
    expect((await h.call('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`)).status).toBe(401);
    expect((await h.call('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, { token: w.otherPatient.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/booking/${slots[0]!.id}?action=remove&actor=patient`, { token: w.patient.token })).status).toBe(400);
    expect((await h.call('DELETE', `/api/booking/${booked.appointment.id}?action=delete&actor=patient`, { token: w.practitioner.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/booking/${booked.appointment.id}?action=delete&actor=admin`, { token: w.support.token })).body).toMatchObject({ rebookable: true });
  });
});

describe('POST /api/booking/{id}/payment with a link token in the body', () => {
  it('is audited as the link’s holder when the token opens a booking (the rebook), anonymous when it opens none; never the token', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 150 });
    const booked = await bookPublicly(h, slots[0]!.id);
    expect((await asCustomer('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token)).body).toMatchObject({ rebookable: true });
    const held = await hold(h, slots[1]!.id);
    const rebook = await h.call('POST', `/api/booking/${slots[1]!.id}/payment`, { body: paymentBody(held.body.hold_token, { amount: 0, card: undefined, token: booked.short_token }) });
    expect(rebook).toMatchObject({ status: 201, body: { confirmation: { rebooked: true } } });
    const stranger = await bookPublicly(h, slots[2]!.id, { token: 'n'.repeat(43) });
    const writes = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceType, 'appointment'), inArray(auditEvents.resourceId, [slots[1]!.id, stranger.appointment.id])));
    expect(writes.map((write) => ({ id: write.resourceId, kind: write.actorKind, key: write.actorKey })).sort((a, b) => a.id!.localeCompare(b.id!))).toEqual(
      [
        { id: slots[1]!.id, kind: 'short_token', key: actorKeyOf(booked.short_token) },
        { id: stranger.appointment.id, kind: 'anonymous', key: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(JSON.stringify(writes)).not.toContain(booked.short_token);
  });
});

describe('PATCH /api/booking/{id} and POST /{id}/reschedule/{slotId}', () => {
  it('edits the people before the cutoff, never fewer, and refuses within 24 hours', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 96 });
    const booked = await bookPublicly(h, slots[0]!.id, { booking_users: [person(), person({ first_name: 'Byron' })] });
    const edited = await asCustomer('PATCH', `/api/booking/${slots[0]!.id}`, booked.short_token, { booking_users: [person({ first_name: 'Augusta' }), person(), person({ first_name: 'Mary' })] });
    expect(edited.status).toBe(200);
    expect(edited.body.appointment.booking_users.map((u: { first_name: string }) => u.first_name)).toEqual(['Augusta', 'Ada', 'Mary']);
    const fewer = await asCustomer('PATCH', `/api/booking/${slots[0]!.id}`, booked.short_token, { booking_users: [person()] });
    expect(fewer).toMatchObject({ status: 400, body: { message: BOOKING_MSG.cannotReducePeople } });
    expect((await asCustomer('PATCH', `/api/booking/${slots[0]!.id}`, booked.short_token, { booking_users: [] })).status).toBe(400);
    expect((await h.call('PATCH', `/api/booking/${slots[0]!.id}`, { token: w.patient.token, body: { booking_users: [person()] } })).status).toBe(404);
    expect((await h.call('PATCH', `/api/booking/${slots[0]!.id}`, { body: { booking_users: [person()] } })).status).toBe(401);
    const before = h.clock.now();
    try {
      h.clock.set(new Date(slots[0]!.start_time * 1000 - 23 * HOUR));
      const late = await asCustomer('PATCH', `/api/booking/${slots[0]!.id}`, booked.short_token, { booking_users: [person(), person(), person()] });
      expect(late).toMatchObject({ status: 400, body: { message: BOOKING_MSG.within24Hours } });
    } finally {
      h.clock.set(before);
    }
  });

  it('moves a booking onto a held slot, reopens the old time and emits appointment.rebook', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 100 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const held = await hold(h, slots[2]!.id);
    const moved = await asCustomer('POST', `/api/booking/${slots[0]!.id}/reschedule/${slots[2]!.id}`, booked.short_token, { hold_token: held.body.hold_token });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment).toMatchObject({ id: slots[2]!.id, status: 'WAITING', paid: true, provider_booking_reference: booked.confirmation.reference });
    expect(moved.body.appointment.booking_users).toHaveLength(1);
    const [old] = await db().select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(old).toMatchObject({ status: 'AVAILABLE', paid: false, shortTokenHash: null });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.rebook'));
    expect(events.some((e) => e.payload.appointment_id === slots[2]!.id)).toBe(true);
    const unheld = await asCustomer('POST', `/api/booking/${slots[2]!.id}/reschedule/${slots[1]!.id}`, booked.short_token, { hold_token: held.body.hold_token });
    expect(unheld.status).toBe(409);
    expect((await h.call('POST', `/api/booking/${slots[2]!.id}/reschedule/${slots[1]!.id}`, { body: { hold_token: held.body.hold_token } })).status).toBe(401);
    expect((await h.call('POST', `/api/booking/${slots[2]!.id}/reschedule/${slots[1]!.id}`, { token: w.otherPatient.token, body: { hold_token: held.body.hold_token } })).status).toBe(404);
    expect((await asCustomer('POST', `/api/booking/${slots[2]!.id}/reschedule/${slots[1]!.id}`, booked.short_token, {})).status).toBe(400);
  });
});

describe('the customer’s link after a reschedule and after a delete', () => {
  it('an earlier e-mail’s link follows the booking through reschedules', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 130, hours: 2 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const firstHold = await hold(h, slots[2]!.id);
    expect((await asCustomer('POST', `/api/booking/${slots[0]!.id}/reschedule/${slots[2]!.id}`, booked.short_token, { hold_token: firstHold.body.hold_token })).status).toBe(200);
    const secondHold = await hold(h, slots[4]!.id);
    expect((await asCustomer('POST', `/api/booking/${slots[2]!.id}/reschedule/${slots[4]!.id}`, booked.short_token, { hold_token: secondHold.body.hold_token })).status).toBe(200);
    // Someone else books the time the customer left: the old link must not reach their booking.
    const stranger = await bookPublicly(h, slots[0]!.id);
    const info = await asCustomer('GET', `/api/booking/${slots[0]!.id}/info`, booked.short_token);
    expect(info).toMatchObject({ status: 200, body: { appointment: { id: slots[4]!.id, start_time: slots[4]!.start_time, cancelled: false } } });
    expect((await asCustomer('GET', `/api/booking/${slots[2]!.id}/info`, booked.short_token)).body.appointment.id).toBe(slots[4]!.id);
    expect((await asCustomer('GET', `/api/booking/${slots[0]!.id}/info`, stranger.short_token)).body.appointment.id).toBe(slots[0]!.id);
    // A link of another booking finds nothing along the moves.
    const other = await bookPublicly(h, slots[5]!.id);
    expect((await asCustomer('GET', `/api/booking/${slots[2]!.id}/info`, other.short_token)).status).toBe(404);
  });

  it('GET /{id} answers the booking’s people to its link holder, for the rebook after a delete; 401 without, 404 to another link', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 140 });
    const booked = await bookPublicly(h, slots[0]!.id, { booking_users: [person({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' })] });
    expect((await asCustomer('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token)).status).toBe(200);
    const deleted = await asCustomer('GET', `/api/booking/${slots[0]!.id}`, booked.short_token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.appointment).toMatchObject({ status: 'USER_CANCELLED', notes: [], booking_user: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', phone: '+44 7911 123456' } });
    expect((await h.call('GET', `/api/booking/${slots[0]!.id}`)).status).toBe(401);
    const other = await bookPublicly(h, slots[1]!.id);
    expect((await asCustomer('GET', `/api/booking/${slots[0]!.id}`, other.short_token)).status).toBe(404);
    expect((await asCustomer('GET', '/api/booking/not-an-id', booked.short_token)).status).toBe(400);
  });
});

describe('customer reads and small writes', () => {
  it('GET /-/short-token/{token}: the link’s bookings, 404 for an unknown token, 400 for a malformed one', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 110 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const res = await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`);
    expect(res.status).toBe(200);
    expect(res.body.appointments).toHaveLength(1);
    expect(res.body.appointments[0].notes).toEqual([]);
    // Its one statement answers what GET /{id} answers: people, status history, notes with their author, practitioner.
    const id = booked.appointment.id;
    expect((await h.call('POST', `/api/booking/${id}/addnote`, { token: w.practitioner.token, body: { content: 'Called the customer.' } })).status).toBe(201);
    const staff = await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`, { token: w.support.token });
    const byId = await h.call('GET', `/api/booking/${id}`, { token: w.support.token });
    expect(staff.body.appointments).toEqual([byId.body.appointment]);
    expect(byId.body.appointment).toMatchObject({
      booking_users: [{ first_name: expect.any(String) }],
      status_changes: ['AVAILABLE', 'LOCKED', 'WAITING'].map((changed_to) => expect.objectContaining({ changed_to })),
      notes: [expect.objectContaining({ content: 'Called the customer.', author: expect.any(String) })],
      practitioner: { user_id: w.practitioner.user.id },
    });
    expect((await h.call('GET', `/api/booking/-/short-token/${'q'.repeat(43)}`)).status).toBe(404);
    expect((await h.call('GET', '/api/booking/-/short-token/short')).status).toBe(400);
  });

  it('audits the link’s reads once per holder, appointment and 15-minute window, by a key of the token and never the token', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 111 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const other = await bookPublicly(h, slots[1]!.id);
    const id = booked.appointment.id;
    const reads = () => db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, id))).orderBy(auditEvents.id);
    const before = (await reads()).length;
    const now = h.clock.now();
    // The window after the harness clock's, so no earlier read of these records is in it (and the staff session stays fresh).
    const minute = 60_000;
    const window = readWindowOf(now).getTime() + 15 * minute;
    const byLink = (token: string, at: number, address = '198.51.100.23') => {
      h.clock.set(new Date(at));
      return h.app.inject({ method: 'GET', url: `/api/booking/-/short-token/${token}`, remoteAddress: address });
    };
    try {
      expect((await byLink(booked.short_token, window + 3 * minute)).statusCode).toBe(200);
      // Read again in the window, from another address: nothing is written, the read is counted.
      expect((await byLink(booked.short_token, window + 15 * minute - 1000, '198.51.100.24')).statusCode).toBe(200);
      expect((await byLink(other.short_token, window + 15 * minute - 1000)).statusCode).toBe(200);
      const windowed = (await reads()).slice(before);
      expect(windowed).toHaveLength(1);
      expect(windowed[0]).toMatchObject({
        actorKind: 'short_token',
        actorUserId: null,
        actorKey: actorKeyOf(booked.short_token),
        actorRole: null,
        resourceType: 'appointment',
        ip: '198.51.100.23',
        outcome: 'success',
        details: null,
        at: new Date(window + 3 * minute),
        windowStart: new Date(window),
        readCount: 1,
      });
      await h.ctx.audit.flushReadCounts();
      expect((await reads()).slice(before)).toMatchObject([{ readCount: 2 }]);

      // A signed-in reader of the same link is a reader of their own; the next window is a record of its own.
      h.clock.set(new Date(window + 15 * minute - 1000));
      const staff = await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`, { token: w.support.token });
      expect(staff.status).toBe(200);
      expect((await byLink(booked.short_token, window + 15 * minute)).statusCode).toBe(200);
      expect((await reads()).slice(before)).toMatchObject([
        { actorKind: 'short_token', windowStart: new Date(window) },
        { actorKind: 'user', actorUserId: w.support.user.id, actorKey: null, windowStart: new Date(window) },
        { actorKind: 'short_token', actorKey: actorKeyOf(booked.short_token), windowStart: new Date(window + 15 * minute), readCount: 1 },
      ]);

      // Another link's reads are its holder's own records.
      const others = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, other.appointment.id)));
      expect(others.filter((record) => record.windowStart)).toMatchObject([{ actorKind: 'short_token', actorKey: actorKeyOf(other.short_token), windowStart: new Date(window) }]);
      expect(actorKeyOf(other.short_token)).not.toBe(actorKeyOf(booked.short_token));

      // A write by the link is one record of its own, with the same holder's key.
      const join = await h.app.inject({ method: 'POST', url: `/api/booking/${id}/join`, headers: link(booked.short_token), remoteAddress: '198.51.100.23', payload: {} });
      expect(join.statusCode).toBe(200);
      expect((await reads()).at(-1)).toMatchObject({ actorKind: 'short_token', actorKey: actorKeyOf(booked.short_token), windowStart: null, readCount: 1 });
    } finally {
      h.clock.set(now);
    }
    const everything = JSON.stringify(await db().select().from(auditEvents));
    expect(everything).not.toContain(booked.short_token);
    expect(everything).not.toContain(createHash('sha256').update(booked.short_token).digest('hex'));
  });

  it('audits GET /{id} by x-short-token once per holder, appointment and 15-minute window; /info writes no record; a session’s reads are each a record', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 113 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const id = booked.appointment.id;
    const reads = () => db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, id))).orderBy(auditEvents.id);
    const before = (await reads()).length;
    const now = h.clock.now();
    const minute = 60_000;
    const window = readWindowOf(now).getTime() + 15 * minute;
    const read = (url: string, at: number, address = '198.51.100.31') => {
      h.clock.set(new Date(at));
      return h.app.inject({ method: 'GET', url, headers: link(booked.short_token), remoteAddress: address });
    };
    try {
      expect((await read(`/api/booking/${id}`, window + minute)).statusCode).toBe(200);
      expect((await read(`/api/booking/${id}`, window + 14 * minute, '198.51.100.32')).statusCode).toBe(200);
      expect((await read(`/api/booking/${id}/info`, window + 14 * minute)).statusCode).toBe(200);
      expect((await reads()).slice(before)).toMatchObject([
        { actorKind: 'short_token', actorUserId: null, actorKey: actorKeyOf(booked.short_token), ip: '198.51.100.31', at: new Date(window + minute), windowStart: new Date(window), readCount: 1 },
      ]);
      await h.ctx.audit.flushReadCounts();
      expect((await reads()).slice(before)).toMatchObject([{ readCount: 2 }]);
      // The next window is a record of its own.
      expect((await read(`/api/booking/${id}`, window + 15 * minute)).statusCode).toBe(200);
      expect((await reads()).slice(before)).toMatchObject([{ windowStart: new Date(window) }, { actorKind: 'short_token', windowStart: new Date(window + 15 * minute), readCount: 1 }]);
      // A signed-in reader's reads of one appointment are each a record.
      const count = (await reads()).length;
      for (let i = 0; i < 2; i++) expect((await h.call('GET', `/api/booking/${id}`, { token: w.support.token })).status).toBe(200);
      expect((await reads()).slice(count)).toMatchObject([1, 2].map(() => ({ actorKind: 'user', actorUserId: w.support.user.id, windowStart: null })));
    } finally {
      h.clock.set(now);
    }
  });

  it('GET /{id}/info, PATCH /{id}/updateterms, POST /{id}/uservideotoken for the customer only', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 112 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const info = await asCustomer('GET', `/api/booking/${slots[0]!.id}/info`, booked.short_token);
    expect(info.body.appointment).toMatchObject({ status: 'WAITING', cancelled: false, people: 1, editable: true, rebookable: false, tz_location: 'Europe/London', language: 'EN' });
    expect((await h.call('GET', `/api/booking/${slots[0]!.id}/info`)).status).toBe(401);
    expect((await h.call('GET', `/api/booking/${slots[0]!.id}/info`, { token: w.patient.token })).status).toBe(404);
    expect((await h.call('GET', '/api/booking/not-an-id/info', { token: w.patient.token })).status).toBe(400);
    expect((await asCustomer('PATCH', `/api/booking/${slots[0]!.id}/updateterms`, booked.short_token, { toc_accept: true, marketing_accept: true })).status).toBe(200);
    expect((await asCustomer('PATCH', `/api/booking/${slots[0]!.id}/updateterms`, booked.short_token, { marketing_accept: true })).status).toBe(400);
    expect((await h.call('PATCH', `/api/booking/${slots[0]!.id}/updateterms`, { body: { toc_accept: true } })).status).toBe(401);
    expect((await h.call('PATCH', `/api/booking/${slots[0]!.id}/updateterms`, { token: w.otherPatient.token, body: { toc_accept: true } })).status).toBe(404);
    expect((await asCustomer('POST', `/api/booking/${slots[0]!.id}/uservideotoken`, booked.short_token, { user_video_token: 'video-token-123' })).status).toBe(200);
    expect((await asCustomer('POST', `/api/booking/${slots[0]!.id}/uservideotoken`, booked.short_token, { user_video_token: 'x' })).status).toBe(400);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/uservideotoken`, { body: { user_video_token: 'video-token-123' } })).status).toBe(401);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/uservideotoken`, { token: w.otherPatient.token, body: { user_video_token: 'video-token-123' } })).status).toBe(404);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(row).toMatchObject({ marketingAccept: true, userVideoToken: 'video-token-123' });
  });

  it('POST /{id}/join: the customer enters as PATIENT_ATTENDED, the practitioner as PRACTITIONER_ATTENDED', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 114 });
    const booked = await bookAsPatient(h, w.patient, slots[0]!.id);
    const patient = await h.call('POST', `/api/booking/${booked.appointment.id}/join`, { token: w.patient.token, body: {} });
    expect(patient.status).toBe(200);
    expect(patient.body.appointment.status).toBe('PATIENT_ATTENDED');
    const practitioner = await h.call('POST', `/api/booking/${booked.appointment.id}/join`, { token: w.practitioner.token, body: { booking_id: booked.appointment.id } });
    expect(practitioner.body.appointment.status).toBe('PRACTITIONER_ATTENDED');
    expect(practitioner.body.room).toBe(patient.body.room);
    const me = await h.call('GET', '/api/booking/practitioner/me', { token: w.practitioner.token });
    expect(me.body.practitioner.last_atteneded_appointment).toBe(booked.appointment.id);
    expect((await h.call('POST', `/api/booking/${booked.appointment.id}/join`, { body: {} })).status).toBe(401);
    expect((await h.call('POST', `/api/booking/${booked.appointment.id}/join`, { token: w.otherPatient.token, body: {} })).status).toBe(404);
    expect((await h.call('POST', `/api/booking/${booked.appointment.id}/join`, { token: w.patient.token, body: { booking_id: 'nope' } })).status).toBe(400);
  });

  it('GET /{id}, /getappointments, /getpastappointments and /user/{id}/history show a patient only their own', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 116 });
    const booked = await bookAsPatient(h, w.patient, slots[0]!.id);
    const one = await h.call('GET', `/api/booking/${booked.appointment.id}`, { token: w.patient.token });
    expect(one.status).toBe(200);
    expect(one.body.appointment.practitioner.user_id).toBe(w.practitioner.user.id);
    expect((await h.call('GET', `/api/booking/${booked.appointment.id}`, { token: w.otherPatient.token })).status).toBe(404);
    expect((await h.call('GET', `/api/booking/${booked.appointment.id}`)).status).toBe(401);
    expect((await h.call('GET', '/api/booking/not-an-id', { token: w.patient.token })).status).toBe(400);
    const upcoming = await h.call('GET', '/api/booking/getappointments', { token: w.patient.token });
    expect(upcoming.body.appointments.map((a: { id: string }) => a.id)).toContain(booked.appointment.id);
    expect((await h.call('GET', '/api/booking/getappointments', { token: w.otherPatient.token })).body.appointments).toEqual([]);
    expect((await h.call('GET', '/api/booking/getappointments')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/getappointments?date_from=abc', { token: w.patient.token })).status).toBe(400);
    // Sessions lapse when the clock jumps days ahead, so the appointment moves into the past instead.
    const lastWeek = h.clock.now().getTime() - 7 * 24 * HOUR;
    await db().update(appointments).set({ startTime: new Date(lastWeek), endTime: new Date(lastWeek + 20 * 60_000) }).where(eq(appointments.id, booked.appointment.id));
    const past = await h.call('GET', '/api/booking/getpastappointments', { token: w.patient.token });
    expect(past.body.appointments.map((a: { id: string }) => a.id)).toContain(booked.appointment.id);
    expect((await h.call('GET', '/api/booking/getpastappointments')).status).toBe(401);
    const history = await h.call('GET', `/api/booking/user/${w.patient.user.id}/history`, { token: w.patient.token });
    expect(history.body.appointments.map((a: { id: string }) => a.id)).toContain(booked.appointment.id);
    expect((await h.call('GET', `/api/booking/user/${w.patient.user.id}/history`, { token: w.otherPatient.token })).status).toBe(404);
    expect((await h.call('GET', `/api/booking/user/${w.patient.user.id}/history`, { token: w.support.token })).status).toBe(200);
    expect((await h.call('GET', `/api/booking/user/${w.patient.user.id}/history`)).status).toBe(401);
    expect((await h.call('GET', '/api/booking/user/zzz/history', { token: w.patient.token })).status).toBe(400);
  });
});
