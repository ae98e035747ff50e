import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  BookingUserParams,
  CERTIFICATE_ADMIN_MSG,
  CertificateMessageResponse,
  PcrTestQuery,
  PcrTestResponse,
  ResultTemplateParams,
  ResultUploadQuery,
  ResultUploadResponse,
  ResultUploadSummaryResponse,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { badRequest } from '../../platform/errors';
import { readMultipart, registerMultipart } from '../../platform/multipart';
import { IdParams, withErrors } from '../../platform/schemas';
import { listPcrTests, sendPcrCertificate } from './pcr';
import { templateCsv, uploadResults } from './upload';
import { uploadSummary } from './upload-jobs';

const tags = ['lab results'];

/**
 * PCR Tests Management and the uploaded lab results (spec 3 §2.10, §7; issue 19), mounted at
 * /api/commerce/v1 for super admins (lab_results.manage). Their certificates are the certificate
 * service's.
 */
export async function labResultsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.labResults;
  const manage = permission('lab_results.manage');
  await registerMultipart(app, UPLOAD_MAX_BYTES);

  r.get('/pcr-test', {
    config: { access: manage },
    schema: { tags, summary: 'People of PCR appointments sampled in [from, to) (epoch seconds), latest sample first, paged', querystring: PcrTestQuery, response: withErrors({ 200: PcrTestResponse }) },
    handler: async (request) => ({ success: true as const, ...(await listPcrTests(deps, signedInCaller(request), request.query)) }),
  });

  r.post('/pcr-test/:bookingUserId/certificate', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Send Certificate: the person’s certificate e-mailed, issued first from their ND or DT result when they have none',
      params: BookingUserParams,
      response: withErrors({ 200: CertificateMessageResponse }),
    },
    handler: async (request) => ({ success: true as const, message: CERTIFICATE_ADMIN_MSG.emailSent, data: await sendPcrCertificate(deps, signedInCaller(request), request.params.bookingUserId) }),
  });

  r.get('/certificate/template/:type', {
    config: { access: manage },
    schema: { tags, summary: 'A results template: its header row as a CSV file', params: ResultTemplateParams, response: withErrors({ 200: z.string() }) },
    handler: async (request, reply) => {
      const { filename, csv } = templateCsv(request.params.type);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);
    },
  });

  r.post('/certificate/upload', {
    config: { access: manage },
    schema: {
      tags,
      summary: `Upload a lab’s results in a template (multipart field upload: a CSV file of at most 5 MB and ${UPLOAD_MAX_ROWS} rows)`,
      description:
        'Every row is checked and every error answered at once (errors keyed {line}.{column}, the header being line 1) with nothing stored; else the results are stored and jobs queued that issue the ND and DT certificates (GET /certificate/upload/{id} counts those made).',
      querystring: ResultUploadQuery,
      consumes: ['multipart/form-data'],
      response: withErrors({ 201: ResultUploadResponse }),
    },
    handler: async (request, reply) => {
      const { file } = await readMultipart(request, () => badRequest(CERTIFICATE_ADMIN_MSG.noFile, { upload: CERTIFICATE_ADMIN_MSG.noFile }));
      const { data, upload } = await uploadResults(deps, signedInCaller(request), request.query.type, file);
      return reply.status(201).send({ success: true as const, message: CERTIFICATE_ADMIN_MSG.fileUploaded, data, upload });
    },
  });

  r.get('/certificate/upload/:id', {
    config: { access: manage },
    schema: { tags, summary: 'An upload of the caller’s organisation: its rows, and how many of its certificates are made so far', params: IdParams, response: withErrors({ 200: ResultUploadSummaryResponse }) },
    handler: async (request) => ({ success: true as const, data: await uploadSummary(deps, signedInCaller(request), request.params.id) }),
  });
}
