// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { auditEvents } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookPublicly, bookingWorld, hold, HOUR, paymentBody, shiftWithSlots, MONDAY_START, type BookingWorld } from '../../test/booking-world';

const START = MONDAY_START;
let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  h.clock.set(START);
  w = await bookingWorld(h);
});
afterAll(() => h.close());

/** A request with the customer's link header, as the manage page sends it. */
async function withLink(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, shortToken: string, body?: unknown) {
  const response = await h.app.inject({ method, url, headers: { 'x-short-token': shortToken }, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}
/** Sessions lapse when the clock jumps days ahead: a fresh one for a user at the clock's time. */
const sessionAtNow = async (user: TestUser) => (await h.ctx.sessions.open(user.user.id, user.roles[0]!.id)).token;
const expired = { status: 410, body: { success: false, message: BOOKING_MSG.linkExpired } };
/** The 410 of a link whose appointment is over says why: completed, or cancelled. */
const completedAnswer = { status: 410, body: { success: false, message: BOOKING_MSG.callCompleted } };
const cancelledAnswer = { status: 410, body: { success: false, message: BOOKING_MSG.alreadyCancelled } };

describe('the customer’s link ends with the appointment', () => {
  it('works until the end time, then answers 410 on every customer route while staff still reach the booking', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 48 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const id = booked.appointment.id;
    h.clock.set(new Date(slots[0]!.end_time * 1000 - 1000));
    expect((await withLink('GET', `/api/booking/${id}/info`, booked.short_token)).status).toBe(200);
    expect((await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`)).status).toBe(200);

    h.clock.set(new Date(slots[0]!.end_time * 1000));
    expect(await withLink('GET', `/api/booking/${id}/info`, booked.short_token)).toMatchObject(expired);
    expect(await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`)).toMatchObject(expired);
    expect(await withLink('DELETE', `/api/booking/${id}?action=delete&actor=patient`, booked.short_token)).toMatchObject(expired);
    expect(await withLink('PATCH', `/api/booking/${id}/updateterms`, booked.short_token, { toc_accept: true })).toMatchObject(expired);
    expect((await withLink('POST', `/api/booking/${id}/join`, booked.short_token, {})).status).toBe(404);
    // A wrong link stays a plain 404; staff are not bound to the link.
    expect((await withLink('GET', `/api/booking/${id}/info`, 'q'.repeat(43))).status).toBe(404);
    expect((await h.call('GET', `/api/booking/${id}/info`, { token: await sessionAtNow(w.support) })).status).toBe(200);
  });

  it('ends at a final status before the end time, and says which: completed, or cancelled with no rebook left', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 52 });
    const completed = await bookPublicly(h, slots[0]!.id);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/status`, { token: w.practitioner.token, body: { status: 'COMPLETED' } })).status).toBe(200);
    expect(await withLink('GET', `/api/booking/${slots[0]!.id}/info`, completed.short_token)).toMatchObject(completedAnswer);
    expect(await withLink('PATCH', `/api/booking/${slots[0]!.id}/updateterms`, completed.short_token, { toc_accept: true })).toMatchObject(completedAnswer);

    const late = await bookPublicly(h, slots[1]!.id);
    h.clock.set(new Date(slots[1]!.start_time * 1000 - 2 * HOUR));
    const cancelled = await withLink('DELETE', `/api/booking/${slots[1]!.id}?action=delete&actor=patient`, late.short_token);
    expect(cancelled).toMatchObject({ status: 200, body: { rebookable: false } });
    expect(await withLink('GET', `/api/booking/${slots[1]!.id}/info`, late.short_token)).toMatchObject(cancelledAnswer);
  });

  it('a booking deleted in time keeps its link for the rebook, even after its time, and the rebooked one lives on', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 56 });
    const { slots: later } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 80 });
    const booked = await bookPublicly(h, slots[0]!.id);
    expect((await withLink('DELETE', `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, booked.short_token)).body).toMatchObject({ rebookable: true });
    h.clock.set(new Date(slots[0]!.end_time * 1000 + HOUR));
    expect((await withLink('GET', `/api/booking/${slots[0]!.id}/info`, booked.short_token)).body.appointment).toMatchObject({ cancelled: true, rebookable: true });
    const held = await hold(h, later[0]!.id);
    const rebook = await h.call('POST', `/api/booking/${later[0]!.id}/payment`, { body: paymentBody(held.body.hold_token, { amount: 0, card: undefined, token: booked.short_token }) });
    expect(rebook.status).toBe(201);
    expect(await withLink('GET', `/api/booking/${slots[0]!.id}/info`, booked.short_token)).toMatchObject(cancelledAnswer);
    const lookup = await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`);
    expect(lookup.body.appointments.map((a: { id: string }) => a.id)).toEqual([later[0]!.id]);
  });
});

describe('POST /api/booking/{id}/short-token renews the customer’s link', () => {
  /** The link in the newest e-mail of a template to an address, and its token. */
  async function mailedToken(template: string, to: string): Promise<string> {
    const mail = (await h.mails({ template, recipient: to })).at(-1);
    const link = /https?:\/\/\S+\/book\/manage\?\S+/.exec(mail?.body ?? '')?.[0];
    return new URL(link!).searchParams.get('short_token')!;
  }

  it('customer services replace it: the old link answers 404, the e-mailed new one works, and the change is audited', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const email = `renew-${Date.now()}@example.test`;
    const booked = await bookPublicly(h, slots[0]!.id, { billing_details: { first_name: 'Ada', last_name: 'Lovelace', email, dateOfBirth: '01-06-1985' } });
    expect(await mailedToken('booking.confirmed', email)).toBe(booked.short_token);

    const renewed = await h.call('POST', `/api/booking/${booked.appointment.id}/short-token`, { token: w.support.token });
    expect(renewed).toMatchObject({ status: 200, body: { success: true, message: BOOKING_MSG.linkRenewed } });
    expect(JSON.stringify(renewed.body)).not.toMatch(/short_token/);
    const fresh = await mailedToken('booking.link_renewed', email);
    expect(fresh).not.toBe(booked.short_token);
    expect((await withLink('GET', `/api/booking/${booked.appointment.id}/info`, booked.short_token)).status).toBe(404);
    expect((await h.call('GET', `/api/booking/-/short-token/${booked.short_token}`)).status).toBe(404);
    expect((await withLink('GET', `/api/booking/${booked.appointment.id}/info`, fresh)).status).toBe(200);
    const [audit] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'booking.link_renewed'), eq(auditEvents.resourceId, booked.appointment.id)));
    expect(audit).toMatchObject({ outcome: 'success', actorUserId: w.support.user.id, actorRole: 'customer_services' });
    expect(JSON.stringify(audit!.details)).not.toContain(fresh);

    expect((await h.call('POST', `/api/booking/${booked.appointment.id}/short-token`, { token: w.admin.token })).status).toBe(200);
    expect((await withLink('GET', `/api/booking/${booked.appointment.id}/info`, fresh)).status).toBe(404);
  });

  it('answers 401 without a session, 403 to other roles, 404 for an unknown appointment and 409 once it is over', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 64 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const url = `/api/booking/${booked.appointment.id}/short-token`;
    expect((await h.call('POST', url)).status).toBe(401);
    expect((await h.app.inject({ method: 'POST', url, headers: { 'x-short-token': booked.short_token } })).statusCode).toBe(401);
    for (const user of [w.patient, w.practitioner, w.manager]) expect((await h.call('POST', url, { token: user.token })).status).toBe(403);
    expect((await h.call('POST', '/api/booking/00000000-0000-4000-8000-000000000000/short-token', { token: w.support.token })).status).toBe(404);
    expect((await withLink('GET', `/api/booking/${booked.appointment.id}/info`, booked.short_token)).status).toBe(200);
    h.clock.set(new Date(slots[0]!.end_time * 1000));
    expect(await h.call('POST', url, { token: await sessionAtNow(w.support) })).toMatchObject({ status: 409, body: { message: BOOKING_MSG.linkExpired } });
  });
});
