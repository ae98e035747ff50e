import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Call, CallPhase } from '../useCall';

function StreamVideo({ stream, label, muted, small }: { stream: MediaStream | null; label: string; muted: boolean; small?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      sx={{
        display: 'block',
        width: small ? { xs: 112, sm: 180 } : '100%',
        aspectRatio: '4 / 3',
        objectFit: 'cover',
        bgcolor: 'grey.900',
        borderRadius: 1,
        ...(small ? { position: 'absolute', right: 12, bottom: 12, border: 2, borderColor: 'common.white', boxShadow: 3 } : {}),
      }}
    />
  );
}

const QUALITY_COLOUR = { good: 'success', fair: 'warning', poor: 'error', unknown: 'default' } as const;
const ACTIVE: readonly CallPhase[] = ['waiting', 'connecting', 'connected', 'reconnecting', 'paused'];

/** The supervisor's voice on the seats' pages (they send no picture). */
function StreamAudio({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <audio ref={ref} autoPlay data-supervisor-audio />;
}

export interface VideoCallProps {
  call: Call;
  /** Whose page this is, for the waiting message; a supervisor sees both seats and sends no picture. */
  side: 'customer' | 'practitioner' | 'supervisor';
  /** Replaces the plain hang-up (the practitioner's page asks first when results are missing). */
  onHangUp?: () => void;
  /** Further controls beside mute and hang up (pause). */
  controls?: ReactNode;
}

/** The call's screen: the other party's video, the self-view, the status message and the controls. */
export function VideoCall({ call, side, onHangUp, controls }: VideoCallProps) {
  const { t } = useTranslation('video');
  const cameraLabel = useId();
  const phaseText: Record<CallPhase, string> = {
    starting: t('phase.starting'),
    waiting: side === 'customer' ? t('phase.waitingForPractitioner') : t('phase.waitingForCustomer'),
    connecting: t('phase.connecting'),
    connected: t('phase.connected'),
    reconnecting: t('phase.reconnecting'),
    paused: t('phase.paused'),
    ended: t('phase.ended'),
    left: side === 'supervisor' ? t('phase.supervisorLeft') : t('phase.left'),
    elsewhere: t('phase.elsewhere'),
    takenOver: t('phase.takenOver', { name: call.takenOverBy ?? '' }),
    refused: call.error?.message ?? '',
  };
  const active = ACTIVE.includes(call.phase);
  const severity = call.phase === 'reconnecting' || call.phase === 'refused' ? 'warning' : call.phase === 'connected' ? 'success' : 'info';
  return (
    <Stack spacing={2}>
      {call.mediaError ? <Alert severity="error">{t('mediaError')}</Alert> : null}
      <Alert severity={severity} role="status" aria-live="polite" data-phase={call.phase}>
        {phaseText[call.phase]}
      </Alert>
      {side === 'customer' && call.phase === 'ended' ? (
        <Alert severity="info" data-testid="after-call">
          <Typography>{t('afterCall.certificate')}</Typography>
          <Typography>{t('afterCall.results')}</Typography>
        </Alert>
      ) : null}
      {call.supervisor && side !== 'supervisor' ? (
        <Alert severity="info" data-testid="supervisor-present">
          {t('supervisorIn', { name: call.supervisor.name })}
        </Alert>
      ) : null}
      {side === 'supervisor' ? (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 960 }}>
          <StreamVideo stream={call.remoteStreams.patient ?? null} label={t('customerVideo')} muted={false} />
          <StreamVideo stream={call.remoteStreams.practitioner ?? null} label={t('practitionerVideo')} muted={false} />
        </Box>
      ) : (
        <Box sx={{ position: 'relative', maxWidth: 960 }}>
          <StreamVideo stream={call.remoteStream} label={t('remoteVideo')} muted={false} />
          <StreamVideo stream={call.localStream} label={t('selfView')} muted small />
          {call.remoteStreams.supervisor ? <StreamAudio stream={call.remoteStreams.supervisor} /> : null}
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" onClick={call.toggleMute} disabled={!call.localStream} aria-pressed={call.muted}>
          {call.muted ? t('unmute') : t('mute')}
        </Button>
        {controls}
        <Button variant="contained" color="error" onClick={onHangUp ?? call.hangUp} disabled={!active}>
          {t('hangUp')}
        </Button>
        {call.cameras.length > 1 ? (
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id={cameraLabel}>{t('camera')}</InputLabel>
            <Select labelId={cameraLabel} label={t('camera')} value={call.cameraId ?? ''} onChange={(event) => void call.selectCamera(String(event.target.value))}>
              {call.cameras.map((camera, index) => (
                <MenuItem key={camera.deviceId} value={camera.deviceId}>
                  {camera.label || `${t('camera')} ${index + 1}`}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : null}
        {/* The border carries the colour; the words stay dark, since warning orange on white is below 4.5:1. */}
        <Chip
          label={t('quality.label', { quality: t(`quality.${call.quality}`) })}
          color={QUALITY_COLOUR[call.quality]}
          variant="outlined"
          sx={{ color: 'text.primary' }}
          data-quality={call.quality}
        />
      </Stack>
    </Stack>
  );
}
