/**
 * The web build's tree-shaking, set so that a page importing a contracts constant (BOOKING_MSG, a status list)
 * does not also get that module's schemas, and zod with them.
 * - `z`: zod's builders (z.object(…), z.string().min(…) and any chain from `z`) are pure, so an unused schema
 *   is dropped. The price: a call through `z` whose result is unused is dropped too, so contracts call zod's
 *   side-effecting functions by their own names (`config` in zod-messages.ts).
 * - Reading a property has no side effects (the app has no getters that act), so `max(LIMITS.x)` in a dropped
 *   schema leaves nothing behind.
 * A schema built from another (`Foo.extend(…)`, `text().trim()`) is marked `/* @__PURE__ *\/` in contracts;
 * contractsTreeshake.test.ts fails when one is not.
 */
export const TREESHAKE = { manualPureFunctions: ['z'], propertyReadSideEffects: false } as const;
