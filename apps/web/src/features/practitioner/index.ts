/** The practitioner feature's front door: what the shift manager's pages and the call panel reuse (lists, actions, the appointment). */
export { AllAppointmentsTable, AppointmentStatusActions, AvailabilityTable, AvailableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from './components';
export { useAppointment, useRefreshBooking } from './api';
export { formatDay, formatDayTime } from './appointments';
