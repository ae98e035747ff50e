import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';
import { checkDatabase } from '../../platform/db';

/** GET /api/health: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { access: PUBLIC },
    schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: z.object({ success: z.literal(true), database: z.string() }), 503: ErrorEnvelope } },
    handler: async (_request, reply) => {
      try {
        await checkDatabase(ctx.database.db);
      } catch {
        return reply.status(503).send({ success: false as const, message: 'Database unavailable' });
      }
      return { success: true as const, database: ctx.database.kind };
    },
  });
}
