import { z } from 'zod';
import { MSG } from './messages';
import { SINGLE_LINE_TEXT, MULTI_LINE_TEXT } from './text-constants';

export * from './text-constants';

/**
 * The string builders of every text field a client sends: `text()` for one line, `multilineText()`
 * where line breaks belong (notes). Both refuse control characters with MSG.controlCharacters.
 */
type StringParams = Parameters<typeof z.string>[0];
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE_TEXT, MSG.controlCharacters);
export const multilineText = (params?: StringParams) => z.string(params).regex(MULTI_LINE_TEXT, MSG.controlCharacters);
