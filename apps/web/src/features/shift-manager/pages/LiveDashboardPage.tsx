import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { elapsedLabel, isWaitingTooLong, type AppointmentListItem, type ListSortField, type RoleName } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { FIRST_VIEW, type DataColumn } from '../../../components/DataTable';
import { useStatusLabel } from '../../../lib/messageText';
import { useCurrentSession } from '../../../lib/session';
import { useServiceName } from '../../appointments';
import { PractitionerCall, SupervisorCall } from '../../video';
import type { ListPage } from '../../appointments';
import { POLL, useAppointmentSearch } from '../api';
import { AppointmentPageTable } from '../components/AppointmentPageTable';
import { formatDayTime, NEXT_RANGES, nextRange, type NextRange } from '../format';
import { useNow } from '../useNow';
import { AppointmentSummary } from './ShiftDetailsPage';
import { useTranslation } from 'react-i18next';

const BOOKED = 'WAITING,PATIENT_ATTENDED,PRACTITIONER_ATTENDED,IN_PROGRESS,ON_HOLD,PATIENT_LEFT,PRACTITIONER_LEFT';

/** Join hosts the appointment's video room in the right-hand panel (spec 2 §2.2). */
function JoinButton({ appointment, onJoin }: { appointment: AppointmentListItem; onJoin: (appointment: AppointmentListItem) => void }) {
  const { t } = useTranslation('shift-manager');
  const name = useServiceName()(appointment.type);
  return (
    <Button size="small" variant="contained" onClick={() => onJoin(appointment)} aria-label={`${t('live.join')}: ${name} ${formatDayTime(appointment.start_time)}`}>
      {t('live.join')}
    </Button>
  );
}

function SelectButton({ appointment, onSelect }: { appointment: AppointmentListItem; onSelect: (id: string) => void }) {
  const { t } = useTranslation('shift-manager');
  const name = useServiceName()(appointment.type);
  return (
    <Button size="small" onClick={() => onSelect(appointment.id)} aria-label={`${t('live.show')}: ${name} ${formatDayTime(appointment.start_time)}`}>
      {name}
    </Button>
  );
}

/**
 * Waiting Rooms (ON_HOLD, and a customer in the room waiting for the practitioner; longest wait first,
 * the timer red at 15 minutes) and Next Appointments.
 */
function Rooms({ userId, onSelect, onJoin }: { userId: string | undefined; onSelect: (id: string) => void; onJoin: (appointment: AppointmentListItem) => void }) {
  const { t } = useTranslation('shift-manager');
  const now = useNow();
  const [range, setRange] = useState<NextRange>('today');
  const [waitingPage, setWaitingPage] = useState<ListPage>(FIRST_VIEW);
  const [nextPage, setNextPage] = useState<ListPage>(FIRST_VIEW);
  const statusLabel = useStatusLabel();
  const waiting = useAppointmentSearch('waiting', { waiting_room: true, sort: 'status_last_updated', user: userId }, waitingPage, POLL.liveList);
  const window = nextRange(range, Math.floor(now / 60) * 60);
  const next = useAppointmentSearch('next', { status: BOOKED, start_time_from: window.from, start_time_to: window.to, validate_users: true, user: userId }, nextPage, POLL.nextAppointments);
  const waitingColumns: DataColumn<AppointmentListItem, ListSortField>[] = [
    { id: 'test', label: t('live.test'), render: (a) => <SelectButton appointment={a} onSelect={onSelect} /> },
    { id: 'status', label: t('live.status'), render: (a) => statusLabel(a.status) },
    {
      id: 'timer',
      label: t('live.timer'),
      render: (a) => (
        <Typography component="span" data-testid="waiting-timer" sx={{ color: isWaitingTooLong(a.status_last_updated, now) ? 'error.main' : 'text.primary', fontWeight: isWaitingTooLong(a.status_last_updated, now) ? 700 : 400 }}>
          {elapsedLabel(a.status_last_updated, now)}
        </Typography>
      ),
    },
    { id: 'join', label: t('live.join'), render: (a) => <JoinButton appointment={a} onJoin={onJoin} /> },
  ];
  const nextColumns: DataColumn<AppointmentListItem, ListSortField>[] = [
    { id: 'test', label: t('live.test'), render: (a) => <SelectButton appointment={a} onSelect={onSelect} />, sortField: 'type' },
    { id: 'time', label: t('live.time'), render: (a) => formatDayTime(a.start_time), sortField: 'start_time' },
    { id: 'join', label: t('live.join'), render: (a) => <JoinButton appointment={a} onJoin={onJoin} /> },
  ];
  return (
    <Stack spacing={3}>
      <section aria-labelledby="waiting-rooms-heading">
        <Typography id="waiting-rooms-heading" component="h2" variant="h6" gutterBottom>
          {t('live.waitingRooms')}
        </Typography>
        <AppointmentPageTable label={t('live.waitingRooms')} columns={waitingColumns} answer={waiting.data} view={waitingPage} onViewChange={setWaitingPage} />
      </section>
      <section aria-labelledby="next-appointments-heading">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography id="next-appointments-heading" component="h2" variant="h6">
            {t('live.nextAppointments')}
          </Typography>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="next-range-label">{t('live.range')}</InputLabel>
            <Select
              labelId="next-range-label"
              label={t('live.range')}
              value={range}
              onChange={(e) => {
                setRange(e.target.value as NextRange);
                setNextPage((current) => ({ ...current, page: 0 }));
              }}
            >
              {NEXT_RANGES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`ranges.${r}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        <AppointmentPageTable label={t('live.nextAppointments')} columns={nextColumns} answer={next.data} view={nextPage} onViewChange={setNextPage} />
      </section>
    </Stack>
  );
}

/** /{role}/live/dashboard and /{role}/live/my-rooms (spec 2 §2.2): the rooms on the left, the selected appointment on the right. */
export function liveDashboardFor(role: Extract<RoleName, 'practitioner' | 'shift_manager'>) {
  function LiveDashboard() {
    const { t } = useTranslation('shift-manager');
    const session = useCurrentSession();
    const { pathname } = useLocation();
    const myRooms = pathname.endsWith('/my-rooms');
    const [selected, setSelected] = useState<string | null>(null);
    /** The room joined: as its practitioner of record, or (a shift manager in someone else's) listening in as a supervisor. */
    const [joined, setJoined] = useState<{ id: string; supervise: boolean } | null>(null);
    const join = (appointment: AppointmentListItem) => setJoined({ id: appointment.id, supervise: role === 'shift_manager' && appointment.practitioner?.user_id !== session.user.id });
    // A practitioner's lists are their own anyway; My Rooms narrows a shift manager's to appointments assigned to them.
    const userId = myRooms ? session.user.id : undefined;
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {myRooms ? t('live.myRooms') : t('live.product')}
        </Typography>
        <Tabs value={myRooms ? 'rooms' : 'product'} aria-label={t('live.tabs')}>
          <Tab value="product" label={t('live.product')} component={RouterLink} to={`/${role}/live/dashboard`} />
          <Tab value="rooms" label={t('live.myRooms')} component={RouterLink} to={`/${role}/live/my-rooms`} />
        </Tabs>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 2 }}>
          <Paper sx={{ p: 2 }}>
            <Rooms key={String(myRooms)} userId={userId} onSelect={setSelected} onJoin={join} />
          </Paper>
          <Paper sx={{ p: 2 }} component="section" aria-label={t('live.room')}>
            {joined?.supervise ? (
              <SupervisorCall key={joined.id} appointmentId={joined.id} onClose={() => setJoined(null)} onTakenOver={() => setJoined({ id: joined.id, supervise: false })} />
            ) : joined ? (
              <PractitionerCall key={joined.id} appointmentId={joined.id} onClose={() => setJoined(null)} />
            ) : selected ? (
              <AppointmentSummary appointmentId={selected} />
            ) : (
              <Typography>{t('live.chooseAppointment')}</Typography>
            )}
          </Paper>
        </Box>
      </Stack>
    );
  }
  LiveDashboard.displayName = `LiveDashboard(${role})`;
  return LiveDashboard;
}
