/**
 * The order-linked booking wizards (spec 2 §2.7–§2.10): `OrderBookingWizard` is the frame — a flow's
 * first step, then the shared 'Travel Details', 'Booking Appointment', 'Passenger Details', 'Summary'
 * and confirmation.
 *
 * A new first step plugs in as a `FirstStep` (types.ts): its `key` and `label`, a zod `schema` over
 * its fields of `OrderBookingValues` (product_id, numberOfPeople, selectedKit, purchaseCode, …;
 * Next checks it and later steps open only once it passes), and a `Component` given the wizard's
 * form and onNext/onBack (`position: 'afterTravel'` puts 'Travel Details' first, the partner airline
 * form). The page passes the `products` it may choose from (the shared steps follow the chosen
 * one's tags and SKU), the booking `service`, the `context` the holds travel with, and `book`: what
 * Summary does (pay with the order's short token; the pharmacy flow places its order first).
 * `peopleField` (schemas.ts) is the 'Number of people' rule with its messages.
 */
export { OrderBookingWizard, EMPTY_VALUES, type OrderBookingWizardProps } from './components/OrderBookingWizard';
export { WizardRadios, WizardSelect, WizardText } from './components/fields';
export { NextButton, StepActions } from './components/StepActions';
export { peopleField } from './schemas';
export { skipsBooking, slotWindow } from './rules';
export { useOrderBookingTexts } from './texts';
export type { Book, BookableProduct, Booked, BookingRequest, FirstStep, FirstStepProps, OrderBookingValues, Passenger } from './types';
