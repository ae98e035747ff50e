// @module-tag wall-clock
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { LIVE_CLOSE, PRACTITIONER_LEAVE_DELAY_MS, VIDEO_TOKEN_SECONDS, type CallServerMessage } from '@vireo/contracts';
import { appointments, auditEvents, users } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { bookAsPatient, bookPublicly, bookingWorld, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { LiveTestClient } from '../../test/live-client';
import { iceServersFor } from './ice';

let h: Harness;
let w: BookingWorld;
let url: string;
let slots: { id: string }[];
let nextSlot = 0;
const TURN_SECRET = 'turn-shared-secret-for-tests';

beforeAll(async () => {
  h = await createHarness({ video: { stunUrls: ['stun:turn.example.test:3478'], turnUrls: ['turn:turn.example.test:3478?transport=udp'], turnSecret: TURN_SECRET, turnCredentialSeconds: 600 } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}/api/live`;
  w = await bookingWorld(h);
  slots = (await shiftWithSlots(h, w.practitioner, { hoursAhead: 60, hours: 8 })).slots;
});
afterAll(() => h.close());

/** A fresh appointment booked through the public wizard: its id and the customer's link token. */
async function booked() {
  const slot = slots[nextSlot++]!;
  const paid = await bookPublicly(h, slot.id);
  return { id: slot.id, shortToken: paid.short_token };
}

async function token(id: string, identity: 'nurse' | 'patient', auth: { session?: string; shortToken?: string }) {
  const headers: Record<string, string> = {};
  if (auth.session) headers.authorization = `Bearer ${auth.session}`;
  if (auth.shortToken) headers['x-short-token'] = auth.shortToken;
  const res = await h.app.inject({ method: 'POST', url: '/api/video/token', headers, payload: { identity, room: id } });
  return { status: res.statusCode, body: res.json(), cookie: res.headers['set-cookie'] };
}

const statusOf = async (id: string) => (await h.ctx.database.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]!.status;

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

type Joined = Extract<CallServerMessage, { type: 'call.joined' }>;

/** The practitioner's side: a signed-in socket that joins with a nurse token. */
async function practitionerJoins(id: string, session = w.practitioner.token) {
  const t = await token(id, 'nurse', { session });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  const client = await LiveTestClient.signedIn(url, session);
  client.send({ type: 'call.join', token: t.body.token });
  const joined = (await client.next((m) => m.type === 'call.joined' || m.type === 'call.error')) as Joined;
  return { client, joined, token: t.body.token as string };
}

/** The customer's side: a socket without a session that joins with the patient token from their link. */
async function customerJoins(id: string, shortToken: string, existing?: string) {
  const videoToken = existing ?? (await token(id, 'patient', { shortToken })).body.token;
  const client = await LiveTestClient.open(url);
  client.send({ type: 'call.join', token: videoToken });
  const joined = (await client.next((m) => m.type === 'call.joined' || m.type === 'call.error')) as Joined;
  return { client, joined, token: videoToken as string };
}

describe('POST /api/video/token', () => {
  it('gives the assigned practitioner, a shift manager and the customer a token bound to the appointment; nobody else', async () => {
    const a = await booked();
    const nurse = await token(a.id, 'nurse', { session: w.practitioner.token });
    expect(nurse.status).toBe(200);
    expect(nurse.body).toMatchObject({ success: true, identity: 'nurse', room: a.id, expires_at: Math.floor(h.clock.now().getTime() / 1000) + VIDEO_TOKEN_SECONDS });
    expect(nurse.cookie).toBeUndefined();
    expect((await token(a.id, 'nurse', { session: w.manager.token })).status).toBe(200);

    const patient = await token(a.id, 'patient', { shortToken: a.shortToken });
    expect(patient.status).toBe(200);
    expect(String(patient.cookie)).toContain(`vireo_video_token=${patient.body.token}; Max-Age=3600; Path=/api; HttpOnly; SameSite=Strict`);

    // No session and no link: 401. The wrong role, another practitioner, another customer, a wrong link,
    // an appointment that does not exist: the same 404.
    expect((await token(a.id, 'patient', {})).status).toBe(401);
    expect((await token(a.id, 'nurse', {})).status).toBe(401);
    expect((await token(a.id, 'nurse', { shortToken: a.shortToken })).status).toBe(404);
    expect((await token(a.id, 'patient', { session: w.practitioner.token })).status).toBe(404);
    expect((await token(a.id, 'nurse', { session: w.otherPractitioner.token })).status).toBe(404);
    expect((await token(a.id, 'nurse', { session: w.patient.token })).status).toBe(404);
    expect((await token(a.id, 'patient', { session: w.otherPatient.token })).status).toBe(404);
    expect((await token(a.id, 'patient', { shortToken: 'x'.repeat(43) })).status).toBe(404);
    expect((await token('00000000-0000-4000-8000-000000000000', 'patient', { shortToken: a.shortToken })).status).toBe(404);
    const other = await booked();
    expect((await token(other.id, 'patient', { shortToken: a.shortToken })).status).toBe(404);
    // Bad input.
    expect((await h.app.inject({ method: 'POST', url: '/api/video/token', headers: { 'x-short-token': a.shortToken }, payload: { identity: 'doctor', room: a.id } })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/video/token', headers: { 'x-short-token': a.shortToken }, payload: { identity: 'patient', room: 'nope' } })).statusCode).toBe(400);

    // A signed-in booker gets the patient's token for their own booking.
    const own = await bookAsPatient(h, w.patient, slots[nextSlot++]!.id);
    expect((await token(own.appointment.id, 'patient', { session: w.patient.token })).status).toBe(200);
    expect((await token(own.appointment.id, 'patient', { session: w.otherPatient.token })).status).toBe(404);

    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.token'), eq(auditEvents.resourceId, a.id)));
    expect(audited.length).toBe(3);
  });

  it('mints TURN credentials in the coturn use-auth-secret convention, expiring after the configured time', async () => {
    const a = await booked();
    const nurse = await token(a.id, 'nurse', { session: w.practitioner.token });
    const [stun, turn] = nurse.body.ice_servers;
    expect(stun).toEqual({ urls: ['stun:turn.example.test:3478'] });
    expect(turn.urls).toEqual(['turn:turn.example.test:3478?transport=udp']);
    const [expiry] = turn.username.split(':');
    expect(Number(expiry)).toBe(Math.floor(h.clock.now().getTime() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
    // Each join mints its own, from the join's time.
    h.clock.advance(60_000);
    const joined = await practitionerJoins(a.id);
    const minted = joined.joined.ice_servers[1]!;
    expect(Number(minted.username!.split(':')[0])).toBe(Math.floor(h.clock.now().getTime() / 1000) + 600);
    expect(minted.credential).toBe(createHmac('sha1', TURN_SECRET).update(minted.username!).digest('base64'));
    await joined.client.close();
  });

  it('offers no ICE servers when none are configured (host candidates only), and no TURN without its secret', () => {
    const config = { stunUrls: [], turnUrls: [], turnSecret: undefined, turnCredentialSeconds: 600 };
    expect(iceServersFor(config, 'id', h.clock.now())).toEqual([]);
    expect(iceServersFor({ ...config, turnUrls: ['turn:turn.example.test'] }, 'id', h.clock.now())).toEqual([]);
  });
});

describe('the call room over the live socket', () => {
  it('joins set the call states, signals reach only the other member of the room, and a third party cannot join', async () => {
    const a = await booked();
    const practitioner = await practitionerJoins(a.id);
    expect(practitioner.joined).toMatchObject({ type: 'call.joined', room: a.id, role: 'practitioner', polite: false, peer_present: false });
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');

    const customer = await customerJoins(a.id, a.shortToken);
    expect(customer.joined).toMatchObject({ type: 'call.joined', room: a.id, role: 'patient', polite: true, peer_present: true });
    expect(await practitioner.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'joined', role: 'patient' });
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');

    // Another room's pair hears nothing of this one.
    const b = await booked();
    const otherPractitioner = await practitionerJoins(b.id);
    const otherCustomer = await customerJoins(b.id, b.shortToken);
    await otherPractitioner.client.next((m) => m.type === 'call.peer');

    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    practitioner.client.send({ type: 'call.signal', signal: offer });
    expect(await customer.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: offer, from: 'practitioner' });
    const candidate = { kind: 'candidate', candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 } };
    customer.client.send({ type: 'call.signal', signal: candidate });
    expect(await practitioner.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: candidate, from: 'patient' });
    await otherPractitioner.client.ping();
    await otherCustomer.client.ping();
    await expect(otherPractitioner.client.next((m) => m.type === 'call.signal', 200)).rejects.toThrow();
    await expect(otherCustomer.client.next((m) => m.type === 'call.signal', 200)).rejects.toThrow();

    // A second customer token (another browser with the link) cannot take the customer's place.
    const second = await customerJoins(a.id, a.shortToken);
    expect(second.joined).toMatchObject({ type: 'call.error', code: 'full' });
    // A token for room B does not reach room A's members.
    practitioner.client.send({ type: 'call.signal', signal: offer });
    await customer.client.next((m) => m.type === 'call.signal');
    await expect(otherCustomer.client.next((m) => m.type === 'call.signal', 200)).rejects.toThrow();

    const joins = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.join'), eq(auditEvents.resourceId, a.id)));
    expect(joins.map((j) => j.outcome).sort()).toEqual(['denied', 'success', 'success']);
    for (const c of [practitioner, customer, otherPractitioner, otherCustomer, second]) await c.client.close();
  });

  it('refuses malformed signals, signals before joining, and a wrong or expired token', async () => {
    const a = await booked();
    const practitioner = await practitionerJoins(a.id);
    practitioner.client.send({ type: 'call.signal', signal: { kind: 'description', description: { type: 'offer', sdp: 'x'.repeat(30_000) } } });
    expect((await practitioner.client.closed).code).toBe(LIVE_CLOSE.badMessage);

    const signedIn = await LiveTestClient.signedIn(url, w.practitioner.token);
    signedIn.send({ type: 'call.signal', signal: { kind: 'candidate', candidate: null } });
    expect(await signedIn.next((m) => m.type === 'call.error')).toMatchObject({ code: 'not_joined' });
    signedIn.send({ type: 'call.join', token: 'y'.repeat(43) });
    expect(await signedIn.next((m) => m.type === 'call.error')).toMatchObject({ code: 'invalid' });
    await signedIn.close();

    // A socket without a session must join first, and is closed when its token is refused.
    const guest = await LiveTestClient.open(url);
    guest.send({ type: 'call.signal', signal: { kind: 'candidate', candidate: null } });
    expect((await guest.closed).code).toBe(LIVE_CLOSE.sessionInvalid);
    // Without a token in the message, the cookie POST /api/video/token set.
    const withCookie = await token(a.id, 'patient', { shortToken: a.shortToken });
    const cookie = String(withCookie.cookie).split(';')[0]!;
    const byCookie = await LiveTestClient.open(url, { headers: { cookie } });
    byCookie.send({ type: 'call.join' });
    expect(await byCookie.next((m) => m.type === 'call.joined' || m.type === 'call.error')).toMatchObject({ type: 'call.joined', role: 'patient' });
    await byCookie.close();
    const noCookie = await LiveTestClient.open(url);
    noCookie.send({ type: 'call.join' });
    expect(await noCookie.next((m) => m.type === 'call.error')).toMatchObject({ code: 'invalid' });
    // A guest socket may not subscribe to topics.
    const fresh = await customerJoins(a.id, a.shortToken);
    expect(fresh.joined.type).toBe('call.joined');
    fresh.client.send({ type: 'subscribe', topics: ['appointments'] });
    expect((await fresh.client.closed).code).toBe(LIVE_CLOSE.sessionInvalid);
  });

  it('signals follow the room as it changes: nobody hears one sent alone, and a customer back on a new socket gets the next', async () => {
    const a = await booked();
    const practitioner = await practitionerJoins(a.id);
    const candidate = (n: number) => ({ kind: 'candidate', candidate: { candidate: `candidate:${n} 1 udp 2122260223 192.0.2.1 54400 typ host`, sdpMid: '0', sdpMLineIndex: 0 } });
    practitioner.client.send({ type: 'call.signal', signal: candidate(1) });
    await practitioner.client.ping();

    const customer = await customerJoins(a.id, a.shortToken);
    await practitioner.client.next((m) => m.type === 'call.peer');
    practitioner.client.send({ type: 'call.signal', signal: candidate(2) });
    expect(await customer.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: candidate(2), from: 'practitioner' });

    // A reload: the same link joins from a new socket and takes the old one's place.
    const reloaded = await customerJoins(a.id, a.shortToken, customer.token);
    expect(reloaded.joined).toMatchObject({ type: 'call.joined', peer_present: true });
    expect(await customer.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'replaced' });
    expect(await practitioner.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'joined', role: 'patient' });
    practitioner.client.send({ type: 'call.signal', signal: candidate(3) });
    expect(await reloaded.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: candidate(3), from: 'practitioner' });
    await expect(customer.client.next((m) => m.type === 'call.signal', 200)).rejects.toThrow();
    for (const c of [practitioner, customer, reloaded]) await c.client.close();
  });

  it('pause puts the appointment ON_HOLD with the customer waiting; the practitioner comes back; hang-up completes it', async () => {
    const a = await booked();
    const practitioner = await practitionerJoins(a.id);
    const customer = await customerJoins(a.id, a.shortToken);
    await practitioner.client.next((m) => m.type === 'call.peer');

    // The customer cannot pause.
    customer.client.send({ type: 'call.pause' });
    expect(await customer.client.next((m) => m.type === 'call.error')).toMatchObject({ code: 'not_allowed' });

    practitioner.client.send({ type: 'call.pause' });
    expect(await practitioner.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'paused' });
    expect(await customer.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'paused', role: 'practitioner' });
    expect(await statusOf(a.id)).toBe('ON_HOLD');
    // Pausing is not leaving: the 2-second rule does not apply.
    h.clock.advance(PRACTITIONER_LEAVE_DELAY_MS + 1);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('ON_HOLD');

    // The practitioner comes back and hangs up: the call is over.
    const back = await practitionerJoins(a.id);
    expect(back.joined).toMatchObject({ type: 'call.joined', role: 'practitioner', peer_present: true });
    expect(await customer.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'joined', role: 'practitioner' });
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');
    back.client.send({ type: 'call.hangup' });
    expect(await back.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'hangup' });
    expect(await customer.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'ended', role: 'practitioner' });
    expect(await customer.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'hangup' });
    expect(await statusOf(a.id)).toBe('COMPLETED');
    // Over: no new token, and the practitioner is told why.
    expect(await token(a.id, 'nurse', { session: w.practitioner.token })).toMatchObject({ status: 409, body: { message: 'This appointment has been completed: its call is over.' } });

    const statuses = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.status'), eq(auditEvents.resourceId, a.id))).orderBy(asc(auditEvents.id));
    expect(statuses.map((s) => (s.details as { to: string }).to)).toEqual(['PRACTITIONER_ATTENDED', 'PATIENT_ATTENDED', 'ON_HOLD', 'PRACTITIONER_ATTENDED', 'COMPLETED']);
    for (const c of [practitioner, customer, back]) await c.client.close();
  });

  it('a shift manager comes in as a supervisor, never a seat: their hang-up or leaving changes no status, and the practitioner gets their seat', async () => {
    await h.ctx.database.db.update(users).set({ firstName: 'Sam', lastName: 'Whitfield' }).where(eq(users.id, w.manager.user.id));
    const a = await booked();
    const customer = await customerJoins(a.id, a.shortToken);
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');

    // Listening in while the customer waits: no status changes, the customer is told who came in.
    const supervisor = await practitionerJoins(a.id, w.manager.token);
    expect(supervisor.joined).toMatchObject({ type: 'call.joined', role: 'supervisor', peer_present: false, present: ['patient'], supervisor: null });
    expect(await customer.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'joined', role: 'supervisor', supervisor: { name: 'Sam Whitfield' } });
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    supervisor.client.send({ type: 'call.signal', signal: offer, to: 'patient' });
    expect(await customer.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: offer, from: 'supervisor' });
    // A supervisor neither pauses nor ends the call.
    supervisor.client.send({ type: 'call.pause' });
    expect(await supervisor.client.next((m) => m.type === 'call.error')).toMatchObject({ code: 'not_allowed' });
    // Nor does a second supervisor come in beside the first.
    const second = await practitionerJoins(a.id, w.admin.token);
    expect(second.joined).toMatchObject({ type: 'call.error', code: 'full', message: 'Another supervisor is already in this call.' });

    // The practitioner arriving gets their seat, with the supervisor's name.
    const practitioner = await practitionerJoins(a.id);
    expect(practitioner.joined).toMatchObject({ type: 'call.joined', role: 'practitioner', peer_present: true, supervisor: { name: 'Sam Whitfield' } });
    expect([...practitioner.joined.present].sort()).toEqual(['patient', 'supervisor']);
    expect(await supervisor.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'joined', role: 'practitioner' });
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');
    practitioner.client.send({ type: 'call.signal', signal: offer, to: 'supervisor' });
    expect(await supervisor.client.next((m) => m.type === 'call.signal')).toEqual({ type: 'call.signal', signal: offer, from: 'practitioner' });

    // The supervisor hangs up: they leave, nothing else changes.
    supervisor.client.send({ type: 'call.hangup' });
    expect(await supervisor.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'hangup' });
    expect(await practitioner.client.next((m) => m.type === 'call.peer' && m.role === 'supervisor')).toEqual({ type: 'call.peer', event: 'left', role: 'supervisor' });
    expect(await customer.client.next((m) => m.type === 'call.peer' && m.role === 'supervisor' && m.event === 'left')).toMatchObject({ event: 'left' });
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');

    // Back in, then the page closes: still nothing changes, however long they are gone.
    const again = await practitionerJoins(a.id, w.manager.token);
    expect(again.joined).toMatchObject({ type: 'call.joined', role: 'supervisor', peer_present: false });
    again.client.socket.terminate();
    await practitioner.client.next((m) => m.type === 'call.peer' && m.role === 'supervisor' && m.event === 'left');
    h.clock.advance(PRACTITIONER_LEAVE_DELAY_MS + 1);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');

    // The practitioner of record ends it.
    practitioner.client.send({ type: 'call.hangup' });
    await practitioner.client.next((m) => m.type === 'call.left');
    expect(await statusOf(a.id)).toBe('COMPLETED');
    const statuses = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.status'), eq(auditEvents.resourceId, a.id))).orderBy(asc(auditEvents.id));
    expect(statuses.map((row) => (row.details as { to: string }).to)).toEqual(['PATIENT_ATTENDED', 'PRACTITIONER_ATTENDED', 'COMPLETED']);

    // A shift manager of another organisation is not let in.
    const outsider = await h.user({ org: await h.org(), roles: ['shift_manager'] });
    const b = await booked();
    expect((await token(b.id, 'nurse', { session: outsider.token })).status).toBe(404);
    for (const c of [customer, supervisor, second, practitioner]) await c.client.close();
  });

  it('take over: a shift manager who is a practitioner on shift becomes the practitioner of record, the practitioner is told and let out', async () => {
    // A shift manager who also practises, on shift at the appointment's time, in the practitioner's organisation.
    const clinic = w.manager.roles[0]!.organisationId;
    const lead = await h.user({ org: clinic, roles: ['shift_manager', 'practitioner'] });
    await h.ctx.database.db.update(users).set({ firstName: 'Lee', lastName: 'Okafor' }).where(eq(users.id, lead.user.id));
    const own = await shiftWithSlots(h, lead, { hoursAhead: 60, hours: 8 });
    const a = await booked();
    const takeOver = (session: string | undefined, room: unknown = a.id) =>
      h.app.inject({ method: 'POST', url: '/api/video/takeover', headers: session ? { authorization: `Bearer ${session}` } : {}, payload: { room } });

    const customer = await customerJoins(a.id, a.shortToken);
    const practitioner = await practitionerJoins(a.id);
    const supervisor = await practitionerJoins(a.id, lead.token);
    expect(supervisor.joined).toMatchObject({ type: 'call.joined', role: 'supervisor' });

    // No session 401, not a manager 403, bad input 400, another organisation's manager 404, a manager who is no practitioner 400.
    expect((await takeOver(undefined)).statusCode).toBe(401);
    expect((await takeOver(w.practitioner.token)).statusCode).toBe(403);
    expect((await takeOver(lead.token, 'nope')).statusCode).toBe(400);
    const outsider = await h.user({ org: await h.org(), roles: ['shift_manager', 'practitioner'] });
    expect((await takeOver(outsider.token)).statusCode).toBe(404);
    expect((await takeOver(w.manager.token)).json()).toMatchObject({ message: 'Only a practitioner can take over a consultation.' });
    expect((await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, a.id)))[0]!.practitionerUserId).toBe(w.practitioner.user.id);

    const taken = await takeOver(lead.token);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ success: true, message: 'You are now the practitioner of this appointment.' });
    const [row] = await h.ctx.database.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ practitionerUserId: lead.user.id, shiftId: own.shiftId, status: 'PRACTITIONER_ATTENDED' });
    // As a reassign: the lead's own open slot at that time left supply.
    const ownAtThatTime = await h.ctx.database.db.select().from(appointments).where(and(eq(appointments.practitionerUserId, lead.user.id), eq(appointments.startTime, row!.startTime!)));
    expect(ownAtThatTime.map((slot) => [slot.id === a.id, slot.status]).sort()).toEqual([
      [false, 'UNAVAILABLE'],
      [true, 'PRACTITIONER_ATTENDED'],
    ]);
    // The practitioner is told, and let out; their token no longer takes the seat.
    expect(await practitioner.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'taken_over', by: 'Lee Okafor' });
    expect(await customer.client.next((m) => m.type === 'call.peer' && m.role === 'practitioner' && m.event === 'left')).toBeTruthy();
    const refused = await customerJoins(a.id, a.shortToken, practitioner.token);
    expect(refused.joined).toMatchObject({ type: 'call.error', code: 'invalid' });
    expect((await token(a.id, 'nurse', { session: w.practitioner.token })).status).toBe(404);
    // The lead joins again, now in the practitioner's seat; taking it over twice is refused.
    const seat = await practitionerJoins(a.id, lead.token);
    expect(seat.joined).toMatchObject({ type: 'call.joined', role: 'practitioner' });
    expect((await takeOver(lead.token)).statusCode).toBe(409);
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.takeover'), eq(auditEvents.resourceId, a.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toEqual({ from_user_id: w.practitioner.user.id });
    for (const c of [customer, practitioner, supervisor, refused, seat]) await c.client.close();
  });

  it('the customer leaving or vanishing sets PATIENT_LEFT; hanging up as the customer too', async () => {
    const a = await booked();
    const practitioner = await practitionerJoins(a.id);
    const customer = await customerJoins(a.id, a.shortToken);
    await practitioner.client.next((m) => m.type === 'call.peer');
    customer.client.socket.terminate();
    expect(await practitioner.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'left', role: 'patient' });
    expect(await statusOf(a.id)).toBe('PATIENT_LEFT');

    // The same token joins again after the drop, and the call goes on.
    const back = await customerJoins(a.id, a.shortToken, customer.token);
    expect(back.joined).toMatchObject({ type: 'call.joined', peer_present: true });
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');
    back.client.send({ type: 'call.hangup' });
    expect(await back.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'hangup' });
    await eventually(async () => (await statusOf(a.id)) === 'PATIENT_LEFT', 'PATIENT_LEFT');
    await practitioner.client.close();
  });

  it('a practitioner who vanishes becomes PRACTITIONER_LEFT after 2 seconds by the clock, unless back in time or on hold', async () => {
    const a = await booked();
    const first = await practitionerJoins(a.id);
    const customer = await customerJoins(a.id, a.shortToken);
    await first.client.next((m) => m.type === 'call.peer');
    first.client.socket.terminate();
    expect(await customer.client.next((m) => m.type === 'call.peer')).toEqual({ type: 'call.peer', event: 'left', role: 'practitioner' });
    h.clock.advance(PRACTITIONER_LEAVE_DELAY_MS - 500);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');
    h.clock.advance(500);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('PRACTITIONER_LEFT');

    // Back within 2 seconds (a reload): no PRACTITIONER_LEFT.
    const back = await practitionerJoins(a.id);
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');
    back.client.send({ type: 'call.leave' });
    expect(await back.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'left' });
    h.clock.advance(1_000);
    const reload = await practitionerJoins(a.id);
    expect(reload.joined.type).toBe('call.joined');
    h.clock.advance(PRACTITIONER_LEAVE_DELAY_MS);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('PRACTITIONER_ATTENDED');

    // A joining tab of the same practitioner takes the place of the older one.
    const tab = await practitionerJoins(a.id);
    expect(tab.joined.type).toBe('call.joined');
    expect(await reload.client.next((m) => m.type === 'call.left')).toEqual({ type: 'call.left', reason: 'replaced' });

    // On hold, leaving does not make it PRACTITIONER_LEFT.
    tab.client.send({ type: 'call.pause' });
    await tab.client.next((m) => m.type === 'call.left');
    const visit = await practitionerJoins(a.id);
    await h.ctx.database.db.update(appointments).set({ status: 'ON_HOLD' }).where(eq(appointments.id, a.id));
    visit.client.socket.terminate();
    await eventually(async () => {
      h.clock.advance(PRACTITIONER_LEAVE_DELAY_MS);
      await h.ctx.calls.settleDepartures();
      const left = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.leave'), eq(auditEvents.resourceId, a.id)));
      return left.length >= 3;
    }, 'the leave');
    expect(await statusOf(a.id)).toBe('ON_HOLD');
    for (const c of [customer, back, reload, tab]) await c.client.close();
  });

  it('a connection whose server process stopped refreshing it counts as gone', async () => {
    const a = await booked();
    const customer = await customerJoins(a.id, a.shortToken);
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');
    h.clock.advance(h.ctx.video.staleAfterMs + 1_000);
    await h.ctx.calls.settleDepartures();
    expect(await statusOf(a.id)).toBe('PATIENT_LEFT');
    // Its process's heartbeat would have kept it: the same socket joins again.
    customer.client.send({ type: 'call.join', token: customer.token });
    expect(await customer.client.next((m) => m.type === 'call.joined')).toMatchObject({ peer_present: false });
    await h.ctx.calls.heartbeat([]);
    expect(await statusOf(a.id)).toBe('PATIENT_ATTENDED');
    await customer.client.close();
  });

  it('an expired token is refused (this test moves the clock past the sessions, so it runs last)', async () => {
    const a = await booked();
    const t = await token(a.id, 'patient', { shortToken: a.shortToken });
    h.clock.advance(VIDEO_TOKEN_SECONDS * 1000 - 1_000);
    const inTime = await customerJoins(a.id, a.shortToken, t.body.token);
    expect(inTime.joined.type).toBe('call.joined');
    await inTime.client.close();
    h.clock.advance(1_000);
    const expired = await customerJoins(a.id, a.shortToken, t.body.token);
    expect(expired.joined).toMatchObject({ type: 'call.error', code: 'invalid' });
    expect((await expired.client.closed).code).toBe(LIVE_CLOSE.sessionInvalid);
  });
});
