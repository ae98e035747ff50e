// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointments, slotHolds } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { releaseExpiredHolds } from './holds';
import { bookingWorld, paymentBody, shiftWithSlots, MONDAY_START, type BookingWorld } from '../../test/booking-world';

const LIMIT = 3;
const START = MONDAY_START;
const MINUTE = 60_000;
let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  // The expiry sweep releases every lapsed hold in the database: on PostgreSQL this file gets one of its own.
  h = await createHarness({ bookingHoldsPerAddress: LIMIT }, { ownDatabase: true });
  h.clock.set(START);
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const statusOf = async (id: string) => (await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** POST /{id}/status LOCKED from a given address, with or without a hold token or a session. */
function holdFrom(ip: string, slotId: string, options: { holdToken?: string; token?: string } = {}) {
  return h.call('POST', `/api/booking/${slotId}/status`, { ip, token: options.token, body: { status: 'LOCKED', ...(options.holdToken ? { hold_token: options.holdToken } : {}) } });
}

describe('a hold lasts 30 minutes from the first hold', () => {
  it('re-holding, moving and releasing within the run keep the first expiry; after it a hold starts a new run', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 48 });
    const [a, b, c] = slots;
    const first = await holdFrom('192.0.2.10', a!.id);
    expect(first.status).toBe(200);
    const end = seconds(START) + 30 * 60;
    expect(first.body.hold_expires_at).toBe(end);

    h.clock.set(new Date(START.getTime() + 20 * MINUTE));
    const again = await holdFrom('192.0.2.10', a!.id, { holdToken: first.body.hold_token });
    expect(again.body).toMatchObject({ hold_token: first.body.hold_token, hold_expires_at: end });
    const moved = await holdFrom('192.0.2.10', b!.id, { holdToken: first.body.hold_token });
    expect(moved.body).toMatchObject({ hold_token: first.body.hold_token, hold_expires_at: end });
    expect(await statusOf(a!.id)).toBe('AVAILABLE');
    const released = await h.call('POST', `/api/booking/${b!.id}/status`, { ip: '192.0.2.10', body: { status: 'AVAILABLE', hold_token: first.body.hold_token } });
    expect(released.status).toBe(200);
    const back = await holdFrom('192.0.2.10', c!.id, { holdToken: first.body.hold_token });
    expect(back.body).toMatchObject({ hold_token: first.body.hold_token, hold_expires_at: end });

    h.clock.set(new Date(START.getTime() + 30 * MINUTE));
    const late = await h.call('POST', `/api/booking/${c!.id}/payment`, { body: paymentBody(first.body.hold_token) });
    expect(late).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
    const renewed = await holdFrom('192.0.2.10', c!.id, { holdToken: first.body.hold_token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.hold_token).not.toBe(first.body.hold_token);
    expect(renewed.body.hold_expires_at).toBe(seconds(h.clock.now()) + 30 * 60);
    // The lapsed run's token proves nothing any more.
    const stale = await h.call('POST', `/api/booking/${c!.id}/payment`, { body: paymentBody(first.body.hold_token) });
    expect(stale.status).toBe(409);
  });

  it('the expiry sweep forgets lapsed runs', async () => {
    // In the past, so that this sweep lapses no hold of the test files on the real clock.
    const past = new Date('2026-03-02T09:00:00Z');
    h.clock.set(past);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 52 });
    expect((await holdFrom('192.0.2.11', slots[0]!.id)).status).toBe(200);
    const runs = () => h.ctx.database.db.select().from(slotHolds).where(eq(slotHolds.appointmentId, slots[0]!.id));
    expect(await runs()).toHaveLength(1);
    h.clock.set(new Date(past.getTime() + 30 * MINUTE));
    await releaseExpiredHolds(h.ctx.booking);
    expect(await runs()).toHaveLength(0);
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
  });
});

describe('one slot per client', () => {
  it('a signed-in session holds one slot: holding another releases the first, even without the token, and keeps the first expiry', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 56 });
    const first = await holdFrom('192.0.2.20', slots[0]!.id, { token: w.patient.token });
    h.clock.set(new Date(START.getTime() + 5 * MINUTE));
    const second = await holdFrom('192.0.2.21', slots[1]!.id, { token: w.patient.token });
    expect(second.status).toBe(200);
    expect(second.body.hold_expires_at).toBe(first.body.hold_expires_at);
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    expect(await statusOf(slots[1]!.id)).toBe('LOCKED');
    // Its token was replaced: the first one no longer pays for anything.
    expect(second.body.hold_token).not.toBe(first.body.hold_token);
    const paid = await h.call('POST', `/api/booking/${slots[1]!.id}/payment`, {
      token: w.patient.token,
      body: { hold_token: second.body.hold_token, amount: 0, billing_details: { first_name: 'Pat', last_name: 'Ient', email: w.patient.user.email, dateOfBirth: '01-01-1990' }, toc_accept: true, service: 'video_gp' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // The booking used the run: the session's next hold has the full 30 minutes again.
    h.clock.set(new Date(START.getTime() + 10 * MINUTE));
    const next = await holdFrom('192.0.2.20', slots[2]!.id, { token: w.patient.token });
    expect(next.body.hold_expires_at).toBe(seconds(h.clock.now()) + 30 * 60);
    expect(await statusOf(slots[1]!.id)).toBe('WAITING');
  });

  it('an anonymous client with its hold token moves its one hold; the previous slot returns to supply', async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const first = await holdFrom('192.0.2.30', slots[0]!.id);
    const second = await holdFrom('192.0.2.30', slots[1]!.id, { holdToken: first.body.hold_token });
    expect(second.body.hold_token).toBe(first.body.hold_token);
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    expect(await statusOf(slots[1]!.id)).toBe('LOCKED');
  });
});

describe('holds per address', () => {
  it(`an address starts at most ${LIMIT} holds in 30 minutes (429 after), while moving a hold starts none`, async () => {
    h.clock.set(START);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hours: 3, hoursAhead: 64 });
    const ip = '198.51.100.7';
    const held = [];
    for (const slot of slots.slice(0, LIMIT)) {
      const res = await holdFrom(ip, slot.id);
      expect(res.status).toBe(200);
      held.push(res.body.hold_token as string);
    }
    const refused = await holdFrom(ip, slots[LIMIT]!.id);
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: BOOKING_MSG.tooManyHolds } });
    expect(await statusOf(slots[LIMIT]!.id)).toBe('AVAILABLE');
    // Signed in or not, the address is the same.
    expect((await holdFrom(ip, slots[LIMIT]!.id, { token: w.otherPatient.token })).status).toBe(429);
    expect((await holdFrom(ip, slots[LIMIT]!.id, { holdToken: held[0] })).status).toBe(200);
    expect(await statusOf(slots[0]!.id)).toBe('AVAILABLE');
    expect((await holdFrom('198.51.100.8', slots[LIMIT + 1]!.id)).status).toBe(200);

    h.clock.set(new Date(START.getTime() + 30 * MINUTE));
    expect((await holdFrom(ip, slots[LIMIT + 2]!.id)).status).toBe(200);
  });
});
