import { z } from 'zod';
import { multilineText } from './text';
import { Email, EpochSeconds, PersonName, Uuid } from './validation';
import { CHAT_ROOM_TYPES, CHAT_ROOM_STATUSES, CHAT_LIMITS } from './chat-constants';

export * from './chat-constants';

/**
 * The chat service (spec 3 §7.3, mounted at /api/chat): staff rooms and customer support rooms.
 * A room is `internal` (staff only) or `external` (one customer and the staff who claimed it); it
 * moves claimable → live (a staff member claims it) → closed.
 */
export const ChatRoomType = z.enum(CHAT_ROOM_TYPES);
export type ChatRoomType = z.infer<typeof ChatRoomType>;
export const ChatRoomStatus = z.enum(CHAT_ROOM_STATUSES);
export type ChatRoomStatus = z.infer<typeof ChatRoomStatus>;

const BODY_TOO_LONG = `At most ${CHAT_LIMITS.bodyMax} characters`;

export const ChatBody = /* @__PURE__ */ multilineText().trim().min(1, 'Write a message').max(CHAT_LIMITS.bodyMax, BODY_TOO_LONG);

/** POST /chat/token: a customer starts; a signed-in customer sends no identity (their account is it). */
export const ChatIdentity = z.object({ name: PersonName, email: Email });
export type ChatIdentity = z.infer<typeof ChatIdentity>;
export const ChatTokenRequest = z.object({ identity: /* @__PURE__ */ ChatIdentity.optional() });
export const ChatTokenResponse = z.object({ success: z.literal(true), token: z.string(), identity: Uuid });

export const ChatMember = z.object({ user_id: Uuid, name: z.string(), online: z.boolean() });

export const ChatMessage = z.object({
  id: z.number().int().positive(),
  room_id: Uuid,
  body: z.string(),
  /** The staff author's user id; null for the customer and for the room's own notices. */
  author: /* @__PURE__ */ Uuid.nullable(),
  author_name: z.string(),
  author_kind: z.enum(['staff', 'customer', 'system']),
  /** A note between staff in a customer room; the customer never sees it. */
  internal: z.boolean(),
  dateCreated: EpochSeconds,
  /** An attached image (its links from GET …/messages/{id}/image, for room members only). */
  image: /* @__PURE__ */ z.object({ id: Uuid, width: z.number().int().positive(), height: z.number().int().positive() }).nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatRoom = z.object({
  id: Uuid,
  type: ChatRoomType,
  status: ChatRoomStatus,
  user_role: z.string(),
  room_members: z.array(ChatMember),
  /** External rooms: the customer's name (staff only see it), and whether their page is open. */
  customer_name: z.string().nullable(),
  customer_online: z.boolean().nullable(),
  unread: z.number().int().nonnegative(),
  last_message_id: z.number().int().nonnegative(),
  created_at: EpochSeconds,
});
export type ChatRoom = z.infer<typeof ChatRoom>;

export const ChatRoomsParams = z.object({ a: Uuid, b: z.string().regex(/^[a-z_]{1,40}$/) });
export const ChatRoomsQuery = z.object({ type: /* @__PURE__ */ ChatRoomType.optional(), status: /* @__PURE__ */ ChatRoomStatus.optional() });
export const ChatRoomsResponse = z.object({ success: z.literal(true), rooms: z.array(ChatRoom) });
export type ChatRoomsResponse = z.infer<typeof ChatRoomsResponse>;

export const CreateChatRoomRequest = z.object({
  type: ChatRoomType,
  user_role: z.string().regex(/^[a-z_]{1,40}$/),
  status: ChatRoomStatus,
  room_members: z.array(z.object({ user_id: Uuid })).max(CHAT_LIMITS.membersMax),
});
export const CreateChatRoomResponse = z.object({ success: z.literal(true), id: Uuid });

/** PATCH /v1/chat/room/{id}: `live` claims a claimable room, `closed` closes it. */
export const UpdateChatRoomRequest = z.object({ status: z.enum(['live', 'closed']) });
export const ChatRoomResponse = z.object({ success: z.literal(true), room: ChatRoom });

export const ChatMessagesQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
export const ChatMessagesResponse = z.object({ success: z.literal(true), messages: z.array(ChatMessage) });
export const PostChatMessageRequest = z.object({ body: ChatBody, internal: z.boolean().default(false) });
export const ChatMessageResponse = z.object({ success: z.literal(true), message: ChatMessage });
/** POST /v1/chat/room/{id}/images: multipart, the file `image` and these text fields (a caption may be empty). */
export const PostChatImageFields = z.object({
  body: /* @__PURE__ */ multilineText().trim().max(CHAT_LIMITS.bodyMax, BODY_TOO_LONG).default(''),
  internal: z.enum(['true', 'false']).default('false'),
});
export const ChatMessageParams = z.object({ id: Uuid, messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Short-lived signed links to an image and its thumbnail, for the member who asked. */
export const ChatImageLinksResponse = z.object({ success: z.literal(true), url: z.string(), thumbnail_url: z.string(), expires: EpochSeconds });
export const ChatReadRequest = z.object({ message_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const ChatUnreadResponse = z.object({ success: z.literal(true), internal: z.number().int().nonnegative(), external: z.number().int().nonnegative(), claimable: z.number().int().nonnegative() });
export const ChatStatusResponse = z.object({ success: z.literal(true), open: z.boolean(), staff_online: z.boolean(), hours: z.string() });
export const ChatStaffResponse = z.object({ success: z.literal(true), staff: z.array(z.object({ user_id: Uuid, name: z.string() })) });
export const ChatOkResponse = z.object({ success: z.literal(true) });
export const ChatLiveData = z.object({
  room_id: Uuid,
  status: /* @__PURE__ */ ChatRoomStatus.optional(),
  message: /* @__PURE__ */ ChatMessage.optional(),
  /** Typing: who (never stored). */
  typing: z.object({ name: z.string() }).optional(),
});
export type ChatLiveData = z.infer<typeof ChatLiveData>;
