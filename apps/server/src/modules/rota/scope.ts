import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { hasPermission, hasRole, type AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { roles } from '../../db/schema';

/**
 * The organisations whose practitioners the caller manages: a shift manager those where they hold
 * that role; a super admin every organisation (null).
 */
export function managedOrganisations(auth: AuthContext): string[] | null {
  if (hasRole(auth, 'super_admin')) return null;
  return auth.roles.filter((r) => r.name === 'shift_manager').map((r) => r.organisationId);
}

export const isRotaManager = (auth: AuthContext): boolean => hasPermission(auth, 'rota.manage');

/** Practitioner roles the caller may see: managed organisations, or a practitioner's own role. */
export function practitionerRoleScope(auth: AuthContext): SQL | undefined {
  if (!isRotaManager(auth)) return and(eq(roles.name, 'practitioner'), eq(roles.userId, auth.userId));
  const organisations = managedOrganisations(auth);
  if (organisations === null) return eq(roles.name, 'practitioner');
  if (organisations.length === 0) return sql`false`;
  return and(eq(roles.name, 'practitioner'), inArray(roles.organisationId, organisations));
}

/** The practitioner's organisation when the caller may manage them; otherwise 404. */
export async function requireManagedPractitioner(db: Db, auth: AuthContext, userId: string): Promise<string> {
  const [role] = await db
    .select({ organisationId: roles.organisationId })
    .from(roles)
    .where(and(practitionerRoleScope(auth), eq(roles.userId, userId)));
  if (!role) throw notFound();
  return role.organisationId;
}
