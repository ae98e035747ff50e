import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ChangeHistoryResponse,
  CountriesResponse,
  CountryParams,
  CountryResponse,
  CreateCountryRequest,
  DrugRequest,
  DrugResponse,
  DrugsQuery,
  DrugsResponse,
  InfoPageRequest,
  MessageResponse,
  PageParams,
  PageResponse,
  PagesResponse,
  PublishedPageResponse,
  REFERENCE_MSG,
  SlugParams,
  UpdateCountryRequest,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission, PUBLIC } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, sendJson, withErrors } from '../../platform/schemas';
import { countriesJson, countryHistory, createCountry, deleteCountry, getCountry, updateCountry } from './countries';
import { createDrug, deleteDrug, drugHistory, getDrug, listDrugs, updateDrug } from './drugs';
import { createInfoPage, deleteInfoPage, getPage, listPages, publishedPage, updateInfoPage } from './pages';
import { changeHistory } from './reference';

/**
 * The commerce API's reference data, mounted at /api/commerce/v1 (spec 3 §7.1): countries and drugs
 * (`reference_data.manage`), the pages (`pages.manage`) and the public read of a published info page.
 * Every change is audited with the names of the fields it changed; `/{id}/history` reads them back.
 */
export async function referenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.commerce;
  const reference = permission('reference_data.manage');
  const pages = permission('pages.manage');

  // ---- countries
  r.get('/country', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'Every country with its linked records, by name', response: withErrors({ 200: CountriesResponse }) },
    handler: async (_request, reply) => sendJson(reply, await countriesJson(deps)),
  });
  r.post('/country', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'Create a country (ISO 3166-1 alpha-3 code; 409 when it exists)', body: CreateCountryRequest, response: withErrors({ 201: CountryResponse }) },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, message: REFERENCE_MSG.countryCreated, country: await createCountry(deps, signedInCaller(request), request.body) }),
  });
  r.get('/country/:id', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'One country', params: CountryParams, response: withErrors({ 200: CountryResponse }) },
    handler: async (request) => ({ success: true as const, country: await getCountry(deps, request.params.id) }),
  });
  r.patch('/country/:id', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'Change a country (any fields but its code)', params: CountryParams, body: UpdateCountryRequest, response: withErrors({ 200: CountryResponse }) },
    handler: async (request) => ({ success: true as const, message: REFERENCE_MSG.countryEdited, country: await updateCountry(deps, signedInCaller(request), request.params.id, request.body) }),
  });
  r.delete('/country/:id', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'Delete a country and its linked records', params: CountryParams, response: withErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await deleteCountry(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: REFERENCE_MSG.countryDeleted };
    },
  });
  r.get('/country/:id/history', {
    config: { access: reference },
    schema: { tags: ['countries'], summary: 'Who changed the country, what and when (audit log), newest first', params: CountryParams, response: withErrors({ 200: ChangeHistoryResponse }) },
    handler: async (request) => ({ success: true as const, changes: await countryHistory(deps, request.params.id) }),
  });

  // ---- drugs
  r.get('/drug', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'The drug register by name, a page at a time; with q, the autocomplete (prefix, any case)', querystring: DrugsQuery, response: withErrors({ 200: DrugsResponse }) },
    handler: async (request) => ({ success: true as const, ...(await listDrugs(deps, request.query)) }),
  });
  r.post('/drug', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'Create a drug', body: DrugRequest, response: withErrors({ 201: DrugResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, message: REFERENCE_MSG.drugCreated, drug: await createDrug(deps, signedInCaller(request), request.body) }),
  });
  r.get('/drug/:id', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'One drug', params: IdParams, response: withErrors({ 200: DrugResponse }) },
    handler: async (request) => ({ success: true as const, drug: await getDrug(deps, request.params.id) }),
  });
  r.put('/drug/:id', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'Replace a drug', params: IdParams, body: DrugRequest, response: withErrors({ 200: DrugResponse }) },
    handler: async (request) => ({ success: true as const, message: REFERENCE_MSG.drugEdited, drug: await updateDrug(deps, signedInCaller(request), request.params.id, request.body) }),
  });
  r.delete('/drug/:id', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'Delete a drug', params: IdParams, response: withErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await deleteDrug(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: REFERENCE_MSG.drugDeleted };
    },
  });
  r.get('/drug/:id/history', {
    config: { access: reference },
    schema: { tags: ['drugs'], summary: 'Who changed the drug, what and when (audit log), newest first', params: IdParams, response: withErrors({ 200: ChangeHistoryResponse }) },
    handler: async (request) => ({ success: true as const, changes: await drugHistory(deps, request.params.id) }),
  });

  // ---- pages
  r.get('/page', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'The pages: built in, then info pages by title', response: withErrors({ 200: PagesResponse }) },
    handler: async () => ({ success: true as const, pages: await listPages(deps) }),
  });
  r.post('/page', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'Create an info page (409 when its address is taken)', body: InfoPageRequest, response: withErrors({ 201: PageResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, message: REFERENCE_MSG.pageSaved, page: await createInfoPage(deps, signedInCaller(request), request.body) }),
  });
  r.get('/page/:id', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'One page: an info page with its Markdown, or a built-in page', params: PageParams, response: withErrors({ 200: PageResponse }) },
    handler: async (request) => ({ success: true as const, page: await getPage(deps, request.params.id) }),
  });
  r.put('/page/:id', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'Replace an info page (built-in pages: 409)', params: PageParams, body: InfoPageRequest, response: withErrors({ 200: PageResponse }) },
    handler: async (request) => ({ success: true as const, message: REFERENCE_MSG.pageSaved, page: await updateInfoPage(deps, signedInCaller(request), request.params.id, request.body) }),
  });
  r.delete('/page/:id', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'Delete an info page (built-in pages: 409)', params: PageParams, response: withErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await deleteInfoPage(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: REFERENCE_MSG.pageDeleted };
    },
  });
  r.get('/page/:id/history', {
    config: { access: pages },
    schema: { tags: ['pages'], summary: 'Who changed the info page, what and when (audit log), newest first', params: PageParams, response: withErrors({ 200: ChangeHistoryResponse }) },
    handler: async (request) => ({ success: true as const, changes: await changeHistory(deps, 'info_page', request.params.id) }),
  });
  r.get('/info/:slug', {
    config: { access: PUBLIC },
    schema: { tags: ['pages'], summary: 'A published info page, its Markdown rendered without raw HTML (public)', params: SlugParams, response: withErrors({ 200: PublishedPageResponse }) },
    handler: async (request) => ({ success: true as const, page: await publishedPage(deps, request.params.slug) }),
  });
}
