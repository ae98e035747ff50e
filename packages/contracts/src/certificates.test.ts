import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MSG, certificateErrors, isCertificateDateOfBirth, type CertificateContext, type CertificateSubmission } from './certificates';

const COMPLETE: CertificateSubmission = {
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  date_of_birth: '01/06/1985',
  sex: 'Female',
  passport_number: 'P1234567',
  security_checked: true,
  kit_provider: 'innova',
  lot_id: 'X2010051',
  kit_id: 'AB12345',
  result: 'Negative',
};
const TRACKED: CertificateContext = { lotTracking: true, hasPhoto: true };

describe('certificateErrors (spec 2 §5)', () => {
  it('a complete certificate has no errors', () => {
    expect(certificateErrors(COMPLETE, TRACKED)).toEqual({});
  });

  it.each([
    ['forename', { forename: undefined }, CERTIFICATE_MSG.firstName],
    ['forename', { forename: 'A' }, CERTIFICATE_MSG.firstName],
    ['forename', { forename: 'Ada1' }, CERTIFICATE_MSG.firstName],
    ['surname', { surname: ' ' }, CERTIFICATE_MSG.lastName],
    ['email', { email: undefined }, CERTIFICATE_MSG.email],
    ['email', { email: 'ada@' }, CERTIFICATE_MSG.email],
    ['date_of_birth', { date_of_birth: undefined }, CERTIFICATE_MSG.dateOfBirth],
    ['date_of_birth', { date_of_birth: '1985-06-01' }, CERTIFICATE_MSG.dateOfBirth],
    ['date_of_birth', { date_of_birth: '31/02/1985' }, CERTIFICATE_MSG.dateOfBirth],
    ['sex', { sex: undefined }, CERTIFICATE_MSG.sex],
    ['sex', { sex: 'female' }, CERTIFICATE_MSG.sex],
    ['passport_number', { passport_number: undefined }, CERTIFICATE_MSG.passportNumber],
    ['passport_number', { passport_number: 'P12' }, CERTIFICATE_MSG.passportNumber],
    ['security_checked', { security_checked: false }, CERTIFICATE_MSG.securityChecked],
    ['kit_provider', { kit_provider: '' }, CERTIFICATE_MSG.kitProvider],
    ['lot_id', { lot_id: undefined }, CERTIFICATE_MSG.lotId],
    ['kit_id', { kit_id: undefined }, CERTIFICATE_MSG.kitId],
    ['kit_id', { kit_id: 'AB12' }, CERTIFICATE_MSG.kitId],
    ['result', { result: undefined }, CERTIFICATE_MSG.result],
    ['result', { result: 'Maybe' }, CERTIFICATE_MSG.result],
  ] as const)('%s: %j → its message', (field, change, message) => {
    expect(certificateErrors({ ...COMPLETE, ...change }, TRACKED)).toEqual({ [field]: message });
  });

  it('lot and kit IDs are needed only when the kit provider tracks lots and the result is not rejected', () => {
    const withoutKit = { ...COMPLETE, lot_id: undefined, kit_id: undefined };
    expect(certificateErrors(withoutKit, { lotTracking: false, hasPhoto: true })).toEqual({});
    expect(certificateErrors({ ...withoutKit, result: 'Rejected', rejection_reason: 'Client not there' }, TRACKED)).toEqual({});
  });

  it('a rejection needs a reason, and the reason Other needs notes; no photo then', () => {
    const rejected = { ...COMPLETE, result: 'Rejected' };
    expect(certificateErrors(rejected, { lotTracking: true, hasPhoto: false })).toEqual({ rejection_reason: CERTIFICATE_MSG.rejectionReason });
    expect(certificateErrors({ ...rejected, rejection_reason: 'Other' }, TRACKED)).toEqual({ reject_notes: CERTIFICATE_MSG.rejectNotes });
    expect(certificateErrors({ ...rejected, rejection_reason: 'Other', reject_notes: 'Left the call' }, TRACKED)).toEqual({});
  });

  it('any other result needs a photo unless it was done by alternative video platform', () => {
    expect(certificateErrors(COMPLETE, { lotTracking: true, hasPhoto: false })).toEqual({ photo: CERTIFICATE_MSG.photo });
    expect(certificateErrors({ ...COMPLETE, alternative_video: true }, { lotTracking: true, hasPhoto: false })).toEqual({});
  });

  it('security check: needed unless it is a rejection by alternative video', () => {
    const unchecked = { ...COMPLETE, security_checked: false };
    expect(certificateErrors({ ...unchecked, alternative_video: true }, TRACKED)).toEqual({ security_checked: CERTIFICATE_MSG.securityChecked });
    expect(certificateErrors({ ...unchecked, result: 'Rejected', rejection_reason: 'Client not there', alternative_video: true }, TRACKED)).toEqual({});
  });

  it('reports every missing field at once', () => {
    expect(Object.keys(certificateErrors({}, TRACKED)).sort()).toEqual(
      ['date_of_birth', 'email', 'forename', 'kit_id', 'kit_provider', 'lot_id', 'passport_number', 'result', 'security_checked', 'sex', 'surname'].sort(),
    );
  });

  it('dates of birth are real days', () => {
    expect(isCertificateDateOfBirth('29/02/2000')).toBe(true);
    expect(isCertificateDateOfBirth('29/02/2001')).toBe(false);
  });
});
