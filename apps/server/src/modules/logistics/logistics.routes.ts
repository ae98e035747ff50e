import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  CollectionDropboxResponse,
  CollectionRequest,
  CollectionResponse,
  CollectionSearchQuery,
  CollectionSearchResponse,
  DropboxReceiptsQuery,
  DropboxReceiptsResponse,
  DropboxesResponse,
  DropboxInput,
  DropboxRenderQuery,
  DropboxResponse,
  DropboxSwitchAllResponse,
  DropboxSwitchRequest,
  DropOffRequest,
  LOGISTICS_MSG,
  PickupsQuery,
  PickupsResponse,
  PublicDropboxesResponse,
  ReceiptResponse,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { tooManyRequests } from '../../platform/errors';
import { IdParams, withErrors } from '../../platform/schemas';
import { changeCollection, dropboxCollection, readCollection, searchCollection } from './collection';
import { dropOff } from './drop-off';
import { activeDropboxes, createDropbox, getDropbox, listDropboxes, replaceDropbox, switchAllDropboxes, switchDropbox } from './dropboxes';
import { listDropboxReceipts, listPickups } from './pickups';
import { renderDropboxSheet } from './qr-sheet';

const tags = ['logistics'];

/** Drop-offs per client address and minute: enough for a household, too few to try tokens and kit IDs. */
export const DROP_OFFS_PER_MINUTE = 10;

/**
 * Sample logistics (spec 3 §2.8, §7.1; issue 19), mounted at /api/commerce/v1: the dropboxes for
 * super admins (logistics.manage), their printable QR code sheets, a day's pickups and a dropbox's
 * receipts; the public drop-off that makes a receipt, with the active dropboxes its page offers; and
 * the courier's collection of an order's samples (logistics.collect: super admins, customer services).
 */
export async function logisticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.logistics;
  const manage = permission('logistics.manage');
  const collect = permission('logistics.collect');

  r.get('/dropbox', {
    config: { access: manage },
    schema: { tags, summary: 'Every dropbox, active or not, by name, with its facility and opening times', response: withErrors({ 200: DropboxesResponse }) },
    handler: async () => ({ success: true as const, data: await listDropboxes(deps) }),
  });

  r.post('/dropbox', {
    config: { access: manage },
    schema: { tags, summary: 'Create a dropbox (active): facility and opening times per weekday (1 Sunday to 7 Saturday, HH:mm)', body: DropboxInput, response: withErrors({ 201: DropboxResponse }) },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await createDropbox(deps, signedInCaller(request), request.body), message: LOGISTICS_MSG.dropboxCreated }),
  });

  r.put('/dropbox/switch', {
    config: { access: manage },
    schema: { tags, summary: 'Set the active flag of every dropbox (Deactivate all)', body: DropboxSwitchRequest, response: withErrors({ 200: DropboxSwitchAllResponse }) },
    handler: async (request) => {
      const { changed, message } = await switchAllDropboxes(deps, signedInCaller(request), request.body.active);
      return { success: true as const, data: { changed }, message };
    },
  });

  r.get('/dropbox/pickups', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'A day’s pickups (date yyyy-MM-dd or the epoch seconds of its UTC start): each active dropbox or one with receipts that day, its expected and collected receipts and first collection; paged and sorted',
      querystring: PickupsQuery,
      response: withErrors({ 200: PickupsResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await listPickups(deps, request.query)) }),
  });

  r.get('/dropbox/:id', {
    config: { access: manage },
    schema: { tags, summary: 'One dropbox', params: IdParams, response: withErrors({ 200: DropboxResponse }) },
    handler: async (request) => ({ success: true as const, data: await getDropbox(deps, request.params.id) }),
  });

  r.put('/dropbox/:id', {
    config: { access: manage },
    schema: { tags, summary: 'Replace a dropbox’s facility and opening times (the active flag stays)', params: IdParams, body: DropboxInput, response: withErrors({ 200: DropboxResponse }) },
    handler: async (request) => ({ success: true as const, data: await replaceDropbox(deps, signedInCaller(request), request.params.id, request.body), message: LOGISTICS_MSG.dropboxSaved }),
  });

  r.put('/dropbox/:id/switch', {
    config: { access: manage },
    schema: { tags, summary: 'Activate or deactivate a dropbox', params: IdParams, body: DropboxSwitchRequest, response: withErrors({ 200: DropboxResponse }) },
    handler: async (request) => {
      const { dropbox, message } = await switchDropbox(deps, signedInCaller(request), request.params.id, request.body.active);
      return { success: true as const, data: dropbox, message };
    },
  });

  r.get('/dropbox/:id/receipts', {
    config: { access: manage },
    schema: { tags, summary: 'The dropbox’s receipts expected on a day, with their collection time and missed mark; paged and sorted', params: IdParams, querystring: DropboxReceiptsQuery, response: withErrors({ 200: DropboxReceiptsResponse }) },
    handler: async (request) => ({ success: true as const, ...(await listDropboxReceipts(deps, signedInCaller(request), request.params.id, request.query)) }),
  });

  r.get('/collection/search', {
    config: { access: collect },
    schema: { tags, summary: 'The order with samples whose id, short token or dispatched kit ID is q', querystring: CollectionSearchQuery, response: withErrors({ 200: CollectionSearchResponse }) },
    handler: async (request) => ({ success: true as const, data: await searchCollection(deps, request.query.q) }),
  });

  r.get('/collection/dropbox/:id', {
    config: { access: collect },
    schema: { tags, summary: 'The receipts expected today (London) at the dropbox whose QR code the courier scanned', params: IdParams, response: withErrors({ 200: CollectionDropboxResponse }) },
    handler: async (request) => ({ success: true as const, data: await dropboxCollection(deps, signedInCaller(request), request.params.id) }),
  });

  r.get('/collection/:id', {
    config: { access: collect },
    schema: { tags, summary: 'An order’s collection: collected, order reference, kit IDs, dropbox, collected_at, collected_by', params: IdParams, response: withErrors({ 200: CollectionResponse }) },
    handler: async (request) => ({ success: true as const, data: await readCollection(deps, signedInCaller(request), request.params.id) }),
  });

  r.put('/collection/:id', {
    config: { access: collect },
    schema: {
      tags,
      summary: 'Mark the order’s samples collected now by the caller (at dropbox_id; a sample without a receipt gets one there) or set them back',
      params: IdParams,
      body: CollectionRequest,
      response: withErrors({ 200: CollectionResponse }),
    },
    handler: async (request) => ({
      success: true as const,
      data: await changeCollection(deps, signedInCaller(request), request.params.id, request.body),
      message: LOGISTICS_MSG.collectionChanged,
    }),
  });

  r.get('/dropbox/:id/render', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'The dropbox’s printable sheet: the QR code of {PUBLIC_URL}/collection/0?dropbox={id} above its name and address (png or svg), as a download',
      params: IdParams,
      querystring: DropboxRenderQuery,
    },
    handler: async (request, reply) => {
      const sheet = await renderDropboxSheet(deps, request.params.id, request.query.format);
      return reply.type(sheet.contentType).header('Content-Disposition', `attachment; filename="${sheet.fileName}"`).header('Cache-Control', 'no-store, private').send(sheet.data);
    },
  });

  r.get('/drop-off/dropboxes', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The active dropboxes with their opening times, by name: the drop-off page’s choice (no contact details)', response: withErrors({ 200: PublicDropboxesResponse }) },
    handler: async () => ({ success: true as const, data: await activeDropboxes(deps) }),
  });

  r.post('/drop-off', {
    config: {
      access: PUBLIC,
      rateLimit: { max: DROP_OFFS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `drop-off:${request.ip}`, errorResponseBuilder: () => tooManyRequests() },
    },
    schema: {
      tags,
      summary: 'A drop-off: the order’s short token, a kit ID it dispatched, an active dropbox open that day and the date (today to 14 days ahead) make a receipt; one 404 when the token, kit or dropbox do not match',
      body: DropOffRequest,
      response: withErrors({ 201: ReceiptResponse }),
    },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, data: await dropOff(deps, callerOf(request), request.body), message: LOGISTICS_MSG.droppedOff }),
  });
}
