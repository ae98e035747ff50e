import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AppointmentListItem, AppointmentListResponse } from '@vireo/contracts';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useAllAppointments, useAvailableAppointments, useClaimableAppointments, usePastAppointments, useUpcomingAppointments } from '../api';
import { AHEAD_PRESETS, PAST_PRESETS } from '../ranges';
import { AppointmentListSection } from './AppointmentListSection';
import type { AppointmentColumnId } from './AppointmentsTable';
import { RangeFilterBar } from './RangeFilterBar';
import { useClaimFlow, useReleaseFlow } from './useAppointmentActions';
import { useListState, type ListState } from './useListState';
import type { RangeState } from './useRangeSelection';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export const appointmentPath = (id: string) => `/practitioner/appointment?appointmentId=${encodeURIComponent(id)}`;
export const videoAppointmentPath = (id: string) => `/practitioner/video-appointment?appointmentId=${encodeURIComponent(id)}`;

/** What a failed list shows: the service's own words for bad input, else 'Error fetching appointments'. */
function failureText(t: TFunction<'practitioner'>, error: Error | null): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.status === 400 ? error.message : t('errorFetching');
}

function Filter({ title, state, direction }: { title: string; state: RangeState; direction: 'ahead' | 'past' }) {
  return (
    <RangeFilterBar label={title} presets={direction === 'ahead' ? AHEAD_PRESETS : PAST_PRESETS} value={state.selection} onChange={state.setSelection} invalid={state.invalid} />
  );
}

function listProps(t: TFunction<'practitioner'>, query: { data: AppointmentListResponse | undefined; isPending: boolean; error: Error | null }, { filter, page, setPage }: ListState) {
  return {
    appointments: query.data?.appointments ?? [],
    total: query.data?.total ?? 0,
    page,
    onPageChange: setPage,
    custom: filter.custom,
    // A reversed custom range fetches nothing: the field says why, and the table stays empty.
    isLoading: filter.range !== null && query.isPending,
    error: failureText(t, query.error),
  };
}

/** View (the appointment page) and Join (the video call, in a new tab). */
export function ViewJoinActions({ appointment, join = true }: { appointment: Pick<AppointmentListItem, 'id'>; join?: boolean }) {
  const { t } = useTranslation('practitioner');
  return (
    <Stack direction="row" spacing={1}>
      <Link component={RouterLink} to={appointmentPath(appointment.id)}>
        {t('actions.view')}
      </Link>
      {join && (
        <Link href={videoAppointmentPath(appointment.id)} target="_blank" rel="noopener">
          {t('actions.join')}
        </Link>
      )}
    </Stack>
  );
}

export interface ClaimableAppointmentsTableProps {
  title?: string;
  /** A shift manager claiming for a practitioner names their practitioner role id; otherwise the caller claims. */
  assigneeRoleId?: string;
}

/** Claimable Appointments with its filter bar and Claim (spec 2 §2.1, §4.1); live, polling every 5 s as a fallback. */
export function ClaimableAppointmentsTable({ title: titleGiven, assigneeRoleId }: ClaimableAppointmentsTableProps) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.claimable');
  const state = useListState('ahead');
  const query = useClaimableAppointments(state.filter.range, state.page);
  const { claim, pendingId, dialog } = useClaimFlow(assigneeRoleId ? { assigneeRoleId } : {});
  return (
    <>
      <AppointmentListSection
        title={title}
        filter={<Filter title={title} state={state.filter} direction="ahead" />}
        {...listProps(t, query, state)}
        columns={['date', 'time', 'type', 'language', 'people']}
        actions={(appointment) => (
          <Button size="small" variant="outlined" disabled={pendingId !== null} onClick={() => claim(appointment.id)}>
            {t('actions.claim')}
          </Button>
        )}
      />
      {dialog}
    </>
  );
}

export interface PlanningTableProps {
  title?: string;
  /** A manager's lists hold every practitioner's appointments: show whose each one is. */
  showPractitioner?: boolean;
}

/** The booked lists' columns, with the practitioner's for a manager. */
const bookedColumns = (showPractitioner: boolean): AppointmentColumnId[] => ['date', 'time', 'type', 'status', 'patient', ...(showPractitioner ? (['practitioner'] as const) : []), 'reference'];

/** Upcoming Appointments: booked ones ahead, with View, Join and Release. */
export function UpcomingAppointmentsTable({ title: titleGiven, showPractitioner = false }: PlanningTableProps) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.upcoming');
  const state = useListState('ahead');
  const query = useUpcomingAppointments(state.filter.range, state.page);
  const { requestRelease, dialog } = useReleaseFlow();
  return (
    <>
      <AppointmentListSection
        title={title}
        filter={<Filter title={title} state={state.filter} direction="ahead" />}
        {...listProps(t, query, state)}
        columns={bookedColumns(showPractitioner)}
        actions={(appointment) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ViewJoinActions appointment={appointment} />
            {appointment.status === 'WAITING' && (
              <Button size="small" onClick={() => requestRelease(appointment.id)}>
                {t('actions.release')}
              </Button>
            )}
          </Stack>
        )}
      />
      {dialog}
    </>
  );
}

/** Available Appointments: open slots of the practitioner's shifts, each releasable out of supply. */
export function AvailableAppointmentsTable({ title: titleGiven }: { title?: string }) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.available');
  const state = useListState('ahead');
  const query = useAvailableAppointments(state.filter.range, state.page);
  const { requestRelease, dialog } = useReleaseFlow();
  return (
    <>
      <AppointmentListSection
        title={title}
        filter={<Filter title={title} state={state.filter} direction="ahead" />}
        {...listProps(t, query, state)}
        columns={['date', 'time', 'type', 'status', 'practitioner']}
        actions={(appointment) => (
          <Button size="small" onClick={() => requestRelease(appointment.id)}>
            {t('actions.release')}
          </Button>
        )}
      />
      {dialog}
    </>
  );
}

/** Past Appointments: booked ones that have ended, newest first, with View. */
export function PastAppointmentsTable({ title: titleGiven, showPractitioner = false }: PlanningTableProps) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.past');
  const state = useListState('past');
  const query = usePastAppointments(state.filter.range, state.page);
  return (
    <AppointmentListSection
      title={title}
      filter={<Filter title={title} state={state.filter} direction="past" />}
      {...listProps(t, query, state)}
      columns={bookedColumns(showPractitioner)}
      actions={(appointment) => <ViewJoinActions appointment={appointment} join={false} />}
    />
  );
}

/** All Appointments: every status in the time frame (at most 62 days), with View and Join. */
export function AllAppointmentsTable({ title: titleGiven }: { title?: string }) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.all');
  const state = useListState('ahead');
  const query = useAllAppointments(state.filter.range, state.page);
  return (
    <AppointmentListSection
      title={title}
      filter={<Filter title={title} state={state.filter} direction="ahead" />}
      {...listProps(t, query, state)}
      columns={['date', 'time', 'type', 'status', 'patient', 'practitioner']}
      actions={(appointment) => <ViewJoinActions appointment={appointment} join={appointment.booking_users.length > 0} />}
    />
  );
}
