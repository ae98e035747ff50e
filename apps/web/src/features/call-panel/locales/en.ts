import { BOOKING_MSG } from '@vireo/contracts';
import type { Texts } from '../../../app/locales/shape';

/** The practitioner's side panel of an appointment (spec 2 §2.4): the customer details block. */
export const en = {
  customerDetails: 'Customer details',
  product: 'Product',
  person: 'Person {{number}}',
  name: 'Name',
  minor: 'Minor',
  dateOfBirth: 'Date of birth',
  phone: 'Phone',
  call: 'Call {{name}}',
  email: 'E-mail',
  address: 'Address',
  none: 'Not given',
  online: 'Customer online',
  offline: 'Customer offline',
  joiningLink: 'Customer joining link',
  joiningLinkHint: 'The customer opens this page with the link of their confirmation e-mail.',
  copy: 'Copy joining link',
  copied: 'Copied',
  copyFailed: 'The link could not be copied.',
  joinAlternative: 'Join on alternative video link',
  emailAlternative: 'Email Alternative Link to Customer',
  alternativeSent: BOOKING_MSG.alternativeLinkSent,
  failed: 'Failed',
  faceToFace: 'Face-to-face appointment',
  notFound: 'Cannot find appointment details',
};

export type CallPanelTranslation = Texts<typeof en>;
export default en;
