/** permission-grants.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** /super_admin/permissions: the accounts that may be granted permissions, and what each holds. */
export const PERMISSION_GRANTS_MSG = {
  lastGranter: 'At least one account must keep permissions.manage: grant it to another account first.',
  notGrantable: 'This account holds no role these permissions may be granted to.',
} as const;

export const PERMISSION_ACCOUNTS_MAX_LIMIT = 100;
