import type { AppointmentListItem, AppointmentListResponse, ListSortField } from '@vireo/contracts';
import { ServerDataTable, type DataColumn } from '../../../components/DataTable';
import type { ListPage } from '../../appointments';
import { useTranslation } from 'react-i18next';

export interface AppointmentPageTableProps {
  label: string;
  columns: DataColumn<AppointmentListItem, ListSortField>[];
  /** The service's answer for `view`, while it loads undefined. */
  answer: Pick<AppointmentListResponse, 'appointments' | 'total'> | undefined;
  view: ListPage;
  onViewChange: (view: ListPage) => void;
}

/** A page of appointments the service sorted, with 'No appointments to display' when there is none. */
export function AppointmentPageTable({ label, columns, answer, view, onViewChange }: AppointmentPageTableProps) {
  const { t } = useTranslation('shift-manager');
  return (
    <ServerDataTable
      label={label}
      columns={columns}
      rows={answer?.appointments ?? []}
      rowKey={(appointment) => appointment.id}
      emptyText={t('empty.appointments')}
      total={answer?.total ?? 0}
      view={view}
      onViewChange={onViewChange}
    />
  );
}
