export { formatCountdown, formatDate, formatTime, zoneLabel } from './time';
// The customer's video appointment landing page shares the public pages' frame, summary and info call.
export { useAppointmentInfo, useServices } from './api';
export { BookingSummary } from './components/BookingSummary';
export { PublicPage } from './components/PublicPage';
export { languageOf, type BookingLanguage } from './texts';
