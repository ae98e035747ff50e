/** The practitioner feature's front door: what the shift manager's pages reuse (lists, actions). */
export { AllAppointmentsTable, AppointmentStatusActions, AvailabilityTable, AvailableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable } from './components';
