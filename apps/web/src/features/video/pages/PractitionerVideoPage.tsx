import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RequireRealTimeVideo } from '../../browser-support';
import { CustomerDetailsPanel } from '../../call-panel';
import { PractitionerCall } from '../components/PractitionerCall';
/**
 * /practitioner/video-appointment?appointmentId= (spec 2 §2.3): the assigned practitioner, or a
 * shift manager, in the appointment's video room: remote video, self-view, mute, pause, hang up
 * and the connection quality. The right-hand side panel holds the appointment's details.
 */
export function PractitionerVideoPage() {
  const { t } = useTranslation('video');
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const valid = /^[0-9a-f-]{36}$/i.test(appointmentId);
  return (
    <RequireRealTimeVideo>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('heading')}
      </Typography>
      {valid ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
          <PractitionerCall key={appointmentId} appointmentId={appointmentId} />
          <Box component="aside" aria-label={t('sidePanel')} data-side-panel>
            <CustomerDetailsPanel appointmentId={appointmentId} />
          </Box>
        </Box>
      ) : (
        <Alert severity="error">{t('missingLink')}</Alert>
      )}
    </RequireRealTimeVideo>
  );
}

