/** logistics.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/**
 * Sample logistics (spec 3 §2.8, §3, §5; issue 19): dropboxes where customers leave their kits, and
 * the receipts their drop-offs make. The quoted texts are the spec's.
 */
/** A drop-off's date: today (Europe/London) or one of the next DROP_OFF_DAYS_AHEAD days. */
export const DROP_OFF_DAYS_AHEAD = 14;

export const LOGISTICS_MSG = {
  inputName: 'Input name',
  inputAddressLine: 'Input address line',
  inputCity: 'Input city',
  inputCounty: 'Input county',
  inputPostcode: 'Input postcode',
  email: 'Enter a valid e-mail address',
  phone: 'Enter a valid phone number',
  time: 'Use the time as HH:mm',
  endAfterStart: 'The closing time must be after the opening time',
  weekdayRepeated: 'Each weekday may appear once',
  fetchDropboxes: 'Error fetching Drop Boxes',
  emptyDropboxes: 'No dropboxes to display',
  dropboxCreated: 'Dropbox has been created.',
  dropboxSaved: 'Dropbox has been saved.',
  dropboxActivated: 'Dropbox has been activated.',
  dropboxDeactivated: 'Dropbox has been deactivated.',
  allDeactivated: 'Every dropbox has been deactivated.',
  allActivated: 'Every dropbox has been activated.',
  shortToken: 'Input your order reference',
  kitId: 'Input Kit ID',
  dropbox: 'Select a dropbox',
  date: 'Choose a drop-off date',
  /** One answer whichever of the order reference, kit ID and dropbox did not match (issue 19: it must not say which). */
  dropOffNotFound: 'We could not find this kit for this order reference, or this dropbox is not taking drop-offs.',
  dropboxClosed: 'This dropbox is closed on the chosen day.',
  dateInPast: 'Choose today or a later date.',
  dateTooFar: `Choose a date within the next ${DROP_OFF_DAYS_AHEAD} days.`,
  droppedOff: 'Your drop-off has been recorded.',
  dropboxClosedToday: 'This dropbox has closed for today. Choose a later day or another dropbox.',
  collectionChanged: 'Order collection status has been changed successfully',
  collectionSearch: 'Input an order id, order reference or kit ID',
  collectionNotFound: 'No order with samples matches this search.',
  collectionDropbox: 'Scan the dropbox’s QR code first: a sample without a drop-off needs the dropbox it is collected at.',
  fetchReceipts: 'Error fetching receipts',
  emptyReceipts: 'No receipts to display',
  pickupDate: 'Choose a date',
} as const;

/** The pickups and receipts lists: rows per page at most (the web asks for fewer). */
export const PICKUPS_MAX_LIMIT = 100;
export const PICKUP_SORT_COLUMNS = ['name', 'city', 'expected', 'collected', 'collection_time'] as const;
export const RECEIPT_SORT_COLUMNS = ['order_reference', 'kit_id', 'collection_time'] as const;

/** Weekdays as the spec numbers them: 1 Sunday to 7 Saturday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A dropbox's hours on one weekday, HH:mm (24 hours), closing after opening. A weekday left out is a closed day. */
export interface OpeningTime {
  weekday: Weekday;
  start_hour: string;
  end_hour: string;
}

/** One weekday's row of the opening-times editor: open or closed, with its hours kept while closed. */
export interface OpeningDay {
  weekday: Weekday;
  open: boolean;
  start_hour: string;
  end_hour: string;
}

export const DEFAULT_OPENING_HOURS = { start_hour: '08:00', end_hour: '20:00' } as const;

/** Open 08:00 to 20:00 every day: a new dropbox's hours (spec 3 §3). */
export function defaultOpeningTimes(): OpeningTime[] {
  return WEEKDAYS.map((weekday) => ({ weekday, ...DEFAULT_OPENING_HOURS }));
}

/** The editor's seven rows (Sunday first) from a dropbox's opening times: a weekday without hours is closed, at the default hours. */
export function openingDaysOf(openingTimes: readonly OpeningTime[]): OpeningDay[] {
  return WEEKDAYS.map((weekday) => {
    const hours = openingTimes.find((time) => time.weekday === weekday);
    return { weekday, open: Boolean(hours), start_hour: hours?.start_hour ?? DEFAULT_OPENING_HOURS.start_hour, end_hour: hours?.end_hour ?? DEFAULT_OPENING_HOURS.end_hour };
  });
}

/** The opening times the editor's rows say: the open weekdays with their hours. */
export function openingTimesOf(days: readonly OpeningDay[]): OpeningTime[] {
  return days.filter((day) => day.open).map(({ weekday, start_hour, end_hour }) => ({ weekday, start_hour, end_hour }));
}

export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The problem with one weekday's hours, or null: each time HH:mm, the end after the start. */
export function openingTimeError(time: Pick<OpeningTime, 'start_hour' | 'end_hour'>): { field: 'start_hour' | 'end_hour'; message: string } | null {
  if (!HOUR_PATTERN.test(time.start_hour)) return { field: 'start_hour', message: LOGISTICS_MSG.time };
  if (!HOUR_PATTERN.test(time.end_hour)) return { field: 'end_hour', message: LOGISTICS_MSG.time };
  // HH:mm compares as text in time order.
  if (time.end_hour <= time.start_hour) return { field: 'end_hour', message: LOGISTICS_MSG.endAfterStart };
  return null;
}

/** The weekday (1 Sunday to 7 Saturday) of a calendar date written yyyy-MM-dd. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number);
  return (new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay() + 1) as Weekday;
}

/** The hours of `weekday`, or undefined when the dropbox is closed that day. */
export function hoursOn(openingTimes: readonly OpeningTime[], weekday: Weekday): OpeningTime | undefined {
  return openingTimes.find((time) => time.weekday === weekday);
}

export const FACILITY_LIMITS = { text: 200, postcode: 12, phone: 30 } as const;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,30}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The drop-off page's address and the collection link a dropbox's QR code carries. */
export const DROP_OFF_PATH = '/drop-off';
export const collectionLink = (publicUrl: string, dropboxId: string) => `${publicUrl}/collection/0?dropbox=${dropboxId}`;

export const QR_FORMATS = ['png', 'svg'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
