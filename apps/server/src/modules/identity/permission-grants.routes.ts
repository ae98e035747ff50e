import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { PermissionAccountResponse, PermissionAccountsQuery, PermissionAccountsResponse, PermissionGrantParams, PermissionGrantRequest } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { withErrors } from '../../platform/schemas';
import { listPermissionAccounts, setPermissionGrant } from './permission-grants';

const tags = ['permissions'];

/**
 * The permissions granted account by account (the spec's lists of named admins), mounted at
 * /api/permissions: holders of permissions.manage list the accounts that may hold them and grant or revoke.
 */
export async function permissionGrantRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = permission('permissions.manage');

  r.get('/accounts', {
    config: { access },
    schema: {
      tags,
      summary: 'The accounts that may be granted permissions, with their grants: one page (limit, offset, sort name|email), q matching name or e-mail',
      querystring: PermissionAccountsQuery,
      response: withErrors({ 200: PermissionAccountsResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await listPermissionAccounts(ctx.identity, signedInCaller(request), request.query)) }),
  });

  r.put('/accounts/:id/:permission', {
    config: { access },
    schema: {
      tags,
      summary: 'Grant ({ granted: true }) or revoke a permission; effective at once on every server process; audited. The last holder of permissions.manage keeps it (409).',
      params: PermissionGrantParams,
      body: PermissionGrantRequest,
      response: withErrors({ 200: PermissionAccountResponse }),
    },
    handler: async (request) => ({
      success: true as const,
      account: await setPermissionGrant(ctx.identity, signedInCaller(request), { userId: request.params.id, permission: request.params.permission, granted: request.body.granted }),
    }),
  });
}
