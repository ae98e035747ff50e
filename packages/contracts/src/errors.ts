import { z } from 'zod';

/** The one error envelope every API failure answers with. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const SuccessOnly = z.object({ success: z.literal(true) });
