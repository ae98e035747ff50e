import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { MESSAGES_MSG, MessageDetailResponse, MessageResponse, MessagesQuery, MessagesResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { listMessages, readMessage, resendMessage } from './service';

const tags = ['messages'];

/**
 * The e-mails Vireo recorded, mounted at /api/messages: super admins list them, read one (its
 * body may hold one-time links: audited) and send one again. Where there is no SMTP this is
 * where a message's links are found.
 */
export async function messagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = permission('messages.read');

  r.get('/', {
    config: { access },
    schema: { tags, summary: 'Recorded e-mails, newest first, one page (limit, offset); no bodies', querystring: MessagesQuery, response: withErrors({ 200: MessagesResponse }) },
    handler: async (request) => ({ success: true as const, ...(await listMessages(ctx.messages, signedInCaller(request), request.query)) }),
  });

  r.get('/:id', {
    config: { access },
    schema: { tags, summary: 'One recorded e-mail with its body (audited as message.read)', params: IdParams, response: withErrors({ 200: MessageDetailResponse }) },
    handler: async (request) => ({ success: true as const, message: await readMessage(ctx.messages, signedInCaller(request), request.params.id) }),
  });

  r.post('/:id/resend', {
    config: { access },
    schema: {
      tags,
      summary: 'Send a recorded e-mail again through the outbox relay (the caller’s mail quota applies; 429 over it). Audited as message.resent.',
      params: IdParams,
      response: withErrors({ 202: MessageResponse }),
    },
    handler: async (request, reply) => {
      await resendMessage(ctx.messages, signedInCaller(request), request.params.id);
      return reply.status(202).send({ success: true as const, message: MESSAGES_MSG.resendQueued });
    },
  });
}
