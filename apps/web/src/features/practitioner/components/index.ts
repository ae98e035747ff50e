/** The practitioner workspace's lists and actions, built for reuse by the shift manager's pages. */
export { AllAppointmentsTable, AvailableAppointmentsTable, ClaimableAppointmentsTable, PastAppointmentsTable, UpcomingAppointmentsTable, ViewJoinActions, appointmentPath, videoAppointmentPath } from './AppointmentLists';
export type { ClaimableAppointmentsTableProps, PlanningTableProps } from './AppointmentLists';
export { AppointmentListSection, type AppointmentListSectionProps } from './AppointmentListSection';
export { AppointmentStatusActions, type AppointmentStatusActionsProps } from './AppointmentStatusActions';
export { AppointmentsTable, type AppointmentColumnId, type AppointmentsTableProps } from './AppointmentsTable';
export { AvailabilityTable } from './AvailabilityTable';
export { RangeFilterBar, type RangeFilterBarProps } from './RangeFilterBar';
export { useClaimFlow, useReleaseFlow, type ClaimFlow, type ReleaseFlow } from './useAppointmentActions';
export { useRangeSelection, type RangeState } from './useRangeSelection';
