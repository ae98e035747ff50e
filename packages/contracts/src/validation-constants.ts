/** validation.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

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
export const MIN_DATE_OF_BIRTH_EPOCH = /* @__PURE__ */ Date.UTC(1901, 0, 1) / 1000;
