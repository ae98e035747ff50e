/**
 * The consultation terms (issue 18, spec 3 §2.1): public at /en/consultation/terms and
 * /de/consultation/terms. A booking's toc_accept keeps the version it accepted (booking-user
 * metadata `toc_version`); a change to the terms' substance gives them a new version.
 */
export const TERMS_VERSION = '2026-11-27';

export const TERMS_LANGUAGES = ['EN', 'DE'] as const;
export type TermsLanguage = (typeof TERMS_LANGUAGES)[number];

/** The terms in a booking's language. */
export function termsPath(language: TermsLanguage): string {
  return `/${language.toLowerCase()}/consultation/terms`;
}
