// @module-tag wall-clock
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_LIMITS, CHAT_LIVE, CHAT_MSG, CHAT_TOKEN_HEADER, LIVE_CLOSE, closedConversation, withinSupportHours } from '@vireo/contracts';
import { auditEvents, chatMessages } from '../../db/schema';
import { sealStoredBodies } from './service';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { LiveTestClient } from '../../test/live-client';

let h: Harness;
let liveUrl: string;
let manager: TestUser;
let practitioner: TestUser;
let services: TestUser;
let patient: TestUser;
let otherOrgStaff: TestUser;
const onPostgres = Boolean(inject('postgresUrl'));
const NO_ROOM = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/live`;
  const clinic = await h.org();
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  services = await h.user({ org: clinic, roles: ['customer_services'] });
  patient = await h.user({ org: clinic, roles: ['patient'] });
  otherOrgStaff = await h.user({ org: await h.org(), roles: ['practitioner'] });
});
afterAll(() => h.close());

const as = (token: string) => ({ headers: { [CHAT_TOKEN_HEADER]: token } });
const rolePath = (u: TestUser, query = '') => `/api/chat/v1/chat/rooms/${u.user.id}/${u.roles[0]!.name}${query}`;

/** A customer with a token and an open claimable room. */
async function customerWithRoom(name = 'Ada Lovelace') {
  const started = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name, email: uniqueEmail('customer') } } });
  expect(started.status).toBe(201);
  const { token, identity } = started.body as { token: string; identity: string };
  const room = await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
  expect(room.status).toBe(201);
  return { token, identity, roomId: room.body.id as string };
}

const audited = (action: string, roomId: string) =>
  h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, roomId)));

describe('POST /chat/token', () => {
  it('gives a customer a token, as themselves when signed in, else by name and e-mail', async () => {
    const anonymous = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'Grace Hopper', email: uniqueEmail('grace') } } });
    expect(anonymous).toMatchObject({ status: 201, body: { success: true } });
    expect(anonymous.body.token.length).toBeGreaterThanOrEqual(40);
    const signedIn = await h.call('POST', '/api/chat/chat/token', { token: patient.token, body: {} });
    expect(signedIn.status).toBe(201);
    const rooms = await h.call('GET', `/api/chat/v1/chat/rooms/${signedIn.body.identity}/customer`, as(signedIn.body.token));
    expect(rooms).toMatchObject({ status: 200, body: { rooms: [] } });
  });

  it('refuses a missing or bad identity, and counts starts per address', async () => {
    expect((await h.call('POST', '/api/chat/chat/token', { body: {} })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'X', email: 'not-an-email' } } })).status).toBe(400);
    const ip = '10.99.0.1';
    for (let i = 0; i < CHAT_LIMITS.tokensPerAddress; i++) {
      expect((await h.call('POST', '/api/chat/chat/token', { ip, body: { identity: { name: 'Ada Lovelace', email: uniqueEmail('flood') } } })).status).toBe(201);
    }
    expect((await h.call('POST', '/api/chat/chat/token', { ip, body: { identity: { name: 'Ada Lovelace', email: uniqueEmail('flood') } } })).status).toBe(429);
    h.clock.advance(CHAT_LIMITS.windowSeconds * 1000 + 1);
    expect((await h.call('POST', '/api/chat/chat/token', { ip, body: { identity: { name: 'Ada Lovelace', email: uniqueEmail('flood') } } })).status).toBe(201);
  });
});

describe('POST /v1/chat/room and GET /v1/chat/rooms/{a}/{b}', () => {
  it('a customer opens a claimable room; staff of the chat group see it among the claimable ones', async () => {
    const { identity, token, roomId } = await customerWithRoom();
    const mine = await h.call('GET', `/api/chat/v1/chat/rooms/${identity}/customer`, as(token));
    expect(mine.body.rooms).toEqual([expect.objectContaining({ id: roomId, type: 'external', status: 'claimable', user_role: 'customer', room_members: [], customer_name: null })]);
    for (const staff of [manager, practitioner, services, otherOrgStaff]) {
      const claimable = await h.call('GET', rolePath(staff, '?type=external&status=claimable'), { token: staff.token });
      expect(claimable.status).toBe(200);
      expect(claimable.body.rooms).toContainEqual(expect.objectContaining({ id: roomId, customer_name: 'Ada Lovelace' }));
    }
    expect(await audited('chat.room_created', roomId)).toHaveLength(1);
  });

  it('staff open an internal room with chosen members of their organisation', async () => {
    const created = await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { type: 'internal', user_role: 'shift_manager', status: 'live', room_members: [{ user_id: practitioner.user.id }] } });
    expect(created.status).toBe(201);
    const forPractitioner = await h.call('GET', rolePath(practitioner, '?type=internal'), { token: practitioner.token });
    const room = forPractitioner.body.rooms.find((r: { id: string }) => r.id === created.body.id);
    expect(room).toMatchObject({ type: 'internal', status: 'live', user_role: 'shift_manager', unread: 0 });
    expect(room.room_members.map((m: { user_id: string }) => m.user_id).sort()).toEqual([manager.user.id, practitioner.user.id].sort());
    const forServices = await h.call('GET', rolePath(services, '?type=internal'), { token: services.token });
    expect(forServices.body.rooms.map((r: { id: string }) => r.id)).not.toContain(created.body.id);
  });

  it('lists the chat group of the caller’s organisation to choose members from', async () => {
    const listed = await h.call('GET', '/api/chat/v1/chat/staff', { token: manager.token });
    const ids = listed.body.staff.map((s: { user_id: string }) => s.user_id);
    expect(ids).toEqual(expect.arrayContaining([practitioner.user.id, services.user.id]));
    expect(ids).not.toContain(manager.user.id);
    expect(ids).not.toContain(patient.user.id);
    expect(ids).not.toContain(otherOrgStaff.user.id);
    expect((await h.call('GET', '/api/chat/v1/chat/staff')).status).toBe(401);
    expect((await h.call('GET', '/api/chat/v1/chat/staff', { token: patient.token })).status).toBe(403);
  });

  it('refuses bad rooms: wrong type, status or role, members outside the chat group or the organisation', async () => {
    const { token } = await customerWithRoom();
    const base = { type: 'internal', user_role: 'shift_manager', status: 'live' };
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, room_members: [{ user_id: patient.user.id }] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, room_members: [{ user_id: otherOrgStaff.user.id }] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, room_members: [] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, type: 'external', room_members: [{ user_id: practitioner.user.id }] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, user_role: 'super_admin', room_members: [{ user_id: practitioner.user.id }] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { ...base, status: 'open', room_members: [] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'internal', user_role: 'customer', status: 'claimable', room_members: [] } })).status).toBe(400);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [{ user_id: manager.user.id }] } })).status).toBe(400);
  });

  it('answers 401 without a session or with a bad token, 403 outside the chat group, 404 for someone else’s rooms', async () => {
    const body = { type: 'internal', user_role: 'patient', status: 'live', room_members: [{ user_id: manager.user.id }] };
    expect((await h.call('POST', '/api/chat/v1/chat/room', { body })).status).toBe(401);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { ...as('x'.repeat(43)), body })).status).toBe(401);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { token: patient.token, body })).status).toBe(403);
    expect((await h.call('GET', rolePath(manager))).status).toBe(401);
    expect((await h.call('GET', rolePath(patient), { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', rolePath(manager), { token: practitioner.token })).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/rooms/${manager.user.id}/super_admin`, { token: manager.token })).status).toBe(404);
    const a = await customerWithRoom();
    const b = await customerWithRoom();
    expect((await h.call('GET', `/api/chat/v1/chat/rooms/${a.identity}/customer`, as(b.token))).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${a.roomId}`, as(b.token))).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/rooms/${a.identity}/customer?status=open`, as(a.token))).status).toBe(400);
    expect((await h.call('GET', `/api/chat/v1/chat/rooms/not-an-id/customer`, as(a.token))).status).toBe(400);
  });
});

describe('PATCH /v1/chat/room/{id}', () => {
  it('claiming adds the claimer and makes the room live; a second claim answers 409', async () => {
    const { roomId, token } = await customerWithRoom();
    const claimed = await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.room).toMatchObject({ status: 'live', room_members: [expect.objectContaining({ user_id: manager.user.id })] });
    const again = await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: practitioner.token, body: { status: 'live' } });
    expect(again).toMatchObject({ status: 409, body: { message: CHAT_MSG.alreadyClaimed } });
    const room = await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(token));
    expect(room.body.room.status).toBe('live');
    expect((await audited('chat.room_claimed', roomId)).map((e) => e.outcome).sort()).toEqual(['failure', 'success']);
  });

  it.skipIf(!onPostgres)('of concurrent claims on PostgreSQL exactly one wins; the others answer 409', async () => {
    const { roomId } = await customerWithRoom();
    const clinic = manager.user.organisationId;
    const claimers = [manager, practitioner, services, await h.user({ org: clinic, roles: ['practitioner'] }), await h.user({ org: clinic, roles: ['shift_manager'] })];
    const answers = await Promise.all(claimers.map((c) => h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: c.token, body: { status: 'live' } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(claimers.length - 1);
    const winner = claimers[answers.findIndex((a) => a.status === 200)]!;
    const room = await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, { token: winner.token });
    expect(room.body.room.room_members.map((m: { user_id: string }) => m.user_id)).toEqual([winner.user.id]);
  });

  it("closing writes '{user} closed conversation' first, then closes; the customer can close their own room too", async () => {
    const { roomId, token } = await customerWithRoom();
    await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } });
    const closed = await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'closed' } });
    expect(closed).toMatchObject({ status: 200, body: { room: { status: 'closed' } } });
    const messages = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages`, as(token));
    expect(messages.body.messages.at(-1)).toMatchObject({ author_kind: 'system', body: closedConversation(`${manager.user.firstName} ${manager.user.lastName}`) });
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'closed' } })).status).toBe(409);
    const own = await customerWithRoom('Mary Seacole');
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${own.roomId}`, { ...as(own.token), body: { status: 'closed' } })).status).toBe(200);
    const notice = await h.call('GET', `/api/chat/v1/chat/room/${own.roomId}/messages`, as(own.token));
    expect(notice.body.messages[0].body).toBe(closedConversation('Mary Seacole'));
    expect(await audited('chat.room_closed', roomId)).toHaveLength(1);
  });

  it('refuses bad input, no session, other roles and rooms not the caller’s', async () => {
    const { roomId, token } = await customerWithRoom();
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'claimable' } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { ...as(token), body: { status: 'live' } })).status).toBe(400);
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { body: { status: 'live' } })).status).toBe(401);
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: patient.token, body: { status: 'live' } })).status).toBe(403);
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${NO_ROOM}`, { token: manager.token, body: { status: 'live' } })).status).toBe(404);
    // Not a member: a live room of someone else cannot be closed.
    await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } });
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: practitioner.token, body: { status: 'closed' } })).status).toBe(404);
    const other = await customerWithRoom();
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { ...as(other.token), body: { status: 'closed' } })).status).toBe(404);
  });
});

describe('messages', () => {
  it('stores, lists since a message id, hides internal notes from the customer, counts unread from read horizons, audits reads', async () => {
    const { roomId, token } = await customerWithRoom();
    await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } });
    const first = await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { ...as(token), body: { body: 'Hello, my kit has not arrived' } });
    expect(first).toMatchObject({ status: 201, body: { message: { body: 'Hello, my kit has not arrived', author: null, author_kind: 'customer', author_name: 'Ada Lovelace', internal: false } } });
    const note = await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { token: manager.token, body: { body: 'Check the courier', internal: true } });
    expect(note.status).toBe(201);
    const reply = await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { token: manager.token, body: { body: '<b>Let me check</b> https://example.test' } });
    expect(reply.body.message).toMatchObject({ author: manager.user.id, author_kind: 'staff', body: '<b>Let me check</b> https://example.test' });

    const staffSees = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages`, { token: manager.token });
    expect(staffSees.body.messages.map((m: { id: number }) => m.id)).toEqual([first.body.message.id, note.body.message.id, reply.body.message.id]);
    const customerSees = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages?after=${first.body.message.id}`, as(token));
    expect(customerSees.body.messages.map((m: { id: number }) => m.id)).toEqual([reply.body.message.id]);

    const customerRooms = await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(token));
    expect(customerRooms.body.room).toMatchObject({ unread: 1, last_message_id: reply.body.message.id });
    expect((await h.call('POST', `/api/chat/v1/chat/room/${roomId}/read`, { ...as(token), body: { message_id: reply.body.message.id } })).status).toBe(200);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(token))).body.room.unread).toBe(0);
    const reads = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceId, roomId)));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(await audited('chat.message_posted', roomId)).toHaveLength(3);
  });

  it('keeps bodies sealed at rest, answers and e-mails them opened, and seals at start the bodies stored in clear before', async () => {
    const { roomId, token } = await customerWithRoom();
    await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } });
    const secret = `My NHS number is 943 476 ${Date.now()}`;
    expect((await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { ...as(token), body: { body: secret } })).status).toBe(201);
    const stored = await h.ctx.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(JSON.stringify(stored)).not.toContain('943 476');

    // A body written in clear before sealing, even one that looks like a sealed value, is sealed at start.
    const clear = ['Written before sealing', 'v1.looks.sealed.but-is-not'];
    for (const body of clear) {
      await h.ctx.database.db.insert(chatMessages).values({ roomId, authorKind: 'staff', authorUserId: manager.user.id, authorName: 'Old', body, createdAt: h.clock.now() });
    }
    expect(await sealStoredBodies(h.ctx.chat)).toBe(2);
    expect(await sealStoredBodies(h.ctx.chat)).toBe(0);
    const resealed = await h.ctx.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    for (const row of resealed) expect(row.body).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    const listed = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages`, { token: manager.token });
    expect(listed.body.messages.map((m: { body: string }) => m.body)).toEqual([secret, ...clear]);
  });

  it('counts unread per room and for the drawer in an internal room, and moves the horizon only forward', async () => {
    const created = await h.call('POST', '/api/chat/v1/chat/room', { token: services.token, body: { type: 'internal', user_role: 'customer_services', status: 'live', room_members: [{ user_id: practitioner.user.id }] } });
    const id = created.body.id as string;
    const before = (await h.call('GET', '/api/chat/v1/chat/unread', { token: practitioner.token })).body.internal as number;
    const one = await h.call('POST', `/api/chat/v1/chat/room/${id}/messages`, { token: services.token, body: { body: 'One' } });
    await h.call('POST', `/api/chat/v1/chat/room/${id}/messages`, { token: services.token, body: { body: 'Two' } });
    const rooms = await h.call('GET', rolePath(practitioner, '?type=internal&status=live'), { token: practitioner.token });
    expect(rooms.body.rooms.find((r: { id: string }) => r.id === id).unread).toBe(2);
    expect((await h.call('GET', rolePath(services, '?type=internal'), { token: services.token })).body.rooms.find((r: { id: string }) => r.id === id).unread).toBe(0);
    expect((await h.call('GET', '/api/chat/v1/chat/unread', { token: practitioner.token })).body.internal).toBe(before + 2);
    await h.call('POST', `/api/chat/v1/chat/room/${id}/read`, { token: practitioner.token, body: { message_id: one.body.message.id } });
    await h.call('POST', `/api/chat/v1/chat/room/${id}/read`, { token: practitioner.token, body: { message_id: 0 } });
    expect((await h.call('GET', '/api/chat/v1/chat/unread', { token: practitioner.token })).body.internal).toBe(before + 1);
    expect((await h.call('GET', '/api/chat/v1/chat/unread')).status).toBe(401);
    expect((await h.call('GET', '/api/chat/v1/chat/unread', { token: patient.token })).status).toBe(403);
  });

  it('refuses bad input, closed rooms, internal notes from customers or in staff rooms, other people’s rooms, and floods', async () => {
    const { roomId, token } = await customerWithRoom();
    const url = `/api/chat/v1/chat/room/${roomId}/messages`;
    expect((await h.call('POST', url, { ...as(token), body: { body: '' } })).status).toBe(400);
    expect((await h.call('POST', url, { ...as(token), body: { body: 'x'.repeat(CHAT_LIMITS.bodyMax + 1) } })).status).toBe(400);
    expect((await h.call('POST', url, { ...as(token), body: { body: 'nul\u0000' } })).status).toBe(400);
    expect((await h.call('POST', url, { ...as(token), body: { body: 'psst', internal: true } })).status).toBe(400);
    expect((await h.call('GET', `${url}?after=-1`, as(token))).status).toBe(400);
    expect((await h.call('POST', url, { body: { body: 'hi' } })).status).toBe(401);
    expect((await h.call('POST', url, { token: patient.token, body: { body: 'hi' } })).status).toBe(403);
    expect((await h.call('POST', url, { token: manager.token, body: { body: 'hi' } })).status).toBe(404);
    expect((await h.call('GET', url, { token: manager.token })).status).toBe(404);
    expect((await h.call('GET', url, as((await customerWithRoom()).token))).status).toBe(404);
    const internal = await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { type: 'internal', user_role: 'shift_manager', status: 'live', room_members: [{ user_id: practitioner.user.id }] } });
    expect((await h.call('POST', `/api/chat/v1/chat/room/${internal.body.id}/messages`, { token: manager.token, body: { body: 'note', internal: true } })).status).toBe(400);

    for (let i = 0; i < CHAT_LIMITS.messagesPerRoom; i++) expect((await h.call('POST', url, { ...as(token), body: { body: `m${i}` } })).status).toBe(201);
    const flooded = await h.call('POST', url, { ...as(token), body: { body: 'one more' } });
    expect(flooded).toMatchObject({ status: 429, body: { message: CHAT_MSG.tooManyMessages } });
    await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { ...as(token), body: { status: 'closed' } });
    h.clock.advance(CHAT_LIMITS.windowSeconds * 1000 + 1);
    expect((await h.call('POST', url, { ...as(token), body: { body: 'after close' } })).status).toBe(409);
  });
});

describe('live', () => {
  it('tells the chat group of a new claimable chat, and the room’s members and customer of messages (internal notes to staff only), typing never stored', async () => {
    const staffSocket = await LiveTestClient.signedIn(liveUrl, manager.token, [CHAT_LIVE.topic]);
    const started = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'Ada Lovelace', email: uniqueEmail('live') } } });
    const customerSocket = await LiveTestClient.open(liveUrl);
    customerSocket.send({ type: 'guest', token: started.body.token });
    customerSocket.send({ type: 'subscribe', topics: [CHAT_LIVE.topic] });
    await customerSocket.next((m) => m.type === 'subscribed');
    const room = await h.call('POST', '/api/chat/v1/chat/room', { ...as(started.body.token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
    expect((await staffSocket.nextEvent(CHAT_LIVE.kinds.claimable)).data).toEqual({ room_id: room.body.id, status: 'claimable' });

    await h.call('PATCH', `/api/chat/v1/chat/room/${room.body.id}`, { token: manager.token, body: { status: 'live' } });
    expect((await customerSocket.nextEvent(CHAT_LIVE.kinds.room)).data).toEqual({ room_id: room.body.id, status: 'live' });
    await h.call('POST', `/api/chat/v1/chat/room/${room.body.id}/messages`, { token: manager.token, body: { body: 'Staff only', internal: true } });
    await h.call('POST', `/api/chat/v1/chat/room/${room.body.id}/messages`, { token: manager.token, body: { body: 'Hello Ada' } });
    const received = await customerSocket.nextEvent(CHAT_LIVE.kinds.message);
    expect(received.data).toMatchObject({ room_id: room.body.id, message: { body: 'Hello Ada' } });
    expect((await staffSocket.nextEvent(CHAT_LIVE.kinds.message)).data).toMatchObject({ message: { body: 'Staff only', internal: true } });

    await h.call('POST', `/api/chat/v1/chat/room/${room.body.id}/typing`, as(started.body.token));
    expect((await staffSocket.nextEvent(CHAT_LIVE.kinds.typing)).data).toEqual({ room_id: room.body.id, typing: { name: 'Ada Lovelace' } });
    const messages = await h.call('GET', `/api/chat/v1/chat/room/${room.body.id}/messages`, { token: manager.token });
    expect(messages.body.messages).toHaveLength(2);
    staffSocket.socket.close();
    customerSocket.socket.close();
  });

  it('a guest socket gets only its own events, and a bad guest token closes the socket', async () => {
    const a = await customerWithRoom();
    const b = await customerWithRoom();
    const socketB = await LiveTestClient.open(liveUrl);
    socketB.send({ type: 'guest', token: b.token });
    socketB.send({ type: 'subscribe', topics: [CHAT_LIVE.topic, 'appointments'] });
    await socketB.next((m) => m.type === 'subscribed');
    await h.call('PATCH', `/api/chat/v1/chat/room/${a.roomId}`, { token: manager.token, body: { status: 'live' } });
    await h.call('POST', `/api/chat/v1/chat/room/${a.roomId}/messages`, { token: manager.token, body: { body: 'For A' } });
    await h.call('PATCH', `/api/chat/v1/chat/room/${b.roomId}`, { token: manager.token, body: { status: 'live' } });
    const first = await socketB.next((m) => m.type === 'event');
    expect(first).toMatchObject({ kind: CHAT_LIVE.kinds.room, data: { room_id: b.roomId } });
    socketB.socket.close();

    const bad = await LiveTestClient.open(liveUrl);
    bad.send({ type: 'guest', token: 'y'.repeat(43) });
    expect((await bad.closed).code).toBe(LIVE_CLOSE.sessionInvalid);
  });
});

describe('support hours, presence and transcript', () => {
  it('is open from 7 AM to 7 PM in London every day, summer and winter', () => {
    expect(withinSupportHours(new Date('2026-06-10T05:59:00Z'))).toBe(false); // 06:59 BST
    expect(withinSupportHours(new Date('2026-06-10T06:00:00Z'))).toBe(true); // 07:00 BST
    expect(withinSupportHours(new Date('2026-06-10T17:59:00Z'))).toBe(true); // 18:59 BST
    expect(withinSupportHours(new Date('2026-06-10T18:00:00Z'))).toBe(false); // 19:00 BST
    expect(withinSupportHours(new Date('2026-12-13T07:00:00Z'))).toBe(true); // Sunday 07:00 GMT
    expect(withinSupportHours(new Date('2026-12-13T19:00:00Z'))).toBe(false);
  });

  it('says whether support is open and staff are online', async () => {
    const status = await h.call('GET', '/api/chat/v1/chat/status');
    expect(status.body).toMatchObject({ success: true, hours: CHAT_MSG.supportHours });
    expect((await h.call('POST', '/api/chat/v1/chat/presence', { token: practitioner.token })).status).toBe(200);
    expect((await h.call('GET', '/api/chat/v1/chat/status')).body).toMatchObject({ open: withinSupportHours(h.clock.now()), staff_online: true });
    h.clock.advance((CHAT_LIMITS.onlineWithinSeconds + 1) * 1000);
    expect((await h.call('GET', '/api/chat/v1/chat/status')).body.staff_online).toBe(false);
    expect((await h.call('POST', '/api/chat/v1/chat/presence')).status).toBe(401);
    expect((await h.call('POST', '/api/chat/v1/chat/presence', { token: patient.token })).status).toBe(403);
  });

  it("e-mails a closed room's transcript to its customer, without internal notes", async () => {
    const email = uniqueEmail('transcript');
    const started = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'Ada Lovelace', email } } });
    const token = started.body.token as string;
    const room = await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
    const id = room.body.id as string;
    expect((await h.call('POST', `/api/chat/v1/chat/room/${id}/transcript`, as(token))).status).toBe(409);
    await h.call('PATCH', `/api/chat/v1/chat/room/${id}`, { token: manager.token, body: { status: 'live' } });
    await h.call('POST', `/api/chat/v1/chat/room/${id}/messages`, { ...as(token), body: { body: 'Where is my kit?' } });
    await h.call('POST', `/api/chat/v1/chat/room/${id}/messages`, { token: manager.token, body: { body: 'Secret note', internal: true } });
    await h.call('PATCH', `/api/chat/v1/chat/room/${id}`, { token: manager.token, body: { status: 'closed' } });
    expect((await h.call('POST', `/api/chat/v1/chat/room/${id}/transcript`, { token: manager.token })).status).toBe(404);
    expect((await h.call('POST', `/api/chat/v1/chat/room/${id}/transcript`)).status).toBe(401);
    expect((await h.call('POST', `/api/chat/v1/chat/room/${id}/transcript`, as((await customerWithRoom()).token))).status).toBe(404);
    expect((await h.call('POST', `/api/chat/v1/chat/room/${id}/transcript`, as(token))).status).toBe(202);
    const [mail] = await h.mails({ recipient: email, template: 'chat.transcript' });
    expect(mail!.body).toContain('Ada Lovelace: Where is my kit?');
    expect(mail!.body).toContain(closedConversation(`${manager.user.firstName} ${manager.user.lastName}`));
    expect(mail!.body).not.toContain('Secret note');
  });
});
