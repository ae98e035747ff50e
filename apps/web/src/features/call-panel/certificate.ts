import { EMAIL_PATTERN, TEST_RESULTS, type ApprovedKit, type BookingUser } from '@vireo/contracts';
import { KIT_ID_MIN_LENGTH } from './kitId';

/** The certificate form's messages (spec 2 §5), word for word. */
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
  rejectionNotes: 'You must enter rejection notes',
  photo: 'You must take a photo of the test result',
  /** The spec asks for the kit provider without a message of its own: this one is Vireo's. */
  kitProvider: 'Select the kit provider',
} as const;
export type CertificateMessageKey = keyof typeof CERTIFICATE_MSG;

export const REJECTION_REASONS = ['Client not there', 'Test not performed as instructed', 'Other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const CERTIFICATE_SEXES = ['female', 'male', 'other'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

/** What the practitioner types into the certificate form (spec 2 §2.4). */
export interface CertificateValues {
  first_name: string;
  last_name: string;
  email: string;
  /** dd/mm/yyyy */
  date_of_birth: string;
  sex: '' | (typeof CERTIFICATE_SEXES)[number];
  passport_number: string;
  security_checked: boolean;
  kit_provider: string;
  lot_id: string;
  kit_id: string;
  result: '' | TestResult;
  rejection_reason: '' | RejectionReason;
  notes: string;
  /** The test was watched on the alternative video platform: no photo exists. */
  alternative_video: boolean;
}

/** What the form's rules need beyond its values. */
export interface CertificateContext {
  /** The chosen kit provider tracks its lots: lot ID and kit ID are asked for. */
  lotTracking: boolean;
  /** A photo of the test result was uploaded for this person. */
  hasPhoto: boolean;
}

export type CertificateField = keyof CertificateValues | 'photo';
export type CertificateErrors = Partial<Record<CertificateField, string>>;

const NAME = /^[\p{L} ]{2,}$/u;
const ID_DOCUMENT_MIN_LENGTH = 5;

/** The UTC midnight of a dd/mm/yyyy date, or null when the text is not a real date. */
export function parseDayMonthYear(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/**
 * The certificate form's rules (spec 2 §5), each field's first failing message: the names letters
 * and spaces, at least 2; the e-mail; the date of birth as dd/mm/yyyy and not in the future; the
 * sex; the ID document number at least 5; the ID check, unless it is a rejection watched on the
 * alternative video platform; lot ID and kit ID (at least 5) when the kit tracks lots and the result
 * is not Rejected; the result; for a rejection its reason, and notes for Other; otherwise a photo
 * unless the test was watched on the alternative video platform. The kit provider is needed too
 * (the spec gives it no message: `kitProvider` is Vireo's).
 */
export function certificateErrors(values: CertificateValues, context: CertificateContext, now: Date = new Date()): CertificateErrors {
  const errors: CertificateErrors = {};
  if (!NAME.test(values.first_name.trim())) errors.first_name = CERTIFICATE_MSG.firstName;
  if (!NAME.test(values.last_name.trim())) errors.last_name = CERTIFICATE_MSG.lastName;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = CERTIFICATE_MSG.email;
  const born = parseDayMonthYear(values.date_of_birth);
  if (!born || born.getTime() > now.getTime()) errors.date_of_birth = CERTIFICATE_MSG.dateOfBirth;
  if (!values.sex) errors.sex = CERTIFICATE_MSG.sex;
  if (values.passport_number.trim().length < ID_DOCUMENT_MIN_LENGTH) errors.passport_number = CERTIFICATE_MSG.passportNumber;
  const rejected = values.result === 'Rejected';
  if (!values.security_checked && !(rejected && values.alternative_video)) errors.security_checked = CERTIFICATE_MSG.securityChecked;
  if (!values.kit_provider) errors.kit_provider = CERTIFICATE_MSG.kitProvider;
  if (context.lotTracking && !rejected) {
    if (!values.lot_id.trim()) errors.lot_id = CERTIFICATE_MSG.lotId;
    if (values.kit_id.trim().length < KIT_ID_MIN_LENGTH) errors.kit_id = CERTIFICATE_MSG.kitId;
  }
  if (!values.result) errors.result = CERTIFICATE_MSG.result;
  if (rejected) {
    if (!values.rejection_reason) errors.rejection_reason = CERTIFICATE_MSG.rejectionReason;
    else if (values.rejection_reason === 'Other' && !values.notes.trim()) errors.notes = CERTIFICATE_MSG.rejectionNotes;
  } else if (!context.hasPhoto && !values.alternative_video) errors.photo = CERTIFICATE_MSG.photo;
  return errors;
}

/** The form as it opens for a person: what the booking and earlier steps already know. */
export function initialCertificateValues(person: BookingUser): CertificateValues {
  const meta = person.metadata;
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : '');
  const born = new Date(person.date_of_birth * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sex = (person.sex ?? '').toLowerCase();
  const result = text('result');
  return {
    first_name: text('forename') || person.first_name,
    last_name: text('surname') || person.last_name,
    email: person.email,
    date_of_birth: `${pad(born.getUTCDate())}/${pad(born.getUTCMonth() + 1)}/${born.getUTCFullYear()}`,
    sex: (CERTIFICATE_SEXES as readonly string[]).includes(sex) ? (sex as CertificateValues['sex']) : '',
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
export const SECURITY_DOCUMENTS = ['Passport', 'Driving Licence', 'National Identification'] as const;
export type SampleTaken = 'valid' | 'invalid' | 'rejected';

/** What the earlier steps add to the certificate: the sample as recorded, why it was invalid, the document shown. */
export interface CertificateExtras {
  sampleTaken: SampleTaken | null;
  invalidReason: string;
  securityDocument: string;
}

/**
 * The certificate's metadata for PUT /{id}/booking-users/{userId} (spec 2 §3): names and e-mail as
 * confirmed, the date of birth as UTC midnight in ISO form, the sex in lower case, the kit with its
 * specificity and sensitivity, the rejection's reason and notes, the sample, the times and the address.
 */
export function certificatePayload(values: CertificateValues, person: BookingUser, kit: ApprovedKit | undefined, extras: CertificateExtras, now: Date = new Date()) {
  const rejected = values.result === 'Rejected';
  const notes = values.notes.trim();
  const rejectNotes = values.rejection_reason === 'Other' ? notes : [values.rejection_reason, notes].filter(Boolean).join(': ');
  const invalidNotes = [extras.invalidReason, values.result === 'Invalid' ? notes : ''].filter(Boolean).join(': ');
  const sampled = typeof person.metadata.date_sampled === 'string' ? person.metadata.date_sampled : now.toISOString();
  return {
    forename: values.first_name.trim(),
    surname: values.last_name.trim(),
    email: values.email.trim(),
    date_of_birth: parseDayMonthYear(values.date_of_birth)?.toISOString(),
    sex: values.sex,
    security_checked: values.security_checked,
    result: values.result,
    kit_id: rejected ? undefined : values.kit_id.trim().toUpperCase() || undefined,
    lot_id: rejected ? undefined : values.lot_id.trim() || undefined,
    passport_number: values.passport_number.trim(),
    kit_provider: kit?.name ?? values.kit_provider,
    specificity: kit?.specificity,
    sensitivity: kit?.sensitivity,
    reject_notes: rejected ? rejectNotes : undefined,
    invalid_notes: invalidNotes || undefined,
    sample_taken: rejected ? 'rejected' : (extras.sampleTaken ?? undefined),
    date_sampled: sampled,
    date_reported: now.toISOString(),
    street_address: person.street_address ?? undefined,
    extended_address: person.extended_address ?? undefined,
    locality: person.locality ?? undefined,
    region: person.region ?? undefined,
    postal_code: person.postal_code ?? undefined,
    security_document: extras.securityDocument || undefined,
    alternative_video: values.alternative_video,
  };
}
export type CertificatePayload = ReturnType<typeof certificatePayload>;

/** The payload's field names that the server's `errors` may name, and the form's field each stands for. */
const SERVER_FIELDS: Record<string, CertificateField> = {
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
  reject_notes: 'rejection_reason',
  image: 'photo',
  file: 'photo',
};

/** A 400's `errors` (keyed by the payload's names, with or without `metadata.` first) on the form's fields. */
export function serverFieldErrors(errors: Record<string, string> | undefined): CertificateErrors {
  const onFields: CertificateErrors = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = SERVER_FIELDS[key.replace(/^metadata\./, '')];
    // The rejection's notes are the form's notes; its other messages (the reason) belong to the reason.
    if (field) onFields[field === 'rejection_reason' && message === CERTIFICATE_MSG.rejectionNotes ? 'notes' : field] = message;
  }
  return onFields;
}
