/** The practitioner feature's front door: what the shift manager's pages reuse (lists, actions, list paging). */
export { AllAppointmentsTable, AppointmentStatusActions, AvailabilityTable, AvailableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from './components';
export { BOOKING_QUERY_KEY, pagingParams, type ListPage } from './api';
