import type { BookingUser } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MSG, certificateErrors, certificatePayload, initialCertificateValues, parseDayMonthYear, serverFieldErrors, type CertificateValues } from './certificate';

const NOW = new Date('2026-06-01T12:00:00Z');

const complete: CertificateValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  date_of_birth: '10/12/1985',
  sex: 'female',
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
const errorsOf = (change: Partial<CertificateValues>, context = tracked) => certificateErrors({ ...complete, ...change }, context, NOW);

describe('certificateErrors (spec 2 §5)', () => {
  it('passes a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('refuses an empty form with every message of the spec', () => {
    const empty: CertificateValues = { ...complete, first_name: '', last_name: '', email: '', date_of_birth: '', sex: '', passport_number: '', security_checked: false, kit_provider: '', lot_id: '', kit_id: '', result: '' };
    expect(certificateErrors(empty, { lotTracking: true, hasPhoto: false }, NOW)).toEqual({
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

  it('keeps the exact texts of the spec', () => {
    expect(Object.values(CERTIFICATE_MSG)).toEqual([
      'Enter patient first name',
      'Enter patient last name',
      'Please enter patient email address',
      'Please enter patient date of birth - dd/mm/yyyy',
      'Please select a sex',
      'Enter patient passport number',
      'You must confirm security has been checked',
      'Enter patient Kit Lot ID',
      'Enter patient Kit ID',
      'You must enter a result',
      'You must select rejection reason',
      'You must enter rejection notes',
      'You must take a photo of the test result',
      'Select the kit provider',
    ]);
  });

  it('takes names of letters and spaces, at least 2', () => {
    expect(errorsOf({ first_name: 'A' }).first_name).toBe(CERTIFICATE_MSG.firstName);
    expect(errorsOf({ last_name: 'L0velace' }).last_name).toBe(CERTIFICATE_MSG.lastName);
    expect(errorsOf({ first_name: 'Anna Maria', last_name: 'Müller' })).toEqual({});
  });

  it('takes a real date of birth as dd/mm/yyyy, not in the future', () => {
    expect(errorsOf({ date_of_birth: '1985-12-10' }).date_of_birth).toBe(CERTIFICATE_MSG.dateOfBirth);
    expect(errorsOf({ date_of_birth: '31/02/1985' }).date_of_birth).toBe(CERTIFICATE_MSG.dateOfBirth);
    expect(errorsOf({ date_of_birth: '02/06/2026' }).date_of_birth).toBe(CERTIFICATE_MSG.dateOfBirth);
    expect(parseDayMonthYear('10/12/1985')?.toISOString()).toBe('1985-12-10T00:00:00.000Z');
  });

  it('needs an ID document number of at least 5 characters', () => {
    expect(errorsOf({ passport_number: 'P123' }).passport_number).toBe(CERTIFICATE_MSG.passportNumber);
  });

  it('needs lot ID and a kit ID of at least 5 only when the kit tracks lots and the result is not Rejected', () => {
    expect(errorsOf({ kit_id: 'AB12', lot_id: '' })).toEqual({ kit_id: CERTIFICATE_MSG.kitId, lot_id: CERTIFICATE_MSG.lotId });
    expect(errorsOf({ kit_id: '', lot_id: '' }, { lotTracking: false, hasPhoto: true })).toEqual({});
    expect(errorsOf({ kit_id: '', lot_id: '', result: 'Rejected', rejection_reason: 'Client not there' })).toEqual({});
  });

  it('asks a rejection for its reason, and notes when the reason is Other', () => {
    expect(errorsOf({ result: 'Rejected' }).rejection_reason).toBe(CERTIFICATE_MSG.rejectionReason);
    expect(errorsOf({ result: 'Rejected', rejection_reason: 'Other' }).notes).toBe(CERTIFICATE_MSG.rejectionNotes);
    expect(errorsOf({ result: 'Rejected', rejection_reason: 'Other', notes: 'Left the call' })).toEqual({});
  });

  it('needs a photo unless rejected or watched on the alternative video platform', () => {
    const noPhoto = { lotTracking: true, hasPhoto: false };
    expect(errorsOf({}, noPhoto).photo).toBe(CERTIFICATE_MSG.photo);
    expect(errorsOf({ alternative_video: true }, noPhoto)).toEqual({});
    expect(errorsOf({ result: 'Rejected', rejection_reason: 'Test not performed as instructed' }, noPhoto)).toEqual({});
  });

  it('needs the ID check unless it is a rejection watched on the alternative video platform', () => {
    expect(errorsOf({ security_checked: false }).security_checked).toBe(CERTIFICATE_MSG.securityChecked);
    expect(errorsOf({ security_checked: false, result: 'Rejected', rejection_reason: 'Client not there' }).security_checked).toBe(CERTIFICATE_MSG.securityChecked);
    expect(errorsOf({ security_checked: false, result: 'Rejected', rejection_reason: 'Client not there', alternative_video: true })).toEqual({});
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
  metadata: { passport_number: 'P1234567', date_sampled: '2026-06-01T11:50:00.000Z' },
};

describe('the certificate payload (spec 2 §3)', () => {
  it('opens the form with what the booking knows', () => {
    expect(initialCertificateValues(person)).toMatchObject({ first_name: 'Ada', date_of_birth: '10/12/1985', sex: 'female', passport_number: 'P1234567', result: '' });
  });

  it('sends the date of birth as UTC ISO, the sex in lower case, the kit figures and the address', () => {
    const kit = { id: 'innova', name: complete.kit_provider, specificity: '99.6%', sensitivity: '95.0%', lot_tracking: true, lot_ids: ['X2010051'] };
    const payload = certificatePayload({ ...complete, kit_id: 'ab12345' }, person, kit, { sampleTaken: 'valid', invalidReason: '', securityDocument: 'Passport' }, NOW);
    expect(payload).toMatchObject({
      forename: 'Ada',
      surname: 'Lovelace',
      date_of_birth: '1985-12-10T00:00:00.000Z',
      sex: 'female',
      result: 'Negative',
      kit_id: 'AB12345',
      lot_id: 'X2010051',
      specificity: '99.6%',
      sensitivity: '95.0%',
      sample_taken: 'valid',
      date_sampled: '2026-06-01T11:50:00.000Z',
      date_reported: NOW.toISOString(),
      street_address: '1 High Street',
      postal_code: 'SW1A 1AA',
      security_document: 'Passport',
    });
    expect(payload.reject_notes).toBeUndefined();
  });

  it('sends a rejection with its reason and no kit', () => {
    const payload = certificatePayload({ ...complete, result: 'Rejected', rejection_reason: 'Other', notes: 'Left the call' }, person, undefined, { sampleTaken: null, invalidReason: '', securityDocument: '' }, NOW);
    expect(payload).toMatchObject({ result: 'Rejected', reject_notes: 'Left the call', sample_taken: 'rejected', kit_id: undefined, lot_id: undefined });
  });
});

describe('the server’s per-field errors', () => {
  it('land on the form’s fields, with or without the metadata prefix; others are left to the message', () => {
    expect(serverFieldErrors({ 'metadata.forename': CERTIFICATE_MSG.firstName, kit_id: CERTIFICATE_MSG.kitId, reject_notes: CERTIFICATE_MSG.rejectionNotes, other: 'x' })).toEqual({
      first_name: CERTIFICATE_MSG.firstName,
      kit_id: CERTIFICATE_MSG.kitId,
      notes: CERTIFICATE_MSG.rejectionNotes,
    });
    expect(serverFieldErrors({ reject_notes: CERTIFICATE_MSG.rejectionReason })).toEqual({ rejection_reason: CERTIFICATE_MSG.rejectionReason });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
