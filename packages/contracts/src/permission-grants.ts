import { z } from 'zod';
import { listQuery } from './list-query';
import { GrantablePermissionSchema } from './permissions';
import { text, Uuid } from './validation';

/** /super_admin/permissions: the accounts that may be granted permissions, and what each holds. */
export const PERMISSION_GRANTS_MSG = {
  lastGranter: 'At least one account must keep permissions.manage: grant it to another account first.',
  notGrantable: 'This account holds no role these permissions may be granted to.',
} as const;

export const PERMISSION_ACCOUNTS_MAX_LIMIT = 100;

/** Accounts by name, a page at a time; `q` matches the name or the e-mail address. */
export const PermissionAccountsQuery = listQuery({ sortColumns: ['name', 'email'], maxLimit: PERMISSION_ACCOUNTS_MAX_LIMIT }).extend({
  q: text().trim().max(200).optional(),
});
export type PermissionAccountsQuery = z.infer<typeof PermissionAccountsQuery>;

export const PermissionAccount = z.object({
  id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  grants: z.array(GrantablePermissionSchema),
});
export type PermissionAccount = z.infer<typeof PermissionAccount>;

export const PermissionAccountsResponse = z.object({
  success: z.literal(true),
  accounts: z.array(PermissionAccount),
  total: z.number().int().nonnegative(),
});
export type PermissionAccountsResponse = z.infer<typeof PermissionAccountsResponse>;

export const PermissionGrantParams = z.object({ id: Uuid, permission: GrantablePermissionSchema });
export const PermissionGrantRequest = z.object({ granted: z.boolean() });
export type PermissionGrantRequest = z.infer<typeof PermissionGrantRequest>;
export const PermissionAccountResponse = z.object({ success: z.literal(true), account: PermissionAccount });
export type PermissionAccountResponse = z.infer<typeof PermissionAccountResponse>;
