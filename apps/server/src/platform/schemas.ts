import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelope } from '@vireo/contracts';

/**
 * Sends JSON text that is already the route's answer (built by the database, as the staff lists are,
 * or kept in memory, as the catalogue's are) without serialising it again.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Adds the error envelope for every failure status to a route's response schemas. */
export function withErrors<T extends Record<number, z.ZodType>>(responses: T) {
  return { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope, ...responses };
}

export const IdParams = z.object({ id: z.uuid() });
