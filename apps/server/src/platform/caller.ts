import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors';
import type { AuthContext } from './access';

/** The customer's link token travels in this header, never in an API URL (except the spec's own lookup path). */
export const SHORT_TOKEN_HEADER = 'x-short-token';

/** Where a request came from: the client's address (per-address limits, the audit trail) and the request's id. */
export interface RequestOrigin {
  address: string;
  requestId: string;
}

/**
 * Who is calling a service. Routes build it once from the request (`callerOf`); nothing below the
 * route sees the FastifyRequest.
 * - `auth`: the signed-in session (user, the role it was opened for, all their roles, the
 *   organisation, the session id), or null;
 * - `shortToken`: the holder of an appointment's manage link or an order's token (x-short-token; a
 *   route sets it from the path or the body when that token is what authorises the request, so the
 *   audit knows the holder);
 * - `origin`: the request's address and id; null when a job or the seed acts (the `system`).
 * A request without a session or token is `anonymous`.
 */
export interface Caller {
  auth: AuthContext | null;
  shortToken?: string | undefined;
  origin: RequestOrigin | null;
}

/** A caller behind a signed-in route. */
export type SignedInCaller = Caller & { auth: AuthContext };

/** A caller who reads as someone: a session's user, or the holder of a short token (list reads are windowed per reader). */
export type ReaderCaller = SignedInCaller | (Caller & { auth: null; shortToken: string });

/** Whether the caller reads as someone: it has a session or a short token. */
export function isReader(caller: Caller): caller is ReaderCaller {
  return caller.auth !== null || caller.shortToken !== undefined;
}

/** A caller known to come with a request (sign-in counts attempts by address). */
export type RequestCaller = Caller & { origin: RequestOrigin };

/** Jobs, the outbox and the seed: no session, no request. */
export const SYSTEM_CALLER: Caller = { auth: null, origin: null };

export function originOf(request: FastifyRequest): RequestOrigin {
  return { address: request.ip, requestId: request.id };
}

/** The caller of a request: its session, its short token (if the header holds a plausible one) and its origin. */
export function callerOf(request: FastifyRequest): RequestCaller {
  const header = request.headers[SHORT_TOKEN_HEADER];
  const shortToken = typeof header === 'string' && header.length >= 20 && header.length <= 100 ? header : undefined;
  return { auth: request.auth, shortToken, origin: originOf(request) };
}

/** The caller of a signed-in route; 401 without a session. */
export function signedInCaller(request: FastifyRequest): SignedInCaller {
  if (!request.auth) throw unauthenticated();
  return { auth: request.auth, origin: originOf(request) };
}
