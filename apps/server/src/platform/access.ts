import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MSG, allows, type Permission, type RoleName } from '@vireo/contracts';
import { AppError, unauthenticated } from './errors';

/**
 * Every route declares one of these in `config.access`; a route without one is denied. Who holds a
 * permission is written once, in contracts' `PERMISSIONS`.
 */
export type Access =
  | { public: true }
  | { signedIn: true }
  | { permission: Permission; deniedMessage?: string };

export const PUBLIC: Access = { public: true };
export const SIGNED_IN: Access = { signedIn: true };
/** Signed in with a role that grants `name` or with it granted to the account (403 with `deniedMessage`, else the generic refusal). */
export function permission(name: Permission, deniedMessage?: string): Access {
  return deniedMessage ? { permission: name, deniedMessage } : { permission: name };
}

export interface AuthRole {
  id: string;
  name: RoleName;
  organisationId: string;
}

/** Who is calling: resolved from the bearer session before any handler runs. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  organisationId: string;
  /** The role the session was opened for (the user's first role unless chosen). */
  role: AuthRole;
  roles: AuthRole[];
  /** The permissions granted to the account itself (contracts' `GRANTABLE_PERMISSIONS`). */
  grants: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route registered on the app, kept so startup can check each declares its access. */
    registeredRoutes: RouteOptions[];
  }
}

export function hasRole(auth: AuthContext, ...names: RoleName[]): boolean {
  return auth.roles.some((r) => names.includes(r.name));
}

/** Whether any role the caller holds grants `name`, or it was granted to the caller's account. */
export function hasPermission(auth: AuthContext, name: Permission): boolean {
  return allows({ roles: auth.roles.map((r) => r.name), grants: auth.grants }, name);
}

export type SessionResolver = (token: string) => Promise<AuthContext | null>;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Default deny: resolves the session and enforces each route's declared access. */
export function registerAccessControl(app: FastifyInstance, resolveSession: SessionResolver): void {
  const routes: RouteOptions[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => !route.config?.access).map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) throw new Error(`Routes without an access policy: ${undeclared.join(', ')}`);
  });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    const token = bearer(request);
    request.auth = token ? await resolveSession(token) : null;
    if (!access) throw new AppError(403, MSG.unableToAuthenticate);
    if ('public' in access) return;
    if (!request.auth) throw unauthenticated();
    if ('signedIn' in access) return;
    if (!hasPermission(request.auth, access.permission)) throw new AppError(403, access.deniedMessage ?? MSG.unableToAuthenticate);
  });
}
