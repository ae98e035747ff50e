import { z } from 'zod';

/** E-mail: local part, @, domain, and an ending of 2 to 4 letters (spec 1 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;
/** Names: letters and spaces, at least 2 characters (spec 1 §5). */
export const NAME_PATTERN = /^[\p{L} '-]{2,}$/u;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
/** Earliest date of birth accepted: 1 January 1901, as epoch seconds. */
export const MIN_DATE_OF_BIRTH_EPOCH = Date.UTC(1901, 0, 1) / 1000;

import { text } from './text';

export { MULTI_LINE_TEXT, SINGLE_LINE_TEXT, multilineText, text } from './text';

/** The texts of the shared field rules below (the web app shows them in German too). */
export const VALIDATION_MSG = {
  email: 'Enter a valid e-mail address',
  personName: 'Use letters and spaces only',
  passwordTooShort: `Use at least ${PASSWORD_MIN} characters`,
} as const;

export const Email = text().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, VALIDATION_MSG.email);
export const PersonName = text().trim().min(NAME_MIN).max(NAME_MAX).regex(NAME_PATTERN, VALIDATION_MSG.personName);
export const Password = text().min(PASSWORD_MIN, VALIDATION_MSG.passwordTooShort).max(PASSWORD_MAX);
export const EpochSeconds = z.number().int();
export const Uuid = z.uuid();

// The phone number's rules live in their own module, so that a web page without phone fields does not
// download libphonenumber-js (the package has no side effects: an unused re-export costs nothing).
export { TELEPHONE_INVALID, TELEPHONE_MAX, TELEPHONE_MIN, Telephone, e164, phoneNumber } from './telephone';
