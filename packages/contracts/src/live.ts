import { z } from 'zod';
import { LIVE_MAX_TOPICS } from './live-protocol';
import { CallClientMessages } from './video';

/**
 * The live-updates WebSocket protocol (GET /api/live), as the server validates it. One socket per
 * browser tab. The browser authenticates with its first message rather than in the URL, so the
 * session token never lands in access logs or browser history. Its constants, and the checks the
 * browser runs, are in `live-protocol.ts`, which has no schema.
 */

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
