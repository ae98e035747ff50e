import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_LIVE,
  CHAT_TOKEN_HEADER,
  type ChatImageLinksResponse,
  type ChatMessageResponse,
  type ChatMessagesResponse,
  type ChatOkResponse,
  type ChatRoomResponse,
  type ChatRoomsResponse,
  type ChatStaffResponse,
  type ChatStatusResponse,
  type ChatTokenResponse,
  type ChatUnreadResponse,
  type CreateChatRoomResponse,
  type ChatMessage,
  type ChatRoomStatus,
  type ChatRoomType,
} from '@vireo/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api';
import { useLiveQuery, useLiveTopic } from '../../lib/useLive';

const BASE = '/api/chat/v1/chat';

/**
 * Who calls the chat service: staff with their session (no headers), a customer with their chat
 * token in its header (never the URL).
 */
export interface ChatCaller {
  headers: Record<string, string>;
  /** The staff member's user id and role, or the customer's identity and `customer`. */
  memberId: string;
  role: string;
}

export const customerCaller = (token: string, identity: string): ChatCaller => ({ headers: { [CHAT_TOKEN_HEADER]: token }, memberId: identity, role: 'customer' });

const opts = (caller: ChatCaller) => ({ headers: caller.headers, signOutOnAuthError: caller.role !== 'customer' });

export const chatKeys = {
  all: ['chat'] as const,
  rooms: (type?: ChatRoomType, status?: ChatRoomStatus) => ['chat', 'rooms', type ?? 'any', status ?? 'any'] as const,
  unread: ['chat', 'unread'] as const,
  room: (id: string) => ['chat', 'room', id] as const,
};

/** The staff's chat lists and counts follow the live `chat` topic (every event but typing), polling while it is down. */
const CHAT_LISTS_LIVE = { topic: 'chat', pollMs: 15_000, relevant: (event: { kind: string }) => event.kind !== CHAT_LIVE.kinds.typing } as const;

export function useRooms(caller: ChatCaller, filter: { type?: ChatRoomType; status?: ChatRoomStatus }) {
  const query = new URLSearchParams();
  if (filter.type) query.set('type', filter.type);
  if (filter.status) query.set('status', filter.status);
  return useLiveQuery(
    {
      queryKey: chatKeys.rooms(filter.type, filter.status),
      queryFn: ({ signal }) => apiRequest<typeof ChatRoomsResponse>(`${BASE}/rooms/${caller.memberId}/${caller.role}?${query.toString()}`, { signal, ...opts(caller) }).then((r) => r.rooms),
    },
    CHAT_LISTS_LIVE,
  );
}

export function useUnread(enabled = true) {
  return useLiveQuery({ queryKey: chatKeys.unread, queryFn: ({ signal }) => apiRequest<typeof ChatUnreadResponse>(`${BASE}/unread`, { signal }), enabled }, CHAT_LISTS_LIVE);
}

export const useChatStaff = () => useQuery({ queryKey: ['chat', 'staff'], queryFn: ({ signal }) => apiRequest<typeof ChatStaffResponse>(`${BASE}/staff`, { signal }).then((r) => r.staff) });

export const useSupportStatus = () =>
  useQuery({ queryKey: ['chat', 'status'], queryFn: ({ signal }) => apiRequest<typeof ChatStatusResponse>(`${BASE}/status`, { signal, signOutOnAuthError: false }), refetchInterval: 60_000 });

export const startCustomer = (identity: { name: string; email: string } | undefined) =>
  apiRequest<typeof ChatTokenResponse>('/api/chat/chat/token', { method: 'POST', body: identity ? { identity } : {}, signOutOnAuthError: false });

export const openCustomerRoom = (caller: ChatCaller) =>
  apiRequest<typeof CreateChatRoomResponse>(`${BASE}/room`, { method: 'POST', body: { type: 'external', user_role: 'customer', status: 'claimable', room_members: [] }, ...opts(caller) }).then((r) => r.id);

export const createStaffRoom = (role: string, members: string[]) =>
  apiRequest<typeof CreateChatRoomResponse>(`${BASE}/room`, { method: 'POST', body: { type: 'internal', user_role: role, status: 'live', room_members: members.map((user_id) => ({ user_id })) } }).then((r) => r.id);

export const setRoomStatus = (caller: ChatCaller, id: string, status: 'live' | 'closed') =>
  apiRequest<typeof ChatRoomResponse>(`${BASE}/room/${id}`, { method: 'PATCH', body: { status }, ...opts(caller) }).then((r) => r.room);

export const getRoom = (caller: ChatCaller, id: string) => apiRequest<typeof ChatRoomResponse>(`${BASE}/room/${id}`, { ...opts(caller) }).then((r) => r.room);

export const postMessage = (caller: ChatCaller, id: string, body: string, internal: boolean) =>
  apiRequest<typeof ChatMessageResponse>(`${BASE}/room/${id}/messages`, { method: 'POST', body: { body, internal }, ...opts(caller) }).then((r) => r.message);

/** POST …/images (multipart): the image in `image`, an optional caption in `body`. */
export function postImage(caller: ChatCaller, id: string, image: File, body: string, internal: boolean) {
  const form = new FormData();
  form.append('body', body);
  form.append('internal', String(internal));
  form.append('image', image, image.name);
  return apiRequest<typeof ChatMessageResponse>(`${BASE}/room/${id}/images`, { method: 'POST', body: form, ...opts(caller) }).then((r) => r.message);
}

/** A message's image links (signed for 5 minutes): asked again after 4 minutes, so an open link still works. */
export const useImageLinks = (caller: ChatCaller, roomId: string, messageId: number) =>
  useQuery({
    queryKey: ['chat', 'image', roomId, messageId],
    queryFn: ({ signal }) => apiRequest<typeof ChatImageLinksResponse>(`${BASE}/room/${roomId}/messages/${messageId}/image`, { signal, ...opts(caller) }),
    staleTime: 240_000,
    refetchInterval: 240_000,
  });

export const markRead = (caller: ChatCaller, id: string, messageId: number) =>
  apiRequest<typeof ChatOkResponse>(`${BASE}/room/${id}/read`, { method: 'POST', body: { message_id: messageId }, ...opts(caller) });

export const sendTyping = (caller: ChatCaller, id: string) => apiRequest<typeof ChatOkResponse>(`${BASE}/room/${id}/typing`, { method: 'POST', ...opts(caller) });

export const requestTranscript = (caller: ChatCaller, id: string) => apiRequest<typeof ChatOkResponse>(`${BASE}/room/${id}/transcript`, { method: 'POST', ...opts(caller) });

export const reportPresence = (caller: ChatCaller) => apiRequest<typeof ChatOkResponse>(`${BASE}/presence`, { method: 'POST', ...opts(caller) });
const reportLeaving = (caller: ChatCaller) => apiRequest<typeof ChatOkResponse>(`${BASE}/presence`, { method: 'DELETE', keepalive: true, ...opts(caller), signOutOnAuthError: false });

/** Reports the chat page as open every 30 s while it is mounted (the online indicators). */
export function usePresence(caller: ChatCaller | null): void {
  useEffect(() => {
    if (!caller) return;
    const beat = () => void reportPresence(caller).catch(() => undefined);
    // Leaving says so at once (a customer away is e-mailed staff's answers), not a heartbeat later.
    const leave = () => void reportLeaving(caller).catch(() => undefined);
    beat();
    const timer = setInterval(beat, 30_000);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', beat);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', beat);
      leave();
    };
  }, [caller]);
}

/**
 * A room's messages kept current: the first page on mount, then each live message as it arrives;
 * after a reconnect (or a message that skips ids) it fetches what it missed since its last id.
 * `sent` adds the sender's own message from the server's answer, without waiting for its live echo.
 */
export function useRoomMessages(caller: ChatCaller, roomId: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [error, setError] = useState(false);
  const [typing, setTyping] = useState<{ name: string; at: number } | null>(null);
  const queryClient = useQueryClient();
  /** The last message id held: what a catch-up asks after. */
  const lastId = useRef(0);
  const add = useCallback((more: ChatMessage[]) => {
    setMessages((current) => {
      const merged = merge(current, more);
      lastId.current = merged.at(-1)?.id ?? 0;
      return merged;
    });
  }, []);

  const catchUp = useCallback(
    () =>
      apiRequest<typeof ChatMessagesResponse>(`${BASE}/room/${roomId}/messages?after=${lastId.current}`, { ...opts(caller) }).then(
        (answer) => {
          setError(false);
          add(answer.messages);
        },
        () => setError(true),
      ),
    [add, caller, roomId],
  );

  useEffect(() => {
    void catchUp();
  }, [catchUp]);

  useLiveTopic(
    'chat',
    (event) => {
      if (event.data.room_id !== roomId) return;
      if (event.data.typing) setTyping({ name: event.data.typing.name, at: Date.now() });
      const message = event.data.message;
      if (message) {
        setTyping(null);
        add([message]);
      }
      if (event.data.status) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    // What happened while the subscription was starting (or the socket was away) was heard by no one: a claim, a close.
    () => {
      void catchUp();
      void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    },
  );

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), 4_000);
    return () => clearTimeout(timer);
  }, [typing]);

  return { messages, error, typing: typing?.name ?? null, retry: catchUp, sent: (message: ChatMessage) => add([message]) };
}

function merge(current: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
