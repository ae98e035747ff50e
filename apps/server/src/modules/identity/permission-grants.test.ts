import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { GRANTABLE_PERMISSION_NAMES, PERMISSION_GRANTS_MSG, type GrantablePermission } from '@vireo/contracts';
import { auditEvents, permissionGrants } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let org: string;
let granter: TestUser;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;

/** Test setup: grants written as the seed writes them. */
async function grant(user: TestUser, ...permissions: GrantablePermission[]) {
  await h.ctx.database.db.insert(permissionGrants).values(permissions.map((permission) => ({ userId: user.user.id, permission, grantedAt: h.clock.now() })));
}

beforeAll(async () => {
  h = await createHarness();
  org = await h.org();
  granter = await h.user({ org, roles: ['super_admin'], email: uniqueEmail('granter') });
  admin = await h.user({ org, roles: ['super_admin'], email: uniqueEmail('plain.admin') });
  support = await h.user({ org, roles: ['customer_services'] });
  patient = await h.user({ org, roles: ['patient'] });
  await grant(granter, ...GRANTABLE_PERMISSION_NAMES);
});
afterAll(() => h.close());

const put = (token: string, user: TestUser, permission: string, granted: boolean) =>
  h.call('PUT', `/api/permissions/accounts/${user.user.id}/${permission}`, { token, body: { granted } });

describe('/api/permissions (permissions.manage)', () => {
  it('lists the accounts that may hold permissions, with their grants, searchable by e-mail or name, a page at a time', async () => {
    const all = await h.call('GET', '/api/permissions/accounts?limit=100', { token: granter.token });
    expect(all.status).toBe(200);
    const ids = all.body.accounts.map((a: { id: string }) => a.id);
    expect(ids).toContain(granter.user.id);
    expect(ids).toContain(admin.user.id);
    expect(ids).not.toContain(support.user.id);
    expect(ids).not.toContain(patient.user.id);
    expect(all.body.accounts.find((a: { id: string }) => a.id === granter.user.id).grants.sort()).toEqual([...GRANTABLE_PERMISSION_NAMES].sort());

    const byEmail = await h.call('GET', `/api/permissions/accounts?q=${encodeURIComponent(admin.user.email.toUpperCase())}`, { token: granter.token });
    expect(byEmail.body.accounts.map((a: { id: string }) => a.id)).toEqual([admin.user.id]);
    expect(byEmail.body.total).toBe(1);
    const byName = await h.call('GET', '/api/permissions/accounts?q=test%20pers&limit=100', { token: granter.token });
    expect(byName.body.total).toBeGreaterThanOrEqual(2);
    const wildcard = await h.call('GET', '/api/permissions/accounts?q=%25', { token: granter.token });
    expect(wildcard.body.total).toBe(0);

    const page = await h.call('GET', '/api/permissions/accounts?limit=1&offset=1&sort=-email', { token: granter.token });
    expect(page.body.accounts).toHaveLength(1);
    expect(page.body.total).toBe(all.body.total);
    expect((await h.call('GET', '/api/permissions/accounts?limit=101', { token: granter.token })).status).toBe(400);
    expect((await h.call('GET', '/api/permissions/accounts?sort=password', { token: granter.token })).status).toBe(400);
  });

  it('grants and revokes at once (the session that just used the route sees it), audited', async () => {
    expect((await h.call('GET', '/api/permissions/accounts', { token: admin.token })).status).toBe(403);
    const granted = await put(granter.token, admin, 'permissions.manage', true);
    expect(granted.status).toBe(200);
    expect(granted.body.account).toMatchObject({ id: admin.user.id, grants: ['permissions.manage'] });
    expect((await h.call('GET', '/api/permissions/accounts', { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', '/api/login/session', { token: admin.token })).body.grants).toEqual(['permissions.manage']);
    expect((await put(granter.token, admin, 'permissions.manage', true)).body.account.grants).toEqual(['permissions.manage']);

    const revoked = await put(granter.token, admin, 'permissions.manage', false);
    expect(revoked.status).toBe(200);
    expect(revoked.body.account.grants).toEqual([]);
    expect((await h.call('GET', '/api/permissions/accounts', { token: admin.token })).status).toBe(403);

    const audit = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceId, admin.user.id), inArray(auditEvents.action, ['permission.granted', 'permission.revoked'])));
    expect(audit.map((e) => [e.action, e.actorUserId, (e.details as { permission: string }).permission])).toEqual([
      ['permission.granted', granter.user.id, 'permissions.manage'],
      ['permission.granted', granter.user.id, 'permissions.manage'],
      ['permission.revoked', granter.user.id, 'permissions.manage'],
    ]);
  });

  it('keeps permissions.manage with its last holder (409), and lets it go once another holds it', async () => {
    const refused = await put(granter.token, granter, 'permissions.manage', false);
    expect(refused).toMatchObject({ status: 409, body: { success: false, message: PERMISSION_GRANTS_MSG.lastGranter } });
    expect((await put(granter.token, admin, 'permissions.manage', true)).status).toBe(200);
    expect((await put(admin.token, granter, 'permissions.manage', false)).status).toBe(200);
    expect((await put(admin.token, admin, 'permissions.manage', false)).status).toBe(409);
    expect((await put(admin.token, granter, 'permissions.manage', true)).status).toBe(200);
    expect((await put(granter.token, admin, 'permissions.manage', false)).status).toBe(200);
  });

  it('grants only to an account holding a role the permission is for (else 404), and only known grantable names (400)', async () => {
    expect((await put(granter.token, support, 'products.manage', true)).status).toBe(404);
    expect((await put(granter.token, patient, 'products.manage', true)).status).toBe(404);
    expect((await h.call('PUT', `/api/permissions/accounts/00000000-0000-4000-8000-000000000000/products.manage`, { token: granter.token, body: { granted: true } })).status).toBe(404);
    expect((await put(granter.token, admin, 'messages.read', true)).status).toBe(400);
    expect((await put(granter.token, admin, 'products.manage', 'yes' as unknown as boolean)).status).toBe(400);
  });

  it('refuses without a session (401), with another role (403) or without the permission (403)', async () => {
    expect((await h.call('GET', '/api/permissions/accounts')).status).toBe(401);
    expect((await h.call('PUT', `/api/permissions/accounts/${admin.user.id}/products.manage`, { body: { granted: true } })).status).toBe(401);
    expect((await h.call('GET', '/api/permissions/accounts', { token: support.token })).status).toBe(403);
    expect((await put(patient.token, admin, 'products.manage', true)).status).toBe(403);
    expect((await put(admin.token, admin, 'products.manage', true)).status).toBe(403);
  });
});
