import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  GRANTABLE_PERMISSIONS,
  PERMISSION_ACCOUNTS_MAX_LIMIT,
  PERMISSION_GRANTS_MSG,
  isGrantable,
  type GrantablePermission,
  type PermissionAccount,
  type PermissionAccountsQuery,
  type RoleName,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { orderByClause, pageOf, sortOrder } from '../../platform/list-query';
import { permissionGrants, roles, users } from '../../db/schema';
import type { IdentityDeps } from './service';

/** The roles some grantable permission may be granted to: their holders are the accounts the page lists. */
const ELIGIBLE_ROLES = [...new Set(Object.values(GRANTABLE_PERMISSIONS).flat())] as RoleName[];

/** Serialises grant changes, so two revocations of permissions.manage cannot both leave the other as the last holder. */
const GRANTS_LOCK = 72_190_403;

const SORT_COLUMNS = { name: `lower("users"."last_name" || ' ' || "users"."first_name")`, email: 'lower("users"."email")' } as const;

function eligible(userId: SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${roles} WHERE ${roles.userId} = ${userId} AND ${inArray(roles.name, ELIGIBLE_ROLES)})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Each account's grants, in the order of contracts' list. */
async function grantsByUser(db: Db, userIds: string[]): Promise<Map<string, GrantablePermission[]>> {
  const map = new Map<string, GrantablePermission[]>();
  if (userIds.length === 0) return map;
  const rows = await db.select().from(permissionGrants).where(inArray(permissionGrants.userId, userIds)).orderBy(asc(permissionGrants.permission));
  for (const row of rows) {
    if (!isGrantable(row.permission as GrantablePermission)) continue;
    map.set(row.userId, [...(map.get(row.userId) ?? []), row.permission as GrantablePermission]);
  }
  return map;
}

function present(user: typeof users.$inferSelect, grants: GrantablePermission[]): PermissionAccount {
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email, disabled: user.disabledAt !== null, grants };
}

/** The accounts that may be granted permissions (name or e-mail containing `q`), a page at a time, with their grants. */
export async function listPermissionAccounts(deps: IdentityDeps, _caller: SignedInCaller, query: PermissionAccountsQuery) {
  const { db } = deps;
  const { limit, offset } = pageOf(query, PERMISSION_ACCOUNTS_MAX_LIMIT);
  const order = sortOrder(SORT_COLUMNS, query.sort ?? 'name');
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const where = and(
    eligible(sql`${users.id}`),
    pattern
      ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const page = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql.raw(orderByClause(order, ['"users"."id"'], 'ASC')))
    .limit(limit)
    .offset(offset);
  const grants = await grantsByUser(db, page.map((user) => user.id));
  return {
    accounts: page.map((user) => present(user, grants.get(user.id) ?? [])),
    total: total?.n ?? 0,
  };
}

/**
 * Grants or revokes one permission of an account that holds a role it may be granted to (else 404).
 * The last account that may grant keeps permissions.manage (409). Audited; every process forgets the
 * account's sessions at once, so the change holds on the next request wherever it lands.
 */
export async function setPermissionGrant(
  deps: IdentityDeps,
  caller: SignedInCaller,
  input: { userId: string; permission: GrantablePermission; granted: boolean },
): Promise<PermissionAccount> {
  const { db, clock, audit, sessions } = deps;
  const account = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${GRANTS_LOCK})`);
    const [user] = await tx.select().from(users).where(and(eq(users.id, input.userId), eligible(sql`${users.id}`)));
    if (!user) throw notFound();
    if (input.granted) {
      await tx
        .insert(permissionGrants)
        .values({ userId: user.id, permission: input.permission, grantedBy: caller.auth.userId, grantedAt: clock.now() })
        .onConflictDoNothing();
    } else {
      if (input.permission === 'permissions.manage') await mustLeaveAnotherGranter(tx, user.id);
      await tx.delete(permissionGrants).where(and(eq(permissionGrants.userId, user.id), eq(permissionGrants.permission, input.permission)));
    }
    await audit.record(
      {
        action: input.granted ? 'permission.granted' : 'permission.revoked',
        outcome: 'success',
        resourceType: 'user',
        resourceId: user.id,
        details: { permission: input.permission },
      },
      caller,
      tx,
    );
    const grants = await grantsByUser(tx, [user.id]);
    return present(user, grants.get(user.id) ?? []);
  });
  await sessions.changed({ userId: account.id, revoked: false });
  return account;
}

/** 409 unless an enabled account other than `userId`, eligible for it, holds permissions.manage. */
async function mustLeaveAnotherGranter(db: Db, userId: string): Promise<void> {
  const [other] = await db
    .select({ userId: permissionGrants.userId })
    .from(permissionGrants)
    .innerJoin(users, eq(users.id, permissionGrants.userId))
    .where(and(eq(permissionGrants.permission, 'permissions.manage'), ne(permissionGrants.userId, userId), isNull(users.disabledAt), eligible(sql`${users.id}`)))
    .limit(1);
  if (!other) throw conflict(PERMISSION_GRANTS_MSG.lastGranter);
}
