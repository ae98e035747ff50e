import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { LIVE_MAX_CLIENT_MESSAGE_BYTES } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC } from '../../platform/access';

/** GET /api/live: the live-updates WebSocket (protocol in packages/contracts/src/live.ts). */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onReady', () => ctx.live.start(app, app.log));
  // Added before the plugin's own preClose, so browsers get 1001 "Server shutting down" (they reconnect)
  // rather than the plugin's bare close.
  app.addHook('preClose', () => ctx.live.stop(app));
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false } });

  app.get(
    '/live',
    {
      websocket: true,
      // Public at the HTTP level because a browser cannot set headers on a WebSocket and the token
      // must not travel in the URL: the socket authenticates with its first message instead.
      config: { access: PUBLIC },
    },
    (socket, request) => ctx.live.accept(socket, request),
  );
}
