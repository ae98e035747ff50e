import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { useUploadImage } from '../api';
import { captureFrame } from '../capture';

/**
 * Photo capture of the test result from the customer's video (spec 2 §2.3): Capture photo, then
 * the captured-image panel with Cancel, Take another one and Upload image (POST uploadfile), whose
 * answer is the server's message.
 */
export function PhotoPanel({ appointmentId, bookingUserId, stream, onUploaded }: { appointmentId: string; bookingUserId: string; stream: MediaStream; onUploaded(): void }) {
  const { t } = useTranslation('call-panel');
  const { showToast } = useToast();
  const upload = useUploadImage(appointmentId);
  const [image, setImage] = useState<Blob | null>(null);
  const headingId = useId();

  const url = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const capture = () => {
    captureFrame(stream).then(setImage, () => showToast(t('photo.failedCapture'), 'error'));
  };
  const send = () => {
    if (!image) return;
    upload.mutate(
      { bookingUserId, image },
      {
        onSuccess: (message) => {
          showToast(message, 'success');
          setImage(null);
          onUploaded();
        },
        onError: (error) => showToast(error.message, 'error'),
      },
    );
  };

  if (!image || !url)
    return (
      <Button variant="outlined" onClick={capture} sx={{ alignSelf: 'flex-start' }}>
        {t('photo.capture')}
      </Button>
    );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Typography component="h4" variant="subtitle2" id={headingId}>
        {t('photo.captured')}
      </Typography>
      <img src={url} alt={t('photo.captured')} style={{ display: 'block', width: '100%', marginTop: 8, borderRadius: 4 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => setImage(null)}>{t('photo.cancel')}</Button>
        <Button onClick={capture}>{t('photo.another')}</Button>
        <Button variant="contained" onClick={send} disabled={upload.isPending}>
          {t('photo.upload')}
        </Button>
      </Stack>
    </Paper>
  );
}
