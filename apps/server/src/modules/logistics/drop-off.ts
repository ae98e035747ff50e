import {
  calendarDaysBetween,
  DROP_OFF_DAYS_AHEAD,
  hoursOn,
  londonCalendarDate,
  LOGISTICS_MSG,
  weekdayOf,
  type DropOffRequest,
  type OpeningTime,
  type Receipt,
  type Weekday,
} from '@vireo/contracts';
import type { Caller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { AppError, badRequest } from '../../platform/errors';
import { receipts } from '../../db/schema';
import { findDispatchedKit } from '../orders';
import type { LogisticsDeps } from './deps';
import { findActiveDropbox, presentPublicDropbox } from './dropboxes';

/** A date written yyyy-MM-dd that names a real day (not 2026-02-31). */
function realDate(date: string): { year: number; month: number; day: number } | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day));
  return instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day ? { year, month, day } : null;
}

/** The drop-off's date checked against today in London: today or within DROP_OFF_DAYS_AHEAD days; answers whether it is today. */
function checkDate(deps: LogisticsDeps, date: string): { today: boolean } {
  const day = realDate(date);
  if (!day) throw badRequest(LOGISTICS_MSG.date, { date: LOGISTICS_MSG.date });
  const ahead = calendarDaysBetween(londonCalendarDate(deps.clock.now()), day);
  if (ahead < 0) throw badRequest(LOGISTICS_MSG.dateInPast, { date: LOGISTICS_MSG.dateInPast });
  if (ahead > DROP_OFF_DAYS_AHEAD) throw badRequest(LOGISTICS_MSG.dateTooFar, { date: LOGISTICS_MSG.dateTooFar });
  return { today: ahead === 0 };
}

const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time of day in London, HH:mm (compares as text with a dropbox's hours). */
function londonTimeOfDay(instant: Date): string {
  return londonClock.format(instant);
}

/**
 * POST /drop-off (public; the dispatch e-mail links the page): the customer's order reference (its
 * short token), a kit ID that order dispatched, an active dropbox and the day they will leave the
 * kit there make a receipt. A token, kit or dropbox that does not match is one 404 that does not say
 * which (so the page cannot be used to test tokens or kit IDs); a dropbox closed that weekday, today
 * once today's closing time has passed, or a date out of range is 400 with its reason. A kit dropped off again replaces its receipt. Audited as
 * the token's holder (the token itself is never stored in the audit record), refusals included.
 */
export async function dropOff(deps: LogisticsDeps, caller: Caller, input: DropOffRequest): Promise<Receipt> {
  const holder: Caller = { ...caller, auth: null, shortToken: input.short_token };
  const refuse = async (error: AppError, reason: string) => {
    await deps.audit.record({ action: 'receipt.drop_off', outcome: 'failure', resourceType: 'receipt', details: { reason } }, holder);
    return error;
  };
  const { today } = checkDate(deps, input.date);
  const kit = await findDispatchedKit(deps.db, input.short_token, input.kit_id);
  const dropbox = await findActiveDropbox(deps.db, input.dropbox_id);
  if (!kit || !dropbox) throw await refuse(new AppError(404, LOGISTICS_MSG.dropOffNotFound), kit ? 'dropbox' : 'kit');
  const times: OpeningTime[] = dropbox.times.map((time) => ({ weekday: time.weekday as Weekday, start_hour: time.startHour, end_hour: time.endHour }));
  const hours = hoursOn(times, weekdayOf(input.date));
  if (!hours) throw await refuse(badRequest(LOGISTICS_MSG.dropboxClosed, { date: LOGISTICS_MSG.dropboxClosed }), 'closed');
  const now = deps.clock.now();
  if (today && londonTimeOfDay(now) >= hours.end_hour) throw await refuse(badRequest(LOGISTICS_MSG.dropboxClosedToday, { date: LOGISTICS_MSG.dropboxClosedToday }), 'closed_today');
  const values = { orderId: kit.orderId, shortToken: kit.shortToken, kitId: kit.kitId, dropboxId: dropbox.row.id, expectedDropoffDate: input.date, createdAt: now };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(receipts)
      .values(values)
      .onConflictDoUpdate({ target: receipts.kitId, set: { dropboxId: values.dropboxId, expectedDropoffDate: values.expectedDropoffDate, createdAt: now } })
      .returning();
    await deps.audit.record({ action: 'receipt.drop_off', outcome: 'success', resourceType: 'receipt', resourceId: row!.id, details: { order_id: kit.orderId, dropbox_id: dropbox.row.id } }, holder, tx);
    return {
      id: row!.id,
      short_token: row!.shortToken,
      kit_id: row!.kitId,
      dropbox: presentPublicDropbox(dropbox.row, dropbox.times),
      expected_dropoff_date: row!.expectedDropoffDate,
      created_at: epochSeconds(row!.createdAt),
    };
  });
}
