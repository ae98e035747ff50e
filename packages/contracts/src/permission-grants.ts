import { z } from 'zod';
import { listQuery } from './list-query';
import { GrantablePermissionSchema } from './permissions';
import { text, Uuid } from './validation';
import { PERMISSION_ACCOUNTS_MAX_LIMIT } from './permission-grants-constants';

export * from './permission-grants-constants';

/** Accounts by name, a page at a time; `q` matches the name or the e-mail address. */
export const PermissionAccountsQuery = /* @__PURE__ */ listQuery({ sortColumns: ['name', 'email'], maxLimit: PERMISSION_ACCOUNTS_MAX_LIMIT }).extend({
  q: /* @__PURE__ */ text().trim().max(200).optional(),
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
