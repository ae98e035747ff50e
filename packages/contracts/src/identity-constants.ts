/** identity.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { describeWait } from './messages';
import { SINGLE_LINE_TEXT } from './text-constants';

// ---- Login service (/api/login) ----

/** 429 after repeated wrong passwords for one account from one address. */
export const signInDelayedMessage = (seconds: number) =>
  `Too many failed sign-in attempts for this account from your network. Please wait ${describeWait(seconds)} and try again.`;

// ---- Self sign-up (/identity/sign-up, server pages) ----

/** A sign-up's e-mail verification link works for a day, once. */
export const EMAIL_VERIFICATION_HOURS = 24;

export const SIGN_UP_MSG = {
  /** A required field left empty (the sign-up page names it beside the field). */
  required: 'This field is required',
  passwordsMismatch: 'The passwords do not match',
  /** The terms tick, in the spec's wording for the B2C booking's (BOOKING_MSG.acceptTerms). */
  acceptTerms: 'You must accept this acknowledge',
  /** 403 from a right password for an account whose e-mail address is not verified yet. */
  emailNotVerified: 'Your e-mail address is not verified yet. Follow the link we e-mailed you, or send a new one.',
} as const;

// ---- Returning to the asked page after sign-in ----

/** The query parameter that carries the page a signed-out visitor asked for through /login, the sign-in page and /verify-token. */
export const NEXT_PARAM = 'next';

/**
 * The page to open after sign-in, when `value` is one of Vireo's own app pages (a path with its query, never another
 * site: no scheme, no `//host`, no backslash, no control characters; not a step of signing in, nor the API); else null.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2_000 || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || !SINGLE_LINE_TEXT.test(value)) return null;
  const pathname = value.split(/[?#]/)[0]!;
  if (pathname === '/login' || pathname === '/verify-token' || pathname.startsWith('/identity/') || pathname.startsWith('/api/')) return null;
  return value;
}
