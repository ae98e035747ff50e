import { z } from 'zod';
import type { RoleName } from './roles';
import { type PERMISSIONS, PERMISSION_NAMES, type GRANTABLE_PERMISSIONS, GRANTABLE_PERMISSION_NAMES } from './permissions-constants';

export * from './permissions-constants';

/**
 * What each role may do, written once: server routes declare the permission they need, live events
 * name the permission of their audience, and the web app's route table, menus and badges read the
 * same map. A permission is held by holding any one role listed for it, or, for the permissions of
 * `GRANTABLE_PERMISSIONS` (no role holds them), by a grant to the account: `PermissionHolder` carries
 * the account's grants beside its roles, and callers ask `allows(holder, permission)` either way.
 */

export type Permission = keyof typeof PERMISSIONS;
export const PermissionSchema = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]]);

export type GrantablePermission = keyof typeof GRANTABLE_PERMISSIONS;
export const GrantablePermissionSchema = z.enum(GRANTABLE_PERMISSION_NAMES as [GrantablePermission, ...GrantablePermission[]]);

/** Whoever asks: the roles an account holds and the permissions granted to it. */
export interface PermissionHolder {
  roles: readonly RoleName[];
  grants?: readonly Permission[] | undefined;
}
