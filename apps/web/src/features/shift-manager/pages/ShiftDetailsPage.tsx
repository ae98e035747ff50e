import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShiftSlot } from '@vireo/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { ServiceName } from '../../appointments';
import { AppointmentStatusActions } from '../../practitioner';
import { ReopenAppointment } from '../components/ReopenAppointment';
import { useAppointment, useNotesHistory, useShiftSlots, useSlotMutations } from '../api';
import { useMessageText, useStatusLabel } from '../../../lib/messageText';
import { formatDayTime, formatTime, peopleOf } from '../format';
import { useTranslation } from 'react-i18next';

/** The slots of one shift grouped by hour: three 20-minute checkboxes per hour (spec 2 §2.2). */
function ShiftSlots({ shiftId }: { shiftId: string }) {
  const { t } = useTranslation('shift-manager');
  const messageText = useMessageText();
  const statusLabel = useStatusLabel();
  const { showToast } = useToast();
  const slots = useShiftSlots(shiftId);
  const { reassign, release } = useSlotMutations(shiftId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (slots.isError) return <Alert severity="error">{slots.error instanceof ApiError ? messageText(slots.error.message) : t('error')}</Alert>;
  if (!slots.data) return <PageLoader />;
  const { shift, colleagues, can_reassign } = slots.data;
  const all = slots.data.slots;
  const hours = new Map<number, ShiftSlot[]>();
  for (const slot of all) {
    const hour = Math.floor(slot.start_time / 3600) * 3600;
    hours.set(hour, [...(hours.get(hour) ?? []), slot]);
  }
  const toggle = (id: string) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const everything = all.length > 0 && all.every((s) => selected.has(s.id));
  const done = (message: string) => {
    showToast(message, 'success');
    setSelected(new Set());
  };
  const failed = (error: unknown) => showToast(error instanceof ApiError ? error.message : t('error'), 'error');
  const ids = [...selected];

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {shift.practitioner_name}: {formatDayTime(shift.start_time)}–{formatTime(shift.end_time)}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={everything} indeterminate={!everything && selected.size > 0} onChange={() => setSelected(everything ? new Set() : new Set(all.map((s) => s.id)))} />}
        label={t('shiftDetails.selectAll')}
      />
      <Box role="group" aria-label={t('shiftDetails.heading')} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 1 }}>
        {[...hours.entries()].map(([hour, list]) => (
          <Paper key={hour} variant="outlined" sx={{ p: 1 }}>
            <Typography variant="subtitle2">{formatTime(hour)}</Typography>
            {list.map((slot) => (
              <FormControlLabel
                key={slot.id}
                control={<Checkbox checked={selected.has(slot.id)} onChange={() => toggle(slot.id)} />}
                label={`${formatTime(slot.start_time)}–${formatTime(slot.end_time)} ${statusLabel(slot.status)}${slot.people > 0 ? ` (${t('shiftDetails.bookedBy', { people: slot.people })})` : ''}`}
              />
            ))}
          </Paper>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {can_reassign && (
          <>
            <FormControl sx={{ minWidth: 240 }} size="small">
              <InputLabel id="reassign-to-label">{t('shiftDetails.reassignTo')}</InputLabel>
              <Select labelId="reassign-to-label" label={t('shiftDetails.reassignTo')} value={target} onChange={(e) => setTarget(e.target.value)}>
                {colleagues.map((c) => (
                  <MenuItem key={c.user_id} value={c.user_id}>
                    {c.name} ({formatTime(c.start_time)}–{formatTime(c.end_time)})
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Button
              variant="contained"
              disabled={ids.length === 0 || !target || reassign.isPending}
              onClick={() => reassign.mutate({ appointment_ids: ids, practitioner_id: target }, { onSuccess: (a) => done(a.message), onError: failed })}
            >
              {t('shiftDetails.reassign')}
            </Button>
          </>
        )}
        <Button variant="outlined" color="error" disabled={ids.length === 0 || release.isPending} onClick={() => setConfirming(true)}>
          {t('shiftDetails.release')}
        </Button>
      </Stack>
      {can_reassign && colleagues.length === 0 && <Typography variant="body2">{t('shiftDetails.noColleagues')}</Typography>}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="confirm-release-text">
        <DialogContent>
          <Typography id="confirm-release-text">{t('shiftDetails.confirmRelease')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('shiftDetails.no')}</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setConfirming(false);
              release.mutate({ appointment_ids: ids }, { onSuccess: (a) => done(a.message), onError: failed });
            }}
          >
            {t('shiftDetails.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** An appointment with the status actions open to the viewer, its notes and status changes. */
export function AppointmentSummary({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('shift-manager');
  const messageText = useMessageText();
  const statusLabel = useStatusLabel();
  const appointment = useAppointment(appointmentId);
  const history = useNotesHistory(appointmentId);
  if (appointment.isError) return <Alert severity="error">{appointment.error instanceof ApiError ? messageText(appointment.error.message) : t('error')}</Alert>;
  if (!appointment.data) return <PageLoader />;
  const a = appointment.data.appointment;
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {t('shiftDetails.appointment')}: <ServiceName code={a.type} />, {formatDayTime(a.start_time)}
      </Typography>
      <Typography>
        {t('live.status')}: {statusLabel(a.status)} · {t('live.practitioner')}: {a.practitioner?.user_name ?? '—'} · {t('live.reference')}: {a.provider_booking_reference ?? '—'}
      </Typography>
      <Typography>
        {t('live.people')}: {peopleOf(a) || '—'}
      </Typography>
      <AppointmentStatusActions appointment={a} nested />
      <ReopenAppointment appointment={a} />
      <Typography component="h3" variant="subtitle1">
        {t('shiftDetails.notes')}
      </Typography>
      {(history.data?.notes.length ?? 0) === 0 ? (
        <Typography variant="body2">{t('shiftDetails.noNotes')}</Typography>
      ) : (
        <List dense>
          {history.data!.notes.map((n) => (
            <ListItem key={n.id}>
              {formatDayTime(n.created_at)} {n.author ? `${n.author}: ` : ''}
              {n.content}
            </ListItem>
          ))}
        </List>
      )}
      <Typography component="h3" variant="subtitle1">
        {t('shiftDetails.statusChanges')}
      </Typography>
      <List dense>
        {(history.data?.status_changes ?? a.status_changes).map((c, index) => (
          <ListItem key={`${c.created_at}-${index}`}>
            {formatDayTime(c.created_at)} {c.changed_to}
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** /practitioner/shift-details: ?appointmentId= an appointment; ?shiftId= a shift's slots to reassign or release. */
export function ShiftDetailsPage() {
  const { t } = useTranslation('shift-manager');
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId');
  const shiftId = params.get('shiftId');
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('shiftDetails.heading')}
        </Typography>
        {appointmentId ? <AppointmentSummary appointmentId={appointmentId} /> : shiftId ? <ShiftSlots shiftId={shiftId} /> : <Typography>{t('shiftDetails.missing')}</Typography>}
      </Stack>
    </Paper>
  );
}
