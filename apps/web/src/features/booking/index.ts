export { addDays, formatCountdown, formatDate, formatTime, toDayString, zoneLabel } from './time';
// The customer's video appointment landing page shares the public pages' frame, summary and info call.
export { useAppointment, useAppointmentInfo, useServices, useSlots, type CallContext } from './api';
export { BookingSummary } from './components/BookingSummary';
export { PublicPage } from './components/PublicPage';
export { BookingLanguageContext, languageOf, useBookingTexts, type BookingLanguage } from './texts';
// The order-linked booking wizards (features/order-booking) hold their slot the same way, with the same countdown.
export { HoldCountdown } from './components/HoldCountdown';
export { useSlotHold, type SlotHold } from './useSlotHold';
