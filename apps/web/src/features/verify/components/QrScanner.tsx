import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scanStream } from '../../../lib/qrScan';
import { tokenFrom } from '../token';

type ScanState = 'looking' | 'notAToken' | 'unavailable';

/**
 * The device camera (the back one where there is a choice) read for a QR code by the app's one decoder
 * (lib/qrScan: zxing-wasm, loaded on the first frame); the first verification link found goes to `onToken`. The camera stops on leaving.
 */
export function QrScanner({ onToken, onStop }: { onToken: (token: string) => void; onStop: () => void }) {
  const { t } = useTranslation('verify');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>('looking');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopScan: (() => void) | undefined;
    let stopped = false;

    async function start() {
      try {
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        stream = media;
        if (stopped || !video.current) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        video.current.srcObject = media;
        await video.current.play();
        stopScan = scanStream(media, (code) => {
          const token = tokenFrom(code);
          if (token) onToken(token);
          else setState('notAToken');
        }, { fullFrame: true });
      } catch {
        if (!stopped) setState('unavailable');
      }
    }

    void start();
    return () => {
      stopped = true;
      stopScan?.();
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
