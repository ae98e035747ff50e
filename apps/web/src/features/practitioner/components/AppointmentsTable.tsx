import type { Appointment } from '@vireo/contracts';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatDay, formatTime, patientNames, statusLabel } from '../appointments';
import { TEXT } from '../texts';

/** The columns an appointment table can show, in the order given. */
export type AppointmentColumnId = 'date' | 'time' | 'type' | 'status' | 'patient' | 'people' | 'reference' | 'practitioner' | 'language';

const COLUMNS: Record<AppointmentColumnId, DataColumn<Appointment>> = {
  date: { id: 'date', label: TEXT.columns.date, render: (a) => formatDay(a.start_time), sortValue: (a) => a.start_time },
  time: { id: 'time', label: TEXT.columns.time, render: (a) => `${formatTime(a.start_time)}–${formatTime(a.end_time)}`, sortValue: (a) => (a.start_time === null ? null : a.start_time % 86_400) },
  type: { id: 'type', label: TEXT.columns.type, render: (a) => a.type, sortValue: (a) => a.type },
  status: { id: 'status', label: TEXT.columns.status, render: (a) => statusLabel(a.status), sortValue: (a) => statusLabel(a.status) || null },
  patient: { id: 'patient', label: TEXT.columns.patient, render: patientNames, sortValue: (a) => patientNames(a) || null },
  people: { id: 'people', label: TEXT.columns.people, render: (a) => a.booking_users.length, sortValue: (a) => a.booking_users.length },
  reference: { id: 'reference', label: TEXT.columns.reference, render: (a) => a.provider_booking_reference ?? '', sortValue: (a) => a.provider_booking_reference },
  practitioner: { id: 'practitioner', label: TEXT.columns.practitioner, render: (a) => a.practitioner?.user_name ?? '', sortValue: (a) => a.practitioner?.user_name ?? null },
  language: { id: 'language', label: TEXT.columns.language, render: (a) => a.language, sortValue: (a) => a.language },
};

export interface AppointmentsTableProps {
  /** The table's accessible name, e.g. "Upcoming Appointments". */
  label: string;
  appointments: readonly Appointment[];
  columns: readonly AppointmentColumnId[];
  /** Buttons and links of a row (Claim, Release, View, Join), shown in a last, unsorted column. */
  actions?: (appointment: Appointment) => ReactNode;
  emptyText?: string;
}

/**
 * Appointments as a table with the spec's behaviour (spec 2 §2.1): each column sorts ascending,
 * descending, then not at all; pages of 10/25/50/100; 'No appointments to display' when empty.
 */
export function AppointmentsTable({ label, appointments, columns, actions, emptyText = TEXT.empty }: AppointmentsTableProps) {
  const shown: DataColumn<Appointment>[] = columns.map((id) => COLUMNS[id]);
  if (actions) shown.push({ id: 'actions', label: TEXT.columns.actions, render: actions });
  return <DataTable label={label} columns={shown} rows={[...appointments]} rowKey={(a) => a.id} emptyText={emptyText} />;
}
