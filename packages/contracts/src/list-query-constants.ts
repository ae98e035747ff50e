/** list-query.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

export const LIST_QUERY_MSG = {
  unknownSort: 'Unknown sort',
} as const;

/** The greatest offset a list accepts: further pages are a search's job. */
export const LIST_MAX_OFFSET = 1_000_000;
