import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from '@vireo/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { unauthenticated } from '../../platform/errors';
import { withErrors } from '../../platform/schemas';
import type { Caller } from './deps';

/** The customer's link token travels in this header, never in an API URL (except the spec's own lookup path). */
export const SHORT_TOKEN_HEADER = 'x-short-token';

export function callerOf(request: FastifyRequest): Caller {
  const header = request.headers[SHORT_TOKEN_HEADER];
  const shortToken = typeof header === 'string' && header.length >= 20 && header.length <= 100 ? header : undefined;
  return { auth: request.auth, shortToken, request };
}

export function signedInCaller(request: FastifyRequest): Caller & { auth: AuthContext } {
  if (!request.auth) throw unauthenticated();
  return { auth: request.auth, request };
}

/** The error envelope for every failure status, plus 402 (card declined) and 405 (claim overlap). */
export function bookingErrors<T extends Record<number, z.ZodType>>(responses: T) {
  return withErrors({ 402: ErrorEnvelope, 405: ErrorEnvelope, ...responses });
}

/** Sends JSON the database built already (the staff lists, see list-page.ts) without serialising it again. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
