import type { AppointmentListItem, ListSortField } from '@vireo/contracts';
import { ServerDataTable, type DataColumn } from '../../../components/DataTable';
import { ServiceName, StatusLabel } from '../../appointments';
import type { ListPage } from '../../appointments';
import { formatDay, formatTime, patientNames } from '../appointments';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The columns an appointment table can show, in the order given. */
export type AppointmentColumnId = 'date' | 'time' | 'type' | 'status' | 'patient' | 'people' | 'reference' | 'practitioner' | 'language';

type Column = DataColumn<AppointmentListItem, ListSortField>;

/** Each column and the field the service sorts it by (time: the time of day, in London). */
const columnsOf = (t: TFunction<'practitioner'>): Record<AppointmentColumnId, Column> => ({
  date: { id: 'date', label: t('columns.date'), render: (a) => formatDay(a.start_time), sortField: 'start_time' },
  time: { id: 'time', label: t('columns.time'), render: (a) => `${formatTime(a.start_time)}–${formatTime(a.end_time)}`, sortField: 'time' },
  type: { id: 'type', label: t('columns.type'), render: (a) => <ServiceName code={a.type} />, sortField: 'type' },
  status: { id: 'status', label: t('columns.status'), render: (a) => <StatusLabel status={a.status} />, sortField: 'status' },
  patient: { id: 'patient', label: t('columns.patient'), render: patientNames, sortField: 'patient' },
  people: { id: 'people', label: t('columns.people'), render: (a) => a.booking_users.length, sortField: 'people' },
  reference: { id: 'reference', label: t('columns.reference'), render: (a) => a.provider_booking_reference ?? '', sortField: 'reference' },
  practitioner: { id: 'practitioner', label: t('columns.practitioner'), render: (a) => a.practitioner?.user_name ?? '', sortField: 'practitioner' },
  language: { id: 'language', label: t('columns.language'), render: (a) => a.language, sortField: 'language' },
});

export interface AppointmentsTableProps {
  /** The table's accessible name, e.g. "Upcoming Appointments". */
  label: string;
  /** The page of the list the service answered for `page`. */
  appointments: readonly AppointmentListItem[];
  /** How many appointments the list has in all. */
  total: number;
  page: ListPage;
  onPageChange: (page: ListPage) => void;
  columns: readonly AppointmentColumnId[];
  /** Buttons and links of a row (Claim, Release, View, Join), shown in a last, unsorted column. */
  actions?: (appointment: AppointmentListItem) => ReactNode;
  emptyText?: string;
}

/**
 * Appointments as a table with the spec's behaviour (spec 2 §2.1): each column sorts ascending,
 * descending, then not at all; pages of 10/25/50/100; 'No appointments to display' when empty.
 * The service sorts and pages: the table shows the page it is given.
 */
export function AppointmentsTable({ label, appointments, total, page, onPageChange, columns, actions, emptyText }: AppointmentsTableProps) {
  const { t } = useTranslation('practitioner');
  const all = useMemo(() => columnsOf(t), [t]);
  const shown: Column[] = columns.map((id) => all[id]);
  if (actions) shown.push({ id: 'actions', label: t('columns.actions'), render: actions });
  return <ServerDataTable label={label} columns={shown} rows={[...appointments]} rowKey={(a) => a.id} emptyText={emptyText ?? t('empty')} total={total} view={page} onViewChange={onPageChange} />;
}
