/** kits.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
/**
 * Kit registration (spec 3 §5, §8; spec 2 §4.3) and activation (issue 18): the spec's exact texts,
 * ours where it is silent (a kit the order did not send, a kit or person already registered).
 */
export const KIT_REGISTRATION_MSG = {
  selectUser: 'Select user',
  inputKitId: 'Input Kit ID',
  repeatKitId: 'Repeat your Kit ID',
  kitIdsMatch: 'Kit IDs should match',
  chooseSampleDate: 'Choose Sample Date and Time',
  chooseSampleTime: 'Choose Sample Time',
  fieldChecked: 'Field must be checked',
  submitted: 'Data submitted successfully! Please submit data for other users as well',
  failed: 'Something went wrong!',
  loadFailed: 'There was an error loading your kit registration, please close the page and try again',
  kitNotDispatched: 'This kit was not sent with this order. Check the kit ID on the kit’s label.',
  kitUsed: 'This kit has already been registered.',
  personActivated: 'This person has already registered a kit.',
  sampleInFuture: 'The sample cannot have been taken in the future.',
  activationNotFound: 'We could not find a kit to register with this kit ID and order reference.',
  activationNotDispatched: 'This kit has not been dispatched with any order yet. Check the kit ID on the kit’s label.',
  activationOtherOrder: 'This kit was sent with another order. Check the order reference in your order confirmation e-mail.',
  activationActive: 'This kit has already been activated: its results will appear in your test results.',
  inputOrderReference: 'Input your order reference',
} as const;

/** How long the success message of the kit form shows (spec 3 §9). */
export const KIT_REGISTERED_MESSAGE_MS = 5_000;

/** Kit activations one address may try a minute (POST /api/booking/-/activate-kit: a guessed reference gets nowhere fast). */
export const KIT_ACTIVATIONS_PER_MINUTE = 10;

/** The customer's kit registration page of an appointment. */
export function registerKitPath(appointmentId: string): string {
  return `/register-kit/${appointmentId}`;
}
