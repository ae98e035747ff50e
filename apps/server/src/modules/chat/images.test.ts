import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CHAT_LIMITS, CHAT_MSG, CHAT_TOKEN_HEADER, MSG } from '@vireo/contracts';
import { auditEvents, chatMessages } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let manager: TestUser;
let practitioner: TestUser;
let patient: TestUser;

beforeAll(async () => {
  h = await createHarness();
  const clinic = await h.org();
  manager = await h.user({ org: clinic, roles: ['shift_manager'] });
  practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  patient = await h.user({ org: clinic, roles: ['patient'] });
});
afterAll(() => h.close());

const as = (token: string) => ({ headers: { [CHAT_TOKEN_HEADER]: token } });

/** A customer's room, claimed by the shift manager. */
async function liveRoom() {
  const email = uniqueEmail('customer');
  const started = await h.call('POST', '/api/chat/chat/token', { body: { identity: { name: 'Ada Lovelace', email } } });
  const { token, identity } = started.body as { token: string; identity: string };
  const room = await h.call('POST', '/api/chat/v1/chat/room', { ...as(token), body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] } });
  const roomId = room.body.id as string;
  expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'live' } })).status).toBe(200);
  return { token, identity, roomId, email };
}

type Who = { token?: string; chatToken?: string };

async function sendImage(roomId: string, who: Who, file: { data: Buffer; type: string; name?: string } | null, fields: Record<string, string> = {}) {
  const boundary = `----vireo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name ?? 'photo'}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/chat/v1/chat/room/${roomId}/images`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...(who.chatToken ? { [CHAT_TOKEN_HEADER]: who.chatToken } : {}),
    },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A 1200×800 JPEG carrying EXIF (a camera's maker and a GPS-like comment) and an orientation tag. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam', ImageDescription: 'home 51.5N 0.1W' } } })
    .toBuffer();
const png = () => sharp({ create: { width: 40, height: 30, channels: 4, background: '#336699' } }).png().toBuffer();

const messageCount = async (roomId: string) => (await h.ctx.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).length;

async function fetchLink(url: string) {
  const response = await h.app.inject({ method: 'GET', url });
  return { status: response.statusCode, type: String(response.headers['content-type']), body: response.rawPayload, json: () => response.json() };
}

describe('chat images', () => {
  it('takes a photo whatever its name and header, re-encoded without metadata with a thumbnail, served by signed links to the room only', async () => {
    const { token, roomId } = await liveRoom();
    const sent = await sendImage(roomId, { chatToken: token }, { data: await photo(), type: 'text/plain', name: 'notes.txt' }, { body: 'The kit box' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ body: 'The kit box', author_kind: 'customer', image: { width: 1200, height: 800 } });
    const messageId = sent.body.message.id as number;
    const [row] = await h.ctx.database.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    expect(row).toMatchObject({ imageType: 'image/jpeg', imageId: sent.body.message.image.id });

    const links = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`, { token: manager.token });
    expect(links.status).toBe(200);
    expect(links.body.url).not.toContain(manager.token);
    const full = await fetchLink(links.body.url);
    expect(full).toMatchObject({ status: 200, type: 'image/jpeg' });
    const fullMeta = await sharp(full.body).metadata();
    expect(fullMeta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(fullMeta.exif).toBeUndefined();
    expect(full.body.includes(Buffer.from('SecretCam'))).toBe(false);
    const thumbnail = await fetchLink(links.body.thumbnail_url);
    expect(thumbnail).toMatchObject({ status: 200, type: 'image/webp' });
    expect(await sharp(thumbnail.body).metadata()).toMatchObject({ width: CHAT_LIMITS.thumbnailSide, height: 213 });

    // The customer gets links of their own; links are reads of a customer chat, audited.
    const customerLinks = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`, as(token));
    expect((await fetchLink(customerLinks.body.thumbnail_url)).status).toBe(200);
    const reads = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceType, 'chat_image')));
    expect(reads.length).toBeGreaterThanOrEqual(2);

    // Not for anyone else: another customer, staff outside the room, no one at all; a tampered link; a link whose holder left.
    const other = await liveRoom();
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`, as(other.token))).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`, { token: practitioner.token })).status).toBe(404);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`)).status).toBe(401);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${messageId}/image`, { token: patient.token })).status).toBe(403);
    expect((await h.call('GET', `/api/chat/v1/chat/room/${other.roomId}/messages/${messageId}/image`, as(other.token))).status).toBe(404);
    const tampered = links.body.url.replace(`user=${manager.user.id}`, `user=${practitioner.user.id}`);
    expect((await fetchLink(tampered)).status).toBe(404);
    expect((await fetchLink(links.body.url.replace('/full?', '/thumbnail?'))).status).toBe(404);

    // Expired after its lifetime, and says so.
    const later = new Date(h.clock.now().getTime() + (CHAT_LIMITS.imageLinkSeconds + 1) * 1000);
    const before = h.clock.now();
    h.clock.set(later);
    try {
      const expired = await fetchLink(links.body.url);
      expect(expired.status).toBe(404);
      expect(expired.json().message).toBe(CHAT_MSG.imageLinkExpired);
    } finally {
      h.clock.set(before);
    }
  });

  it('keeps a PNG a PNG and a WebP a WebP; staff send images too, internal ones never to the customer', async () => {
    const { token, roomId, email } = await liveRoom();
    const asPng = await sendImage(roomId, { token: manager.token }, { data: await png(), type: 'image/png' });
    expect(asPng).toMatchObject({ status: 201, body: { message: { body: '', author_kind: 'staff', image: { width: 40, height: 30 } } } });
    const webp = await sharp(await png()).webp().toBuffer();
    const note = await sendImage(roomId, { token: manager.token }, { data: webp, type: 'image/webp' }, { internal: 'true' });
    expect(note.status).toBe(201);
    const noteLinks = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${note.body.message.id}/image`, { token: manager.token });
    expect(await fetchLink(noteLinks.body.url)).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${note.body.message.id}/image`, as(token))).status).toBe(404);
    const pngLinks = await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${asPng.body.message.id}/image`, as(token));
    expect(await fetchLink(pngLinks.body.url)).toMatchObject({ status: 200, type: 'image/png' });
    // A text message has no image.
    const text = await h.call('POST', `/api/chat/v1/chat/room/${roomId}/messages`, { ...as(token), body: { body: 'Thanks' } });
    expect(text.body.message.image).toBeNull();
    expect((await h.call('GET', `/api/chat/v1/chat/room/${roomId}/messages/${text.body.message.id}/image`, as(token))).status).toBe(404);

    // The transcript names the images the customer saw, not the internal one.
    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'closed' } })).status).toBe(200);
    expect((await h.call('POST', `/api/chat/v1/chat/room/${roomId}/transcript`, as(token))).status).toBe(202);
    const [mail] = await h.mails({ recipient: email, template: 'chat.transcript' });
    expect(mail!.body.match(/\[image\]/g)).toHaveLength(1);
    expect(mail!.body).toContain('Thanks');
  });

  it('refuses anything else with a clear error and stores nothing', async () => {
    const { token, roomId } = await liveRoom();
    const refused = { status: 400, body: { message: CHAT_MSG.imageRefused } };
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect(await sendImage(roomId, { chatToken: token }, { data: gif, type: 'image/png', name: 'photo.png' })).toMatchObject(refused);
    expect(await sendImage(roomId, { chatToken: token }, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/png' })).toMatchObject(refused);
    expect(await sendImage(roomId, { chatToken: token }, { data: Buffer.from('%PDF-1.7 not an image'), type: 'image/jpeg' })).toMatchObject(refused);
    // Image signatures with no picture behind them, and a PNG signature on a JPEG's bytes.
    expect(await sendImage(roomId, { chatToken: token }, { data: (await png()).subarray(0, 40), type: 'image/png' })).toMatchObject(refused);
    expect(await sendImage(roomId, { chatToken: token }, { data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), await photo()]), type: 'image/png' })).toMatchObject(refused);
    expect(await sendImage(roomId, { chatToken: token }, null)).toMatchObject(refused);
    const tooLarge = await sendImage(roomId, { chatToken: token }, { data: Buffer.alloc(CHAT_LIMITS.imageMaxBytes + 1, 1), type: 'image/jpeg' });
    expect(tooLarge).toMatchObject({ status: 413, body: { message: CHAT_MSG.imageRefused } });
    const longCaption = await sendImage(roomId, { chatToken: token }, { data: await png(), type: 'image/png' }, { body: 'x'.repeat(CHAT_LIMITS.bodyMax + 1) });
    expect(longCaption.status).toBe(400);
    expect(await messageCount(roomId)).toBe(0);
  });

  it('answers 401 without a session, 403 outside the chat group, 404 for rooms not the caller’s, 409 when closed, and counts a customer’s images as messages', async () => {
    const { token, roomId } = await liveRoom();
    const image = { data: await png(), type: 'image/png' };
    expect((await sendImage(roomId, {}, image)).status).toBe(401);
    expect((await sendImage(roomId, { chatToken: 'x'.repeat(40) }, image)).status).toBe(401);
    expect((await sendImage(roomId, { token: patient.token }, image)).status).toBe(403);
    expect((await sendImage(roomId, { token: practitioner.token }, image)).status).toBe(404);
    const other = await liveRoom();
    expect((await sendImage(roomId, { chatToken: other.token }, image)).status).toBe(404);
    expect(await sendImage(roomId, { chatToken: token }, image, { internal: 'true' })).toMatchObject({ status: 400, body: { message: CHAT_MSG.internalNotesStaffOnly } });

    const flood = await liveRoom();
    for (let i = 0; i < CHAT_LIMITS.messagesPerRoom; i += 1) {
      expect((await h.call('POST', `/api/chat/v1/chat/room/${flood.roomId}/messages`, { ...as(flood.token), body: { body: `m${i}` } })).status).toBe(201);
    }
    expect(await sendImage(flood.roomId, { chatToken: flood.token }, image)).toMatchObject({ status: 429, body: { message: CHAT_MSG.tooManyMessages } });

    expect((await h.call('PATCH', `/api/chat/v1/chat/room/${roomId}`, { token: manager.token, body: { status: 'closed' } })).status).toBe(200);
    expect(await sendImage(roomId, { chatToken: token }, image)).toMatchObject({ status: 409, body: { message: CHAT_MSG.roomClosed } });
    expect((await fetchLink(`/api/chat/v1/chat/image/${roomId}/full?user=${manager.user.id}&expires=1&signature=x`)).json().message).toBe(MSG.notFound);
  });
});

/** A clamd that speaks INSTREAM: reads the length-prefixed chunks to the zero one, then answers `reply(bytes)`. */
async function fakeClamd(reply: (data: Buffer) => string) {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    const data: Buffer[] = [];
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (buffer.subarray(0, 10).toString() !== 'zINSTREAM\0') return;
      let offset = 10;
      while (buffer.length >= offset + 4) {
        const size = buffer.readUInt32BE(offset);
        if (size === 0) {
          const whole = Buffer.concat(data);
          received.push(whole);
          socket.end(`${reply(whole)}\0`);
          return;
        }
        if (buffer.length < offset + 4 + size) return;
        data.push(buffer.subarray(offset + 4, offset + 4 + size));
        buffer = Buffer.concat([buffer.subarray(0, 10), buffer.subarray(offset + 4 + size)]);
        offset = 10;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('chat images with clamd configured', () => {
  it('scans each image: a clean one is kept, a found one refused and recorded, an unreachable clamd refuses too; nothing stored', async () => {
    const { token, roomId } = await liveRoom();
    const clamd = await fakeClamd((data) => (data.includes(Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST-FILE')) ? 'stream: Eicar-Test-Signature FOUND' : 'stream: OK'));
    const chat = h.ctx.chat;
    chat.clamdAddress = clamd.address;
    try {
      const clean = await png();
      expect((await sendImage(roomId, { chatToken: token }, { data: clean, type: 'image/png' })).status).toBe(201);
      expect(clamd.received.at(-1)!.equals(clean)).toBe(true);
      const eicar = Buffer.concat([clean, Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*')]);
      expect(await sendImage(roomId, { chatToken: token }, { data: eicar, type: 'image/png' })).toMatchObject({ status: 400, body: { message: CHAT_MSG.imageInfected } });
      const [refusal] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'chat.image_refused'), eq(auditEvents.resourceId, roomId)));
      expect(refusal).toMatchObject({ outcome: 'failure', details: { signature: 'Eicar-Test-Signature' } });
      await clamd.close();
      expect(await sendImage(roomId, { chatToken: token }, { data: clean, type: 'image/png' })).toMatchObject({ status: 503, body: { message: CHAT_MSG.somethingWentWrong } });
      expect(await messageCount(roomId)).toBe(1);
    } finally {
      chat.clamdAddress = undefined;
    }
  });
});
