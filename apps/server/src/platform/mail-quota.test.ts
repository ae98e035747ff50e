// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyEmailsFromSender, tooManyEmailsToRecipient } from '@vireo/contracts';
import { createHarness, type Harness, type TestUser } from '../test/harness';
import { bookPublicly, bookingWorld, shiftWithSlots, type BookingWorld } from '../test/booking-world';

const PER_RECIPIENT = 2;
const PER_SENDER = 5;
const WINDOW_SECONDS = 3600;

let h: Harness;
let w: BookingWorld;
let manager: TestUser;
let otherManager: TestUser;
let counter = 0;
const address = (name: string) => `${name}-${++counter}@quota.test`;
const mailsTo = async (to: string) => (await h.mails({ recipient: to })).length;

beforeAll(async () => {
  h = await createHarness({ alternativeVideoUrl: 'https://meet.example.test', mailPerRecipient: PER_RECIPIENT, mailPerSender: PER_SENDER, mailLimitWindowSeconds: WINDOW_SECONDS, sessionIdleMinutes: 24 * 60 });
  h.clock.set(new Date('2026-04-06T10:00:00Z'));
  w = await bookingWorld(h);
  const company = await h.org();
  manager = await h.user({ org: company, roles: ['manager'] });
  otherManager = await h.user({ org: await h.org(), roles: ['manager'] });
});
afterAll(() => h.close());

/** Invites, then delivers what the invitation queued, so a later invitation cannot supersede an unsent one. */
const invite = async (sender: TestUser, emails: string[]) => {
  const res = await h.call('POST', '/api/userdata/organisations/invitations', { token: sender.token, body: { emails } });
  await h.deliverOutbox();
  return res;
};

describe('the routes that send e-mail on request are limited per recipient and per sender', () => {
  it('invitations: the next one to the same address is 429, from any sender, until the window ends', async () => {
    const to = address('employee');
    for (let i = 0; i < PER_RECIPIENT; i++) expect((await invite(manager, [to])).status).toBe(200);
    h.clock.advance(10 * 60_000);
    const refused = await invite(manager, [to]);
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: tooManyEmailsToRecipient(to, 50 * 60) } });
    expect(refused.body.message).toBe(`Too many e-mails have been sent to ${to}. Please wait 50 minutes and try again.`);
    // Another manager, of another organisation, is limited for that address too.
    expect(await invite(otherManager, [to])).toMatchObject({ status: 429, body: { message: tooManyEmailsToRecipient(to, 50 * 60) } });
    expect(await mailsTo(to)).toBe(PER_RECIPIENT);
    h.clock.advance(50 * 60_000);
    expect((await invite(otherManager, [to])).status).toBe(200);
    expect(await mailsTo(to)).toBe(PER_RECIPIENT + 1);
  });

  it('a refused request sends nothing and uses up nothing: every address of a batch is counted, or none', async () => {
    h.clock.advance(WINDOW_SECONDS * 1000);
    const full = address('full');
    for (let i = 0; i < PER_RECIPIENT; i++) expect((await invite(otherManager, [full])).status).toBe(200);
    const fresh = address('fresh');
    expect((await invite(manager, [fresh, full])).status).toBe(429);
    expect(await mailsTo(fresh)).toBe(0);
    for (let i = 0; i < PER_RECIPIENT; i++) expect((await invite(manager, [fresh])).status, `fresh ${i}`).toBe(200);
  });

  it('one sender may send at most its quota in a window, to any addresses', async () => {
    h.clock.advance(WINDOW_SECONDS * 1000);
    expect((await invite(manager, [address('a'), address('b'), address('c')])).status).toBe(200);
    expect((await invite(manager, [address('d'), address('e')])).status).toBe(200);
    const over = await invite(manager, [address('f')]);
    expect(over).toMatchObject({ status: 429, body: { message: tooManyEmailsFromSender(60 * 60) } });
    expect(over.body.message).toBe('You have sent too many e-mails. Please wait 60 minutes and try again.');
    expect((await invite(otherManager, [address('g')])).status).toBe(200);
  });

  it('doctors: creating and re-sending the invitation share the recipient’s quota', async () => {
    h.clock.advance(WINDOW_SECONDS * 1000);
    const email = address('doctor');
    const created = await h.call('POST', '/api/doctors', { token: w.manager.token, body: { first_name: 'Amara', last_name: 'Osei', email } });
    expect(created.status).toBe(201);
    await h.deliverOutbox();
    const resend = async () => {
      const res = await h.call('POST', `/api/doctors/${created.body.doctor.user_id as string}/invitation`, { token: w.manager.token });
      await h.deliverOutbox();
      return res;
    };
    expect((await resend()).status).toBe(200);
    expect(await resend()).toMatchObject({ status: 429, body: { message: tooManyEmailsToRecipient(email, 60 * 60) } });
    expect(await mailsTo(email)).toBe(PER_RECIPIENT);
  });

  it('the alternative link: at most the quota to the appointment’s people', async () => {
    h.clock.advance(WINDOW_SECONDS * 1000);
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 30 });
    const customer = address('customer');
    const booked = await bookPublicly(h, slots[0]!.id, { booking_users: [{ first_name: 'Ada', last_name: 'Lovelace', email: customer, phone: '+44 7911 123456', date_of_birth: Date.UTC(1985, 5, 1) / 1000, sex: 'Female' }] });
    const link = () => h.call('POST', `/api/booking/${booked.appointment.id}/8x8link`, { token: w.practitioner.token });
    for (let i = 0; i < PER_RECIPIENT; i++) expect((await link()).status).toBe(200);
    expect(await link()).toMatchObject({ status: 429, body: { message: tooManyEmailsToRecipient(customer, 60 * 60) } });
    expect(await h.mails({ recipient: customer, template: 'booking.alternative_link' })).toHaveLength(PER_RECIPIENT);
  });
});
