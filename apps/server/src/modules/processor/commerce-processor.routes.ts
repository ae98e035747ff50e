import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { PROCESSOR_MSG, ProcessorEventsResponse, RunEventRequest, RunEventResponse, SuccessOnly } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { withErrors } from '../../platform/schemas';
import { listEvents, runEvent } from './service';

const tags = ['processor'];

/** The commerce API's processor rows (spec 3 §7.1), mounted under /api/commerce/v1. */
export async function commerceProcessorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = permission('processor.manage');

  r.get('/processor', {
    config: { access },
    schema: { tags, summary: '200 for those who run the processor (the hub shows its card)', response: withErrors({ 200: SuccessOnly }) },
    handler: async () => ({ success: true as const }),
  });

  r.get('/processor/event', {
    config: { access },
    schema: { tags, summary: 'The events a task may react to, with their keys', response: withErrors({ 200: ProcessorEventsResponse }) },
    handler: async () => ({ success: true as const, events: listEvents() }),
  });

  r.post('/processor/event/run', {
    config: { access },
    schema: { tags, summary: 'Raises an event by hand for the organisation’s enabled tasks (Resend messages)', body: RunEventRequest, response: withErrors({ 200: RunEventResponse }) },
    handler: async (request) => {
      const runs = await runEvent(ctx.processor, signedInCaller(request), request.body);
      return { success: true as const, message: PROCESSOR_MSG.resent, runs };
    },
  });
}
