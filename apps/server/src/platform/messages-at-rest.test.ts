// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, outboxEvents } from '../db/schema';
import { bookingWorld, bookPublicly, shiftWithSlots } from '../test/booking-world';
import { createHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.clock.set(new Date('2026-03-10T09:00:00Z'));
});
afterAll(() => h.close());

/** The one-time token a recorded e-mail's link carries. */
function tokenIn(body: string, path: string, parameter: string): string {
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}[^\\s]*[?&]${parameter}=([A-Za-z0-9_%-]+)`).exec(body);
  if (!match) throw new Error(`no ${path} link in the e-mail`);
  return decodeURIComponent(match[1]!);
}

describe('messages at rest', () => {
  it('keeps no usable set-password, registration or booking link in the messages or outbox tables, while the e-mails work', async () => {
    const org = await h.org();
    const manager = await h.user({ org, roles: ['manager'] });
    const shiftManager = await h.user({ org, roles: ['shift_manager'] });
    const invitee = `invitee-${Date.now()}@example.test`;
    const doctor = `doctor-${Date.now()}@example.test`;
    expect((await h.call('POST', '/api/userdata/organisations/invitations', { token: manager.token, body: { emails: [invitee] } })).status).toBe(200);
    expect((await h.call('POST', '/api/doctors', { token: shiftManager.token, body: { first_name: 'Amara', last_name: 'Osei', email: doctor, telephone: '+44 7911 123456' } })).status).toBe(201);
    const w = await bookingWorld(h);
    const { slots } = await shiftWithSlots(h, w.practitioner);
    const booking = await bookPublicly(h, slots[0]!.id, { booking_users: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.rest@example.test', date_of_birth: Date.UTC(1985, 5, 1) / 1000 }] });

    const [registration] = await h.mails({ recipient: invitee });
    const [setPassword] = await h.mails({ recipient: doctor });
    const [confirmation] = await h.mails({ recipient: 'ada.rest@example.test', template: 'booking.confirmed' });
    const tokens = {
      registration: tokenIn(registration!.body, '/identity/register', 'token'),
      setPassword: tokenIn(setPassword!.body, '/identity/set-password', 'token'),
      shortToken: tokenIn(confirmation!.body, '/book/manage', 'short_token'),
    };
    expect(tokens.shortToken).toBe(booking.short_token);

    const stored = JSON.stringify([...(await h.ctx.database.db.select().from(messages)), ...(await h.ctx.database.db.select().from(outboxEvents))]);
    for (const token of Object.values(tokens)) {
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(encodeURIComponent(token));
    }
    expect(stored).not.toMatch(/token=/);
    for (const row of await h.ctx.database.db.select().from(messages)) expect(row.body).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    expect((await h.app.inject({ method: 'GET', url: `/identity/register?token=${encodeURIComponent(tokens.registration)}` })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `/identity/set-password?token=${encodeURIComponent(tokens.setPassword)}` })).statusCode).toBe(200);
    expect((await h.call('GET', `/api/booking/-/short-token/${tokens.shortToken}`)).status).toBe(200);
  });

  it('seals, at start, the bodies recorded in clear before bodies were sealed', async () => {
    const body = 'Set your password: http://localhost:8080/identity/set-password?token=recorded-before-sealing';
    const [row] = await h.ctx.database.db
      .insert(messages)
      .values({ channel: 'email', recipient: 'old@example.test', subject: 'Old', body, template: 'practitioner.invitation', status: 'recorded', createdAt: h.clock.now() })
      .returning();
    expect(await h.ctx.mailer.sealRecordedBodies(h.ctx.database.db)).toBe(1);
    const [stored] = await h.ctx.database.db.select().from(messages).where(eq(messages.id, row!.id));
    expect(stored!.body).not.toContain('recorded-before-sealing');
    expect((await h.ctx.mailer.open(stored!)).body).toBe(body);
    expect(await h.ctx.mailer.sealRecordedBodies(h.ctx.database.db)).toBe(0);
  });
});
