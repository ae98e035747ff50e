// @module-tag wall-clock
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointments, bookingPayments, outboxDeliveries, outboxEvents } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { TestMailbox } from '../../test/mailbox';
import type { TestPaymentGateway } from '../../platform/payments';
import { bookingWorld, bookPublicly, hold, paymentBody, PUBLIC_PRICE, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
let mailbox: TestMailbox;
beforeAll(async () => {
  mailbox = await TestMailbox.open();
  // A database of its own on PostgreSQL: other files' relays must not deliver these bookings' e-mails past this mail server.
  h = await createHarness({ smtpUrl: mailbox.url }, { ownDatabase: true });
  h.clock.set(new Date('2026-03-10T09:00:00Z'));
  w = await bookingWorld(h);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});
beforeEach(() => {
  h.clock.set(new Date('2026-03-10T09:00:00Z'));
  mailbox.mode = 'accept';
});

const db = () => h.ctx.database.db;
const pay = (slotId: string, body: unknown) => h.call('POST', `/api/booking/${slotId}/payment`, { body });
const gateway = () => h.ctx.booking.gateway as TestPaymentGateway;

async function paymentOf(slotId: string) {
  return db().select().from(bookingPayments).where(eq(bookingPayments.appointmentId, slotId));
}

describe('the confirmation e-mail after a payment', () => {
  it('is not the payment’s business: a mail error after the commit neither fails nor refunds it, and the e-mail follows on a later attempt', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30 });
    const held = await hold(h, slots[0]!.id);
    const send = vi.spyOn(h.ctx.mailer, 'send').mockRejectedValueOnce(new Error('could not record the message'));
    try {
      const paid = await pay(slots[0]!.id, paymentBody(held.body.hold_token));
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      await h.deliverOutbox();
    } finally {
      send.mockRestore();
    }
    const [payment] = await paymentOf(slots[0]!.id);
    expect(gateway().chargeOf(payment!.gatewayReference)).toEqual({ amountPence: PUBLIC_PRICE, refunded: false });
    const [row] = await db().select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(row).toMatchObject({ status: 'WAITING', paid: true });
    const event = (await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'))).find((e) => e.payload.appointment_id === slots[0]!.id);
    const [delivery] = await db()
      .select()
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.eventId, event!.id), eq(outboxDeliveries.handler, 'booking.confirmation-mail')));
    expect(delivery).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'could not record the message' });
    expect(await h.mails({ template: 'booking.confirmed' })).toHaveLength(0);

    h.clock.set(new Date('2026-03-10T09:00:15Z'));
    const mails = await h.mails({ template: 'booking.confirmed' });
    expect(mails.map((m) => [m.recipient, m.status])).toEqual([['ada@example.test', 'sent']]);
    expect(mailbox.received.filter((m) => m.raw.includes(row!.providerBookingReference!))).toHaveLength(1);
  });

  it('is retried while the mail server refuses it, and sent once when it accepts', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 32 });
    const held = await hold(h, slots[0]!.id);
    mailbox.mode = 'reject';
    const paid = await pay(slots[0]!.id, paymentBody(held.body.hold_token));
    expect(paid.status).toBe(201);
    const reference = paid.body.confirmation.reference as string;
    // The workflow processor's delivery of the same event (it has no task here) goes through at once.
    expect(await h.deliverOutbox()).toMatchObject({ failed: 1, delivered: 1 });
    h.clock.set(new Date('2026-03-10T09:00:15Z'));
    expect(await h.deliverOutbox()).toMatchObject({ failed: 1, delivered: 0 });
    mailbox.mode = 'accept';
    h.clock.set(new Date('2026-03-10T09:00:44Z'));
    expect(await h.deliverOutbox()).toMatchObject({ failed: 0, delivered: 0 });
    h.clock.set(new Date('2026-03-10T09:00:45Z'));
    expect(await h.deliverOutbox()).toMatchObject({ delivered: 1 });
    const mine = (await h.mails({ template: 'booking.confirmed' })).filter((m) => m.body.includes(reference));
    expect(mine.map((m) => m.status)).toEqual(['sent']);
    expect(mailbox.received.filter((m) => m.raw.includes(reference))).toHaveLength(1);
  });
});

describe('a retried payment (the hold token is its idempotency key)', () => {
  it('answers the booking the first attempt made, with its link token, and never charges twice', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 34 });
    const held = await hold(h, slots[0]!.id);
    const body = paymentBody(held.body.hold_token);
    const first = await pay(slots[0]!.id, body);
    expect(first.status).toBe(201);
    const again = await pay(slots[0]!.id, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: BOOKING_MSG.booked, confirmation: first.body.confirmation, short_token: first.body.short_token });
    expect(again.body.appointment.id).toBe(first.body.appointment.id);
    expect(await paymentOf(slots[0]!.id)).toHaveLength(1);
    const booked = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'));
    expect(booked.filter((e) => e.payload.appointment_id === slots[0]!.id)).toHaveLength(1);
    const link = await h.call('GET', `/api/booking/-/short-token/${again.body.short_token}`);
    expect(link.status).toBe(200);
  });

  it('charges once when the same payment arrives twice at once', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 36 });
    const held = await hold(h, slots[0]!.id);
    const body = paymentBody(held.body.hold_token);
    const answers = await Promise.all([pay(slots[0]!.id, body), pay(slots[0]!.id, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.short_token).toBe(answers[1]!.body.short_token);
    expect(await paymentOf(slots[0]!.id)).toHaveLength(1);
  });

  it('answers the twin whose first payment booked between its first look and its hold check with that booking, not 409', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 37 });
    const held = await hold(h, slots[0]!.id);
    const body = paymentBody(held.body.hold_token);
    let first: Awaited<ReturnType<typeof pay>> | undefined;
    // The twin has looked for a booking of its key and found none; the first payment books and commits before it reads the hold.
    h.ctx.booking.beforeHoldCheck = async () => {
      h.ctx.booking.beforeHoldCheck = undefined;
      first = await pay(slots[0]!.id, body);
    };
    try {
      const twin = await pay(slots[0]!.id, body);
      expect(first?.status, JSON.stringify(first?.body)).toBe(201);
      expect(twin.status, JSON.stringify(twin.body)).toBe(200);
      expect(twin.body).toMatchObject({ success: true, message: BOOKING_MSG.booked, confirmation: first!.body.confirmation, short_token: first!.body.short_token });
      expect(await paymentOf(slots[0]!.id)).toHaveLength(1);
    } finally {
      h.ctx.booking.beforeHoldCheck = undefined;
    }
  });

  it('answers a retried free rebook with its booking, though the link’s credit is spent; the rebook e-mail carries the same link', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 40 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const cancelled = await h.app.inject({ method: 'DELETE', url: `/api/booking/${slots[0]!.id}?action=delete&actor=patient`, headers: { 'x-short-token': booked.short_token } });
    expect(cancelled.statusCode).toBe(200);
    const held = await hold(h, slots[1]!.id);
    const body = paymentBody(held.body.hold_token, { amount: 0, card: undefined, token: booked.short_token });
    const rebook = await pay(slots[1]!.id, body);
    expect(rebook.status).toBe(201);
    const again = await pay(slots[1]!.id, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ short_token: booked.short_token, confirmation: { ...rebook.body.confirmation, rebooked: true, amount: 0 } });
    const mails = (await h.mails({ template: 'booking.rebooked' })).filter((m) => m.body.includes(rebook.body.confirmation.reference));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`short_token=${booked.short_token}`);
  });

  it('still refuses another hold token for a booked slot', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 38 });
    const held = await hold(h, slots[0]!.id);
    expect((await pay(slots[0]!.id, paymentBody(held.body.hold_token))).status).toBe(201);
    expect(await pay(slots[0]!.id, paymentBody('z'.repeat(43)))).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
  });
});
