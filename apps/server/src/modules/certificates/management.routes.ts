import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_ADMIN_MSG, CERTIFICATE_EXPORT_MAX_ROWS, CertificateEdit, CertificateExportQuery, CertificateMessageResponse, CertificateSearchQuery, CertificateSearchResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { emailCertificate, exportCertificates, managedCertificatePdf, reissueCertificate, searchCertificates } from './management';

const tags = ['certificates'];

/**
 * Certificate management (spec 3 §2.10, §7; issue 19), mounted at /api/commerce/v1 for super admins
 * and customer services (certificates.manage): search, export, open the PDF, resend and edit (reissue).
 */
export async function certificateManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.certificates;
  const manage = permission('certificates.manage');

  r.get('/certificate/search', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Certificates created in [from, to) (epoch seconds), paged and sorted; name searches the holder’s name and e-mail',
      querystring: CertificateSearchQuery,
      response: withErrors({ 200: CertificateSearchResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await searchCertificates(deps, signedInCaller(request), request.query)) }),
  });

  r.get('/certificate/export', {
    config: { access: manage },
    schema: {
      tags,
      summary: `The search’s certificates as a CSV file with the table’s columns, at most ${CERTIFICATE_EXPORT_MAX_ROWS} (a capped file is named …-first-${CERTIFICATE_EXPORT_MAX_ROWS}.csv)`,
      querystring: CertificateExportQuery,
      response: withErrors({ 200: z.string() }),
    },
    handler: async (request, reply) => {
      const { filename, csv } = await exportCertificates(deps, signedInCaller(request), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);
    },
  });

  r.post('/certificate/:id/email', {
    config: { access: permission('certificates.manage') },
    schema: { tags, summary: 'E-mail a valid certificate to its holder again', params: IdParams, response: withErrors({ 200: CertificateMessageResponse }) },
    handler: async (request) => {
      await emailCertificate(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: CERTIFICATE_ADMIN_MSG.resent, data: { id: request.params.id } };
    },
  });

  r.get('/certificate/:id/pdf', {
    config: { access: manage },
    schema: { tags, summary: 'The certificate’s PDF, for the back office to open (audited)', params: IdParams },
    handler: async (request, reply) => {
      const file = await managedCertificatePdf(deps, signedInCaller(request), request.params.id);
      return reply.type('application/pdf').header('Content-Disposition', `inline; filename="${file.fileName}"`).header('Cache-Control', 'no-store, private').send(file.data);
    },
  });

  r.put('/certificate/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Correct the holder’s name, date of birth, e-mail and document number: a new certificate is issued and e-mailed, the old one revoked',
      params: IdParams,
      body: CertificateEdit,
      response: withErrors({ 200: CertificateMessageResponse }),
    },
    handler: async (request) => ({ success: true as const, message: CERTIFICATE_ADMIN_MSG.reissued, data: await reissueCertificate(deps, signedInCaller(request), request.params.id, request.body) }),
  });
}
