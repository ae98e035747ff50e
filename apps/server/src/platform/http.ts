import fs from 'node:fs';
import path from 'node:path';
import { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from './access';
import type { Config } from './config';

/** Health checks come every few seconds from load balancers: they write no log line at any level. */
const HEALTH_ROUTE = '/api/health';

/**
 * Request lines ('incoming request', 'request completed') at `debug`, so the default `info` log holds
 * what needs attention; none for health checks. Failed requests still log at `error`.
 */
export class RequestLog extends LogController {
  override isLogDisabled(request: FastifyRequest): boolean {
    return request.routeOptions?.url === HEALTH_ROUTE;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Registers a third-party plugin whose routes are all public (docs, static files). */
export async function registerPublic(app: FastifyInstance, plugin: FastifyPluginAsync<never>, options: object): Promise<void> {
  await app.register(async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: PUBLIC };
    });
    await child.register(plugin as FastifyPluginAsync, options);
  });
}

/** The WebSocket origin of the app's own address (`ws://host:port` for http, `wss://host` for https). */
export function webSocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Security headers on every answer (PDFs included), and no caching of API answers. Scripts talk to
 * the app's own origin only, WebSockets included (`publicUrl`'s ws/wss origin, for browsers whose
 * 'self' does not cover WebSockets). `frameSources` are the outside origins a page may embed (the
 * configured swab-test video).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string; frameSources?: string[] }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiled from the own origin's files only (the kit scan's QR decoder); no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", webSocketOrigin(options.publicUrl)],
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

/** Answers smaller than this go uncompressed: the encoding would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 512;

/**
 * Compresses text answers on the fly (brotli or gzip, as the client accepts) above a small size: API
 * JSON, server pages, the web app's index.html. Built assets are compressed at build time and sent
 * as they are (`registerWebApp`). Every answer varies on Accept-Encoding.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
  app.addHook('onSend', async (_request, reply) => {
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  });
}

/** Cache lifetimes of the built web app's files. */
export const CACHE_CONTROL = {
  /** Files under /assets carry a hash of their content in their name: a new build gives new names. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** The app's entry page and any other HTML: always revalidated, so a new build shows at once. */
  html: 'no-cache',
  /** Files with stable names (the favicon, the swab-test video): a day, then revalidated by ETag. */
  other: 'public, max-age=86400',
} as const;

/** The Cache-Control of a file of the built web app (or its .br/.gz), by its path relative to the build's root. */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.replace(/\.(br|gz)$/, '').endsWith('.html')) return CACHE_CONTROL.html;
  if (relativePath.startsWith('assets/')) return CACHE_CONTROL.hashedAsset;
  return CACHE_CONTROL.other;
}

/** The built web app's index.html, with the brotli and gzip files the build wrote beside it. */
export interface WebIndex {
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The built web app's index.html, or undefined (with a warning) when it has not been built. */
export function readWebIndex(app: FastifyInstance, config: Pick<Config, 'webDist'>): WebIndex | undefined {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn('web app not built: run `npm run build`; serving the API only');
    return undefined;
  }
  const encoded = (extension: string) => (fs.existsSync(`${indexFile}.${extension}`) ? fs.readFileSync(`${indexFile}.${extension}`) : undefined);
  return { html: fs.readFileSync(indexFile), br: encoded('br'), gzip: encoded('gz') };
}

/** Answers index.html (for the app's own paths), in the best encoding the client accepts, revalidated on every visit. */
export function sendWebIndex(request: FastifyRequest, reply: FastifyReply, index: WebIndex): FastifyReply {
  const available = (['br', 'gzip'] as const).filter((encoding) => index[encoding]);
  const encoding = available.length ? negotiate(String(request.headers['accept-encoding'] ?? ''), [...available, 'identity']) : null;
  reply.type('text/html; charset=utf-8').header('cache-control', CACHE_CONTROL.html).header('vary', 'Accept-Encoding');
  if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(index[encoding]);
  return reply.send(index.html);
}

/**
 * Serves the built web app's files, the brotli or gzip file written beside each at build time when the
 * client accepts it, with the caching of `cacheControlFor`; index.html for other app paths comes from
 * the not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDist'>): Promise<void> {
  const root = config.webDist;
  await registerPublic(app, fastifyStatic as FastifyPluginAsync<never>, {
    root,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  });
}
