import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { ChosenDevices } from './devices';
import type { MediaPreview } from './useMediaPreview';
import { useMicrophoneLevel } from './useMicrophoneLevel';

type LandingT = TFunction<'appointment-landing'>;

function Preview({ stream, label }: { stream: MediaStream | null; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="video"
      ref={video}
      autoPlay
      muted
      playsInline
      aria-label={label}
      sx={{ width: '100%', maxWidth: 400, aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 1, transform: 'scaleX(-1)' }}
    />
  );
}

function DeviceSelect({ label, devices, value, unnamed, onChange }: { label: string; devices: MediaDeviceInfo[]; value: string | undefined; unnamed: (n: number) => string; onChange: (id: string) => void }) {
  return (
    <TextField select label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value)} disabled={devices.length === 0} fullWidth slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
      {devices.length === 0 && <option value="" />}
      {devices.map((device, index) => (
        <option key={device.deviceId} value={device.deviceId}>
          {device.label || unnamed(index + 1)}
        </option>
      ))}
    </TextField>
  );
}

function LevelMeter({ stream, t }: { stream: MediaStream | null; t: LandingT }) {
  const level = useMicrophoneLevel(stream);
  const hint = useId();
  return (
    <Stack spacing={0.5}>
      <Typography id={`${hint}-label`} variant="body2">
        {t('devices.level')}
      </Typography>
      <LinearProgress variant="determinate" value={level} aria-labelledby={`${hint}-label`} aria-describedby={hint} sx={{ height: 10, borderRadius: 5, '& .MuiLinearProgress-bar': { transition: 'none' } }} />
      <Typography id={hint} variant="body2" color="text.secondary">
        {t('devices.levelHint')}
      </Typography>
    </Stack>
  );
}

/** The device check: a live self-preview, the camera and microphone to use, and the microphone's level. */
export function DeviceCheck({ media, onChoose, t }: { media: MediaPreview; onChoose: (choice: ChosenDevices) => void; t: LandingT }) {
  const { stream, problem, cameras, microphones, inUse } = media;
  return (
    <Stack component="section" aria-labelledby="device-check-heading" spacing={2}>
      <Typography component="h2" variant="h6" id="device-check-heading">
        {t('devices.heading')}
      </Typography>
      <Typography>{t('devices.reminder')}</Typography>
      {problem && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={media.retry}>
              {t('devices.retry')}
            </Button>
          }
        >
          {t(`devices.${problem}`)}
        </Alert>
      )}
      {!problem && !stream && <Typography role="status">{t('devices.starting')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Preview stream={stream} label={t('devices.preview')} />
        <Stack spacing={2} sx={{ flex: 1, minWidth: 220, width: '100%' }}>
          <DeviceSelect
            label={t('devices.camera')}
            devices={cameras}
            value={inUse.videoDeviceId}
            unnamed={(number) => t('devices.unnamedCamera', { number })}
            onChange={(videoDeviceId) => onChoose({ ...inUse, videoDeviceId })}
          />
          <DeviceSelect
            label={t('devices.microphone')}
            devices={microphones}
            value={inUse.audioDeviceId}
            unnamed={(number) => t('devices.unnamedMicrophone', { number })}
            onChange={(audioDeviceId) => onChoose({ ...inUse, audioDeviceId })}
          />
          <LevelMeter stream={stream} t={t} />
        </Stack>
      </Stack>
    </Stack>
  );
}
