import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { getAuthToken } from '../../../lib/storage';
import { fetchVideoToken, tokenRefusal } from '../api';
import { useCall } from '../useCall';
import { VideoCall } from './VideoCall';

/**
 * A shift manager listening in to an appointment's call from the live dashboard (issue 32): a third
 * member of the room, never one of its two seats, hearing and seeing the practitioner and the
 * customer, their microphone off until they unmute. Hanging up or leaving only takes them out.
 */
export function SupervisorCall({ appointmentId, onClose }: { appointmentId: string; onClose: () => void }) {
  const { t } = useTranslation('video');
  const notYours = t('refused.notYours');
  const token = useCallback(async () => {
    try {
      return await fetchVideoToken(appointmentId, 'nurse', null);
    } catch (error) {
      throw tokenRefusal(error, notYours);
    }
  }, [appointmentId, notYours]);
  const call = useCall({ token, sessionToken: getAuthToken(), listenIn: true });
  const over = call.phase === 'ended' || call.phase === 'left' || call.phase === 'elsewhere' || call.phase === 'refused';
  return (
    <Box>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('supervisorHeading')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('supervisorHint')}
      </Alert>
      <VideoCall call={call} side="supervisor" />
      {over ? (
        <Button sx={{ mt: 2 }} onClick={onClose}>
          {t('close')}
        </Button>
      ) : null}
    </Box>
  );
}
