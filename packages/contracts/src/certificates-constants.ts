import { TEST_RESULTS } from './booking';
import { EMAIL_PATTERN } from './validation';
import type { CertificateSubmission, CertificateContext, CertificateField } from './certificates';


// ---- The certificate form (spec 2 §2.4, §4.3, §5) ----

/** The certificate form's messages: spec 2 §5's exact texts, §8's success, ours where the spec is silent. */
export const CERTIFICATE_MSG = {
  firstName: 'Enter patient first name',
  lastName: 'Enter patient last name',
  email: 'Please enter patient email address',
  dateOfBirth: 'Please enter patient date of birth - dd/mm/yyyy',
  sex: 'Please select a sex',
  passportNumber: 'Enter patient passport number',
  securityChecked: 'You must confirm security has been checked',
  lotId: 'Enter patient Kit Lot ID',
  kitId: 'Enter patient Kit ID',
  result: 'You must enter a result',
  rejectionReason: 'You must select rejection reason',
  rejectNotes: 'You must enter rejection notes',
  photo: 'You must take a photo of the test result',
  kitProvider: 'Select a kit provider',
  generated: 'Certificate successfully generated',
  certificateAlone: 'Send the certificate without other changes.',
  downloadExpired: 'This download link has expired. Open the certificate again to get a new one.',
} as const;

// ---- Kit IDs (spec 2 §5; the practitioner's kit step and the customer's kit registration) ----

/** A kit ID is at least this long (spec 2 §5). */
export const KIT_ID_MIN_LENGTH = 5;

/** A kit ID as typed or scanned: upper case, without surrounding spaces (spec 2 §5: forced to uppercase). */
export function normaliseKitId(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Whether a kit ID deserves the warning that the letter O may have been typed for a zero: it has
 * more than one character that is not a digit (spec 2 §5).
 */
export function kitIdLooksMistyped(kitId: string): boolean {
  return kitId.replace(/\d/g, '').length > 1;
}

/** Whether a kit ID is long enough to record. */
export function kitIdComplete(kitId: string): boolean {
  return normaliseKitId(kitId).length >= KIT_ID_MIN_LENGTH;
}

export const SECURITY_DOCUMENTS = ['Passport', 'Driving Licence', 'National Identification'] as const;
export const REJECTION_REASONS = ['Client not there', 'Test not performed as instructed', 'Other'] as const;
export const CERTIFICATE_SEXES = ['Female', 'Male', 'Other'] as const;
/** Date of birth as the form takes it (spec 2 §5). */
export const CERTIFICATE_DOB_PATTERN = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/(19|20)\d{2}$/;
const NAME_PATTERN = /^[\p{L}][\p{L} '-]*[\p{L}]$/u;

/** Whether dd/mm/yyyy names a real calendar day. */
export function isCertificateDateOfBirth(value: string): boolean {
  if (!CERTIFICATE_DOB_PATTERN.test(value)) return false;
  const [day, month, year] = value.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1;
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Spec 2 §5's completeness rules of the certificate form, as one pure function the form and the
 * server share: each incomplete field with its message; an empty object means complete.
 */
export function certificateErrors(payload: CertificateSubmission, context: CertificateContext): Partial<Record<CertificateField, string>> {
  const errors: Partial<Record<CertificateField, string>> = {};
  const rejected = payload.result === 'Rejected';
  if (!present(payload.forename) || !NAME_PATTERN.test(payload.forename.trim())) errors.forename = CERTIFICATE_MSG.firstName;
  if (!present(payload.surname) || !NAME_PATTERN.test(payload.surname.trim())) errors.surname = CERTIFICATE_MSG.lastName;
  if (!present(payload.email) || !EMAIL_PATTERN.test(payload.email.trim())) errors.email = CERTIFICATE_MSG.email;
  if (!present(payload.date_of_birth) || !isCertificateDateOfBirth(payload.date_of_birth.trim())) errors.date_of_birth = CERTIFICATE_MSG.dateOfBirth;
  if (!(CERTIFICATE_SEXES as readonly (string | undefined)[]).includes(payload.sex)) errors.sex = CERTIFICATE_MSG.sex;
  if (!present(payload.passport_number) || payload.passport_number.trim().length < 5) errors.passport_number = CERTIFICATE_MSG.passportNumber;
  if (!present(payload.kit_provider)) errors.kit_provider = CERTIFICATE_MSG.kitProvider;
  if (payload.security_checked !== true && !(rejected && payload.alternative_video === true)) errors.security_checked = CERTIFICATE_MSG.securityChecked;
  if (context.lotTracking && !rejected) {
    if (!present(payload.lot_id)) errors.lot_id = CERTIFICATE_MSG.lotId;
    if (!present(payload.kit_id) || payload.kit_id.trim().length < 5) errors.kit_id = CERTIFICATE_MSG.kitId;
  }
  if (!(TEST_RESULTS as readonly (string | undefined)[]).includes(payload.result)) errors.result = CERTIFICATE_MSG.result;
  if (rejected) {
    if (!(REJECTION_REASONS as readonly (string | undefined)[]).includes(payload.rejection_reason)) errors.rejection_reason = CERTIFICATE_MSG.rejectionReason;
    else if (payload.rejection_reason === 'Other' && !present(payload.reject_notes)) errors.reject_notes = CERTIFICATE_MSG.rejectNotes;
  } else if (!context.hasPhoto && payload.alternative_video !== true) {
    errors.photo = CERTIFICATE_MSG.photo;
  }
  return errors;
}

// ---- Issued certificates ----

export const CERTIFICATE_KINDS = ['uk_antigen_medical', 'uk_antigen_travel', 'uk_pcr_medical', 'uk_pcr_travel', 'de_antigen_medical', 'de_antigen_travel', 'de_pcr_medical', 'de_pcr_travel'] as const;
export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
