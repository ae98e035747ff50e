import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { text } from './text';

export const TELEPHONE_MIN = 5;
export const TELEPHONE_MAX = 30;
export const TELEPHONE_INVALID = 'Enter a valid phone number';

/**
 * The one phone rule (spec 1 §5): at least 5 characters, valid as a UK number or in international
 * form, with the message of the form it is on.
 */
export const phoneNumber = (message: string = TELEPHONE_INVALID) =>
  text()
    .trim()
    .min(TELEPHONE_MIN, message)
    .max(TELEPHONE_MAX, message)
    .refine((value) => isValidPhoneNumber(value, 'GB'), message);
export const Telephone = phoneNumber();

/** A phone number as a telephone provider dials it (E.164, +447911123456), read as the UK does; null when it is not one. */
export function e164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'GB');
  return parsed?.isValid() ? parsed.number : null;
}
