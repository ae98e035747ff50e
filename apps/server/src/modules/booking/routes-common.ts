import { ErrorEnvelope } from '@vireo/contracts';
import type { z } from 'zod';
import { withErrors } from '../../platform/schemas';

/** The error envelope for every failure status, plus 402 (card declined) and 405 (claim overlap). */
export function bookingErrors<T extends Record<number, z.ZodType>>(responses: T) {
  return withErrors({ 402: ErrorEnvelope, 405: ErrorEnvelope, ...responses });
}

