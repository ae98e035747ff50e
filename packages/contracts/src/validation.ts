import { z } from 'zod';

import { text } from './text';
import { EMAIL_PATTERN, NAME_PATTERN, NAME_MIN, NAME_MAX, EMAIL_MAX, PASSWORD_MIN, PASSWORD_MAX } from './validation-constants';

export * from './validation-constants';

export { MULTI_LINE_TEXT, SINGLE_LINE_TEXT, multilineText, text } from './text';

/** The texts of the shared field rules below (the web app shows them in German too). */
export const VALIDATION_MSG = {
  email: 'Enter a valid e-mail address',
  personName: 'Use letters and spaces only',
  passwordTooShort: `Use at least ${PASSWORD_MIN} characters`,
} as const;

export const Email = /* @__PURE__ */ text().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, VALIDATION_MSG.email);
export const PersonName = /* @__PURE__ */ text().trim().min(NAME_MIN).max(NAME_MAX).regex(NAME_PATTERN, VALIDATION_MSG.personName);
export const Password = /* @__PURE__ */ text().min(PASSWORD_MIN, VALIDATION_MSG.passwordTooShort).max(PASSWORD_MAX);
export const EpochSeconds = z.number().int();
export const Uuid = z.uuid();

// The phone number's rules live in their own module, so that a web page without phone fields does not
// download libphonenumber-js (the package has no side effects: an unused re-export costs nothing).
export { TELEPHONE_INVALID, TELEPHONE_MAX, TELEPHONE_MIN, Telephone, e164, phoneNumber } from './telephone';
