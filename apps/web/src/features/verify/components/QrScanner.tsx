import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenFrom } from '../token';

/** How often a camera frame is decoded. */
const SCAN_INTERVAL_MS = 250;

type ScanState = 'looking' | 'notAToken' | 'unavailable';

/**
 * The device camera (the back one where there is a choice) read for a QR code by jsQR (this module is
 * loaded lazily, with it, when a checker chooses Scan); the first verification link found goes to `onToken`. The camera stops on leaving.
 */
export function QrScanner({ onToken, onStop }: { onToken: (token: string) => void; onStop: () => void }) {
  const { t } = useTranslation('verify');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>('looking');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    async function start() {
      try {
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        stream = media;
        if (stopped || !video.current || !context) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = media;
        await video.current.play();
        timer = setInterval(() => {
          const element = video.current;
          if (!element || element.videoWidth === 0) return;
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          context.drawImage(element, 0, 0);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
          if (!code) return;
          const token = tokenFrom(code.data);
          if (token) onToken(token);
          else setState('notAToken');
        }, SCAN_INTERVAL_MS);
      } catch {
        if (!stopped) setState('unavailable');
      }
    }

    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onToken]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {state === 'unavailable' ? (
        <Alert severity="warning">{t('scan.unavailable')}</Alert>
      ) : (
        <>
          <Box component="video" ref={video} muted playsInline aria-label={t('scan.video')} sx={{ width: '100%', maxWidth: 480, borderRadius: 1, bgcolor: 'grey.900' }} />
          <Typography role="status">{t(state === 'notAToken' ? 'scan.notAToken' : 'scan.looking')}</Typography>
        </>
      )}
      <Button variant="outlined" onClick={onStop}>
        {t('scan.stop')}
      </Button>
    </Stack>
  );
}
