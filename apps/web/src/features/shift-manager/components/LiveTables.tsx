import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isLateForShift, presenceStatus, SHIFT_MANAGEMENT, type AppointmentListItem, type ListSortField, type ShiftOverviewRow } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, FIRST_VIEW, type DataColumn } from '../../../components/DataTable';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { ServiceName } from '../../appointments';
import type { ListPage } from '../../appointments';
import { AppointmentPageTable } from './AppointmentPageTable';
import { useAppointmentSearch, useClaimable, useMakeWaiting, useShiftOverview, POLL } from '../api';
import { StatusLabel } from '../../appointments';
import { formatDayTime, formatTime, peopleOf } from '../format';
import { useNow } from '../useNow';
import { useTranslation } from 'react-i18next';

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" gutterBottom>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

type Column = DataColumn<AppointmentListItem, ListSortField>;

/** Live status (spec 2 §2.1): from the start of today to now plus 15 minutes; the service leaves out WAITING ones not yet started. */
export function LiveStatusTable({ now, dayStart }: { now: number; dayStart: number }) {
  const { t } = useTranslation('shift-manager');
  const { showToast } = useToast();
  const [page, setPage] = useState<ListPage>(FIRST_VIEW);
  // The window's end moves each minute, not each second, so the query key stays put between ticks.
  const windowEnd = Math.ceil((now + SHIFT_MANAGEMENT.liveWindowAheadMinutes * 60) / 60) * 60;
  const search = useAppointmentSearch('live-status', { start_time_from: dayStart, start_time_to: windowEnd, validate_users: true, exclude_future_waiting: true }, page, POLL.liveList);
  const makeWaiting = useMakeWaiting();
  const columns: Column[] = [
    { id: 'time', label: t('liveStatus.time'), render: (a) => formatTime(a.start_time), sortField: 'start_time' },
    { id: 'test', label: t('liveStatus.test'), render: (a) => <ServiceName code={a.type} />, sortField: 'type' },
    { id: 'people', label: t('liveStatus.people'), render: peopleOf },
    { id: 'practitioner', label: t('liveStatus.practitioner'), render: (a) => a.practitioner?.user_name ?? '', sortField: 'practitioner' },
    { id: 'status', label: t('liveStatus.status'), render: (a) => <StatusLabel status={a.status} />, sortField: 'status' },
    {
      id: 'actions',
      label: t('liveStatus.actions'),
      render: (a) =>
        a.status === 'UNAVAILABLE' && a.booking_users.length > 0 ? (
          <Button
            size="small"
            variant="outlined"
            disabled={makeWaiting.isPending}
            onClick={() =>
              makeWaiting.mutate(a.id, {
                onSuccess: () => {
                  showToast(t('liveStatus.madeWaiting'), 'success');
                  void search.refetch();
                },
                onError: (error) => showToast(error instanceof ApiError ? error.message : t('error'), 'error'),
              })
            }
          >
            {t('liveStatus.makeWaiting')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Section id="live-status-heading" heading={t('liveStatus.heading')}>
      <AppointmentPageTable label={t('liveStatus.heading')} columns={columns} answer={search.data} view={page} onViewChange={setPage} />
    </Section>
  );
}

/** Claimable appointments that have not ended, soonest first. */
export function ClaimableTable() {
  const { t } = useTranslation('shift-manager');
  const [page, setPage] = useState<ListPage>(FIRST_VIEW);
  const claimable = useClaimable(page);
  const columns: Column[] = [
    { id: 'time', label: t('liveStatus.time'), render: (a) => formatDayTime(a.start_time), sortField: 'start_time' },
    { id: 'test', label: t('liveStatus.test'), render: (a) => <ServiceName code={a.type} />, sortField: 'type' },
    { id: 'people', label: t('liveStatus.people'), render: (a) => a.booking_users.length, sortField: 'people' },
    { id: 'language', label: t('claimable.language'), render: (a) => a.language, sortField: 'language' },
  ];
  return (
    <Section id="claimable-heading" heading={t('claimable.heading')}>
      <AppointmentPageTable label={t('claimable.heading')} columns={columns} answer={claimable.data} view={page} onViewChange={setPage} />
    </Section>
  );
}

/** Shift overview: an Offline practitioner more than 10 minutes into their shift is shown in red. */
export function ShiftOverviewTable() {
  const { t } = useTranslation('shift-manager');
  const overview = useShiftOverview();
  const now = useNow(5000);
  const rows = (overview.data?.practitioners ?? []).map((row) => ({ ...row, status: presenceStatus(row.last_online, now) }));
  const late = (row: ShiftOverviewRow) => isLateForShift(row, now);
  const columns: DataColumn<ShiftOverviewRow>[] = [
    { id: 'name', label: t('overview.name'), render: (r) => r.name, sortValue: (r) => r.name },
    { id: 'user_id', label: t('overview.userId'), render: (r) => r.user_id },
    { id: 'status', label: t('overview.status'), render: (r) => (late(r) ? `${r.status} (${t('overview.late')})` : r.status), sortValue: (r) => r.status },
    {
      id: 'start_time',
      label: t('overview.start'),
      render: (r) => (
        <Link component={RouterLink} to={`/practitioner/shift-details?shiftId=${r.shift_id}`} color="inherit" aria-label={`${t('overview.details')}: ${r.name}, ${formatTime(r.start_time)}`}>
          {formatTime(r.start_time)}
        </Link>
      ),
      sortValue: (r) => r.start_time,
    },
    { id: 'end_time', label: t('overview.end'), render: (r) => formatTime(r.end_time), sortValue: (r) => r.end_time },
    { id: 'next', label: t('overview.next'), render: (r) => formatDayTime(r.next_appointment), sortValue: (r) => r.next_appointment },
    { id: 'telephone', label: t('overview.telephone'), render: (r) => r.telephone ?? '', sortValue: (r) => r.telephone },
  ];
  return (
    <Section id="overview-heading" heading={t('overview.heading')}>
      <DataTable
        label={t('overview.heading')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.user_id}
        emptyText={t('empty.doctors')}
        rowSx={(r) => (late(r) ? { bgcolor: 'error.main', '& td': { color: 'error.contrastText', fontWeight: 600 }, '& a': { color: 'error.contrastText' } } : undefined)}
      />
    </Section>
  );
}
