/** telephone.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const TELEPHONE_MIN = 5;
export const TELEPHONE_MAX = 30;
export const TELEPHONE_INVALID = 'Enter a valid phone number';

/** A phone number as a telephone provider dials it (E.164, +447911123456), read as the UK does; null when it is not one. */
export function e164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'GB');
  return parsed?.isValid() ? parsed.number : null;
}
