/**
 * The spec's message catalogue (spec 1 §8, spec 2 §8, spec 3 §8). Texts are exact; the server and
 * the web app both take them from here.
 */
export const MSG = {
  unableToAuthenticate: 'Unable to authenticate user.',
  missingDetails: 'Missing details.',
  anErrorOccurred: 'An error occurred',
  serverError: 'Server Error Occurred',
  unableToCreateUser: 'Unable to create user.',
  unableToUpdateUser: 'Unable to update user.',
  unableToCreateRole: 'Unable to create role.',
  unableToFindUserData: 'Unable to find user data.',
  unableToCreateRoleProfile: 'Unable to create role profile.',
  unableToFetchResults: 'Unable to fetch results',
  somethingWentWrong: 'Something went wrong, please try again.',
  somethingWentWrongShort: 'Something went wrong',
  somethingWentWrongBang: 'Something went wrong!',
  invalidLoginToken: 'Invalid login token',
  notFound: 'Not found.',
  tooManyRequests: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  requestTooLarge: 'The request is too large.',
  controlCharacters: 'Remove the control characters (such as NUL) from this text.',
  nothingToUpdate: 'Give at least one detail to change.',
  // Patient and manager (spec 1 §8)
  failedHealthAssessment: 'Failed to submit health assessment',
  errorFetchingResults: 'Error fetching results',
  errorRetrievingRegistrations: 'Error retrieving registrations',
  retrievedRegistrations: 'Retrieved registrations',
  shippingSaved: 'Successfully saved shipping details',
  shippingError: 'Error saving shipping details',
  malformedRequest: 'Malformed request',
  malformedResponse: 'Malformed response',
  kitOrderError: 'An error occurred, please try again',
  // Booking and practitioner (spec 2 §8)
  noAvailableSlots: 'No available slots.',
  unableToRetrieveAppointments: 'Unable to retrieve appointments.',
  errorConvertingImage: 'Error converting image',
  slotTaken: 'Unfortunately, this time slot has been already taken. Please choose another one. Thank you!',
  appointmentClaimed: 'Appointment claimed',
  appointmentReleased: 'Appointment released',
  errorReleasingAppointment: 'Error releasing appointment',
  errorFetchingPractitioner: 'Error fetching practitioner information',
  errorFetchingAppointments: 'Error fetching appointments',
  cannotFindAppointment: 'Cannot find appointment details',
  confirmationError: 'An error occurred please try again',
  missingServiceParameter: 'Missing details, please book using the link in your email',
  // Back office (spec 3 §8)
  unableToRetrieveRooms: 'Unable to retrieve rooms.',
} as const;

/** A wait as people say it: "45 seconds", "1 minute", "8 minutes" (rounded up). */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 from the routes that send e-mail (invitations, alternative links, resends). */
export const tooManyEmailsFromSender = (seconds: number) => `You have sent too many e-mails. Please wait ${describeWait(seconds)} and try again.`;
export const tooManyEmailsToRecipient = (address: string, seconds: number) =>
  `Too many e-mails have been sent to ${address}. Please wait ${describeWait(seconds)} and try again.`;

export const EMPTY_TEXT = {
  appointments: 'No appointments to display',
  doctors: 'No doctors to display',
  results: 'No results to display',
  registrations: 'No registrations to display',
  discounts: 'No discounts to display',
  products: 'No products to display',
  certificates: 'No certificates to display',
  orders: 'No Orders Found',
  receipts: 'No receipts to display',
  dropboxes: 'No dropboxes to display',
  countries: 'No countries to display',
  drugs: 'No drugs to display',
  pages: 'No pages to display',
  chats: 'No chats to display',
  activeChats: 'No active chats',
} as const;
