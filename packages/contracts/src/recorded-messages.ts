import { z } from 'zod';
import { EpochSeconds, Uuid } from './validation';
import { RECORDED_MESSAGE_STATUSES } from './recorded-messages-constants';

export * from './recorded-messages-constants';

export const RecordedMessage = z.object({
  id: Uuid,
  recipient: z.string(),
  subject: z.string().nullable(),
  template: z.string(),
  status: z.enum(RECORDED_MESSAGE_STATUSES),
  created_at: EpochSeconds,
  sent_at: /* @__PURE__ */ EpochSeconds.nullable(),
});
export type RecordedMessage = z.infer<typeof RecordedMessage>;

export const MessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Newest first. */
export const MessagesResponse = z.object({ success: z.literal(true), messages: z.array(RecordedMessage), total: z.number().int().nonnegative() });
export type MessagesResponse = z.infer<typeof MessagesResponse>;
/** One message with its body opened (it may hold one-time links: each read is audited). */
export const MessageDetailResponse = z.object({ success: z.literal(true), message: /* @__PURE__ */ RecordedMessage.extend({ body: z.string() }) });
export type MessageDetailResponse = z.infer<typeof MessageDetailResponse>;
