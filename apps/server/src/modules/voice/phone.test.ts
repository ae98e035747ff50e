// @module-tag wall-clock
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VOICE_MSG } from '@vireo/contracts';
import { auditEvents, users, voiceCalls } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { bookPublicly, bookingWorld, person, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { LiveTestClient } from '../../test/live-client';
import { phoneSignature } from './phone';

const ACCOUNT = 'AC0123456789abcdef';
const SECRET = 'provider-secret-for-tests';
const CALLER = '+441134960000';

/** A Twilio-compatible provider on this machine: records each request and answers as the test says. */
interface Received {
  path: string;
  authorization: string | undefined;
  fields: URLSearchParams;
}
const received: Received[] = [];
let answerStatus = 201;
let calls = 0;
const provider = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, fields: new URLSearchParams(body) });
    response.writeHead(answerStatus, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answerStatus < 300 ? { sid: `CA${(++calls).toString().padStart(32, '0')}` } : { message: 'The number +447911123456 is unreachable' }));
  });
});

let h: Harness;
let w: BookingWorld;
let url: string;
let slots: { id: string }[];
let nextSlot = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  h = await createHarness({ publicUrl: 'https://vireo.example.test', voicePhone: { apiUrl, account: ACCOUNT, secret: SECRET, callerNumber: CALLER } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/live`;
  w = await bookingWorld(h);
  slots = (await shiftWithSlots(h, w.practitioner, { hoursAhead: 60, hours: 5 })).slots;
  await h.ctx.database.db.update(users).set({ telephone: '07912 345678' }).where(eq(users.id, w.practitioner.user.id));
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => provider.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answerStatus = 201;
});

const STATUS_URL = 'https://vireo.example.test/api/voice/phone/status';

async function device(session = w.practitioner.token): Promise<string> {
  const res = await h.call('POST', '/api/voice/token', { token: session, body: { identity: 'practitioner' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** A booking made without an account (no page to ring), whose person has a phone: a phone call only. */
async function bookingUser(): Promise<string> {
  const paid = await bookPublicly(h, slots[nextSlot++]!.id);
  return paid.appointment.booking_users[0]!.id as string;
}

const phoneCall = (bookingUserId: string, token: string, session = w.practitioner.token) =>
  h.call('POST', '/api/voice/calls', { token: session, body: { token, booking_user_id: bookingUserId, via: 'phone' } });

/** The provider's status report, signed as it signs them (or with `signature`). */
function report(fields: Record<string, string>, signature = phoneSignature(SECRET, STATUS_URL, fields)) {
  return h.app.inject({ method: 'POST', url: '/api/voice/phone/status', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, payload: new URLSearchParams(fields).toString() });
}

describe('phone calls through a Twilio-compatible provider', () => {
  it('the device says phone calls work and which number rings first', async () => {
    const res = await h.call('POST', '/api/voice/token', { token: w.practitioner.token, body: { identity: 'practitioner' } });
    expect(res.body).toMatchObject({ phone_calls: true, own_phone: '+447912345678' });
  });

  it('rings the practitioner, connects the customer from the configured number, follows the reports and audits the length', async () => {
    const bookingUserId = await bookingUser();
    const widget = await LiveTestClient.signedIn(url, w.practitioner.token, ['voice']);
    try {
      const res = await phoneCall(bookingUserId, await device());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'ringing', via: 'phone', booking_user_id: bookingUserId });
      const callId = res.body.id as string;

      expect(received).toHaveLength(1);
      const [placed] = received;
      expect(placed!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Calls.json`);
      expect(placed!.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${SECRET}`).toString('base64')}`);
      expect(placed!.fields.get('To')).toBe('+447912345678');
      expect(placed!.fields.get('From')).toBe(CALLER);
      expect(placed!.fields.get('Twiml')).toBe(`<Response><Dial callerId="${CALLER}"><Number>+447911123456</Number></Dial></Response>`);
      expect(placed!.fields.get('StatusCallback')).toBe(STATUS_URL);
      const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, callId));
      const sid = row!.providerCallId!;
      expect(sid).toMatch(/^CA\d{32}$/);

      expect((await report({ CallSid: sid, CallStatus: 'ringing' })).statusCode).toBe(200);
      expect((await report({ CallSid: sid, CallStatus: 'in-progress' })).statusCode).toBe(200);
      expect((await widget.nextEvent('voice.answered')).data).toEqual({ call_id: callId, status: 'answered' });
      h.clock.advance(125_000);
      expect((await report({ CallSid: sid, CallStatus: 'completed', CallDuration: '125' })).statusCode).toBe(200);
      expect((await widget.nextEvent('voice.ended')).data).toEqual({ call_id: callId, status: 'ended' });

      const [audit] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'voice.call'), eq(auditEvents.resourceId, bookingUserId)));
      expect(audit).toMatchObject({ actorKind: 'system', details: { call_id: callId, via: 'phone', status: 'ended', duration_seconds: 125, caller_user_id: w.practitioner.user.id } });
      // A late or repeated report changes nothing.
      expect((await report({ CallSid: sid, CallStatus: 'in-progress' })).statusCode).toBe(200);
      const [after] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, callId));
      expect(after?.status).toBe('ended');
    } finally {
      await widget.close();
    }
  });

  it('busy or unanswered is missed; hanging up in the widget asks the provider to end the call', async () => {
    const token = await device();
    const placed = await phoneCall(await bookingUser(), token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const busy = placed.body.id as string;
    const [busyRow] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, busy));
    await report({ CallSid: busyRow!.providerCallId!, CallStatus: 'busy' });
    expect((await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, busy)))[0]?.status).toBe('missed');

    const hungUp = await phoneCall(await bookingUser(), token);
    const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, hungUp.body.id as string));
    const ended = await h.call('POST', `/api/voice/calls/${hungUp.body.id as string}/end`, { token: w.practitioner.token, body: {} });
    expect(ended.body).toMatchObject({ status: 'cancelled', via: 'phone' });
    const last = received.at(-1)!;
    expect(last.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Calls/${row!.providerCallId!}.json`);
    expect(last.fields.get('Status')).toBe('completed');
  });

  it('a provider that refuses fails the call with 502, and keeps the numbers out of the answer', async () => {
    answerStatus = 400;
    const bookingUserId = await bookingUser();
    const res = await phoneCall(bookingUserId, await device());
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(VOICE_MSG.phoneFailed);
    expect(JSON.stringify(res.body)).not.toContain('7911');
    const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.bookingUserId, bookingUserId));
    expect(row?.status).toBe('failed');
  });

  it('needs the customer’s number and the practitioner’s own (409 each); a phone call cannot be answered on a page', async () => {
    const token = await device();
    const noNumber = await bookPublicly(h, slots[nextSlot++]!.id, { booking_users: [person({ phone: undefined })] });
    const withoutPhone = await phoneCall(noNumber.appointment.booking_users[0]!.id as string, token);
    expect(withoutPhone.status, JSON.stringify(withoutPhone.body)).toBe(409);
    expect(withoutPhone.body.message).toBe(VOICE_MSG.noCustomerPhone);

    const managerDevice = await device(w.manager.token);
    const noOwn = await phoneCall(await bookingUser(), managerDevice, w.manager.token);
    expect(noOwn.status).toBe(409);
    expect(noOwn.body.message).toBe(VOICE_MSG.noOwnPhone);
    expect(received).toHaveLength(0);
  });

  it('refuses a report without the provider’s signature (403) or without its fields (400)', async () => {
    const bookingUserId = await bookingUser();
    const id = (await phoneCall(bookingUserId, await device())).body.id as string;
    const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, id));
    const forged = await report({ CallSid: row!.providerCallId!, CallStatus: 'completed' }, phoneSignature('not-the-secret', STATUS_URL, { CallSid: row!.providerCallId!, CallStatus: 'completed' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(VOICE_MSG.badSignature);
    expect((await report({ CallSid: row!.providerCallId!, CallStatus: 'completed' }, '')).statusCode).toBe(403);
    expect((await report({ CallStatus: 'completed' })).statusCode).toBe(400);
    expect((await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, id)))[0]?.status).toBe('ringing');
  });
});

describe('without a provider', () => {
  it('a phone call is refused with the reason (409), and the status address is not there (404)', async () => {
    const plain = await createHarness();
    try {
      const world = await bookingWorld(plain);
      const [slot] = (await shiftWithSlots(plain, world.practitioner, { hoursAhead: 60, hours: 1 })).slots;
      const paid = await bookPublicly(plain, slot!.id);
      const token = (await plain.call('POST', '/api/voice/token', { token: world.practitioner.token, body: { identity: 'practitioner' } })).body.token as string;
      const res = await plain.call('POST', '/api/voice/calls', { token: world.practitioner.token, body: { token, booking_user_id: paid.appointment.booking_users[0]!.id, via: 'phone' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(VOICE_MSG.noPhoneProvider);
      const status = await plain.app.inject({ method: 'POST', url: '/api/voice/phone/status', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'CallSid=CA1&CallStatus=completed' });
      expect(status.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
