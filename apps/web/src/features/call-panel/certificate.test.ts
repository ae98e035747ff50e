import { CERTIFICATE_MSG, type BookingUser } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { certificateErrors, certificateSubmission, formFieldErrors, initialCertificateValues, type CertificateValues } from './certificate';

const complete: CertificateValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  date_of_birth: '10/12/1985',
  sex: 'Female',
  passport_number: 'P1234567',
  security_checked: true,
  kit_provider: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test',
  lot_id: 'X2010051',
  kit_id: 'AB12345',
  result: 'Negative',
  rejection_reason: '',
  notes: '',
  alternative_video: false,
};
const tracked = { lotTracking: true, hasPhoto: true };
const errorsOf = (change: Partial<CertificateValues>, context = tracked) => certificateErrors({ ...complete, ...change }, context);

describe("the certificate form's rules: contracts' certificateErrors on the form's fields", () => {
  it('passes a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('puts every message of spec 2 §5 on its field for an empty form', () => {
    const empty: CertificateValues = { ...complete, first_name: '', last_name: '', email: '', date_of_birth: '', sex: '', passport_number: '', security_checked: false, kit_provider: '', lot_id: '', kit_id: '', result: '' };
    expect(certificateErrors(empty, { lotTracking: true, hasPhoto: false })).toEqual({
      first_name: CERTIFICATE_MSG.firstName,
      last_name: CERTIFICATE_MSG.lastName,
      email: CERTIFICATE_MSG.email,
      date_of_birth: CERTIFICATE_MSG.dateOfBirth,
      sex: CERTIFICATE_MSG.sex,
      passport_number: CERTIFICATE_MSG.passportNumber,
      security_checked: CERTIFICATE_MSG.securityChecked,
      kit_provider: CERTIFICATE_MSG.kitProvider,
      lot_id: CERTIFICATE_MSG.lotId,
      kit_id: CERTIFICATE_MSG.kitId,
      result: CERTIFICATE_MSG.result,
      photo: CERTIFICATE_MSG.photo,
    });
  });

  it("shows a rejection's missing reason on the reason, and Other's missing notes on the notes", () => {
    expect(errorsOf({ result: 'Rejected' })).toEqual({ rejection_reason: CERTIFICATE_MSG.rejectionReason });
    expect(errorsOf({ result: 'Rejected', rejection_reason: 'Other' })).toEqual({ notes: CERTIFICATE_MSG.rejectNotes });
    expect(errorsOf({ result: 'Rejected', rejection_reason: 'Other', notes: 'Left the call' })).toEqual({});
  });

  it('takes the kit ID without asking for a photo when the test was watched on the alternative video platform', () => {
    expect(errorsOf({}, { lotTracking: true, hasPhoto: false })).toEqual({ photo: CERTIFICATE_MSG.photo });
    expect(errorsOf({ alternative_video: true }, { lotTracking: true, hasPhoto: false })).toEqual({});
  });
});

describe('the certificate as PUT booking-users takes it', () => {
  it('sends the typed values trimmed, the kit ID in capitals, the document shown', () => {
    expect(certificateSubmission({ ...complete, first_name: ' Ada ', kit_id: 'ab12345' }, { invalidReason: '', securityDocument: 'Passport' })).toEqual({
      forename: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      date_of_birth: '10/12/1985',
      sex: 'Female',
      passport_number: 'P1234567',
      security_checked: true,
      kit_provider: complete.kit_provider,
      lot_id: 'X2010051',
      kit_id: 'AB12345',
      result: 'Negative',
      rejection_reason: undefined,
      reject_notes: undefined,
      invalid_notes: undefined,
      security_document: 'Passport',
      alternative_video: false,
    });
  });

  it('sends a rejection with its reason and notes and without the kit; an invalid sample with its reason', () => {
    const rejected = certificateSubmission({ ...complete, result: 'Rejected', rejection_reason: 'Other', notes: ' Left the call ' }, { invalidReason: '', securityDocument: '' });
    expect(rejected).toMatchObject({ rejection_reason: 'Other', reject_notes: 'Left the call', kit_id: undefined, lot_id: undefined, security_document: undefined });
    const invalid = certificateSubmission({ ...complete, result: 'Invalid', notes: 'Line smudged' }, { invalidReason: 'Test kit is damaged', securityDocument: '' });
    expect(invalid.invalid_notes).toBe('Test kit is damaged: Line smudged');
  });

  it("puts the server's field errors on the form's fields, prefixed or not", () => {
    expect(formFieldErrors({ 'certificate.forename': CERTIFICATE_MSG.firstName, reject_notes: CERTIFICATE_MSG.rejectNotes, file: CERTIFICATE_MSG.photo, unknown: 'x' })).toEqual({
      first_name: CERTIFICATE_MSG.firstName,
      notes: CERTIFICATE_MSG.rejectNotes,
      photo: CERTIFICATE_MSG.photo,
    });
    expect(formFieldErrors(undefined)).toEqual({});
  });
});

const person: BookingUser = {
  id: '00000000-0000-4000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: null,
  date_of_birth: Date.UTC(1985, 11, 10) / 1000,
  sex: 'Female',
  street_address: '1 High Street',
  locality: 'London',
  region: 'Greater London',
  postal_code: 'SW1A 1AA',
  minor: false,
  metadata: { passport_number: 'P1234567' },
};

describe('the form as it opens', () => {
  it('takes what the booking knows: the date of birth as dd/mm/yyyy, the sex as the form offers it', () => {
    expect(initialCertificateValues(person)).toMatchObject({ first_name: 'Ada', date_of_birth: '10/12/1985', sex: 'Female', passport_number: 'P1234567', result: '' });
  });
});
