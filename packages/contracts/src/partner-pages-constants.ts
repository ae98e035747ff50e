/**
 * A partner's booking page address, in a module of its own that imports nothing: the web app's route
 * table needs it on every page, and the partners' rules (their products and code prefixes) stay off
 * the first page.
 */
export const PARTNER_PAGE_PREFIX = '/book_test_';

export function partnerPagePath(slug: string): string {
  return `${PARTNER_PAGE_PREFIX}${slug}`;
}
