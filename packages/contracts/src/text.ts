import { z } from 'zod';
import { MSG } from './messages';
import { isIsoDay, SINGLE_LINE_TEXT, MULTI_LINE_TEXT } from './text-constants';

export * from './text-constants';

/**
 * The string builders of every text field a client sends: `text()` for one line, `multilineText()`
 * where line breaks belong (notes). Both refuse control characters with MSG.controlCharacters.
 */
type StringParams = Parameters<typeof z.string>[0];
export const text = (params?: StringParams) => z.string(params).regex(SINGLE_LINE_TEXT, MSG.controlCharacters);
export const multilineText = (params?: StringParams) => z.string(params).regex(MULTI_LINE_TEXT, MSG.controlCharacters);

/** How the API description names a calendar day written yyyy-MM-dd (OpenAPI's `format: date`). */
const CALENDAR_DAY = { format: 'date' } as const;

/**
 * A calendar day a client sends, yyyy-MM-dd (a date input's value): a real day, else `message`. The
 * API description marks every field built with it `format: date`, so a client can tell.
 */
export const calendarDay = (message: string) => text({ error: message }).refine(isIsoDay, message).meta(CALENDAR_DAY);
/** A calendar day the server answers, yyyy-MM-dd (`format: date` in the API description). */
export const CalendarDay = /* @__PURE__ */ z.string().meta(CALENDAR_DAY);
