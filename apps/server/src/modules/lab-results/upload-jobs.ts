import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ResultTemplate, ResultUploadSummary } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { defineJob, JobFailure, type Jobs } from '../../platform/jobs';
import { certificates, resultUploadCertificates, resultUploads, type UploadCertificateContent } from '../../db/schema';
import { issueCertificateOnce } from '../certificates';
import type { LabResultsDeps } from './deps';

/** How many certificates one job makes (one job's PDFs take a few seconds; a retry redoes only those not made). */
export const CERTIFICATES_PER_JOB = 50;
/** Rows per INSERT of an upload's owed certificates (four parameters each). */
const INSERT_CHUNK = 1_000;

/** A certificate an upload owes: the id it will have, its person and what it says. */
export interface OwedCertificate {
  certificateId: string;
  bookingUserId: string;
  content: UploadCertificateContent;
}

/**
 * Makes an upload's certificates, `CERTIFICATES_PER_JOB` to a job. Each is made once whatever
 * runs the job (`issueCertificateOnce` under the id the upload fixed); a certificate that fails
 * leaves the others made and fails the job, which pg-boss retries with backoff (each failure is
 * logged by platform/jobs.ts); the upload's summary shows how many are made meanwhile.
 */
export const MAKE_UPLOAD_CERTIFICATES = defineJob({
  name: 'lab-results.make-upload-certificates',
  schema: z.object({ uploadId: z.uuid(), certificateIds: z.array(z.uuid()).min(1).max(CERTIFICATES_PER_JOB) }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
  run: async (data, deps: LabResultsDeps) => {
    await makeUploadCertificates(deps, data);
  },
});

/** Works the upload certificates' queue in this process (every server process). */
export async function startLabResultsJobs(deps: LabResultsDeps, jobs: Jobs): Promise<void> {
  await jobs.register(MAKE_UPLOAD_CERTIFICATES, deps);
}

/**
 * Records an accepted upload in its transaction: the upload, the certificates it owes, and the jobs
 * that make them (queued in the transaction, so they exist exactly when the results do).
 */
export async function recordUpload(
  deps: LabResultsDeps,
  tx: Db,
  caller: SignedInCaller,
  input: { template: ResultTemplate; rowCount: number; owed: OwedCertificate[]; at: Date },
): Promise<ResultUploadSummary> {
  const [upload] = await tx
    .insert(resultUploads)
    .values({ organisationId: caller.auth.organisationId, uploadedByUserId: caller.auth.userId, template: input.template, uploadedAt: input.at, rowCount: input.rowCount })
    .returning();
  for (let i = 0; i < input.owed.length; i += INSERT_CHUNK) {
    await tx.insert(resultUploadCertificates).values(input.owed.slice(i, i + INSERT_CHUNK).map((item) => ({ ...item, uploadId: upload!.id })));
  }
  const batches = Array.from({ length: Math.ceil(input.owed.length / CERTIFICATES_PER_JOB) }, (_, k) => ({
    uploadId: upload!.id,
    certificateIds: input.owed.slice(k * CERTIFICATES_PER_JOB, (k + 1) * CERTIFICATES_PER_JOB).map((item) => item.certificateId),
  }));
  await deps.jobs.sendAll(MAKE_UPLOAD_CERTIFICATES, batches, { tx });
  return {
    id: upload!.id,
    template: input.template,
    uploaded_at: epochSeconds(input.at),
    rows: input.rowCount,
    certificates_expected: input.owed.length,
    certificates_made: 0,
  };
}

/**
 * What the job runs: each of these owed certificates not yet made, made by the certificate service
 * as the uploader's (not e-mailed). Answers how many this run made; throws, after trying them all,
 * when any failed.
 */
export async function makeUploadCertificates(deps: LabResultsDeps, data: { uploadId: string; certificateIds: string[] }): Promise<{ made: number }> {
  const [upload] = await deps.db.select().from(resultUploads).where(eq(resultUploads.id, data.uploadId));
  if (!upload) return { made: 0 };
  const owed = await deps.db.select().from(resultUploadCertificates).where(inArray(resultUploadCertificates.certificateId, data.certificateIds));
  const issuer = { organisationId: upload.organisationId, userId: upload.uploadedByUserId };
  let made = 0;
  let failed = 0;
  for (const item of owed) {
    const { content } = item;
    try {
      const issued = await issueCertificateOnce(
        deps.certificates,
        { ...content, bookingUserId: item.bookingUserId, sampleTime: new Date(content.sampleTime), reportTime: new Date(content.reportTime) },
        { id: item.certificateId, issuer },
      );
      if (issued) made++;
    } catch {
      failed++;
    }
  }
  if (failed > 0) throw new JobFailure(`${failed} of ${owed.length} certificates of upload ${data.uploadId} were not made`);
  return { made };
}

/** GET /certificate/upload/{id} (lab_results.manage): an upload of the caller's organisation, with how many of its certificates are made. */
export async function uploadSummary(deps: LabResultsDeps, caller: SignedInCaller, id: string): Promise<ResultUploadSummary> {
  const [upload] = await deps.db.select().from(resultUploads).where(eq(resultUploads.id, id));
  if (!upload || upload.organisationId !== caller.auth.organisationId) throw notFound();
  const [counts] = rowsOf<{ expected: number; made: number }>(
    await deps.db.execute(sql`
      SELECT count(*)::int AS expected, count(${certificates.id})::int AS made
      FROM ${resultUploadCertificates} LEFT JOIN ${certificates} ON ${certificates.id} = ${resultUploadCertificates.certificateId}
      WHERE ${resultUploadCertificates.uploadId} = ${id}`),
  );
  return {
    id: upload.id,
    template: upload.template,
    uploaded_at: epochSeconds(upload.uploadedAt),
    rows: upload.rowCount,
    certificates_expected: counts?.expected ?? 0,
    certificates_made: counts?.made ?? 0,
  };
}
