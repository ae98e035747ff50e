import { z } from 'zod';
import { EpochSeconds, multilineText, text, Uuid } from './validation';
import { SECURITY_DOCUMENTS, CERTIFICATE_KINDS, CERTIFICATE_STATUSES } from './certificates-constants';

export * from './certificates-constants';

const optional = (max: number) => text().trim().max(max).optional();

/**
 * The certificate as the practitioner's form sends it (PUT /{id}/booking-users/{userId}
 * `{ certificate }`). Fields are loosely typed on purpose: `certificateErrors` judges them and
 * answers the spec's message per field, which a schema's type error could not.
 */
export const CertificateSubmission = z.strictObject({
  forename: /* @__PURE__ */ optional(100),
  surname: /* @__PURE__ */ optional(100),
  email: /* @__PURE__ */ optional(254),
  /** dd/mm/yyyy */
  date_of_birth: /* @__PURE__ */ optional(10),
  sex: /* @__PURE__ */ optional(10),
  passport_number: /* @__PURE__ */ optional(40),
  security_checked: z.boolean().optional(),
  /** The approved kit's id or name (GET approved kits). */
  kit_provider: /* @__PURE__ */ optional(100),
  lot_id: /* @__PURE__ */ optional(60),
  kit_id: /* @__PURE__ */ optional(60),
  result: /* @__PURE__ */ optional(20),
  rejection_reason: /* @__PURE__ */ optional(60),
  reject_notes: /* @__PURE__ */ multilineText().trim().max(2000).optional(),
  /** Notes on an Invalid result (the kit was damaged, …). */
  invalid_notes: /* @__PURE__ */ multilineText().trim().max(2000).optional(),
  /** The ID document checked (spec 2 §3 security_document); Passport unless said. */
  security_document: z.enum(SECURITY_DOCUMENTS).optional(),
  /** The test was watched on the alternative video platform, so no photo exists. */
  alternative_video: z.boolean().optional(),
});
export type CertificateSubmission = z.infer<typeof CertificateSubmission>;
export type CertificateField = keyof CertificateSubmission | 'photo';

export interface CertificateContext {
  /** The chosen kit's provider tracks lots: lot ID and kit ID are needed (unless rejected). */
  lotTracking: boolean;
  /** A photo of the test result exists for this person. */
  hasPhoto: boolean;
}
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** What a checker sees: no more than the certificate's holder must show (spec: name, date of birth, test, result, sample time). */
export const CertificateFacts = z.object({
  id: Uuid,
  name: z.string(),
  /** yyyy-mm-dd */
  date_of_birth: z.string(),
  test: z.string(),
  result: z.string(),
  /** ISO 8601, UTC */
  sample_time: z.string(),
});
export type CertificateFacts = z.infer<typeof CertificateFacts>;

export const VerifyRequest = z.object({ token: z.string().max(8000) });
export const VerifyResponse = z.object({
  success: z.literal(true),
  status: z.enum(['valid', 'invalid', 'revoked']),
  certificate: /* @__PURE__ */ CertificateFacts.optional(),
});
export const CertificateStatusResponse = z.object({ success: z.literal(true), status: z.enum(CERTIFICATE_STATUSES), certificate: CertificateFacts });

export const Jwk = z.object({ kid: z.string(), kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), alg: z.literal('EdDSA'), use: z.literal('sig') });
export const JwksResponse = z.object({ keys: z.array(Jwk) });

export const CertificatesQuery = z
  .object({ appointment_id: /* @__PURE__ */ Uuid.optional(), booking_user_id: /* @__PURE__ */ Uuid.optional() })
  .refine((q) => Boolean(q.appointment_id ?? q.booking_user_id), { message: 'Give appointment_id or booking_user_id', path: ['appointment_id'] });

export const CertificateItem = z.object({
  id: Uuid,
  number: z.string(),
  appointment_id: Uuid,
  booking_user_id: Uuid,
  kind: z.enum(CERTIFICATE_KINDS),
  status: z.enum(CERTIFICATE_STATUSES),
  result: z.string(),
  issued_at: EpochSeconds,
  revoked_at: /* @__PURE__ */ EpochSeconds.nullable(),
  replaced_by: /* @__PURE__ */ Uuid.nullable(),
  /** A signed link valid for 5 minutes, for the caller only. */
  download_url: z.string(),
});
export type CertificateItem = z.infer<typeof CertificateItem>;
export const CertificatesResponse = z.object({ success: z.literal(true), certificates: z.array(CertificateItem) });

/** GET /mine: one valid certificate of a booking the caller made (the b2c Test Results page). */
export const MyCertificate = z.object({
  id: Uuid,
  appointment_id: Uuid,
  name: z.string(),
  test: z.string(),
  result: z.string(),
  /** The sample's time (the test date), ISO 8601 UTC. */
  sample_time: z.string(),
  /** A signed link valid for 5 minutes, for the caller only. */
  download_url: z.string(),
});
export type MyCertificate = z.infer<typeof MyCertificate>;
export const MyCertificatesResponse = z.object({ success: z.literal(true), certificates: z.array(MyCertificate) });
export const IssuedCertificate = z.object({ id: Uuid, number: z.string() });
