import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { RequireRealTimeVideo } from '../../browser-support';
import { AppointmentPanel } from '../../call-panel';
import { PractitionerCall } from '../components/PractitionerCall';
/**
 * /practitioner/video-appointment?appointmentId= (spec 2 §2.3): the assigned practitioner, or a
 * shift manager, in the appointment's video room: remote video, self-view, mute, pause, hang up
 * and the connection quality. The right-hand side panel is the appointment's panel (`call-panel`),
 * with the call's picture for photos and the kit scan.
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
        <PractitionerCall key={appointmentId} appointmentId={appointmentId} aside={(tools) => <AppointmentPanel appointmentId={appointmentId} call={tools} />} />
      ) : (
        <Alert severity="error">{t('missingLink')}</Alert>
      )}
    </RequireRealTimeVideo>
  );
}

