import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { text } from './text';
import { TELEPHONE_MIN, TELEPHONE_MAX, TELEPHONE_INVALID } from './telephone-constants';

export * from './telephone-constants';

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
export const Telephone = /* @__PURE__ */ phoneNumber();
