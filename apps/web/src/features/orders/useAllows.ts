import { allows, type Permission } from '@vireo/contracts';
import { useCurrentSession } from '../../lib/session';

/** Whether the session may do what `permission` allows (its roles' or its own grants), as the server decides. */
export function useAllows(permission: Permission): boolean {
  const session = useCurrentSession();
  return allows({ roles: [session.role.name, ...session.user.roles.map((role) => role.name)], grants: session.grants }, permission);
}
