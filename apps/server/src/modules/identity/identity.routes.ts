import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { CreateRoleRequest, CreateUserRequest, MSG, RoleResponse, UpdateUserRequest, UserResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { SIGNED_IN, permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { createRole, createUser, getUser, updateUser } from './service';

/**
 * The identity service (spec 1 §7), mounted at /api/identity.
 * A super admin creates users and roles; a user reads and updates only themself (others answer 404).
 */
export async function identityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/users', {
    config: { access: permission('users.create', MSG.unableToCreateUser) },
    schema: { tags: ['identity'], summary: 'Create a user (super admin)', body: CreateUserRequest, response: withErrors({ 201: UserResponse }) },
    handler: async (request, reply) => {
      const user = await createUser(ctx.identity, signedInCaller(request), request.body);
      return reply.status(201).send({ success: true as const, user });
    },
  });

  r.get('/users/:id', {
    config: { access: SIGNED_IN },
    schema: { tags: ['identity'], summary: 'Read a user (themself, or anyone for a super admin)', params: IdParams, response: withErrors({ 200: UserResponse }) },
    handler: async (request) => ({ success: true as const, user: await getUser(ctx.identity, signedInCaller(request), request.params.id) }),
  });

  r.patch('/users/:id', {
    config: { access: SIGNED_IN },
    schema: {
      tags: ['identity'],
      summary: 'Update a user (themself; e-mail and disabled only by a super admin)',
      params: IdParams,
      body: UpdateUserRequest,
      response: withErrors({ 200: UserResponse }),
    },
    handler: async (request) => ({
      success: true as const,
      user: await updateUser(ctx.identity, signedInCaller(request), request.params.id, request.body),
    }),
  });

  r.post('/roles', {
    config: { access: permission('roles.grant', MSG.unableToCreateRole) },
    schema: { tags: ['identity'], summary: 'Give a user a role in an organisation (super admin)', body: CreateRoleRequest, response: withErrors({ 201: RoleResponse }) },
    handler: async (request, reply) => {
      const role = await createRole(ctx.identity, signedInCaller(request), request.body);
      return reply.status(201).send({ success: true as const, role });
    },
  });
}
