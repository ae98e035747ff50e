/** reference-data.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/** New-country defaults (spec 3 §3). */
export const COUNTRY_DEFAULTS = {
  restriction: 'The government travel sector has not uploaded any information regarding this destination.',
  vaccineInformation: 'default',
  prohibition: 'default_prohibition',
} as const;

/** Recommendations a country may list, and the rows a recommendation's input grows to (spec 3 §2.4). */
export const COUNTRY_LIMITS = { listItems: 50, recommendationRows: 8, recommendationLength: 2000, longText: 5000 } as const;

// ---------------------------------------------------------------- pages

/**
 * The pages built into the product (spec 3 §2.6): each issue that adds a public page registers it
 * here, with its address in the web app.
 */
export const BUILT_IN_PAGES = [
  { id: 'book', title: 'Book an Appointment', source: 'Booking engine', url: '/book' },
  { id: 'order-test-kit', title: 'Order Home Test Kit', source: 'Kit shop', url: '/patient/order-test-kit' },
  { id: 'terms-en', title: 'Terms and Conditions (English)', source: 'Consultation terms', url: '/en/consultation/terms' },
  { id: 'terms-de', title: 'Terms and Conditions (German)', source: 'Consultation terms', url: '/de/consultation/terms' },
] as const satisfies readonly { id: string; title: string; source: string; url: string }[];

export const INFO_PAGE_PATH = '/info';
export const PAGE_LIMITS = { title: 200, source: 100, slug: 100, body: 50_000 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PAGE_KINDS = ['built_in', 'info'] as const;
