import { z } from 'zod';
import { MSG } from './messages';

/** Text on one line: no control characters at all (C0, DEL, C1), so no NUL reaches the database. */
export const SINGLE_LINE_TEXT = /^\P{Cc}*$/u;
/** Multi-line text (notes): tab, line feed and carriage return, and otherwise no control characters. */
export const MULTI_LINE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;

/**
 * The string builders of every text field a client sends: `text()` for one line, `multilineText()`
 * where line breaks belong (notes). Both refuse control characters with MSG.controlCharacters.
 */
type StringParams = Parameters<typeof z.string>[0];
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE_TEXT, MSG.controlCharacters);
export const multilineText = (params?: StringParams) => z.string(params).regex(MULTI_LINE_TEXT, MSG.controlCharacters);
