import type { Texts } from '../../../app/locales/shape';

/** The public certificate verification pages (/verify, /verify/{id}). */
export const en = {
  heading: 'Verify a test certificate',
  intro: 'Scan the QR code on a {{product}} test certificate, or paste its verification link, to check that {{product}} issued it and that it still stands.',
  paste: {
    heading: 'Paste',
    label: 'Verification link or code',
    help: 'The link under the certificate’s QR code, or the code after # in it.',
    submit: 'Verify',
    notAToken: 'This is not a certificate verification link. Check that you copied all of it.',
  },
  scan: {
    heading: 'Scan',
    start: 'Scan with the camera',
    stop: 'Stop scanning',
    video: 'Camera picture',
    looking: 'Hold the certificate’s QR code in front of the camera.',
    notAToken: 'This QR code is not a certificate verification link.',
    unavailable: 'The camera could not be opened. Allow the camera, or paste the verification link instead.',
  },
  checking: 'Checking the certificate…',
  another: 'Verify another certificate',
  result: {
    valid: {
      heading: 'Valid certificate',
      text: 'This certificate was issued by {{product}} and has not been replaced or withdrawn. Check that the name and date of birth match the holder’s ID.',
    },
    revoked: {
      heading: 'Revoked certificate',
      text: 'This certificate was replaced or withdrawn by {{product}}. It is no longer valid.',
    },
    invalid: {
      heading: 'Invalid certificate',
      text: 'This certificate was not issued by {{product}}, or it has been altered. Do not accept it.',
    },
    unknown: {
      heading: 'Unknown certificate',
      text: '{{product}} has no certificate with this number. Do not accept it.',
    },
  },
  facts: {
    name: 'Name',
    dateOfBirth: 'Date of birth',
    test: 'Test',
    result: 'Result',
    sampleTime: 'Sample taken',
    id: 'Certificate ID',
  },
  statusHeading: 'Certificate status',
};

export type VerifyTranslation = Texts<typeof en>;
export default en;
