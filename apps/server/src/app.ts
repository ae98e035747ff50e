import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import type { AppContext } from './app-context';
import { registerAccessControl } from './platform/access';
import { originOf } from './platform/caller';
import { loggableError, registerErrorHandling } from './platform/errors';
import { registerPageForms } from './platform/pages';
import { registerRateLimits } from './platform/rate-limit';
import { PRETTY_TRANSPORT, prettyLogs } from './platform/logging';
import { readWebIndex, RequestLog, registerCompression, registerPublic, registerSecurityHeaders, registerWebApp } from './platform/http';
import { healthRoutes } from './modules/health';
import { identityPages, identityRoutes, loginRoutes, passwordResetPages, permissionGrantRoutes, signUpPages } from './modules/identity';
import { identityStylesheet } from './platform/page-theme';
import { liveRoutes } from './modules/live';
import { bookingRoutes, startBookingJobs } from './modules/booking';
import { videoRoutes } from './modules/video';
import { voiceRoutes } from './modules/voice';
import { registrationPages, userdataRoutes } from './modules/userdata';
import { doctorsRoutes, setPasswordPages } from './modules/doctors';
import { rotaRoutes } from './modules/rota';
import { messagesRoutes } from './modules/messages';
import { commerceRoutes, referenceRoutes } from './modules/commerce';
import { orderRoutes } from './modules/orders';
import { labResultsRoutes } from './modules/lab-results';
import { logisticsRoutes } from './modules/logistics';
import { partnerRoutes } from './modules/partners';
import { chatRoutes } from './modules/chat';
import { commerceProcessorRoutes, processorRoutes } from './modules/processor';
import { certificateManagementRoutes, certificateRoutes } from './modules/certificates';

export interface BuildOptions {
  logger?: boolean;
  /** Serve apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/**
 * Logs carry the route pattern, never the URL (tokens travel in some paths) nor the caller's IP;
 * an error only its type, code and stack frames, never its message (`loggableError`).
 */
const logSerializers = {
  req: (req: { method?: string; routeOptions?: { url?: string } }) => ({ method: req.method, route: req.routeOptions?.url ?? 'unmatched' }),
  err: loggableError,
};

/** Where the log goes: the given stream, else stdout, pretty in a terminal outside production (`prettyLogs`). */
function logOutput(logStream: BuildOptions['logStream']) {
  if (logStream) return { stream: logStream };
  return prettyLogs(process.stdout, process.env.NODE_ENV) ? { transport: PRETTY_TRANSPORT } : {};
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel, serializers: logSerializers, ...logOutput(options.logStream) },
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webIndex = options.serveWeb ? readWebIndex(app, ctx.config) : undefined;
  registerErrorHandling(app, webIndex);
  await registerSecurityHeaders(app, {
    publicUrl: ctx.config.publicUrl,
    frameSources: ctx.config.swabVideoEmbedUrl ? [new URL(ctx.config.swabVideoEmbedUrl).origin] : [],
  });
  await registerCompression(app);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await registerPageForms(app, { secure: ctx.config.publicUrl.startsWith('https:') });
  await registerRateLimits(app, ctx.limiter, ctx.clock);
  registerAccessControl(app, (token) => ctx.sessions.resolve(token));
  // List reads counted in memory reach their audit records before the database closes.
  app.addHook('onClose', () => ctx.audit.flushReadCounts());
  app.addHook('onSend', async (request, reply) => {
    const status = reply.statusCode;
    const denied = status === 401 || status === 403 || (status === 404 && !request.is404 && request.url.startsWith('/api/'));
    if (!denied) return;
    await ctx.audit.record(
      { action: 'request.denied', outcome: status === 404 ? 'not_found' : 'denied', details: { method: request.method, route: request.routeOptions.url, status } },
      // A denied request's short token was never checked: the actor is its session, else anonymous.
      { auth: request.auth, origin: originOf(request) },
    );
  });

  await app.register(swagger, {
    openapi: {
      info: { title: `${ctx.config.productName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await registerPublic(app, swaggerUi as never, { routePrefix: '/api/docs', staticCSP: true });

  await app.register((child) => healthRoutes(child, ctx), { prefix: '/api' });
  await app.register((child) => loginRoutes(child, ctx), { prefix: '/api/login' });
  await app.register((child) => identityRoutes(child, ctx), { prefix: '/api/identity' });
  await app.register((child) => permissionGrantRoutes(child, ctx), { prefix: '/api/permissions' });
  await app.register((child) => identityPages(child, ctx), { prefix: '/identity' });
  await app.register((child) => passwordResetPages(child, ctx), { prefix: '/identity' });
  await app.register((child) => signUpPages(child, ctx), { prefix: '/identity' });
  await app.register((child) => identityStylesheet(child), { prefix: '/identity' });
  await app.register((child) => liveRoutes(child, ctx), { prefix: '/api' });
  await app.register((child) => bookingRoutes(child, ctx), { prefix: '/api/booking' });
  if (ctx.jobs.boss) await startBookingJobs(ctx.booking, ctx.jobs, { demo: ctx.config.seedDemo });
  await app.register((child) => registrationPages(child, ctx), { prefix: '/identity' });
  await app.register((child) => userdataRoutes(child, ctx), { prefix: '/api/userdata' });
  await app.register((child) => rotaRoutes(child, ctx), { prefix: '/api/rota' });
  await app.register((child) => doctorsRoutes(child, ctx), { prefix: '/api/doctors' });
  await app.register((child) => setPasswordPages(child, ctx), { prefix: '/identity' });
  await app.register((child) => messagesRoutes(child, ctx), { prefix: '/api/messages' });
  await app.register((child) => commerceRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => referenceRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => orderRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => logisticsRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => partnerRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => videoRoutes(child, ctx), { prefix: '/api/video' });
  await app.register((child) => voiceRoutes(child, ctx), { prefix: '/api/voice' });
  await app.register((child) => chatRoutes(child, ctx), { prefix: '/api/chat' });
  await app.register((child) => processorRoutes(child, ctx), { prefix: '/api/processor' });
  await app.register((child) => commerceProcessorRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => certificateRoutes(child, ctx), { prefix: '/api/certificates' });
  await app.register((child) => certificateManagementRoutes(child, ctx), { prefix: '/api/commerce/v1' });
  await app.register((child) => labResultsRoutes(child, ctx), { prefix: '/api/commerce/v1' });

  if (webIndex) await registerWebApp(app, ctx.config);
  return app;
}
