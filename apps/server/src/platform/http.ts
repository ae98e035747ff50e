import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../app-context';
import { PUBLIC } from './access';

/** Registers a third-party plugin whose routes are all public (docs, static files). */
export async function registerPublic(app: FastifyInstance, plugin: FastifyPluginAsync<never>, options: object): Promise<void> {
  await app.register(async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: PUBLIC };
    });
    await child.register(plugin as FastifyPluginAsync, options);
  });
}

/**
 * Security headers on every answer, and no caching of API answers. `frameSources` are the outside
 * origins a page may embed (the configured swab-test video).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { frameSources?: string[] } = {}): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", ...(options.frameSources ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}

/** The built web app's index.html, or undefined (with a warning) when it has not been built. */
export function readWebIndex(app: FastifyInstance, ctx: AppContext): Buffer | undefined {
  const indexFile = path.join(ctx.config.webDist, 'index.html');
  if (fs.existsSync(indexFile)) return fs.readFileSync(indexFile);
  app.log.warn('web app not built: run `npm run build`; serving the API only');
  return undefined;
}

/** Serves the built web app's files; index.html for other app paths comes from the not-found handler. */
export async function registerWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerPublic(app, fastifyStatic as FastifyPluginAsync<never>, { root: ctx.config.webDist, index: false, wildcard: false });
}
