import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { AuthRequest, AuthResponse, CreateTokenRequest, CreateTokenResponse, SessionResponse, SuccessOnly, text } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { unauthenticated } from '../../platform/errors';
import { withErrors } from '../../platform/schemas';
import { presentRole } from './present';
import { authenticate, createTokenFor, exchangeLoginToken, issueLoginToken, sessionView, signInRateLimit } from './service';

/** The login service (spec 1 §7), mounted at /api/login. */
export async function loginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const signInLimit = signInRateLimit(ctx.config.loginAttemptsPerIp, ctx.audit);
  r.post('/auth', {
    config: { access: PUBLIC, rateLimit: signInLimit.rateLimit },
    onSend: signInLimit.auditRefusal,
    schema: { tags: ['login'], summary: 'Check e-mail and password; answers the roles and a one-time login token', body: AuthRequest, response: withErrors({ 200: AuthResponse }) },
    handler: async (request) => {
      const { user, roles } = await authenticate(ctx.identity, callerOf(request), request.body);
      const first = roles[0];
      if (!first) throw unauthenticated();
      const token = await issueLoginToken(ctx.identity, user.id, first.id, 'api-auth');
      return { success: true as const, roles: roles.map(presentRole), token };
    },
  });

  r.post('/token', {
    config: { access: SIGNED_IN },
    schema: { tags: ['login'], summary: 'A one-time login token for one of the caller’s own roles', body: CreateTokenRequest, response: withErrors({ 200: CreateTokenResponse }) },
    handler: async (request) => {
      const token = await createTokenFor(ctx.identity, signedInCaller(request), request.body);
      return { success: true as const, token };
    },
  });

  r.get('/token/:id', {
    config: { access: PUBLIC },
    schema: {
      tags: ['login'],
      summary: 'Exchange a one-time login token for a session',
      params: z.object({ id: text().min(1).max(200) }),
      response: withErrors({ 200: SessionResponse }),
    },
    handler: (request) => exchangeLoginToken(ctx.identity, callerOf(request), request.params.id),
  });

  r.get('/session', {
    config: { access: SIGNED_IN },
    schema: { tags: ['login'], summary: 'The caller’s session: user, role, organisation and role profile', response: withErrors({ 200: SessionResponse }) },
    handler: async (request) => {
      const { auth } = signedInCaller(request);
      const expiresAt = await ctx.sessions.expiresAt(auth.sessionId);
      if (!expiresAt) throw unauthenticated();
      return sessionView(ctx.identity, auth.userId, auth.role.id, expiresAt);
    },
  });

  r.post('/logout', {
    config: { access: SIGNED_IN },
    schema: { tags: ['login'], summary: 'Revoke the caller’s session', response: withErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      const caller = signedInCaller(request);
      const { auth } = caller;
      await ctx.sessions.revoke(auth.sessionId);
      await ctx.audit.record({ action: 'auth.sign_out', outcome: 'success', resourceType: 'session', resourceId: auth.sessionId }, caller);
      // The other tabs sharing this session, on any server process, learn at once that they are signed out.
      await ctx.live.publishSessionRevoked(auth.userId, auth.sessionId);
      return { success: true as const };
    },
  });
}
