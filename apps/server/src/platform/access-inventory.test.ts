import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ROLE_NAMES, can, type RoleName } from '@vireo/contracts';
import { createHarness, type Harness, type TestUser } from '../test/harness';

/**
 * Default deny, route by route: every route the app registers (today's and every one added later)
 * is walked here. A route that is not public answers 401 without a session, and one behind a
 * permission answers 403 to a session whose role does not grant it, before its handler or its
 * input checks run.
 */
let h: Harness;
const sessions = new Map<RoleName, TestUser>();

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  for (const role of ROLE_NAMES) sessions.set(role, await h.user({ org, roles: [role] }));
});
afterAll(() => h.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Each (method, concrete url) of the app's routes with its declared access; path parameters filled with an id. */
function inventory(): { method: Method; url: string; access: NonNullable<RouteOptions['config']>['access'] }[] {
  const methods = new Set<string>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
  return h.app.registeredRoutes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => methods.has(method))
      .map((method) => ({ method: method as Method, url: route.url.replace(/:[A-Za-z_]+/g, ANY_ID).replace(/\*$/, 'anything'), access: route.config?.access })),
  );
}

describe('every route declares its access and enforces it', () => {
  it('walks a real inventory', () => {
    expect(inventory().length).toBeGreaterThan(150);
  });

  it('a route that is not public answers 401 without a session', async () => {
    const refused: string[] = [];
    for (const route of inventory()) {
      if (!route.access || 'public' in route.access) continue;
      const response = await h.call(route.method, route.url, { body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      if (response.status !== 401) refused.push(`${route.method} ${route.url} → ${response.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('a route behind a permission answers 403 to every role that does not grant it', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of inventory()) {
      if (!route.access || !('permission' in route.access)) continue;
      const permission = route.access.permission;
      for (const role of ROLE_NAMES.filter((name) => !can(name, permission))) {
        const response = await h.call(route.method, route.url, { token: sessions.get(role)!.token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        checked += 1;
        if (response.status !== 403) wrong.push(`${role}: ${route.method} ${route.url} → ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
