import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  CHAT_TOKEN_HEADER,
  CHAT_LIMITS,
  CHAT_MSG,
  ChatImageLinksResponse,
  ChatMessageParams,
  ChatMessageResponse,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatOkResponse,
  ChatReadRequest,
  ChatRoomResponse,
  ChatRoomsParams,
  ChatRoomsQuery,
  ChatRoomsResponse,
  ChatStaffResponse,
  ChatStatusResponse,
  ChatTokenRequest,
  ChatTokenResponse,
  ChatUnreadResponse,
  CreateChatRoomRequest,
  CreateChatRoomResponse,
  PostChatImageFields,
  PostChatMessageRequest,
  UpdateChatRoomRequest,
  Uuid,
  text,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { AppError, badRequest } from '../../platform/errors';
import { parseFields, readMultipart, registerMultipart } from '../../platform/multipart';
import { IdParams, withErrors } from '../../platform/schemas';
import { imageFile, imageLinks, postImage } from './images';
import {
  chatActor,
  createRoom,
  getRoom,
  issueToken,
  listMessages,
  listRooms,
  leavePresence,
  listStaff,
  markRead,
  postMessage,
  reportPresence,
  requestTranscript,
  staffActor,
  supportStatus,
  typing,
  unreadCounts,
  updateRoom,
} from './service';

const tags = ['chat'];

/** The customer's chat token, from its header only (never the URL). */
function chatTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CHAT_TOKEN_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The chat service (spec 3 §7.3), mounted at /api/chat. Routes that customers use too are PUBLIC
 * at the HTTP level and decide in the service: a chat token's customer, else a session holding
 * `chat.staff` (401 without either, 403 for other roles); rooms not the caller's answer 404.
 */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.chat;
  const actor = (request: FastifyRequest) => chatActor(deps, callerOf(request), chatTokenOf(request));
  const staff = permission('chat.staff');
  await registerMultipart(app, CHAT_LIMITS.imageMaxBytes);

  r.post('/chat/token', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'A customer starts: their chat token (a signed-in caller as themselves, else identity {name, email}); counted per address',
      body: ChatTokenRequest,
      response: withErrors({ 201: ChatTokenResponse }),
    },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, ...(await issueToken(deps, callerOf(request), request.body.identity)) }),
  });

  r.get('/v1/chat/status', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Whether support is open now (7 AM to 7 PM UK time) and any staff member is online', response: withErrors({ 200: ChatStatusResponse }) },
    handler: async () => ({ success: true as const, ...(await supportStatus(deps)) }),
  });

  r.get('/v1/chat/rooms/:a/:b', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Rooms of member a (the caller) with role b, by type and status', params: ChatRoomsParams, querystring: ChatRoomsQuery, response: withErrors({ 200: ChatRoomsResponse }) },
    handler: async (request) => ({ success: true as const, rooms: await listRooms(deps, await actor(request), request.params, request.query) }),
  });

  r.post('/v1/chat/room', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Open a room: a customer an external claimable one, staff an internal one with chosen members', body: CreateChatRoomRequest, response: withErrors({ 201: CreateChatRoomResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, id: await createRoom(deps, await actor(request), request.body) }),
  });

  r.get('/v1/chat/room/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'One room', params: IdParams, response: withErrors({ 200: ChatRoomResponse }) },
    handler: async (request) => ({ success: true as const, room: await getRoom(deps, await actor(request), request.params.id) }),
  });

  r.patch('/v1/chat/room/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: "Claim (status live; staff) or close (status closed; '{user} closed conversation' is written first)", params: IdParams, body: UpdateChatRoomRequest, response: withErrors({ 200: ChatRoomResponse }) },
    handler: async (request) => ({ success: true as const, room: await updateRoom(deps, await actor(request), request.params.id, request.body) }),
  });

  r.get('/v1/chat/room/:id/messages', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Messages after message id `after`, oldest first (customer rooms: audited reads)', params: IdParams, querystring: ChatMessagesQuery, response: withErrors({ 200: ChatMessagesResponse }) },
    handler: async (request) => ({ success: true as const, messages: await listMessages(deps, await actor(request), request.params.id, request.query.after) }),
  });

  r.post('/v1/chat/room/:id/messages', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Write a message (stored, then sent live); `internal` notes are staff-only in customer rooms', params: IdParams, body: PostChatMessageRequest, response: withErrors({ 201: ChatMessageResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, message: await postMessage(deps, await actor(request), request.params.id, request.body) }),
  });

  r.post('/v1/chat/room/:id/images', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Send an image (multipart: file `image`, optional `body` caption and `internal`); PNG, JPEG or WebP up to 5 MB, type read from the bytes, re-encoded, scanned by clamd when configured',
      params: IdParams,
      consumes: ['multipart/form-data'],
      response: withErrors({ 201: ChatMessageResponse }),
    },
    handler: async (request, reply) => {
      const who = await actor(request);
      const refused = () => badRequest(CHAT_MSG.imageRefused, { image: CHAT_MSG.imageRefused });
      const { file, fields } = await readMultipart(request, refused).catch((error: unknown) => {
        throw (error as { statusCode?: number }).statusCode === 413 ? new AppError(413, CHAT_MSG.imageRefused) : error;
      });
      const input = parseFields(PostChatImageFields, fields);
      const message = await postImage(deps, who, request.params.id, file, { body: input.body, internal: input.internal === 'true' });
      return reply.status(201).send({ success: true as const, message });
    },
  });

  r.get('/v1/chat/room/:id/messages/:messageId/image', {
    config: { access: PUBLIC },
    schema: { tags, summary: "Short-lived signed links to a message's image and thumbnail, for a member of the room", params: ChatMessageParams, response: withErrors({ 200: ChatImageLinksResponse }) },
    handler: async (request) => ({ success: true as const, ...(await imageLinks(deps, await actor(request), request.params.id, request.params.messageId)) }),
  });

  r.get('/v1/chat/image/:id/:variant', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'An image or its thumbnail through a signed link from GET …/messages/{messageId}/image',
      description: 'The link is the authorisation: it names one image and the member it was issued to, expires after 5 minutes, and works while that member is in the room.',
      params: z.object({ id: Uuid, variant: z.enum(['full', 'thumbnail']) }),
      querystring: z.object({ user: text().max(64), expires: z.coerce.number().int().positive(), signature: text().max(128) }),
    },
    handler: async (request, reply) => {
      const file = await imageFile(deps, request.params.id, request.params.variant, request.query);
      return reply.type(file.contentType).header('Content-Disposition', 'inline').header('Cache-Control', 'no-store, private').send(file.data);
    },
  });

  r.post('/v1/chat/room/:id/read', {
    config: { access: PUBLIC },
    schema: { tags, summary: "Move the caller's read horizon to message_id", params: IdParams, body: ChatReadRequest, response: withErrors({ 200: ChatOkResponse }) },
    handler: async (request) => {
      await markRead(deps, await actor(request), request.params.id, request.body.message_id);
      return { success: true as const };
    },
  });

  r.post('/v1/chat/room/:id/typing', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Tell the room the caller is typing (live only, never stored)', params: IdParams, response: withErrors({ 200: ChatOkResponse }) },
    handler: async (request) => {
      await typing(deps, await actor(request), request.params.id);
      return { success: true as const };
    },
  });

  r.post('/v1/chat/room/:id/transcript', {
    config: { access: PUBLIC },
    schema: { tags, summary: "E-mail a closed room's transcript to its customer (customers only; mail quota)", params: IdParams, response: withErrors({ 202: ChatOkResponse }) },
    handler: async (request, reply) => {
      await requestTranscript(deps, await actor(request), request.params.id);
      return reply.status(202).send({ success: true as const });
    },
  });

  r.post('/v1/chat/presence', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The caller’s chat page is open (online indicator, staff online)', response: withErrors({ 200: ChatOkResponse }) },
    handler: async (request) => {
      await reportPresence(deps, await actor(request));
      return { success: true as const };
    },
  });

  r.delete('/v1/chat/presence', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The caller’s chat page closed: offline at once', response: withErrors({ 200: ChatOkResponse }) },
    handler: async (request) => {
      await leavePresence(deps, await actor(request));
      return { success: true as const };
    },
  });

  r.get('/v1/chat/staff', {
    config: { access: staff },
    schema: { tags, summary: "The chat group of the caller's organisation (whom a staff room can be opened with)", response: withErrors({ 200: ChatStaffResponse }) },
    handler: async (request) => ({ success: true as const, staff: await listStaff(deps, staffActor(signedInCaller(request))) }),
  });

  r.get('/v1/chat/unread', {
    config: { access: staff },
    schema: { tags, summary: "Unread messages in the caller's internal and customer rooms, and the claimable chats waiting", response: withErrors({ 200: ChatUnreadResponse }) },
    handler: async (request) => ({ success: true as const, ...(await unreadCounts(deps, staffActor(signedInCaller(request)))) }),
  });
}
