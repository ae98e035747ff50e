import { z } from 'zod';
import { ErrorEnvelope } from '@vireo/contracts';

/** Adds the error envelope for every failure status to a route's response schemas. */
export function withErrors<T extends Record<number, z.ZodType>>(responses: T) {
  return { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 429: ErrorEnvelope, ...responses };
}

export const IdParams = z.object({ id: z.uuid() });
