import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { MSG } from './messages';

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

/** Text on one line: no control characters at all (C0, DEL, C1), so no NUL reaches the database. */
export const SINGLE_LINE_TEXT = /^\P{Cc}*$/u;
/** Multi-line text (notes): tab, line feed and carriage return, and otherwise no control characters. */
export const MULTI_LINE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;

/**
 * The string builders of every text field a client sends: `text()` for one line, `multilineText()`
 * where line breaks belong (notes). Both refuse control characters with MSG.controlCharacters.
 */
type StringParams = Parameters<typeof z.string>[0];
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE_TEXT, MSG.controlCharacters);
export const multilineText = (params?: StringParams) => z.string(params).regex(MULTI_LINE_TEXT, MSG.controlCharacters);

export const Email = text().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, 'Enter a valid e-mail address');
export const PersonName = text().trim().min(NAME_MIN).max(NAME_MAX).regex(NAME_PATTERN, 'Use letters and spaces only');
export const Password = text()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX);
export const EpochSeconds = z.number().int();
export const Uuid = z.uuid();

export const TELEPHONE_MIN = 5;
export const TELEPHONE_MAX = 30;
export const TELEPHONE_INVALID = 'Enter a valid phone number';

/** A phone number (spec 1 §5): at least 5 characters, valid as a UK number or in international form. */
export const Telephone = text()
  .trim()
  .min(TELEPHONE_MIN, TELEPHONE_INVALID)
  .max(TELEPHONE_MAX, TELEPHONE_INVALID)
  .refine((value) => isValidPhoneNumber(value, 'GB'), TELEPHONE_INVALID);
