import type { RoleName } from '@vireo/contracts';

/** Keys of the hub cards' texts (`hub.<key>.title` and `hub.<key>.text` in the translations). */
export type HubCardKey =
  | 'doctors'
  | 'orders'
  | 'certificates'
  | 'customerChats'
  | 'discounts'
  | 'products'
  | 'pages'
  | 'uploadedResults'
  | 'pcrTests'
  | 'dropboxes'
  | 'countries'
  | 'drugs'
  | 'processor'
  | 'messages'
  | 'permissions'
  | 'buyKits'
  | 'book'
  | 'appointments'
  | 'testResults';

export interface HubCard {
  key: HubCardKey;
  to: string;
  /** An API call that must answer 200 for the card to show (spec 3 §2.2: the Processor card). */
  probe?: string;
  /** Opens in a new tab (spec 2 §2.10: the b2c Book an Appointment card). */
  newTab?: boolean;
  /** Shows the chats' unread count beside its title (the chat feature's `UnreadCount`). */
  unread?: 'internal' | 'external';
}

/**
 * The cards of each role's home page (spec 3 §2.2 for the super admin and customer services,
 * spec 2 §2.8 for b2c), in the spec's order. A card shows only once its page exists and opens for
 * the session, so each later issue's page brings its card with it (and a card with a `probe` only
 * while that call answers 200).
 */
export const HUB_CARDS: Partial<Record<RoleName, readonly HubCard[]>> = {
  super_admin: [
    { key: 'doctors', to: '/super_admin/doctors-management' },
    { key: 'orders', to: '/super_admin/order-list' },
    { key: 'certificates', to: '/certificate-management' },
    { key: 'discounts', to: '/super_admin/generate-discount' },
    { key: 'products', to: '/super_admin/product-management' },
    { key: 'pages', to: '/super_admin/pages-management' },
    { key: 'uploadedResults', to: '/super_admin/certificates-list' },
    { key: 'pcrTests', to: '/super_admin/pcr-management' },
    { key: 'dropboxes', to: '/super_admin/pickups-list' },
    { key: 'countries', to: '/super_admin/countries-management' },
    { key: 'drugs', to: '/super_admin/drugs-management' },
    { key: 'processor', to: '/super_admin/processor', probe: '/api/commerce/v1/processor' },
    { key: 'messages', to: '/super_admin/messages' },
    { key: 'permissions', to: '/super_admin/permissions' },
  ],
  customer_services: [
    { key: 'orders', to: '/customer_services/order-list' },
    { key: 'certificates', to: '/certificate-management' },
    { key: 'customerChats', to: '/chats/customer', unread: 'external' },
    { key: 'book', to: '/authenticated/book' },
  ],
  b2c: [
    { key: 'buyKits', to: '/b2c/order-test-kit' },
    { key: 'book', to: '/b2c/book-appointment', newTab: true },
    { key: 'appointments', to: '/b2c/appointments' },
    { key: 'testResults', to: '/b2c/test-results' },
  ],
};
