import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOOKING_MSG, ShiftConflict, type BookedSlot, type RotaPractitioner, type RotaShift } from '@vireo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { useRotaDay, useShiftMutations } from '../api';
import { formatDay, formatTime, londonDayStart, londonInstant, londonParts, nowSeconds } from '../format';
import { useTranslation } from 'react-i18next';

const HOURS = Array.from({ length: 24 }, (_v, i) => i);
const hhmm = (seconds: number) => formatTime(seconds);

/** 'HH:mm' on the rota's day → epoch seconds (London). */
function atTime(day: number, value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const p = londonParts(day);
  return londonInstant(p.year, p.month, p.day, Number(match[1]), Number(match[2]));
}

interface Editing {
  practitioner: RotaPractitioner;
  shift: RotaShift | null;
}

function ShiftDialog({ editing, dayStart, onClose }: { editing: Editing; dayStart: number; onClose: () => void }) {
  const { t } = useTranslation('shift-manager');
  const { showToast } = useToast();
  const mutations = useShiftMutations();
  const [start, setStart] = useState(editing.shift ? hhmm(editing.shift.start_time) : '09:00');
  const [end, setEnd] = useState(editing.shift ? hhmm(editing.shift.end_time) : '17:00');
  // A shift that ends on a later London day than it starts runs overnight; only then may its end be before its start.
  const [overnight, setOvernight] = useState(editing.shift ? londonParts(editing.shift.end_time - 1).day !== londonParts(editing.shift.start_time).day : false);
  const [endError, setEndError] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookedSlot[]>([]);
  const [error, setError] = useState<string | null>(null);
  const busy = mutations.create.isPending || mutations.move.isPending || mutations.remove.isPending;

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 409 && e.body) {
      const conflict = ShiftConflict.safeParse(e.body);
      if (conflict.success) {
        setBooked(conflict.data.booked);
        setError(conflict.data.message);
        return;
      }
    }
    setError(e instanceof ApiError ? e.message : t('error'));
  };

  const save = () => {
    const startTime = atTime(dayStart, start);
    const endTimeSameDay = atTime(dayStart, end);
    if (startTime === null || endTimeSameDay === null) return setError(t('error'));
    const endTime = overnight ? atTime(londonDayStart(dayStart, 1), end) : endTimeSameDay;
    if (endTime === null || endTime <= startTime) return setEndError(BOOKING_MSG.shiftEndBeforeStart);
    setEndError(null);
    setError(null);
    setBooked([]);
    if (editing.shift) {
      mutations.move.mutate({ id: editing.shift.id, start_time: startTime, end_time: endTime }, { onSuccess: () => (showToast(t('rota.moved'), 'success'), onClose()), onError: failed });
    } else {
      mutations.create.mutate({ practitioner_id: editing.practitioner.user_id, start_time: startTime, end_time: endTime }, { onSuccess: () => (showToast(t('rota.created'), 'success'), onClose()), onError: failed });
    }
  };
  const remove = () => {
    if (!editing.shift) return;
    setError(null);
    setBooked([]);
    mutations.remove.mutate(editing.shift.id, { onSuccess: () => (showToast(t('rota.deleted'), 'success'), onClose()), onError: failed });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="shift-dialog-title">
      <DialogTitle id="shift-dialog-title">
        {editing.shift ? t('rota.editShift') : t('rota.addShift')}: {editing.practitioner.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('rota.start')} type="time" value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ htmlInput: { step: 1200 } }} />
          <TextField
            label={t('rota.end')}
            type="time"
            value={end}
            onChange={(e) => (setEnd(e.target.value), setEndError(null))}
            error={endError !== null}
            helperText={endError ?? ' '}
            slotProps={{ htmlInput: { step: 1200 } }}
          />
          <FormControlLabel control={<Checkbox checked={overnight} onChange={(e) => (setOvernight(e.target.checked), setEndError(null))} />} label={t('rota.overnight')} />
          {error && <Alert severity="error">{error}</Alert>}
          {booked.length > 0 && editing.shift && (
            <Box>
              <Typography component="h3" variant="subtitle1">
                {t('rota.bookedHeading')}
              </Typography>
              <Typography variant="body2">{t('rota.bookedIntro')}</Typography>
              <List dense>
                {booked.map((b) => (
                  <ListItem key={b.id}>
                    {formatDay(b.start_time)} {formatTime(b.start_time)}–{formatTime(b.end_time)} ({b.people})
                  </ListItem>
                ))}
              </List>
              <Link component={RouterLink} to={`/practitioner/shift-details?shiftId=${editing.shift.id}`}>
                {t('rota.openDetails')}
              </Link>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {editing.shift && (
          <Button color="error" onClick={remove} disabled={busy}>
            {t('rota.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('rota.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {t('rota.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A day of the rota as 24 hourly columns per practitioner; shift managers add, move and delete shifts. */
export function RotaGrid() {
  const { t } = useTranslation('shift-manager');
  const [dayStart, setDayStart] = useState(() => londonDayStart(nowSeconds()));
  const day = formatDay(dayStart);
  const rota = useRotaDay(day);
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = rota.data;
  const span = data ? data.day_end - data.day_start : 86_400;
  const position = (s: RotaShift) => {
    const from = Math.max(s.start_time, data!.day_start) - data!.day_start;
    const to = Math.min(s.end_time, data!.day_end) - data!.day_start;
    return { left: `${(from / span) * 100}%`, width: `${((to - from) / span) * 100}%` };
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label={t('rota.previous')} onClick={() => setDayStart(londonDayStart(dayStart, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="h2" variant="h6" aria-live="polite">
          {t('rota.day')}: {day}
        </Typography>
        <IconButton aria-label={t('rota.next')} onClick={() => setDayStart(londonDayStart(dayStart, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {!data ? (
        <PageLoader />
      ) : data.practitioners.length === 0 ? (
        <Typography>{t('rota.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Box role="table" aria-label={`${t('rota.heading')} ${day}`} sx={{ minWidth: 1100 }}>
            <Box role="row" sx={{ display: 'grid', gridTemplateColumns: '200px repeat(24, 1fr)', borderBottom: 1, borderColor: 'divider' }}>
              <Box role="columnheader" sx={{ p: 1, fontWeight: 600 }}>
                {t('rota.practitioner')}
              </Box>
              {HOURS.map((h) => (
                <Box role="columnheader" key={h} sx={{ p: 0.5, fontSize: 12, borderLeft: 1, borderColor: 'divider' }}>
                  {String(h).padStart(2, '0')}
                </Box>
              ))}
            </Box>
            {data.practitioners.map((p) => (
              <Box role="row" key={p.user_id} sx={{ display: 'grid', gridTemplateColumns: '200px 1fr', borderBottom: 1, borderColor: 'divider', minHeight: 56 }}>
                <Box role="rowheader" sx={{ p: 1 }}>
                  <Typography variant="body2">{p.name}</Typography>
                  {!p.activated && <Chip size="small" variant="outlined" label={t('rota.notActivated')} />}
                  {data.can_edit && !p.disabled && (
                    <Button size="small" onClick={() => setEditing({ practitioner: p, shift: null })} aria-label={`${t('rota.addShift')}: ${p.name}`}>
                      {t('rota.addShift')}
                    </Button>
                  )}
                </Box>
                <Box role="cell" sx={{ position: 'relative', backgroundImage: 'repeating-linear-gradient(to right, transparent 0, transparent calc(100% / 24 - 1px), rgba(0,0,0,0.12) calc(100% / 24 - 1px), rgba(0,0,0,0.12) calc(100% / 24))' }}>
                  {p.shifts.map((s) => {
                    const label = `${formatTime(s.start_time)}–${formatTime(s.end_time)}`;
                    const summary = t('rota.booked', { booked: s.booked, slots: s.slots });
                    return (
                      <Box key={s.id} sx={{ position: 'absolute', top: 6, bottom: 6, ...position(s), display: 'flex', gap: 0.5, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 1, px: 0.5, overflow: 'hidden', alignItems: 'center' }}>
                        {data.can_edit ? (
                          <Button size="small" color="inherit" onClick={() => setEditing({ practitioner: p, shift: s })} aria-label={`${t('rota.editShift')}: ${p.name} ${label}`} sx={{ minWidth: 0, whiteSpace: 'nowrap' }}>
                            {label}
                          </Button>
                        ) : (
                          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                            {label}
                          </Typography>
                        )}
                        <Link component={RouterLink} to={`/practitioner/shift-details?shiftId=${s.id}`} color="inherit" variant="body2" sx={{ whiteSpace: 'nowrap' }} aria-label={`${t('rota.details')}: ${p.name} ${label}, ${summary}`}>
                          {summary}
                        </Link>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {editing && <ShiftDialog key={editing.shift?.id ?? editing.practitioner.user_id} editing={editing} dayStart={dayStart} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
