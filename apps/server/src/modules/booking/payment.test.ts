// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointments, bookingPayments, outboxEvents } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { londonDay, wallClock, zonedTimeToUtc } from './time';
import { bookAsPatient, bookingWorld, DECLINED_CARD, hold, paymentBody, person, PUBLIC_PRICE, shiftWithSlots, type BookingWorld } from '../../test/booking-world';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const pay = (slotId: string, body: unknown, token?: string, query = '') => h.call('POST', `/api/booking/${slotId}/payment${query}`, { body, token });

describe('POST /api/booking/{id}/payment', () => {
  it('charges the card, books the slot, writes the payment and appointment.booked together, and e-mails an .ics', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner);
    const held = await hold(h, slots[0]!.id);
    const res = await pay(slots[0]!.id, paymentBody(held.body.hold_token, { booking_users: [person(), person({ first_name: 'Byron', email: 'byron@example.test' })] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: BOOKING_MSG.booked, confirmation: { amount: PUBLIC_PRICE, currency: 'GBP', rebooked: false } });
    expect(res.body.confirmation.reference).toMatch(/^VIR-[A-Z2-9]{8}$/);
    expect(res.body.appointment).toMatchObject({ status: 'WAITING', paid: true, type: 'video_gp_vireo', test_type: 'Antigen', claimable_slot: false });
    expect(res.body.appointment.booking_users).toHaveLength(2);
    const [payment] = await db().select().from(bookingPayments).where(eq(bookingPayments.appointmentId, slots[0]!.id));
    expect(payment).toMatchObject({ amountPence: PUBLIC_PRICE, currency: 'GBP', gateway: 'test', cardLast4: '4242' });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'));
    const event = events.find((e) => e.payload.appointment_id === slots[0]!.id);
    expect(event?.payload.booking_user_ids).toHaveLength(2);
    const mails = (await h.mails({ template: 'booking.confirmed' })).filter((m) => m.body.includes(res.body.confirmation.reference));
    expect(mails.map((m) => m.recipient).sort()).toEqual(['ada@example.test', 'byron@example.test']);
    expect(mails[0]!.body).toMatch(/\(Europe\/London, (GMT|BST)\)/);
    expect(mails[0]!.body).toContain('/book/manage?appointmentId=');
    // The video landing page's link, with the booking's link token (spec 2 §2.3).
    const join = /https?:\/\/\S+\/appointment\?\S+/.exec(mails[0]!.body)?.[0];
    expect(Object.fromEntries(new URL(join!).searchParams)).toEqual({ appointmentId: slots[0]!.id, short_token: res.body.short_token });
  });

  it('declines the documented declining card with 402 and keeps the hold, so another card can pay', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 50 });
    const held = await hold(h, slots[0]!.id);
    const declined = await pay(slots[0]!.id, paymentBody(held.body.hold_token, { card: DECLINED_CARD }));
    expect(declined).toMatchObject({ status: 402, body: { message: BOOKING_MSG.cardDeclined } });
    const [row] = await db().select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(row).toMatchObject({ status: 'LOCKED', paid: false });
    expect(await db().select().from(bookingPayments).where(eq(bookingPayments.appointmentId, slots[0]!.id))).toHaveLength(0);
    expect((await pay(slots[0]!.id, paymentBody(held.body.hold_token))).status).toBe(201);
  });

  it('books the euro service in Europe/Berlin unless the booking names another zone, and refuses a zone that is none', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 51 });
    const euro = { service: 'video_gp_euro', amount: 2900 };
    const first = await hold(h, slots[0]!.id);
    const berlin = await pay(slots[0]!.id, paymentBody(first.body.hold_token, euro));
    expect(berlin).toMatchObject({ status: 201, body: { confirmation: { tz_location: 'Europe/Berlin' } } });
    const second = await hold(h, slots[1]!.id);
    expect(await pay(slots[1]!.id, paymentBody(second.body.hold_token, { ...euro, tz_location: 'Mars/Olympus_Mons' }))).toMatchObject({ status: 400, body: { errors: { tz_location: BOOKING_MSG.timeZoneInvalid } } });
    expect(await pay(slots[1]!.id, paymentBody(second.body.hold_token, { ...euro, tz_location: 'Europe/Madrid' }))).toMatchObject({ status: 201, body: { confirmation: { tz_location: 'Europe/Madrid' } } });
    const services = await h.call('GET', '/api/booking/services');
    expect(services.body.services.find((s: { service: string }) => s.service === 'video_gp_euro')).toMatchObject({ time_zone: 'Europe/Berlin' });
  });

  it('refuses an expired card, a wrong CVV, a bad Luhn number and a real-looking unknown card', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 52 });
    const held = await hold(h, slots[0]!.id);
    const body = (card: Record<string, string>) => paymentBody(held.body.hold_token, { card: { number: '4242424242424242', expiration_date: '12/39', cvv: '123', ...card } });
    const lastMonth = new Date(h.clock.now().getTime() - 40 * 86_400_000);
    const expired = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear()).slice(2)}`;
    expect(await pay(slots[0]!.id, body({ expiration_date: expired }))).toMatchObject({ status: 402, body: { message: BOOKING_MSG.cardInvalid, errors: { 'card.expiration_date': BOOKING_MSG.cardExpired } } });
    expect(await pay(slots[0]!.id, body({ cvv: '1234' }))).toMatchObject({ status: 402, body: { message: BOOKING_MSG.cardInvalid, errors: { 'card.cvv': BOOKING_MSG.cvvInvalid } } });
    expect((await pay(slots[0]!.id, body({ number: '4242424242424241' }))).status).toBe(400);
    expect(await pay(slots[0]!.id, body({ number: '4012888888881881' }))).toMatchObject({ status: 402, body: { message: BOOKING_MSG.cardDeclined } });
  });

  it('answers 400 for a wrong amount, a missing card, no terms, a telephone that is no phone number, five people and a child without a guardian', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 54 });
    const held = await hold(h, slots[0]!.id);
    const token = held.body.hold_token;
    expect(await pay(slots[0]!.id, paymentBody(token, { amount: 100 }))).toMatchObject({ status: 400, body: { message: BOOKING_MSG.amountMismatch } });
    expect((await pay(slots[0]!.id, paymentBody(token, { card: undefined }))).status).toBe(400);
    expect(await pay(slots[0]!.id, paymentBody(token, { toc_accept: false }))).toMatchObject({ status: 400 });
    const billing = paymentBody(token).billing_details;
    expect(await pay(slots[0]!.id, paymentBody(token, { billing_details: { ...billing, phone: 'x' } }))).toMatchObject({ status: 400, body: { errors: { 'billing_details.phone': BOOKING_MSG.telephoneInvalid } } });
    expect(await pay(slots[0]!.id, paymentBody(token, { booking_users: [person({ phone: '12345' })] }))).toMatchObject({ status: 400, body: { errors: { 'booking_users.0.phone': BOOKING_MSG.telephoneInvalid } } });
    const five = await pay(slots[0]!.id, paymentBody(token, { booking_users: Array.from({ length: 5 }, () => person()) }));
    expect(five).toMatchObject({ status: 400, body: { message: BOOKING_MSG.maximumPeople } });
    const child = person({ date_of_birth: Math.floor(h.clock.now().getTime() / 1000) - 10 * 365 * 86_400 });
    const teen = person({ date_of_birth: Math.floor(h.clock.now().getTime() / 1000) - 17 * 365 * 86_400 });
    expect(await pay(slots[0]!.id, paymentBody(token, { booking_users: [child, teen] }))).toMatchObject({ status: 400, body: { message: BOOKING_MSG.guardianNeeded } });
    expect((await pay(slots[0]!.id, paymentBody(token, { booking_users: [child, person()] }))).status).toBe(201);
  });

  it('answers "Missing details." without the hold token, and 404 for an unknown slot', async () => {
    const { hold_token: _dropped, ...withoutToken } = paymentBody('y'.repeat(43));
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 56 });
    expect(await pay(slots[0]!.id, withoutToken)).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
    expect((await pay('00000000-0000-4000-8000-000000000000', paymentBody('y'.repeat(43)))).status).toBe(404);
  });

  it('lets only the holder pay: another token answers 409 "Something went wrong, please try again."', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 58 });
    await hold(h, slots[0]!.id);
    expect(await pay(slots[0]!.id, paymentBody('z'.repeat(43)))).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
  });

  it('books a covered patient’s video_gp at no charge, with the patient as booker and no payment row', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const booked = await bookAsPatient(h, w.patient, slots[0]!.id);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, booked.appointment.id));
    expect(row).toMatchObject({ bookerUserId: w.patient.user.id, amountPence: 0, paid: true, type: 'video_gp' });
    expect(await db().select().from(bookingPayments).where(eq(bookingPayments.appointmentId, booked.appointment.id))).toHaveLength(0);
  });

  it('refuses a partner-only service to the public (403) and self_swab as a slot service (400)', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 62 });
    const held = await hold(h, slots[0]!.id);
    expect((await pay(slots[0]!.id, paymentBody(held.body.hold_token, { service: 'video_gp_tui', amount: 2500 }))).status).toBe(403);
    expect((await pay(slots[0]!.id, paymentBody(held.body.hold_token, { service: 'self_swab', amount: 0 }))).status).toBe(400);
  });
});

describe('GET /api/booking/ (slots) and /datesearch', () => {
  // In 2044, which no other test uses: the public slot search and datesearch cover every practitioner, even on a
  // shared database (another suite's slots nine days after TEST_START would fill the day before).
  it('lists bookable slots of a London day with this caller’s cost, and 204 when none', async () => {
    const before = h.clock.now();
    try {
      h.clock.set(new Date('2044-05-11T09:00:00Z'));
      const practitionerToken = await h.session(w.otherPractitioner);
      const patientToken = await h.session(w.patient);
      const ahead = wallClock(new Date(h.clock.now().getTime() + 9 * 86_400_000));
      const start = zonedTimeToUtc(ahead.year, ahead.month, ahead.day, 6, 0);
      const day = londonDay(start);
      const nextDay = londonDay(new Date(start.getTime() + 86_400_000));
      const dayBefore = londonDay(new Date(start.getTime() - 86_400_000));
      const created = await h.call('POST', '/api/booking/shifts', {
        token: practitionerToken,
        body: { start_time: start.getTime() / 1000, end_time: start.getTime() / 1000 + 3600, services: ['video_gp', 'video_gp_vireo'], languages: ['EN'] },
      });
      expect(created.status).toBe(201);
      const publicSlots = await h.call('GET', `/api/booking/?service=video_gp&date=${day}&validate_users=true`);
      expect(publicSlots.status).toBe(200);
      expect(publicSlots.body.slots).toHaveLength(3);
      expect(publicSlots.body.slots[0]).toMatchObject({ cost: 4500, start_time: start.getTime() / 1000, end_time: start.getTime() / 1000 + 1200 });
      const patientSlots = await h.call('GET', `/api/booking/?service=video_gp&date=${day}`, { token: patientToken });
      expect(patientSlots.body.slots[0].cost).toBe(0);
      expect((await h.call('GET', `/api/booking/?service=video_gp&date=${nextDay}`)).status).toBe(204);
      const german = await h.call('GET', `/api/booking/?service=video_gp&language=DE&date_time=${start.getTime() / 1000}&date_time_to=${start.getTime() / 1000 + 7200}`);
      expect(german.status).toBe(204);
      const range = await h.call('GET', `/api/booking/?service=video_gp_vireo&date_time=${start.getTime() / 1000}&date_time_to=${start.getTime() / 1000 + 7200}&user=${w.otherPractitioner.user.id}`);
      expect(range.body.appointments).toHaveLength(3);
      const dates = await h.call('GET', `/api/booking/datesearch?service=video_gp&date_from=${dayBefore}&date_to=${nextDay}`);
      expect(dates.body.dates).toEqual([
        { date: dayBefore, has_appointments: false },
        { date: day, has_appointments: true },
        { date: nextDay, has_appointments: false },
      ]);
    } finally {
      h.clock.set(before);
    }
  });

  // London days around midnight, at both clock changes and a month end, in 2043 (the calendar of 2026),
  // which no other test uses: the public slot search covers every practitioner, even on a shared database.
  it.each([
    {
      when: 'the day the clocks go forward (23 hours)',
      setUp: '2043-03-27T12:00:00Z',
      shifts: [['2043-03-28T23:40:00Z', '2043-03-29T00:20:00Z'], ['2043-03-29T22:40:00Z', '2043-03-29T23:20:00Z']], // 23:40 GMT to 00:20 GMT; 23:40 BST to 00:20 BST
      search: ['27-03-2043', '31-03-2043'],
      days: { '27-03-2043': [], '28-03-2043': ['2043-03-28T23:40:00Z'], '29-03-2043': ['2043-03-29T00:00:00Z', '2043-03-29T22:40:00Z'], '30-03-2043': ['2043-03-29T23:00:00Z'], '31-03-2043': [] },
    },
    {
      when: 'the day the clocks go back (25 hours, 01:00 to 02:00 twice)',
      setUp: '2043-10-23T12:00:00Z',
      shifts: [['2043-10-24T22:40:00Z', '2043-10-24T23:20:00Z'], ['2043-10-25T00:40:00Z', '2043-10-25T01:40:00Z'], ['2043-10-25T23:40:00Z', '2043-10-26T00:00:00Z']],
      search: ['23-10-2043', '27-10-2043'],
      days: {
        '23-10-2043': [],
        '24-10-2043': ['2043-10-24T22:40:00Z'],
        '25-10-2043': ['2043-10-24T23:00:00Z', '2043-10-25T00:40:00Z', '2043-10-25T01:00:00Z', '2043-10-25T01:20:00Z', '2043-10-25T23:40:00Z'],
        '26-10-2043': [],
        '27-10-2043': [],
      },
    },
    {
      when: 'the end of a month in summer time',
      setUp: '2043-08-29T12:00:00Z',
      shifts: [['2043-08-31T22:40:00Z', '2043-08-31T23:20:00Z']], // 23:40 BST on 31 August to 00:20 BST on 1 September
      search: ['30-08-2043', '02-09-2043'],
      days: { '30-08-2043': [], '31-08-2043': ['2043-08-31T22:40:00Z'], '01-09-2043': ['2043-08-31T23:00:00Z'], '02-09-2043': [] },
    },
  ])('finds slots by London day on $when', async ({ setUp, shifts, search, days }) => {
    const before = h.clock.now();
    try {
      h.clock.set(new Date(setUp));
      const token = await h.session(w.otherPractitioner);
      const epoch = (iso: string) => new Date(iso).getTime() / 1000;
      for (const [start, end] of shifts) {
        const created = await h.call('POST', '/api/booking/shifts', { token, body: { start_time: epoch(start!), end_time: epoch(end!), services: ['video_gp'], languages: ['EN'] } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      }
      const dates = await h.call('GET', `/api/booking/datesearch?service=video_gp&date_from=${search[0]}&date_to=${search[1]}`);
      expect(dates.body.dates).toEqual(Object.entries(days).map(([date, starts]) => ({ date, has_appointments: starts.length > 0 })));
      for (const [date, starts] of Object.entries(days)) {
        const slots = await h.call('GET', `/api/booking/?service=video_gp&date=${date}`);
        expect(slots.status === 204 ? [] : slots.body.slots.map((slot: { start_time: number }) => new Date(slot.start_time * 1000).toISOString().replace('.000', '')), date).toEqual(starts);
      }
    } finally {
      h.clock.set(before);
    }
  });

  it('answers 403 for a stale session, 400 for a bad date or service, and "Missing details." without a service', async () => {
    expect((await h.call('GET', '/api/booking/?service=video_gp&date=14-07-2031', { token: 'not-a-session' })).status).toBe(403);
    expect((await h.call('GET', '/api/booking/?service=video_gp&date=31-02-2031')).status).toBe(400);
    expect((await h.call('GET', '/api/booking/?service=bogus&date=14-07-2031')).status).toBe(400);
    expect(await h.call('GET', '/api/booking/?date=14-07-2031')).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
    expect((await h.call('GET', '/api/booking/datesearch?service=video_gp&date_from=14-07-2031&date_to=13-07-2031')).status).toBe(400);
  });

  it('lists the services with prices, and which of them are video-guided tests with a kit', async () => {
    const res = await h.call('GET', '/api/booking/services');
    expect(res.body.services.map((s: { service: string }) => s.service)).toEqual(['video_gp', 'video_gp_vireo', 'video_gp_euro', 'video_gp_tui', 'self_swab']);
    expect(res.body.services.filter((s: { test_kit: boolean }) => s.test_kit).map((s: { service: string }) => s.service)).toEqual(['video_gp_vireo', 'video_gp_euro', 'video_gp_tui', 'self_swab']);
  });
});

describe('POST /api/booking/ (self_swab)', () => {
  const body = { type: 'self_swab', booking_users: [person()], toc_accept: true, testing_kit_id: 'KIT12345' };
  it('registers people for a self-swab kit with no time, and emits appointment.booked', async () => {
    const res = await h.call('POST', '/api/booking/', { token: w.patient.token, body });
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ type: 'self_swab', status: null, start_time: null, testing_kit_id: 'KIT12345' });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'));
    expect(events.some((e) => e.payload.appointment_id === res.body.appointment.id)).toBe(true);
  });
  it('answers 400 for bad input, 401 without a session and 403 for a practitioner', async () => {
    expect((await h.call('POST', '/api/booking/', { token: w.patient.token, body: { ...body, booking_users: [] } })).status).toBe(400);
    expect((await h.call('POST', '/api/booking/', { body })).status).toBe(401);
    expect((await h.call('POST', '/api/booking/', { token: w.practitioner.token, body })).status).toBe(403);
  });
});
