import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TakeOverResponse } from '@vireo/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { apiRequest } from '../../../lib/api';
import { getAuthToken } from '../../../lib/storage';
import { useStaffVideoToken } from '../useStaffVideoToken';
import { useCall } from '../useCall';
import { VideoCall } from './VideoCall';

/**
 * A shift manager listening in to an appointment's call from the live dashboard (issue 32): a third
 * member of the room, never one of its two seats, hearing and seeing the practitioner and the
 * customer, their microphone off until they unmute. Hanging up or leaving only takes them out.
 * Take over (after a confirmation) makes them the practitioner of record (`onTakenOver`: the page
 * then joins them in the practitioner's seat).
 */
export function SupervisorCall({ appointmentId, onClose, onTakenOver }: { appointmentId: string; onClose: () => void; onTakenOver: () => void }) {
  const { t } = useTranslation('video');
  const [confirming, setConfirming] = useState(false);
  const [takeOverError, setTakeOverError] = useState<string | null>(null);
  const token = useStaffVideoToken(appointmentId);
  const call = useCall({ token, sessionToken: getAuthToken(), listenIn: true });
  const over = ['ended', 'left', 'elsewhere', 'refused'].includes(call.phase);
  const takeOver = async () => {
    setConfirming(false);
    setTakeOverError(null);
    try {
      await apiRequest<typeof TakeOverResponse>('/api/video/takeover', { method: 'POST', body: { room: appointmentId } });
      onTakenOver();
    } catch (error) {
      setTakeOverError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Box>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('supervisorHeading')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('supervisorHint')}
      </Alert>
      {takeOverError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {takeOverError}
        </Alert>
      ) : null}
      <VideoCall
        call={call}
        side="supervisor"
        controls={
          <Button variant="outlined" onClick={() => setConfirming(true)} disabled={over}>
            {t('takeOver.button')}
          </Button>
        }
      />
      {over ? (
        <Button sx={{ mt: 2 }} onClick={onClose}>
          {t('close')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('takeOver.title')}
        message={t('takeOver.message')}
        confirmLabel={t('takeOver.confirm')}
        cancelLabel={t('takeOver.cancel')}
        onConfirm={() => void takeOver()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
