import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppointmentStatusActions, useAppointment } from '../../practitioner';
import { AppointmentPanel } from '../AppointmentPanel';

/**
 * /practitioner/face-to-face-appointment?appointmentId= (spec 2 §2.2): the video appointment page
 * for an in-person appointment, so without the call: the status actions the appointment page
 * offers and the appointment panel (details, ID, sample and kit, notes, certificate).
 */
export function FaceToFaceAppointmentPage() {
  const { t } = useTranslation('call-panel');
  const [params] = useSearchParams();
  const id = params.get('appointmentId');
  const query = useAppointment(id);
  const appointment = query.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4">
        {t('faceToFace')}
        {appointment?.provider_booking_reference ? ` ${appointment.provider_booking_reference}` : ''}
      </Typography>
      {!id || query.isError ? (
        <Alert severity="error">{t('notFound')}</Alert>
      ) : (
        <>
          {appointment && <AppointmentStatusActions appointment={appointment} />}
          <AppointmentPanel appointmentId={id} />
        </>
      )}
    </Stack>
  );
}
