/** The booking engine's front door: other modules, app.ts and context.ts import only this file. */
export { bookingRoutes } from './routes';
export { startBookingJobs } from './jobs';
export { createBookingDeps, type BookingDeps } from './deps';
export { bookingMessage, ICS_ATTACHMENT, registerBookingMessages, type BookingMessage, type ProcessorOwns } from './mail';
export { reassign, releaseAppointment, takeOver, withdrawFutureWork } from './claims';
export { publishAppointmentChanges } from './live-events';
export { createShift, listShifts, removeShift, updateShift, type ShiftRow } from './supply';
export { slotServices } from './services';
export { rangeWindow } from './lists';
export { people } from './repo';
export { londonDay, londonDayBounds } from './time';
export { authoriseCallParticipant, authoriseVoiceCall, setCallState } from './call';
export { appointmentsOfOrder, cancelAppointmentsOfOrder, publishOrderAppointmentChanges, resendOrderBookingConfirmation } from './order-booking';
export { present as presentAppointments } from './lists';
