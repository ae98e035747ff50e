import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { CertificateStatusResponse, CertificatesQuery, CertificatesResponse, JwksResponse, MyCertificatesResponse, text, VerifyRequest, VerifyResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission, PUBLIC } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { tooManyRequests } from '../../platform/errors';
import { IdParams, withErrors } from '../../platform/schemas';
import { markOpened } from './management';
import { certificateFile, certificateStatus, listCertificates, myCertificates, verifyToken } from './service';

const tags = ['certificates'];
const OpenedLinkQuery = z.object({ user: text().max(64).optional(), expires: z.coerce.number().int().positive().optional(), signature: text().max(128).optional() });

/** Certificates: the public verification (JWKS, verify, status) and the signed-in reads, mounted at /api/certificates. */
export async function certificateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.certificates;

  r.get('/jwks.json', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The public keys certificates are signed with (JWKS: Ed25519, EdDSA), retired keys included', response: { 200: JwksResponse } },
    handler: async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(await deps.keys.jwks()),
  });

  r.post('/verify', {
    config: {
      access: PUBLIC,
      // A checker at a gate scans many; a script guessing tokens is slowed.
      rateLimit: { max: ctx.config.certificateVerificationsPerMinute, timeWindow: 60_000, keyGenerator: (request) => `certificates.verify:${request.ip}`, errorResponseBuilder: () => tooManyRequests() },
    },
    schema: {
      tags,
      summary: 'Verify a certificate’s signed token (from its QR code, after # in the URL): valid, invalid or revoked',
      description: 'Invalid for a malformed token, an unknown key id or a bad signature. Only what a checker needs is answered.',
      body: VerifyRequest,
      response: withErrors({ 200: VerifyResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await verifyToken(deps, request.body.token)) }),
  });

  r.get('/:id/status', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'A certificate’s status by id (valid or revoked; unknown: 404) with what a checker needs',
      description: 'With the signed query of the link e-mailed to its holder, the first opening sets the certificate’s opened_at.',
      params: IdParams,
      querystring: OpenedLinkQuery,
      response: withErrors({ 200: CertificateStatusResponse }),
    },
    handler: async (request) => {
      const { user, expires, signature } = request.query;
      if (user && expires && signature) await markOpened(deps, request.params.id, { user, expires, signature });
      return { success: true as const, ...(await certificateStatus(deps, request.params.id)) };
    },
  });

  r.get('/', {
    config: { access: permission('certificates.read') },
    schema: {
      tags,
      summary: 'An appointment’s or one person’s certificates, with 5-minute signed PDF links',
      description: 'The claimed practitioner, shift managers of the practitioner’s organisation, super admins, and the customer who booked; anyone else 404.',
      querystring: CertificatesQuery,
      response: withErrors({ 200: CertificatesResponse }),
    },
    handler: async (request) => ({ success: true as const, certificates: await listCertificates(deps, signedInCaller(request), request.query) }),
  });

  r.get('/mine', {
    config: { access: permission('certificates.read') },
    schema: {
      tags,
      summary: 'The valid certificates of the bookings the caller made (their Test Results), with 5-minute signed PDF links',
      response: withErrors({ 200: MyCertificatesResponse }),
    },
    handler: async (request) => ({ success: true as const, certificates: await myCertificates(deps, signedInCaller(request)) }),
  });

  r.get('/:id/file', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Download a certificate’s PDF through a signed link from GET /api/certificates',
      description: 'The link itself is the authorisation: it names one certificate and the user it was issued to, and expires after 5 minutes.',
      params: IdParams,
      querystring: z.object({ user: text().max(64), expires: z.coerce.number().int().positive(), signature: text().max(128) }),
    },
    handler: async (request, reply) => {
      const file = await certificateFile(deps, callerOf(request), request.params.id, request.query);
      return reply.type('application/pdf').header('Content-Disposition', `inline; filename="${file.fileName}"`).header('Cache-Control', 'no-store, private').send(file.data);
    },
  });
}
