import { z } from 'zod';
import { CERTIFICATE_DOB_PATTERN, CERTIFICATE_KINDS, CERTIFICATE_MSG, CERTIFICATE_STATUSES, isCertificateDateOfBirth } from './certificates-constants';
import {
  CERTIFICATE_ADMIN_MSG,
  CERTIFICATE_SEARCH_DEFAULT_PAGE_SIZE,
  CERTIFICATE_SEARCH_MAX_DAYS,
  CERTIFICATE_SEARCH_MAX_PAGE_SIZE,
  CERTIFICATE_SEARCH_SORT_COLUMNS,
  PCR_DEFAULT_PAGE_SIZE,
  PCR_MAX_PAGE_SIZE,
  PCR_RESULT_CODES,
  RESULT_TEMPLATES,
} from './certificate-management-constants';
import { sortParam } from './list-query';
import { text } from './text';
import { EMAIL_MAX, EMAIL_PATTERN } from './validation-constants';
import { EpochSeconds, Uuid } from './validation';

export * from './certificate-management-constants';

const epochQuery = z.coerce.number().int().min(0).max(4_102_444_800);

/** A from/to range in epoch seconds: from inclusive, to exclusive, at most a year. */
function inRange<T extends { from: number; to: number }>(query: T, ctx: z.RefinementCtx) {
  if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: CERTIFICATE_ADMIN_MSG.rangeOrder });
  else if (query.to - query.from > CERTIFICATE_SEARCH_MAX_DAYS * 86_400) ctx.addIssue({ code: 'custom', path: ['to'], message: CERTIFICATE_ADMIN_MSG.rangeTooLong });
}

const searchFilters = {
  from: epochQuery,
  to: epochQuery,
  /** Part of the holder's name (or e-mail). */
  name: /* @__PURE__ */ text().trim().max(100).optional(),
  sort: /* @__PURE__ */ sortParam(CERTIFICATE_SEARCH_SORT_COLUMNS).optional(),
};

/** GET /certificate/search: the certificates created in [from, to), paged and sorted on the server. */
export const CertificateSearchQuery = z
  .object({
    ...searchFilters,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(CERTIFICATE_SEARCH_MAX_PAGE_SIZE).default(CERTIFICATE_SEARCH_DEFAULT_PAGE_SIZE),
  })
  .superRefine(inRange);
export type CertificateSearchQuery = z.output<typeof CertificateSearchQuery>;
/** GET /certificate/export: the search's filters, without paging. */
export const CertificateExportQuery = z.object(searchFilters).superRefine(inRange);
export type CertificateExportQuery = z.output<typeof CertificateExportQuery>;

/** A certificate as certificate management lists it (spec 3 §3 Certificate). */
export const ManagedCertificate = z.object({
  id: Uuid,
  number: z.string(),
  created_at: EpochSeconds,
  name: z.string(),
  email: z.string().nullable(),
  type: z.enum(CERTIFICATE_KINDS),
  result: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  sent_at: EpochSeconds.nullable(),
  opened_at: EpochSeconds.nullable(),
  /** Who issued it (the practitioner, or the admin who uploaded the result). */
  provider_id: Uuid.nullable(),
  /** The booking user it is for. */
  recipient_id: Uuid,
  date_of_birth: z.string(),
  document_number: z.string().nullable(),
});
export type ManagedCertificate = z.infer<typeof ManagedCertificate>;
export const CertificateSearchResponse = z.object({ success: z.literal(true), data: z.array(ManagedCertificate), totalCount: z.number().int() });
export type CertificateSearchResponse = z.infer<typeof CertificateSearchResponse>;

/** PUT /certificate/{id}: the holder's details corrected; the certificate is reissued and the old one revoked. */
export const CertificateEdit = z.strictObject({
  forename: /* @__PURE__ */ text().trim().min(1, CERTIFICATE_MSG.firstName).max(100, CERTIFICATE_MSG.firstName),
  surname: /* @__PURE__ */ text().trim().min(1, CERTIFICATE_MSG.lastName).max(100, CERTIFICATE_MSG.lastName),
  /** dd/mm/yyyy */
  date_of_birth: /* @__PURE__ */ text()
    .trim()
    .regex(CERTIFICATE_DOB_PATTERN, CERTIFICATE_MSG.dateOfBirth)
    .refine(isCertificateDateOfBirth, CERTIFICATE_MSG.dateOfBirth),
  email: /* @__PURE__ */ text().trim().max(EMAIL_MAX, CERTIFICATE_MSG.email).regex(EMAIL_PATTERN, CERTIFICATE_MSG.email),
  document_number: /* @__PURE__ */ text().trim().min(5, CERTIFICATE_MSG.passportNumber).max(40, CERTIFICATE_MSG.passportNumber),
});
export type CertificateEdit = z.infer<typeof CertificateEdit>;
export const CertificateMessageResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ id: Uuid }) });

/** GET /pcr-test?from&to: PCR booking users sampled in [from, to) (spec 3 §3 PCR test result). */
export const PcrTestQuery = z
  .object({
    from: epochQuery,
    to: epochQuery,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(PCR_MAX_PAGE_SIZE).default(PCR_DEFAULT_PAGE_SIZE),
  })
  .superRefine(inRange);
export type PcrTestQuery = z.output<typeof PcrTestQuery>;
export const PcrTest = z.object({
  first_name: z.string(),
  last_name: z.string(),
  sample_date: EpochSeconds.nullable(),
  receipt_date: EpochSeconds.nullable(),
  kit_id: z.string().nullable(),
  test_result: z.enum(PCR_RESULT_CODES).nullable(),
  booking_id: Uuid,
  booking_user_id: Uuid,
  /** The person's valid certificate, if one was issued. */
  certificate_id: Uuid.nullable(),
});
export type PcrTest = z.infer<typeof PcrTest>;
export const PcrTestResponse = z.object({ success: z.literal(true), data: z.array(PcrTest), totalCount: z.number().int(), now: EpochSeconds });
export type PcrTestResponse = z.infer<typeof PcrTestResponse>;
export const BookingUserParams = z.object({ bookingUserId: Uuid });

/** POST /certificate/upload?type=: the template the file follows. */
export const ResultUploadQuery = z.object({ type: z.enum(RESULT_TEMPLATES) });
export const ResultTemplateParams = z.object({ type: z.enum(RESULT_TEMPLATES) });

/** One stored row of an upload: its certificate's id (none while in the lab, or for IDT; made by a job after the answer) and what the table shows. */
export const UploadedResult = z.object({
  id: Uuid.nullable(),
  booking_user_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  date_sampled: EpochSeconds,
  sample_type: z.string(),
  result: z.enum(PCR_RESULT_CODES).nullable(),
  positive: z.boolean(),
});
export type UploadedResult = z.infer<typeof UploadedResult>;
/**
 * An accepted upload: its rows are stored when it answers; its certificates are made afterwards by
 * jobs, so `certificates_made` grows to `certificates_expected` (GET /certificate/upload/{id}).
 */
export const ResultUploadSummary = z.object({
  id: Uuid,
  template: z.enum(RESULT_TEMPLATES),
  uploaded_at: EpochSeconds,
  rows: z.number().int(),
  certificates_expected: z.number().int(),
  certificates_made: z.number().int(),
});
export type ResultUploadSummary = z.infer<typeof ResultUploadSummary>;
export const ResultUploadSummaryResponse = z.object({ success: z.literal(true), data: ResultUploadSummary });
export type ResultUploadSummaryResponse = z.infer<typeof ResultUploadSummaryResponse>;
export const ResultUploadResponse = z.object({ success: z.literal(true), message: z.string(), data: z.array(UploadedResult), upload: ResultUploadSummary });
export type ResultUploadResponse = z.infer<typeof ResultUploadResponse>;
