/** The back office's dropbox pages (spec 3 §2.1). */
export const DROPBOX_LIST_PATH = '/super_admin/dropbox-list';
export const DROPBOX_CREATE_PATH = '/super_admin/dropbox/create';
export const dropboxPath = (id: string) => `/super_admin/dropbox/${id}`;
export const PICKUPS_LIST_PATH = '/super_admin/pickups-list';
export const dropboxReceiptsPath = (id: string, date: string) => `/super_admin/dropbox-receipts/${id}?date=${date}`;
/** The courier's collection page: an order's samples (0: none yet), at the dropbox whose QR code was scanned. */
export const collectionPath = (orderId: string, dropboxId: string | null) => `/collection/${orderId}${dropboxId ? `?dropbox=${dropboxId}` : ''}`;

/** The translation key of each weekday, 1 Sunday to 7 Saturday (index weekday - 1). */
export const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const weekdayKey = (weekday: number) => `weekdays.${WEEKDAY_KEYS[weekday - 1]!}` as const;
