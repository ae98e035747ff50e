import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_LIMITS, CHAT_LIVE, CHAT_ROOM_LINK, CHAT_TOKEN_HEADER } from '@vireo/contracts';
import { chatRoomLinks, outboxEvents } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { LiveTestClient } from '../../test/live-client';

let h: Harness;
let liveUrl: string;
let manager: TestUser;
let services: TestUser;
const onPostgres = Boolean(inject('postgresUrl'));

beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  liveUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/live`;
  const clinic = await h.org();
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  services = await h.user({ org: clinic, roles: ['customer_services'] });
});
afterAll(() => h.close());

const as = (token: string) => ({ headers: { [CHAT_TOKEN_HEADER]: token } });

/** A customer whose claimed room's page has not reported in (they left, or chose to continue by e-mail). */
async function awayCustomer() {
  const email = uniqueEmail('away');
  const started = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'Ada Lovelace', email } } });
  const { token, identity } = started.body as { token: string; identity: string };
  const room = await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
  const roomId = room.body.id as string;
  expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } })).status).toBe(200);
  return { email, token, identity, roomId };
}

const answer = (roomId: string, body: string, internal = false) => h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { token: manager.token, body: { body, internal } });

/** The room link of an e-mail: its path, and its fragment's room, identity and token. */
function linkOf(body: string) {
  const found = /https?:\/\/\S+/.exec(body);
  expect(found).not.toBeNull();
  const url = new URL(found![0]);
  const fragment = new URLSearchParams(url.hash.slice(1));
  return { url, room: fragment.get(CHAT_ROOM_LINK.room), identity: fragment.get(CHAT_ROOM_LINK.identity), token: fragment.get(CHAT_ROOM_LINK.token)! };
}

describe('answers while the customer is away', () => {
  it('e-mails the customer a notice with the room link after #, once per window, without the message text', async () => {
    const { email, roomId, identity } = await awayCustomer();
    expect((await answer(roomId, 'Your kit left today', true)).status).toBe(201);
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(0);
    expect((await answer(roomId, 'Your kit left today')).status).toBe(201);
    expect((await answer(roomId, 'It should arrive tomorrow')).status).toBe(201);
    const mails = await h.mails({ recipient: email, template: 'chat.answered' });
    expect(mails).toHaveLength(1);
    const body = mails[0]!.body;
    expect(body).not.toContain('Your kit left today');
    expect(body).not.toContain('arrive tomorrow');
    const link = linkOf(body);
    expect(link.url.pathname).toBe(CHAT_ROOM_LINK.path);
    expect(link.url.search).toBe('');
    expect(link).toMatchObject({ room: roomId, identity });
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    // Only its hash is kept; the outbox forgot it once delivered.
    const [stored] = await h.ctx.database.db.select().from(chatRoomLinks).where(eq(chatRoomLinks.roomId, roomId));
    expect(stored!.tokenHash).toBe(hashToken(link.token));
    const events = await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'chat.customer_answered'));
    for (const event of events) {
      expect(JSON.stringify(event.payload)).not.toContain(link.token);
      expect(event.secrets).toBeNull();
    }

    h.clock.advance(CHAT_LIMITS.replyMailEverySeconds * 1000 - 1000);
    await answer(roomId, 'Still there?');
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(1);
    h.clock.advance(2000);
    await answer(roomId, 'Anything else?');
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(2);
  });

  it('sends nothing while the customer has the room open, nor for a staff room', async () => {
    const { email, roomId, token } = await awayCustomer();
    expect((await h.call('POST', '/api/chat/v1/chat/presence', as(token))).status).toBe(200);
    await answer(roomId, 'Hello');
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(0);
    h.clock.advance((CHAT_LIMITS.onlineWithinSeconds + 1) * 1000);
    await answer(roomId, 'Are you still there?');
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(1);

    // A page that closes says so (DELETE /v1/chat/presence): away at once, not a heartbeat later.
    const again = await awayCustomer();
    expect((await h.call('POST', '/api/chat/v1/chat/presence', as(again.token))).status).toBe(200);
    expect((await h.call('DELETE', '/api/chat/v1/chat/presence')).status).toBe(401);
    expect((await h.call('DELETE', '/api/chat/v1/chat/presence', as(again.token))).status).toBe(200);
    await answer(again.roomId, 'Hello');
    expect(await h.mails({ recipient: again.email, template: 'chat.answered' })).toHaveLength(1);

    const before = (await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'chat.customer_answered'))).length;
    const staffRoom = await h.call('POST', '/api/chat/v1/chat/room', { token: manager.token, body: { type: 'internal', user_role: manager.roles[0]!.name, status: 'live', room_members: [{ user_id: services.user.id }] } });
    await answer(staffRoom.body.id as string, 'Coffee?');
    expect(await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'chat.customer_answered'))).toHaveLength(before);
  });

  it.skipIf(!onPostgres)('answers written at once send one e-mail (PostgreSQL)', async () => {
    const { email, roomId } = await awayCustomer();
    const [first] = await Promise.all([answer(roomId, 'First'), answer(roomId, 'Second'), answer(roomId, 'Third'), answer(roomId, 'Fourth')]);
    expect(first.status).toBe(201);
    expect(await h.mails({ recipient: email, template: 'chat.answered' })).toHaveLength(1);
  });

  it("a socket opened with the link hears its room's messages, not the customer's other rooms", async () => {
    const { email, roomId, token: chatToken } = await awayCustomer();
    await answer(roomId, 'Hello again');
    const { token } = linkOf((await h.mails({ recipient: email, template: 'chat.answered' }))[0]!.body);
    const other = await h.call('POST', '/api/chat/v1/chat/room', { ...as(chatToken), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
    const socket = await LiveTestClient.open(liveUrl);
    socket.send({ type: 'guest', token });
    socket.send({ type: 'subscribe', topics: [CHAT_LIVE.topic] });
    await socket.next((m) => m.type === 'subscribed');
    await h.call('PATCH', `/api/chat/v1/chat/room/${other.body.id as string}`, { token: manager.token, body: { status: 'live' } });
    await h.call('POST', `/api/chat/v1/chat/room/${other.body.id as string}/messages`, { token: manager.token, body: { body: 'Other room' } });
    await answer(roomId, 'Linked room');
    expect(await socket.next((m) => m.type === 'event')).toMatchObject({ kind: CHAT_LIVE.kinds.message, data: { room_id: roomId, message: { body: 'Linked room' } } });
    socket.socket.close();
  });

  it('the link opens its own room only, and nothing once expired or wrong', async () => {
    const { email, roomId, identity, token: chatToken } = await awayCustomer();
    // The same customer's second room: the link must not reach it.
    const other = await h.call('POST', '/api/chat/v1/chat/room', { ...as(chatToken), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
    const otherRoom = other.body.id as string;
    await answer(roomId, 'Your results are ready to view');
    const { token } = linkOf((await h.mails({ recipient: email, template: 'chat.answered' }))[0]!.body);

    const rooms = await h.call('GET', `/api/chat/v1/chat/rooms/${identity}/customer`, as(token));
    expect(rooms.status).toBe(200);
    expect(rooms.body.rooms.map((r: { id: string }) => r.id)).toEqual([roomId]);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(token))).status).toBe(200);
    const messages = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages`, as(token));
    expect(messages.body.messages.map((m: { body: string }) => m.body)).toContain('Your results are ready to view');
    expect((await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { ...as(token), body: { body: 'Thank you' } })).status).toBe(201);

    expect((await h.call('GET', `/api/chat/v1/chat/room/${otherRoom}`, as(token))).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${otherRoom}/messages`, as(token))).status).toBe(404);
    expect((await h.call('POST', `/api/chat/v1/chat/room/${otherRoom}/messages`, { ...as(token), body: { body: 'Hi' } })).status).toBe(404);
    expect((await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } })).status).toBe(404);
    // Another customer's link does not open this room.
    const stranger = await awayCustomer();
    await answer(stranger.roomId, 'Hello');
    const strangerLink = linkOf((await h.mails({ recipient: stranger.email, template: 'chat.answered' }))[0]!.body);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(strangerLink.token))).status).toBe(404);

    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(`${token.slice(0, -2)}xx`))).status).toBe(401);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`)).status).toBe(401);
    h.clock.advance(CHAT_LIMITS.roomLinkDays * 86_400_000 + 1000);
    const expired = await h.call('GET', `/api/chat/v1/chat/rooms/${identity}/customer`, as(token));
    expect(expired.status).toBe(401);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages`, as(token))).status).toBe(401);
    // The chat token itself still works.
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}`, as(chatToken))).status).toBe(200);
  });

});
