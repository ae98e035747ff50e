// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { VOICE_MSG, VOICE_RING_SECONDS, VOICE_TOKEN_SECONDS } from '@vireo/contracts';
import { auditEvents, voiceCalls } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { bookAsPatient, bookPublicly, bookingWorld, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { LiveTestClient } from '../../test/live-client';

let h: Harness;
let w: BookingWorld;
let url: string;
let slots: { id: string }[];
let nextSlot = 0;

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}/api/live`;
  w = await bookingWorld(h);
  slots = (await shiftWithSlots(h, w.practitioner, { hoursAhead: 60, hours: 5 })).slots;
});
afterAll(() => h.close());

/** An appointment of the practitioner's, booked by `w.patient` (their account is what rings): its booking user. */
async function bookedByPatient() {
  const paid = await bookAsPatient(h, w.patient, slots[nextSlot++]!.id);
  return { appointmentId: paid.appointment.id, bookingUserId: paid.appointment.booking_users[0]!.id };
}

async function device(session = w.practitioner.token): Promise<string> {
  const res = await h.call('POST', '/api/voice/token', { token: session, body: { identity: 'practitioner' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

const dial = (bookingUserId: string, token: string, session = w.practitioner.token) => h.call('POST', '/api/voice/calls', { token: session, body: { token, booking_user_id: bookingUserId } });
const act = (id: string, what: 'answer' | 'signal' | 'end', session?: string, body: unknown = {}) => h.call('POST', `/api/voice/calls/${id}/${what}`, { ...(session ? { token: session } : {}), body });
const OFFER = { signal: { kind: 'description', description: { type: 'offer', sdp: 'v=0\r\n' } } };

describe('POST /api/voice/token', () => {
  it('readies a practitioner’s device for an hour, in-app, with no telephone provider', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/voice/token', headers: { authorization: `Bearer ${w.practitioner.token}` }, payload: { identity: 'practitioner' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, identity: 'practitioner', provider: 'in_app', phone_calls: false, expires_at: Math.floor(h.clock.now().getTime() / 1000) + VOICE_TOKEN_SECONDS });
    expect(res.headers['cache-control']).toBe('no-store');
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'voice.token'), eq(auditEvents.actorUserId, w.practitioner.user.id)));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('refuses no session (401), a customer or support (403), and a missing identity (400)', async () => {
    expect((await h.call('POST', '/api/voice/token', { body: { identity: 'x' } })).status).toBe(401);
    expect((await h.call('POST', '/api/voice/token', { token: w.patient.token, body: { identity: 'x' } })).status).toBe(403);
    expect((await h.call('POST', '/api/voice/token', { token: w.support.token, body: { identity: 'x' } })).status).toBe(403);
    expect((await h.call('POST', '/api/voice/token', { token: w.practitioner.token, body: { identity: ' ' } })).status).toBe(400);
  });
});

describe('a call from the widget to the customer’s open page', () => {
  it('rings the customer’s pages, is answered on one, carries signals both ways, and its end is audited with its length', async () => {
    const { bookingUserId } = await bookedByPatient();
    const token = await device();
    const customerTab = await LiveTestClient.signedIn(url, w.patient.token, ['voice']);
    const secondTab = await LiveTestClient.signedIn(url, w.patient.token, ['voice']);
    const widget = await LiveTestClient.signedIn(url, w.practitioner.token, ['voice']);
    const stranger = await LiveTestClient.signedIn(url, w.otherPatient.token, ['voice']);
    try {
      const rung = await dial(bookingUserId, token);
      expect(rung.status, JSON.stringify(rung.body)).toBe(200);
      expect(rung.body).toMatchObject({ status: 'ringing', booking_user_id: bookingUserId, answered_at: null });
      const callId = rung.body.id as string;
      for (const tab of [customerTab, secondTab]) {
        const ringing = await tab.nextEvent('voice.ringing');
        expect(ringing.data).toEqual({ call_id: callId, caller_name: `${w.practitioner.user.firstName} ${w.practitioner.user.lastName}` });
      }

      const answered = await act(callId, 'answer', w.patient.token);
      expect(answered.status).toBe(200);
      expect(answered.body.status).toBe('answered');
      expect((await widget.nextEvent('voice.answered')).data).toEqual({ call_id: callId, status: 'answered' });
      expect((await secondTab.nextEvent('voice.answered')).data).toEqual({ call_id: callId, status: 'answered' });
      const again = await act(callId, 'answer', w.patient.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(VOICE_MSG.answeredElsewhere);

      expect((await act(callId, 'signal', w.practitioner.token, OFFER)).status).toBe(200);
      expect((await customerTab.nextEvent('voice.signal')).data).toEqual({ call_id: callId, ...OFFER });
      const candidate = { signal: { kind: 'candidate', candidate: null } };
      expect((await act(callId, 'signal', w.patient.token, candidate)).status).toBe(200);
      expect((await widget.nextEvent('voice.signal')).data).toEqual({ call_id: callId, ...candidate });

      h.clock.advance(95_000);
      const ended = await act(callId, 'end', w.practitioner.token);
      expect(ended.body).toMatchObject({ status: 'ended' });
      expect((await customerTab.nextEvent('voice.ended')).data).toEqual({ call_id: callId, status: 'ended' });
      const [audit] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'voice.call'), eq(auditEvents.resourceId, bookingUserId)));
      expect(audit?.details).toMatchObject({ call_id: callId, status: 'ended', duration_seconds: 95, caller_user_id: w.practitioner.user.id });
      expect((await act(callId, 'signal', w.patient.token, candidate)).status).toBe(409);
      expect((await act(callId, 'end', w.patient.token)).body.status).toBe('ended');

      await expect(stranger.next((m) => m.type === 'event', 300)).rejects.toThrow();
    } finally {
      await Promise.all([customerTab, secondTab, widget, stranger].map((client) => client.close()));
    }
  });

  it('ends as rejected when the customer declines, cancelled or missed when the caller gives up', async () => {
    const { bookingUserId } = await bookedByPatient();
    const token = await device();
    const declined = (await dial(bookingUserId, token)).body.id as string;
    expect((await act(declined, 'end', w.patient.token)).body.status).toBe('rejected');
    const cancelled = (await dial(bookingUserId, token)).body.id as string;
    expect((await act(cancelled, 'end', w.practitioner.token)).body.status).toBe('cancelled');
    const missed = (await dial(bookingUserId, token)).body.id as string;
    expect((await act(missed, 'end', w.practitioner.token, { reason: 'no_answer' })).body.status).toBe('missed');
  });

  it('a call rung longer than the ringing time cannot be answered: it is missed', async () => {
    const { bookingUserId } = await bookedByPatient();
    const id = (await dial(bookingUserId, await device())).body.id as string;
    h.clock.advance((VOICE_RING_SECONDS + 1) * 1000);
    const late = await act(id, 'answer', w.patient.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(VOICE_MSG.over);
    const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, id));
    expect(row?.status).toBe('missed');
  });

  it('a new call from the same practitioner ends the one still open (a page reloaded mid-call)', async () => {
    const { bookingUserId } = await bookedByPatient();
    const token = await device();
    const first = (await dial(bookingUserId, token)).body.id as string;
    await act(first, 'answer', w.patient.token);
    const second = await dial(bookingUserId, token);
    expect(second.status).toBe(200);
    const [row] = await h.ctx.database.db.select().from(voiceCalls).where(eq(voiceCalls.id, first));
    expect(row?.status).toBe('ended');
  });
});

describe('who may ring whom', () => {
  it('a shift manager may ring the booking user of any appointment; another practitioner gets 404', async () => {
    const { bookingUserId } = await bookedByPatient();
    expect((await dial(bookingUserId, await device(w.manager.token), w.manager.token)).status).toBe(200);
    const other = await dial(bookingUserId, await device(w.otherPractitioner.token), w.otherPractitioner.token);
    expect(other.status).toBe(404);
    expect((await dial('3f2b8c1e-6a4d-4e0b-9c7a-1d2e3f4a5b6c', await device())).status).toBe(404);
  });

  it('a booking without a customer account has no page to ring: 409', async () => {
    const paid = await bookPublicly(h, slots[nextSlot++]!.id);
    const res = await dial(paid.appointment.booking_users[0]!.id, await device());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(VOICE_MSG.noAccount);
  });

  it('refuses bad input (400), no session (401), a customer dialling (403), and anyone but the two parties (404)', async () => {
    const { bookingUserId } = await bookedByPatient();
    const token = await device();
    expect((await h.call('POST', '/api/voice/calls', { token: w.practitioner.token, body: { token, booking_user_id: 'nope' } })).status).toBe(400);
    expect((await h.call('POST', '/api/voice/calls', { body: { token, booking_user_id: bookingUserId } })).status).toBe(401);
    expect((await dial(bookingUserId, token, w.patient.token)).status).toBe(403);
    const id = (await dial(bookingUserId, token)).body.id as string;
    expect((await act(id, 'answer')).status).toBe(401);
    expect((await act(id, 'answer', w.otherPatient.token)).status).toBe(404);
    expect((await act(id, 'answer', w.practitioner.token)).status).toBe(404);
    expect((await act(id, 'signal', w.otherPatient.token, OFFER)).status).toBe(404);
    expect((await act(id, 'end', w.otherPractitioner.token)).status).toBe(404);
    expect((await act(id, 'signal', w.practitioner.token, { signal: { kind: 'description' } })).status).toBe(400);
    expect((await act('not-a-uuid', 'end', w.patient.token)).status).toBe(400);
  });

  // Last: it moves the clock past the sessions' life.
  it('a device token must be the caller’s own and current: 401 with the reason', async () => {
    const { bookingUserId } = await bookedByPatient();
    const managers = await device(w.manager.token);
    const borrowed = await dial(bookingUserId, managers);
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.message).toBe(VOICE_MSG.deviceExpired);
    const token = await device();
    h.clock.advance(VOICE_TOKEN_SECONDS * 1000 + 1_000);
    const expired = await dial(bookingUserId, token, await h.session(w.practitioner));
    expect(expired.status).toBe(401);
  });
});
