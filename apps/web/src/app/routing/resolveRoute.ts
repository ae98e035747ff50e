import { allows, dashboardPath, type OrganisationProfile, type Permission, type PublicUser, type Role, type RoleName } from '@vireo/contracts';
import { matchRoutes } from 'react-router';
import { LOGIN_PATH, signInPathFor } from '../../lib/config';
import { ROUTES, type AppRoute } from '../routes';

/** What the guard needs to know about the signed-in user. */
export interface GuardSession {
  role: Pick<Role, 'name'>;
  user: { roles: readonly Pick<PublicUser['roles'][number], 'name'>[] };
  organisation_profile: Pick<OrganisationProfile, 'daily_check' | 'order_kit'> | null;
  /** The permissions granted to the account itself (beside its roles'). */
  grants?: readonly Permission[];
}

export type RouteDecision =
  | { kind: 'render'; route: AppRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

/** Unknown paths under these areas go to the user's own dashboard (spec 3 §2.1). */
const ROLE_AREAS = ['/patient', '/manager', '/practitioner'];

/** The row for a path, ranked as React Router ranks them (static segments before parameters). */
export function findRoute(pathname: string, routes: readonly AppRoute[] = ROUTES): AppRoute | undefined {
  return matchRoutes([...routes], pathname)?.[0]?.route;
}

function isInRoleArea(pathname: string): boolean {
  return ROLE_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

function homeOf(session: GuardSession | null): string {
  return session ? dashboardPath(session.role.name) : LOGIN_PATH;
}

/** A user may hold several roles (e.g. manager and patient): any one of them opens the route. */
function heldRoles(session: GuardSession): RoleName[] {
  return [session.role.name, ...session.user.roles.map((role) => role.name)];
}

function isAllowed(route: AppRoute, session: GuardSession): boolean {
  const held = heldRoles(session);
  if (route.roles && !route.roles.some((role) => held.includes(role))) return false;
  if (route.permission && !allows({ roles: held, grants: session.grants }, route.permission)) return false;
  return !route.flag || session.organisation_profile?.[route.flag] === true;
}

/**
 * The guard's decision for a path (with its query, `search`): render it, redirect elsewhere, or show the not-found
 * page. A signed-out visitor's sign-in remembers the page asked for, which opens once signed in.
 */
export function resolveRoute(
  pathname: string,
  session: GuardSession | null,
  routes: readonly AppRoute[] = ROUTES,
  search = '',
): RouteDecision {
  const route = findRoute(pathname, routes);
  if (route) {
    if (route.public) return { kind: 'render', route };
    if (!session) return { kind: 'redirect', to: signInPathFor(`${pathname}${search}`) };
    return isAllowed(route, session) ? { kind: 'render', route } : { kind: 'redirect', to: homeOf(session) };
  }
  if (pathname === '/' || isInRoleArea(pathname)) return { kind: 'redirect', to: homeOf(session) };
  return { kind: 'notFound' };
}

/** Whether a link to `pathname` opens a page for this session: menus and hubs show only those. */
export function opensPage(pathname: string, session: GuardSession, routes: readonly AppRoute[] = ROUTES): boolean {
  const route = findRoute(pathname, routes);
  return route !== undefined && (route.public === true || isAllowed(route, session));
}
