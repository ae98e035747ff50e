import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PermissionSchema, type Permission, type RoleName } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import { organisationProfiles, organisations, permissionGrants, roleProfiles, roles, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export function rolesOf(db: Db, userId: string): Promise<RoleRow[]> {
  return db.select().from(roles).where(eq(roles.userId, userId)).orderBy(asc(roles.position), asc(roles.createdAt));
}

export async function rolesOfMany(db: Db, userIds: string[]): Promise<Map<string, RoleRow[]>> {
  const map = new Map<string, RoleRow[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select()
    .from(roles)
    .where(inArray(roles.userId, userIds))
    .orderBy(asc(roles.position), asc(roles.createdAt));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  return map;
}

export async function organisationExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  return Boolean(row);
}

export async function organisationProfileFor(db: Db, organisationId: string) {
  const [row] = await db
    .select({ profile: organisationProfiles, name: organisations.name })
    .from(organisationProfiles)
    .innerJoin(organisations, eq(organisations.id, organisationProfiles.organisationId))
    .where(eq(organisationProfiles.organisationId, organisationId));
  return row;
}

export async function roleProfileFor(db: Db, roleId: string) {
  const [row] = await db.select().from(roleProfiles).where(eq(roleProfiles.roleId, roleId));
  return row;
}

/** Adds a role and its role profile; the role goes after the user's existing ones. */
export async function insertRole(
  db: Db,
  input: { name: RoleName; userId: string; organisationId: string; profileName: string },
): Promise<RoleRow> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(eq(roles.userId, input.userId));
  const [role] = await db
    .insert(roles)
    .values({ name: input.name, userId: input.userId, organisationId: input.organisationId, position: count?.n ?? 0 })
    .returning();
  if (!role) throw new Error('role insert returned nothing');
  const [orgProfile] = await db
    .select({ id: organisationProfiles.id })
    .from(organisationProfiles)
    .where(eq(organisationProfiles.organisationId, input.organisationId));
  if (!orgProfile) throw new Error('organisation has no profile');
  await db.insert(roleProfiles).values({
    roleId: role.id,
    userId: input.userId,
    organisationProfileId: orgProfile.id,
    name: input.profileName,
  });
  return role;
}

export async function revokeSessionsOf(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} IS NULL`));
}

/** The permissions granted to the account itself, by name (names no longer known are left out). */
export async function grantsOf(db: Db, userId: string): Promise<Permission[]> {
  const rows = await db.select({ permission: permissionGrants.permission }).from(permissionGrants).where(eq(permissionGrants.userId, userId)).orderBy(asc(permissionGrants.permission));
  return rows.flatMap(({ permission }) => {
    const known = PermissionSchema.safeParse(permission);
    return known.success ? [known.data] : [];
  });
}
