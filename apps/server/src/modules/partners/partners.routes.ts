import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { PARTNER_MSG, PartnerInput, PartnerResponse, PartnerSlugParams, PartnersResponse, PublicPartnerResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { createPartner, getPartner, listPartners, publicPartner, updatePartner } from './service';

const tags = ['partners'];

/**
 * Partners (issue 18), mounted at /api/commerce/v1: the records on Pages Management for holders of
 * `pages.manage`, and the public read of what a partner's booking page (/book_test_{slug}) needs.
 */
export async function partnerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.partners;
  const pages = permission('pages.manage');

  r.get('/partner', {
    config: { access: pages },
    schema: { tags, summary: 'Every partner, by name, with its code prefixes per product', response: withErrors({ 200: PartnersResponse }) },
    handler: async () => ({ success: true as const, data: await listPartners(deps) }),
  });
  r.post('/partner', {
    config: { access: pages },
    schema: { tags, summary: 'Create a partner (409 when its page address or source label is taken)', body: PartnerInput, response: withErrors({ 201: PartnerResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, data: await createPartner(deps, signedInCaller(request), request.body), message: PARTNER_MSG.created }),
  });
  r.get('/partner/:id', {
    config: { access: pages },
    schema: { tags, summary: 'One partner', params: IdParams, response: withErrors({ 200: PartnerResponse }) },
    handler: async (request) => ({ success: true as const, data: await getPartner(deps, request.params.id) }),
  });
  r.put('/partner/:id', {
    config: { access: pages },
    schema: { tags, summary: 'Replace a partner (409 when its page address or source label is another’s)', params: IdParams, body: PartnerInput, response: withErrors({ 200: PartnerResponse }) },
    handler: async (request) => ({ success: true as const, data: await updatePartner(deps, signedInCaller(request), request.params.id, request.body), message: PARTNER_MSG.saved }),
  });
  r.get('/partner-page/:slug', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'What a partner’s booking page needs: name, logo, source label, kind, booking service, language, home page, code prefixes (public)', params: PartnerSlugParams, response: withErrors({ 200: PublicPartnerResponse }) },
    handler: async (request) => ({ success: true as const, data: await publicPartner(deps, request.params.slug) }),
  });
}
