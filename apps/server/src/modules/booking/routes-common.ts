import type { FastifyReply } from 'fastify';
import { ErrorEnvelope } from '@vireo/contracts';
import type { z } from 'zod';
import { withErrors } from '../../platform/schemas';

/** The error envelope for every failure status, plus 402 (card declined) and 405 (claim overlap). */
export function bookingErrors<T extends Record<number, z.ZodType>>(responses: T) {
  return withErrors({ 402: ErrorEnvelope, 405: ErrorEnvelope, ...responses });
}

/** Sends JSON the database built already (the staff lists, see list-page.ts) without serialising it again. */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
