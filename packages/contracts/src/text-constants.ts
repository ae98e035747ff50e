/** text.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** Text on one line: no control characters at all (C0, DEL, C1), so no NUL reaches the database. */
export const SINGLE_LINE_TEXT = /^\P{Cc}*$/u;
/** Multi-line text (notes): tab, line feed and carriage return, and otherwise no control characters. */
export const MULTI_LINE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;
