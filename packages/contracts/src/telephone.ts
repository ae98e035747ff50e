import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

export const TELEPHONE_MIN = 5;
export const TELEPHONE_MAX = 30;
export const TELEPHONE_INVALID = 'Enter a valid phone number';

/** A phone number (spec 1 §5): at least 5 characters, valid as a UK number or in international form. */
export const Telephone = z
  .string()
  .trim()
  .min(TELEPHONE_MIN, TELEPHONE_INVALID)
  .max(TELEPHONE_MAX, TELEPHONE_INVALID)
  .refine((value) => isValidPhoneNumber(value, 'GB'), TELEPHONE_INVALID);
