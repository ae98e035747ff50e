import { z } from 'zod';
import { CallClientMessages } from './video';

/**
 * The live-updates WebSocket protocol (GET /api/live). One socket per browser tab. The browser
 * authenticates with its first message rather than in the URL, so the session token never lands
 * in access logs or browser history.
 */
export const LIVE_PATH = '/api/live';

/** The server closes a socket that has not authenticated within this time. */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** Largest message the server accepts from a browser (auth, subscribe, ping are tiny; a call's SDP offer a few kB). */
export const LIVE_MAX_CLIENT_MESSAGE_BYTES = 32 * 1024;

export const LIVE_MAX_TOPICS = 32;

/** Close codes the server uses; the browser reconnects after all of them except `sessionInvalid`. */
export const LIVE_CLOSE = {
  goingAway: 1001,
  badMessage: 4400,
  /** Bad token, revoked or expired session, or a first message that was not `auth`. */
  sessionInvalid: 4401,
  authTimeout: 4408,
} as const;

/**
 * Events about the socket's own session. Every authenticated socket receives this topic without
 * subscribing: it is how the other tabs of a browser learn that their session was signed out.
 */
export const LIVE_SESSION_TOPIC = 'session';
export const LIVE_SESSION_REVOKED = 'session.revoked';
/** A user's roles changed: server processes re-read their sessions; sockets are not told. */
export const LIVE_SESSION_CHANGED = 'session.changed';

/** Topics and kinds are short dotted names such as `appointments` and `appointment.claimed`. */
export const LiveName = z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/);

export const LiveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
  /**
   * Instead of `auth`, for a visitor without a session who holds a module's guest token (a
   * customer's chat token): the socket then receives only the events addressed to that guest.
   */
  z.object({ type: z.literal('guest'), token: z.string().min(1).max(512) }),
  z.object({ type: z.literal('subscribe'), topics: z.array(LiveName).min(1).max(LIVE_MAX_TOPICS) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(LiveName).min(1).max(LIVE_MAX_TOPICS) }),
  z.object({ type: z.literal('ping') }),
  ...CallClientMessages,
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

export const LiveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The socket's topics after a subscribe or unsubscribe. */
  z.object({ type: z.literal('subscribed'), topics: z.array(z.string()) }),
  z.object({ type: z.literal('event'), topic: z.string(), kind: z.string(), data: z.unknown() }),
  /** Events may have been missed (the server lost its database listener for a while): refetch. */
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('pong') }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;

export interface LiveEventMessage {
  topic: string;
  kind: string;
  data: unknown;
}
