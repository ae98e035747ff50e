import {
  CERTIFICATE_SEXES,
  certificateErrors as submissionErrors,
  type REJECTION_REASONS,
  TEST_RESULTS,
  type BookingUser,
  type CertificateContext,
  type CertificateSubmission,
} from '@vireo/contracts';

export type TestResult = (typeof TEST_RESULTS)[number];
export type CertificateSex = (typeof CERTIFICATE_SEXES)[number];
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** What the practitioner types into the certificate form (spec 2 §2.4). */
export interface CertificateValues {
  first_name: string;
  last_name: string;
  email: string;
  /** dd/mm/yyyy */
  date_of_birth: string;
  sex: '' | CertificateSex;
  passport_number: string;
  security_checked: boolean;
  /** The approved kit's name. */
  kit_provider: string;
  lot_id: string;
  kit_id: string;
  result: '' | TestResult;
  rejection_reason: '' | RejectionReason;
  notes: string;
  /** The test was watched on the alternative video platform: no photo exists. */
  alternative_video: boolean;
}

export type CertificateField = keyof CertificateValues | 'photo';
export type CertificateErrors = Partial<Record<CertificateField, string>>;

/** The form as it opens for a person: what the booking and earlier steps already know. */
export function initialCertificateValues(person: BookingUser): CertificateValues {
  const meta = person.metadata;
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : '');
  const born = new Date(person.date_of_birth * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sex = CERTIFICATE_SEXES.find((option) => option.toLowerCase() === (person.sex ?? '').toLowerCase()) ?? '';
  const result = text('result');
  return {
    first_name: text('forename') || person.first_name,
    last_name: text('surname') || person.last_name,
    email: person.email,
    date_of_birth: `${pad(born.getUTCDate())}/${pad(born.getUTCMonth() + 1)}/${born.getUTCFullYear()}`,
    sex,
    passport_number: text('passport_number') || text('passportId'),
    security_checked: meta.security_checked === true,
    kit_provider: text('kit_provider'),
    lot_id: text('lot_id'),
    kit_id: text('kit_id') || (person.kit_id ?? ''),
    result: (TEST_RESULTS as readonly string[]).includes(result) ? (result as TestResult) : '',
    rejection_reason: '',
    notes: '',
    alternative_video: false,
  };
}

/** Reasons a sample was invalid (spec 2 §4.3). */
export const INVALID_SAMPLE_REASONS = ['Test kit is damaged', 'Other'] as const;
export type SampleTaken = 'valid' | 'invalid' | 'rejected';

/** What the earlier steps add to the certificate: why the sample was invalid, the document shown. */
export interface CertificateExtras {
  invalidReason: string;
  securityDocument: CertificateSubmission['security_document'] | '';
}

/**
 * The certificate as PUT /{id}/booking-users/{userId} takes it (`{ certificate }`, contracts'
 * CertificateSubmission); the server adds the practitioner, the times, the kit's figures and the address.
 */
export function certificateSubmission(values: CertificateValues, extras: CertificateExtras): CertificateSubmission {
  const rejected = values.result === 'Rejected';
  const notes = values.notes.trim();
  const invalidNotes = [extras.invalidReason, values.result === 'Invalid' ? notes : ''].filter(Boolean).join(': ');
  return {
    forename: values.first_name.trim(),
    surname: values.last_name.trim(),
    email: values.email.trim(),
    date_of_birth: values.date_of_birth.trim(),
    sex: values.sex || undefined,
    passport_number: values.passport_number.trim(),
    security_checked: values.security_checked,
    kit_provider: values.kit_provider || undefined,
    lot_id: rejected ? undefined : values.lot_id.trim() || undefined,
    kit_id: rejected ? undefined : values.kit_id.trim().toUpperCase() || undefined,
    result: values.result || undefined,
    rejection_reason: rejected ? values.rejection_reason || undefined : undefined,
    reject_notes: rejected ? notes || undefined : undefined,
    invalid_notes: invalidNotes || undefined,
    security_document: extras.securityDocument || undefined,
    alternative_video: values.alternative_video,
  };
}

/** The submission's field names (the server's `errors` name them, with or without a prefix) and the form's field each stands for. */
const FORM_FIELDS: Record<string, CertificateField> = {
  forename: 'first_name',
  surname: 'last_name',
  email: 'email',
  date_of_birth: 'date_of_birth',
  sex: 'sex',
  passport_number: 'passport_number',
  security_checked: 'security_checked',
  kit_provider: 'kit_provider',
  lot_id: 'lot_id',
  kit_id: 'kit_id',
  result: 'result',
  rejection_reason: 'rejection_reason',
  reject_notes: 'notes',
  photo: 'photo',
  file: 'photo',
};

/** Errors keyed by the submission's names (the server's 400 `errors`, or contracts' rules) on the form's fields. */
export function formFieldErrors(errors: Record<string, string> | undefined): CertificateErrors {
  const onFields: CertificateErrors = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = FORM_FIELDS[key.replace(/^(certificate|metadata)\./, '')];
    if (field) onFields[field] = message;
  }
  return onFields;
}

/** The form's rules: contracts' certificateErrors (spec 2 §5), the same the server applies, on the form's fields. */
export function certificateErrors(values: CertificateValues, context: CertificateContext): CertificateErrors {
  return formFieldErrors(submissionErrors(certificateSubmission(values, { invalidReason: '', securityDocument: '' }), context));
}
