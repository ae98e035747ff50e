/** The back office's dropbox pages (spec 3 §2.1). */
export const DROPBOX_LIST_PATH = '/super_admin/dropbox-list';
export const DROPBOX_CREATE_PATH = '/super_admin/dropbox/create';
export const dropboxPath = (id: string) => `/super_admin/dropbox/${id}`;

/** The translation key of each weekday, 1 Sunday to 7 Saturday (index weekday - 1). */
export const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const weekdayKey = (weekday: number) => `weekdays.${WEEKDAY_KEYS[weekday - 1]!}` as const;
