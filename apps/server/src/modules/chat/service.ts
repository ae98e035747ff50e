import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  CHAT_CUSTOMER_ROLE,
  CHAT_LIMITS,
  CHAT_LIVE,
  CHAT_MSG,
  ChatLiveData,
  MSG,
  closedConversation,
  rolesWith,
  withinSupportHours,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomStatus,
  type ChatRoomType,
} from '@vireo/contracts';
import { hasPermission, type AuthContext } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import { DownloadLinks } from '../../platform/download-links';
import type { FileStorage } from '../../platform/files';
import type { Caller, RequestCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../../platform/errors';
import type { LiveAudience, LiveHub } from '../../platform/live';
import type { OutboxRelay } from '../../platform/outbox';
import type { MailQuota, RateLimiter } from '../../platform/rate-limit';
import type { Sealer } from '../../platform/sealing';
import { hashToken, newToken } from '../../platform/tokens';
import { chatCustomers, chatMessages, chatPresence, chatRoomLinks, chatRoomMembers, chatRooms, roles, users } from '../../db/schema';

export interface ChatDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  limiter: RateLimiter;
  mailQuota: MailQuota;
  live: LiveHub;
  outbox: OutboxRelay;
  /** Message bodies are sealed at rest, as e-mails are. */
  sealer: Sealer;
  /** Images: kept in file storage, scanned by clamd when an address is configured, served through signed links. */
  files: FileStorage;
  clamdAddress: string | undefined;
  imageLinks: DownloadLinks;
  thumbnailLinks: DownloadLinks;
}

/** The chat's deps with the signing of its image links (their secrets shared by every process). */
export function createChatDeps(input: Omit<ChatDeps, 'imageLinks' | 'thumbnailLinks'>): ChatDeps {
  return {
    ...input,
    imageLinks: new DownloadLinks(input.db, input.clock, 'chat-image', CHAT_LIMITS.imageLinkSeconds),
    thumbnailLinks: new DownloadLinks(input.db, input.clock, 'chat-thumbnail', CHAT_LIMITS.imageLinkSeconds),
  };
}

export type RoomRow = typeof chatRooms.$inferSelect;
type CustomerRow = typeof chatCustomers.$inferSelect;

/**
 * Who acts in a chat: a member of staff (a session with `chat.staff`) or a customer (the holder of a
 * chat token, or of a room link's token, which opens only `roomId`). Routes build it with
 * `chatActor`; below them nothing sees the request.
 */
export type ChatActor = { kind: 'staff'; auth: AuthContext; caller: Caller } | { kind: 'customer'; customer: CustomerRow; roomId: string | null; caller: Caller };

/** The live key of a customer's socket: it receives the events addressed to it and nothing else. */
export const customerLiveKey = (customerId: string): string => `chat-customer:${customerId}`;

/** The live key of a socket opened with a room link: the events of that one room. */
export const roomLinkLiveKey = (roomId: string): string => `chat-room-link:${roomId}`;

/** Who holds `token`: a chat token's customer (every room of theirs), a room link's (that room only, until it expires), or null. */
export async function customerByToken(deps: Pick<ChatDeps, 'db' | 'clock'>, token: string): Promise<{ customer: CustomerRow; roomId: string | null } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const hash = hashToken(token);
  const [customer] = await deps.db.select().from(chatCustomers).where(eq(chatCustomers.tokenHash, hash));
  if (customer) return { customer, roomId: null };
  const [link] = await deps.db
    .select({ customer: chatCustomers, roomId: chatRoomLinks.roomId })
    .from(chatRoomLinks)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomLinks.roomId))
    .innerJoin(chatCustomers, eq(chatCustomers.id, chatRooms.customerId))
    .where(and(eq(chatRoomLinks.tokenHash, hash), gt(chatRoomLinks.expiresAt, deps.clock.now())));
  return link ?? null;
}

/** The live key for a socket that authenticates with `token`, or null. */
export async function guestLiveKey(deps: Pick<ChatDeps, 'db' | 'clock'>, token: string): Promise<string | null> {
  const holder = await customerByToken(deps, token);
  if (!holder) return null;
  return holder.roomId ? roomLinkLiveKey(holder.roomId) : customerLiveKey(holder.customer.id);
}

/**
 * The actor of a request: the chat token's customer when one is sent (401 if it is not valid), else
 * the session's staff member (401 without a session, 403 outside the chat group).
 */
export async function chatActor(deps: ChatDeps, caller: Caller, chatToken: string | undefined): Promise<ChatActor> {
  if (chatToken !== undefined) {
    const holder = await customerByToken(deps, chatToken);
    if (!holder) throw unauthenticated();
    return { kind: 'customer', ...holder, caller };
  }
  return staffActor(caller);
}

export function staffActor(caller: Caller): ChatActor & { kind: 'staff' } {
  if (!caller.auth) throw unauthenticated();
  if (!hasPermission(caller.auth, 'chat.staff')) throw forbidden();
  return { kind: 'staff', auth: caller.auth, caller };
}

// ---- Support hours and presence ----

const onlineSince = (clock: Clock) => new Date(clock.now().getTime() - CHAT_LIMITS.onlineWithinSeconds * 1000);

/** The public page's state: open now, and whether any member of staff has a chat page open. */
export async function supportStatus(deps: ChatDeps): Promise<{ open: boolean; staff_online: boolean; hours: string }> {
  const result = await deps.db.execute(sql`SELECT EXISTS (SELECT 1 FROM chat_presence WHERE staff AND seen_at > ${onlineSince(deps.clock).toISOString()}::timestamptz) AS online`);
  const online = Boolean(rowsOf<{ online: boolean }>(result)[0]?.online);
  return { open: withinSupportHours(deps.clock.now()), staff_online: online, hours: CHAT_MSG.supportHours };
}

/** A chat page reports in while it is open (the online/offline indicator, "no staff online"). */
export async function reportPresence(deps: ChatDeps, actor: ChatActor): Promise<void> {
  const memberId = actor.kind === 'staff' ? actor.auth.userId : actor.customer.id;
  const now = deps.clock.now();
  await deps.db
    .insert(chatPresence)
    .values({ memberId, staff: actor.kind === 'staff', seenAt: now })
    .onConflictDoUpdate({ target: chatPresence.memberId, set: { seenAt: now } });
}

/** The chat page is closing: the member is offline at once (a customer away is e-mailed staff's answers). */
export async function leavePresence(deps: ChatDeps, actor: ChatActor): Promise<void> {
  const memberId = actor.kind === 'staff' ? actor.auth.userId : actor.customer.id;
  await deps.db.delete(chatPresence).where(eq(chatPresence.memberId, memberId));
}

// ---- Customers ----

/**
 * POST /chat/token: a customer starts. A signed-in caller is the customer as themselves; anyone
 * else gives a name and e-mail. Counted per address. Answers the token (only its hash is kept).
 */
export async function issueToken(deps: ChatDeps, caller: RequestCaller, identity: { name: string; email: string } | undefined): Promise<{ token: string; identity: string }> {
  const used = await deps.limiter.hit(`chat.token:${caller.origin.address}`, CHAT_LIMITS.windowSeconds);
  if (used > CHAT_LIMITS.tokensPerAddress) throw new AppError(429, CHAT_MSG.tooManyMessages);
  let person: { name: string; email: string; userId: string | null };
  if (caller.auth) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, caller.auth.userId));
    if (!user) throw unauthenticated();
    person = { name: `${user.firstName} ${user.lastName}`, email: user.email, userId: user.id };
  } else {
    if (!identity) throw badRequest(MSG.missingDetails, { identity: MSG.missingDetails });
    person = { ...identity, userId: null };
  }
  const token = newToken();
  const [row] = await deps.db
    .insert(chatCustomers)
    .values({ name: person.name, email: person.email, userId: person.userId, tokenHash: hashToken(token), createdAt: deps.clock.now() })
    .returning({ id: chatCustomers.id });
  await deps.audit.record({ action: 'chat.customer_started', outcome: 'success', resourceType: 'chat_customer', resourceId: row!.id }, caller);
  return { token, identity: row!.id };
}

// ---- Rooms ----

/** The room `id` if the actor may see it (staff: a member, or any claimable customer room when `claimable`), else 404. */
export async function visibleRoom(db: Db, actor: ChatActor, id: string, options: { claimable?: boolean } = {}): Promise<RoomRow> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, id));
  if (!room) throw notFound();
  if (actor.kind === 'customer') {
    if (room.customerId !== actor.customer.id || (actor.roomId !== null && room.id !== actor.roomId)) throw notFound();
    return room;
  }
  if (options.claimable && room.type === 'external' && room.status === 'claimable') return room;
  const [member] = await db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, id), eq(chatRoomMembers.userId, actor.auth.userId)));
  if (!member) throw notFound();
  return room;
}

async function memberIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db.select({ userId: chatRoomMembers.userId }).from(chatRoomMembers).where(eq(chatRoomMembers.roomId, roomId));
  return rows.map((row) => row.userId);
}

/** Answers the rooms as the actor sees them: members with names and presence, unread counts from the actor's read horizon. */
async function presentRooms(deps: ChatDeps, actor: ChatActor, rooms: RoomRow[]): Promise<ChatRoom[]> {
  if (rooms.length === 0) return [];
  const { db } = deps;
  const ids = rooms.map((room) => room.id);
  const since = onlineSince(deps.clock).toISOString();
  const members = await db
    .select({ roomId: chatRoomMembers.roomId, userId: chatRoomMembers.userId, lastRead: chatRoomMembers.lastRead, firstName: users.firstName, lastName: users.lastName, seenAt: chatPresence.seenAt })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .leftJoin(chatPresence, eq(chatPresence.memberId, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, ids))
    .orderBy(chatRoomMembers.joinedAt);
  const customerIds = rooms.map((room) => room.customerId).filter((id): id is string => id !== null);
  const customers = customerIds.length
    ? await db
        .select({ id: chatCustomers.id, name: chatCustomers.name, seenAt: chatPresence.seenAt })
        .from(chatCustomers)
        .leftJoin(chatPresence, eq(chatPresence.memberId, chatCustomers.id))
        .where(inArray(chatCustomers.id, customerIds))
    : [];
  const me = actor.kind === 'staff' ? actor.auth.userId : null;
  const horizon = new Map<string, number>();
  for (const room of rooms) {
    horizon.set(room.id, actor.kind === 'customer' ? room.customerLastRead : (members.find((m) => m.roomId === room.id && m.userId === me)?.lastRead ?? 0));
  }
  const counted = await db.execute(sql`
    SELECT m.room_id, count(*) FILTER (WHERE m.id > h.horizon AND ${me ? sql`m.author_user_id IS DISTINCT FROM ${me}::uuid` : sql`m.author_kind <> 'customer'`}) AS unread, max(m.id) AS last_id
    FROM chat_messages m JOIN unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((id) => horizon.get(id) ?? 0))}::bigint[]) AS h(room_id, horizon) ON h.room_id = m.room_id
    ${actor.kind === 'customer' ? sql`WHERE NOT m.internal` : sql``}
    GROUP BY m.room_id`);
  const counts = new Map(rowsOf<{ room_id: string; unread: string | number; last_id: string | number }>(counted).map((row) => [row.room_id, { unread: Number(row.unread), last: Number(row.last_id) }]));
  return rooms.map((room) => {
    const customer = customers.find((c) => c.id === room.customerId);
    return {
      id: room.id,
      type: room.type,
      status: room.status,
      user_role: room.userRole,
      room_members: members
        .filter((m) => m.roomId === room.id)
        .map((m) => ({ user_id: m.userId, name: `${m.firstName} ${m.lastName}`, online: m.seenAt !== null && m.seenAt.toISOString() > since })),
      customer_name: actor.kind === 'staff' ? (customer?.name ?? null) : null,
      customer_online: customer ? customer.seenAt !== null && customer.seenAt.toISOString() > since : null,
      unread: counts.get(room.id)?.unread ?? 0,
      last_message_id: counts.get(room.id)?.last ?? 0,
      created_at: epochSeconds(room.createdAt),
    };
  });
}

/**
 * GET /v1/chat/rooms/{a}/{b}: `a` is the caller's own id (a staff member's user id, a customer's
 * identity) and `b` their role (the session's role, or `customer`); anyone else's answers 404.
 * Staff asking for claimable rooms see every claimable customer room; otherwise the rooms they are
 * members of. Newest first.
 */
export async function listRooms(deps: ChatDeps, actor: ChatActor, params: { a: string; b: string }, query: { type?: ChatRoomType | undefined; status?: ChatRoomStatus | undefined }): Promise<ChatRoom[]> {
  const { db } = deps;
  const filters = [query.type ? eq(chatRooms.type, query.type) : undefined, query.status ? eq(chatRooms.status, query.status) : undefined];
  let rooms: RoomRow[];
  if (actor.kind === 'customer') {
    if (params.a !== actor.customer.id || params.b !== CHAT_CUSTOMER_ROLE) throw notFound();
    const linked = actor.roomId === null ? undefined : eq(chatRooms.id, actor.roomId);
    rooms = await db.select().from(chatRooms).where(and(eq(chatRooms.customerId, actor.customer.id), linked, ...filters)).orderBy(sql`${chatRooms.createdAt} DESC, ${chatRooms.id}`);
  } else {
    if (params.a !== actor.auth.userId || params.b !== actor.auth.role.name) throw notFound();
    if (query.status === 'claimable') {
      rooms = await db.select().from(chatRooms).where(and(eq(chatRooms.type, 'external'), ...filters)).orderBy(sql`${chatRooms.createdAt} DESC, ${chatRooms.id}`);
    } else {
      const mine = db.select({ roomId: chatRoomMembers.roomId }).from(chatRoomMembers).where(eq(chatRoomMembers.userId, actor.auth.userId));
      rooms = await db.select().from(chatRooms).where(and(inArray(chatRooms.id, mine), ...filters)).orderBy(sql`${chatRooms.createdAt} DESC, ${chatRooms.id}`);
    }
  }
  return presentRooms(deps, actor, rooms);
}

/** One room as the actor sees it (404 when not theirs). */
export async function getRoom(deps: ChatDeps, actor: ChatActor, id: string): Promise<ChatRoom> {
  const room = await visibleRoom(deps.db, actor, id, { claimable: true });
  return (await presentRooms(deps, actor, [room]))[0]!;
}

/** Staff of the caller's organisation who hold `chat.staff`, among `userIds`. */
async function chatStaffOf(db: Db, organisationId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: roles.userId })
    .from(roles)
    .innerJoin(users, eq(users.id, roles.userId))
    .where(and(inArray(roles.userId, userIds), eq(roles.organisationId, organisationId), inArray(roles.name, [...rolesWith('chat.staff')]), isNull(users.disabledAt)));
  return new Set(rows.map((row) => row.userId));
}

/** The chat group of the caller's organisation but the caller: whom a staff room can be opened with. */
export async function listStaff(deps: ChatDeps, actor: ChatActor & { kind: 'staff' }): Promise<{ user_id: string; name: string }[]> {
  const rows = await deps.db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(roles, eq(roles.userId, users.id))
    .where(and(eq(roles.organisationId, actor.auth.organisationId), inArray(roles.name, [...rolesWith('chat.staff')]), isNull(users.disabledAt), sql`${users.id} <> ${actor.auth.userId}::uuid`))
    .orderBy(users.firstName, users.lastName, users.id);
  return rows.map((row) => ({ user_id: row.id, name: `${row.firstName} ${row.lastName}` }));
}

/**
 * POST /v1/chat/room. A customer opens a support chat: `external`, `claimable`, user_role
 * `customer`, no members (staff join by claiming). Staff open an `internal`, `live` room with
 * chosen members of their organisation's chat group (themselves added), user_role their role.
 */
export async function createRoom(
  deps: ChatDeps,
  actor: ChatActor,
  input: { type: ChatRoomType; user_role: string; status: ChatRoomStatus; room_members: { user_id: string }[] },
): Promise<string> {
  const { db, clock } = deps;
  const now = clock.now();
  if (actor.kind === 'customer') {
    // A room link opens its room only; a new chat starts with a chat token of its own.
    if (actor.roomId !== null) throw notFound();
    const wrong: Record<string, string> = {};
    if (input.type !== 'external') wrong.type = 'A customer chat is external.';
    if (input.status !== 'claimable') wrong.status = 'A customer chat starts claimable.';
    if (input.user_role !== CHAT_CUSTOMER_ROLE) wrong.user_role = `A customer chat's role is ${CHAT_CUSTOMER_ROLE}.`;
    if (input.room_members.length > 0) wrong.room_members = 'Staff join a customer chat by claiming it.';
    if (Object.keys(wrong).length > 0) throw badRequest(CHAT_MSG.somethingWentWrong, wrong);
    const used = await deps.limiter.hit(`chat.rooms:${actor.customer.id}`, CHAT_LIMITS.windowSeconds);
    if (used > CHAT_LIMITS.tokensPerAddress) throw new AppError(429, CHAT_MSG.tooManyMessages);
    const id = await db.transaction(async (tx) => {
      const [room] = await tx
        .insert(chatRooms)
        .values({ type: 'external', status: 'claimable', userRole: CHAT_CUSTOMER_ROLE, customerId: actor.customer.id, createdAt: now })
        .returning({ id: chatRooms.id });
      await deps.audit.record({ action: 'chat.room_created', outcome: 'success', resourceType: 'chat_room', resourceId: room!.id, details: { type: 'external' } }, actor.caller, tx);
      return room!.id;
    });
    await publish(deps, { permission: 'chat.staff' }, CHAT_LIVE.kinds.claimable, { room_id: id, status: 'claimable' });
    return id;
  }
  const { auth } = actor;
  const wrong: Record<string, string> = {};
  if (input.type !== 'internal') wrong.type = 'Staff open internal rooms; customer chats are claimed.';
  if (input.status !== 'live') wrong.status = 'A staff room starts live.';
  if (input.user_role !== auth.role.name) wrong.user_role = 'The role is the one you are signed in with.';
  const wanted = [...new Set(input.room_members.map((m) => m.user_id).filter((id) => id !== auth.userId))];
  if (wanted.length === 0) wrong.room_members = 'Choose at least one member.';
  if (Object.keys(wrong).length > 0) throw badRequest(CHAT_MSG.somethingWentWrong, wrong);
  const staff = await chatStaffOf(db, auth.organisationId, wanted);
  if (staff.size !== wanted.length) throw badRequest(CHAT_MSG.membersNotStaff, { room_members: CHAT_MSG.membersNotStaff });
  const members = [auth.userId, ...wanted];
  const id = await db.transaction(async (tx) => {
    const [room] = await tx
      .insert(chatRooms)
      .values({ type: 'internal', status: 'live', userRole: auth.role.name, organisationId: auth.organisationId, createdByUserId: auth.userId, createdAt: now })
      .returning({ id: chatRooms.id });
    await tx.insert(chatRoomMembers).values(members.map((userId) => ({ roomId: room!.id, userId, joinedAt: now })));
    await deps.audit.record({ action: 'chat.room_created', outcome: 'success', resourceType: 'chat_room', resourceId: room!.id, details: { type: 'internal', members: members.length } }, actor.caller, tx);
    return room!.id;
  });
  await publish(deps, { userIds: members }, CHAT_LIVE.kinds.room, { room_id: id, status: 'live' });
  return id;
}

export async function staffName(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return user ? `${user.firstName} ${user.lastName}` : 'Staff';
}

/**
 * PATCH /v1/chat/room/{id}: `live` claims a claimable customer chat (staff; the claimer joins its
 * members; of concurrent claims one wins, the others get 409); `closed` closes a room its member
 * or customer is in, after writing '{user} closed conversation' into it.
 */
export async function updateRoom(deps: ChatDeps, actor: ChatActor, id: string, input: { status: 'live' | 'closed' }): Promise<ChatRoom> {
  return input.status === 'live' ? claimRoom(deps, actor, id) : closeRoom(deps, actor, id);
}

async function claimRoom(deps: ChatDeps, actor: ChatActor, id: string): Promise<ChatRoom> {
  const { db, clock } = deps;
  if (actor.kind !== 'staff') throw badRequest(CHAT_MSG.notClaimable, { status: CHAT_MSG.notClaimable });
  // Every customer chat is open to the whole chat group to claim: one already claimed answers 409, whoever asks.
  const [room] = await db.select({ type: chatRooms.type }).from(chatRooms).where(eq(chatRooms.id, id));
  if (room?.type !== 'external') throw notFound();
  const now = clock.now();
  const claimed = await db.transaction(async (tx) => {
    const [won] = await tx
      .update(chatRooms)
      .set({ status: 'live' })
      .where(and(eq(chatRooms.id, id), eq(chatRooms.status, 'claimable')))
      .returning();
    if (!won) return null;
    await tx.insert(chatRoomMembers).values({ roomId: id, userId: actor.auth.userId, joinedAt: now });
    await deps.audit.record({ action: 'chat.room_claimed', outcome: 'success', resourceType: 'chat_room', resourceId: id }, actor.caller, tx);
    return won;
  });
  if (!claimed) {
    await deps.audit.record({ action: 'chat.room_claimed', outcome: 'failure', resourceType: 'chat_room', resourceId: id }, actor.caller);
    throw conflict(CHAT_MSG.alreadyClaimed);
  }
  const data = { room_id: id, status: 'live' as const };
  await publish(deps, { permission: 'chat.staff' }, CHAT_LIVE.kinds.room, data);
  if (claimed.customerId) await publish(deps, { guestKeys: customerKeys(claimed) }, CHAT_LIVE.kinds.room, data);
  return (await presentRooms(deps, actor, [claimed]))[0]!;
}

async function closeRoom(deps: ChatDeps, actor: ChatActor, id: string): Promise<ChatRoom> {
  const { db, clock } = deps;
  await visibleRoom(db, actor, id);
  const name = actor.kind === 'staff' ? await staffName(db, actor.auth.userId) : actor.customer.name;
  const noticeBody = await deps.sealer.seal(closedConversation(name));
  const closed = await db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(chatRooms)
      .where(and(eq(chatRooms.id, id), sql`${chatRooms.status} <> 'closed'`))
      .for('update');
    if (!open) return null;
    const now = clock.now();
    const [notice] = await tx
      .insert(chatMessages)
      .values({ roomId: id, authorKind: 'system', authorName: name, body: noticeBody, createdAt: now })
      .returning();
    const [room] = await tx.update(chatRooms).set({ status: 'closed', closedAt: now }).where(eq(chatRooms.id, id)).returning();
    await deps.audit.record({ action: 'chat.room_closed', outcome: 'success', resourceType: 'chat_room', resourceId: id }, actor.caller, tx);
    return { room: room!, notice: notice! };
  });
  if (!closed) throw conflict(CHAT_MSG.roomClosed);
  const { room, notice } = closed;
  await publishMessage(deps, room, await presentMessage(deps, notice));
  await publishToRoom(deps, room, CHAT_LIVE.kinds.room, { room_id: id, status: 'closed' }, { toCustomer: true });
  return (await presentRooms(deps, actor, [room]))[0]!;
}

// ---- Messages ----

/** A stored message as it is answered and sent live: its body opened. */
export async function presentMessage(deps: ChatDeps, row: typeof chatMessages.$inferSelect): Promise<ChatMessage> {
  return {
    id: row.id,
    room_id: row.roomId,
    body: await deps.sealer.open(row.body),
    author: row.authorUserId,
    author_name: row.authorName,
    author_kind: row.authorKind,
    internal: row.internal,
    dateCreated: epochSeconds(row.createdAt),
    image: row.imageId && row.imageWidth && row.imageHeight ? { id: row.imageId, width: row.imageWidth, height: row.imageHeight } : null,
  };
}

/**
 * Messages of a room after message `after` (0: from the start), oldest first, at most a page: a
 * reconnecting page asks from the last id it has. Customers never see internal notes. Reads of a
 * customer chat (it may hold health data) are audited.
 */
export async function listMessages(deps: ChatDeps, actor: ChatActor, id: string, after: number): Promise<ChatMessage[]> {
  const { db } = deps;
  const room = await visibleRoom(db, actor, id);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, id), sql`${chatMessages.id} > ${after}`, actor.kind === 'customer' ? eq(chatMessages.internal, false) : undefined))
    .orderBy(chatMessages.id)
    .limit(CHAT_LIMITS.messagesPage);
  if (room.type === 'external') {
    await deps.audit.healthData(db, actor.caller, { action: 'read', resourceType: 'chat_room', resourceIds: [id], ...(actor.kind === 'customer' ? { actorKind: 'link_holder' as const } : {}) });
  }
  return Promise.all(rows.map((row) => presentMessage(deps, row)));
}

/**
 * The room a message goes to: the actor's own and open. Only staff write internal notes, and only in
 * a customer room; a customer's messages (text or image) count against the room's limit per window.
 */
export async function roomToWrite(deps: ChatDeps, actor: ChatActor, id: string, internal: boolean): Promise<RoomRow> {
  const room = await visibleRoom(deps.db, actor, id);
  if (room.status === 'closed') throw conflict(CHAT_MSG.roomClosed);
  if (internal && (actor.kind !== 'staff' || room.type !== 'external')) throw badRequest(CHAT_MSG.internalNotesStaffOnly, { internal: CHAT_MSG.internalNotesStaffOnly });
  if (actor.kind === 'customer') {
    const used = await deps.limiter.hit(`chat.messages:${id}`, CHAT_LIMITS.windowSeconds);
    if (used > CHAT_LIMITS.messagesPerRoom) throw new AppError(429, CHAT_MSG.tooManyMessages);
  }
  return room;
}

/** An image stored with a message: its name in links, its files, type and size. */
export interface StoredImage {
  id: string;
  key: string;
  thumbnailKey: string;
  type: string;
  width: number;
  height: number;
}

/**
 * Stores a message (its body sealed) before anyone is told: the answer and the live event come
 * after the commit. The author has read their own message.
 */
export async function writeMessage(deps: ChatDeps, actor: ChatActor, room: RoomRow, input: { body: string; internal: boolean; image?: StoredImage }): Promise<ChatMessage> {
  const { db, clock } = deps;
  const id = room.id;
  const name = actor.kind === 'staff' ? await staffName(db, actor.auth.userId) : actor.customer.name;
  const body = await deps.sealer.seal(input.body);
  const { image } = input;
  const row = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(chatMessages)
      .values({
        roomId: id,
        authorUserId: actor.kind === 'staff' ? actor.auth.userId : null,
        authorKind: actor.kind,
        authorName: name,
        body,
        internal: input.internal,
        ...(image ? { imageId: image.id, imageKey: image.key, thumbnailKey: image.thumbnailKey, imageType: image.type, imageWidth: image.width, imageHeight: image.height } : {}),
        createdAt: clock.now(),
      })
      .returning();
    if (actor.kind === 'staff') {
      await tx.update(chatRoomMembers).set({ lastRead: message!.id }).where(and(eq(chatRoomMembers.roomId, id), eq(chatRoomMembers.userId, actor.auth.userId)));
    } else {
      await tx.update(chatRooms).set({ customerLastRead: message!.id }).where(eq(chatRooms.id, id));
    }
    if (actor.kind === 'staff' && !input.internal && room.customerId) await notifyAwayCustomer(deps, tx, room);
    await deps.audit.record(
      { action: 'chat.message_posted', outcome: 'success', resourceType: 'chat_room', resourceId: id, details: { message_id: message!.id, internal: input.internal, ...(image ? { image: image.id } : {}) } },
      actor.caller,
      tx,
    );
    return message!;
  });
  const message = await presentMessage(deps, row);
  await publishMessage(deps, room, message);
  return message;
}

/**
 * Staff answered in a customer room: if its customer's page has not reported in lately (they left,
 * or continue by e-mail), they are e-mailed a link to the room, at most once per room per window
 * (a conditional UPDATE of `customer_notified_at`, so concurrent answers send one). The link's token
 * is new, kept here only as its hash, and in the event's secrets (sealed, forgotten once delivered).
 */
async function notifyAwayCustomer(deps: ChatDeps, tx: Db, room: RoomRow): Promise<void> {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - CHAT_LIMITS.replyMailEverySeconds * 1000).toISOString();
  const [due] = await tx
    .update(chatRooms)
    .set({ customerNotifiedAt: now })
    .where(
      and(
        eq(chatRooms.id, room.id),
        sql`(${chatRooms.customerNotifiedAt} IS NULL OR ${chatRooms.customerNotifiedAt} <= ${windowStart}::timestamptz)`,
        sql`NOT EXISTS (SELECT 1 FROM chat_presence WHERE member_id = ${chatRooms.customerId} AND seen_at > ${onlineSince(deps.clock).toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: chatRooms.id });
  if (!due) return;
  const token = newToken();
  await tx.insert(chatRoomLinks).values({ tokenHash: hashToken(token), roomId: room.id, createdAt: now, expiresAt: new Date(now.getTime() + CHAT_LIMITS.roomLinkDays * 86_400_000) });
  await deps.outbox.emit(tx, { name: 'chat.customer_answered', organisationId: null, payload: { room_id: room.id }, secrets: { token } });
}

/** POST /v1/chat/room/{id}/messages: a text message to the actor's open room. */
export async function postMessage(deps: ChatDeps, actor: ChatActor, id: string, input: { body: string; internal: boolean }): Promise<ChatMessage> {
  const room = await roomToWrite(deps, actor, id, input.internal);
  return writeMessage(deps, actor, room, input);
}

/** Moves the actor's read horizon forward to `messageId` (never back). */
export async function markRead(deps: ChatDeps, actor: ChatActor, id: string, messageId: number): Promise<void> {
  const { db } = deps;
  await visibleRoom(db, actor, id);
  if (actor.kind === 'staff') {
    await db
      .update(chatRoomMembers)
      .set({ lastRead: sql`GREATEST(${chatRoomMembers.lastRead}, LEAST(${messageId}, (SELECT coalesce(max(id), 0) FROM chat_messages WHERE room_id = ${id})))` })
      .where(and(eq(chatRoomMembers.roomId, id), eq(chatRoomMembers.userId, actor.auth.userId)));
  } else {
    await db
      .update(chatRooms)
      .set({ customerLastRead: sql`GREATEST(${chatRooms.customerLastRead}, LEAST(${messageId}, (SELECT coalesce(max(id), 0) FROM chat_messages WHERE room_id = ${id})))` })
      .where(eq(chatRooms.id, id));
  }
}

/** Unread messages over the staff member's rooms (the drawer's counts), and the claimable chats waiting. */
export async function unreadCounts(deps: ChatDeps, actor: ChatActor & { kind: 'staff' }): Promise<{ internal: number; external: number; claimable: number }> {
  const result = await deps.db.execute(sql`
    SELECT
      coalesce(sum(CASE WHEN r.type = 'internal' THEN 1 ELSE 0 END), 0) AS internal,
      coalesce(sum(CASE WHEN r.type = 'external' THEN 1 ELSE 0 END), 0) AS external,
      (SELECT count(*) FROM chat_rooms WHERE type = 'external' AND status = 'claimable') AS claimable
    FROM chat_room_members mm
    JOIN chat_rooms r ON r.id = mm.room_id AND r.status <> 'closed'
    JOIN chat_messages m ON m.room_id = mm.room_id AND m.id > mm.last_read AND m.author_user_id IS DISTINCT FROM mm.user_id
    WHERE mm.user_id = ${actor.auth.userId}::uuid`);
  const row = rowsOf<{ internal: string | number; external: string | number; claimable: string | number }>(result)[0];
  if (!row) {
    const claimable = await deps.db.$count(chatRooms, and(eq(chatRooms.type, 'external'), eq(chatRooms.status, 'claimable')));
    return { internal: 0, external: 0, claimable };
  }
  return { internal: Number(row.internal), external: Number(row.external), claimable: Number(row.claimable) };
}

/** Someone is typing in a room: told to the others live, never stored. */
export async function typing(deps: ChatDeps, actor: ChatActor, id: string): Promise<void> {
  const room = await visibleRoom(deps.db, actor, id);
  if (room.status === 'closed') return;
  const name = actor.kind === 'staff' ? await staffName(deps.db, actor.auth.userId) : actor.customer.name;
  await publishToRoom(deps, room, CHAT_LIVE.kinds.typing, { room_id: id, typing: { name } }, { toCustomer: actor.kind === 'staff', except: actor.kind === 'staff' ? actor.auth.userId : undefined });
}

// ---- Transcript ----

/**
 * The customer asks for the transcript of a closed room: an outbox event, whose handler e-mails
 * what the customer saw (never the internal notes). Counted against the mail quota.
 */
export async function requestTranscript(deps: ChatDeps, actor: ChatActor, id: string): Promise<void> {
  if (actor.kind !== 'customer') throw notFound();
  const room = await visibleRoom(deps.db, actor, id);
  if (room.status !== 'closed') throw conflict(CHAT_MSG.somethingWentWrong);
  await deps.mailQuota.claim(actor.customer.id, [actor.customer.email]);
  await deps.db.transaction(async (tx) => {
    await deps.outbox.emit(tx, { name: 'chat.transcript_requested', organisationId: null, payload: { room_id: id } });
    await deps.audit.record({ action: 'chat.transcript_requested', outcome: 'success', resourceType: 'chat_room', resourceId: id }, actor.caller, tx);
  });
}

// ---- Sealing at rest ----

/** What a sealed body looks like (`v1.<iv>.<tag>.<ciphertext>`, 12-byte iv, 16-byte tag); anything else was stored in clear. */
const SEALED_BODY = '^v1\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]*$';

/**
 * Seals the bodies stored in clear before bodies were sealed (run at start; each process finds none
 * once one has). Each row is rewritten only if its body is still the clear text read.
 */
export async function sealStoredBodies(deps: Pick<ChatDeps, 'db' | 'sealer'>): Promise<number> {
  const rows = rowsOf<{ id: string | number; body: string }>(await deps.db.execute(sql`SELECT id, body FROM chat_messages WHERE body !~ ${SEALED_BODY}`));
  for (const row of rows) {
    await deps.db.execute(sql`UPDATE chat_messages SET body = ${await deps.sealer.seal(row.body)} WHERE id = ${row.id} AND body = ${row.body}`);
  }
  return rows.length;
}

// ---- Live ----

/** The customer's sockets of a room: with their chat token, and with the room's link. */
const customerKeys = (room: RoomRow): string[] => (room.customerId ? [customerLiveKey(room.customerId), roomLinkLiveKey(room.id)] : []);

async function publish(deps: ChatDeps, audience: LiveAudience, kind: string, data: ChatLiveData): Promise<void> {
  await deps.live.publish({ topic: CHAT_LIVE.topic, kind, audience, data: ChatLiveData.parse(data) });
}

/** To the room's staff members (but `except`), and to its customer when `toCustomer`. */
async function publishToRoom(deps: ChatDeps, room: RoomRow, kind: string, data: ChatLiveData, options: { toCustomer: boolean; except?: string | undefined }): Promise<void> {
  const members = (await memberIds(deps.db, room.id)).filter((id) => id !== options.except);
  if (members.length > 0) await publish(deps, { userIds: members }, kind, data);
  if (options.toCustomer && room.customerId) await publish(deps, { guestKeys: customerKeys(room) }, kind, data);
}

async function publishMessage(deps: ChatDeps, room: RoomRow, message: ChatMessage): Promise<void> {
  await publishToRoom(deps, room, CHAT_LIVE.kinds.message, { room_id: room.id, message }, { toCustomer: !message.internal });
}
