import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REOPEN_REASON_MAX, type Appointment, type AppointmentStatus, type MessageResponse } from '@vireo/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { apiRequest } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';

const REOPENABLE: readonly AppointmentStatus[] = ['COMPLETED', 'PRACTITIONER_LEFT', 'PATIENT_LEFT'];

/**
 * Reopen (issue 32): a completed or abandoned appointment with no result or sample on anyone goes
 * back to waiting, so its call can take place and the customer's link works again; the shift
 * manager says why (kept in the audit). The server checks the same and answers in its words.
 */
export function ReopenAppointment({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('shift-manager');
  const { showToast } = useToast();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const untested = appointment.booking_users.every((person) => !person.metadata.result && !person.metadata.sample_taken);
  if (!appointment.status || !REOPENABLE.includes(appointment.status) || !untested) return null;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest<typeof MessageResponse>(`/api/booking/${appointment.id}/reopen`, { method: 'POST', body: { reason } });
      showToast(answer.message, 'success');
      setOpen(false);
      setReason('');
    } catch (failure) {
      setError(failure instanceof ApiError ? { message: failure.message, ...(failure.errors?.reason ? { field: failure.errors.reason } : {}) } : { message: t('error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('reopen.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('reopen.title')}</DialogTitle>
        <DialogContent>
          {error && !error.field ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error.message}
            </Alert>
          ) : null}
          <TextField
            label={t('reopen.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: REOPEN_REASON_MAX } }}
            error={Boolean(error?.field)}
            helperText={error?.field ?? t('reopen.hint')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('reopen.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {t('reopen.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
