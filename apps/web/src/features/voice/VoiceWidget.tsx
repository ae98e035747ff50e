import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/messageText';
import { RemoteAudio } from './RemoteAudio';
import { useVoiceLink } from './useVoiceLink';
import type { VoiceWidget as Widget, WidgetCall, WidgetState } from './useVoiceWidget';

const STATE_COLOUR: Record<WidgetState, 'default' | 'success' | 'primary' | 'error'> = { connecting: 'default', ready: 'success', onCall: 'primary', offline: 'error' };

/** A phone call: the provider rings the practitioner's phone, then connects the customer; the sound is on the phone. */
function PhoneCall({ call, ownPhone, hangUp }: { call: WidgetCall; ownPhone: string | null; hangUp: Widget['hangUp'] }) {
  const { t } = useTranslation('voice');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography role="status">{call.answered ? t('onPhoneWith', { name: call.name }) : t('ringingYourPhone', { phone: ownPhone ?? '', name: call.name })}</Typography>
      <Button size="small" variant="contained" color="error" onClick={() => hangUp()}>
        {t('hangUp')}
      </Button>
    </Stack>
  );
}

function AppCall({ call, hangUp }: { call: WidgetCall; hangUp: Widget['hangUp'] }) {
  const { t } = useTranslation('voice');
  const link = useVoiceLink(call.id, call.answered, true, call.iceServers);
  useEffect(() => {
    if (link.state === 'failed') hangUp('lost');
  }, [link.state, hangUp]);
  const line = !call.answered ? t('calling', { name: call.name }) : link.state === 'connected' ? t('onCallWith', { name: call.name }) : t('connecting');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography role="status">{line}</Typography>
      {call.answered && (
        <Button size="small" variant="outlined" onClick={link.toggleMute} aria-pressed={link.muted}>
          {link.muted ? t('unmute') : t('mute')}
        </Button>
      )}
      <Button size="small" variant="contained" color="error" onClick={() => hangUp()}>
        {t('hangUp')}
      </Button>
      <RemoteAudio stream={link.remoteStream} label={t('remoteAudio')} />
    </Stack>
  );
}

/**
 * The practitioner's call widget (spec 2 §2.4): its state (Connecting, Ready, On call, Offline),
 * the call in progress (in the app with Mute and Hang up; by phone with Hang up), and how the last
 * one ended. The call buttons beside the phone numbers dial through the same `useVoiceWidget`.
 */
export function VoiceWidget({ voice }: { voice: Widget }) {
  const { t } = useTranslation('voice');
  const messageText = useMessageText();
  const { notice } = voice;
  return (
    <Stack spacing={1} component="section" aria-label={t('widget')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{t('widget')}</Typography>
        <Chip size="small" color={STATE_COLOUR[voice.state]} label={t(`states.${voice.state}`)} data-testid="voice-widget-state" />
      </Stack>
      {voice.state !== 'offline' && (
        <Typography variant="body2" color="text.secondary">
          {!voice.phoneCalls ? t('noPhoneProvider') : voice.ownPhone ? t('phoneRingsYouFirst', { phone: voice.ownPhone }) : t('noOwnPhone')}
        </Typography>
      )}
      {voice.call?.via === 'app' && <AppCall key={voice.call.id} call={voice.call} hangUp={voice.hangUp} />}
      {voice.call?.via === 'phone' && <PhoneCall key={voice.call.id} call={voice.call} ownPhone={voice.ownPhone} hangUp={voice.hangUp} />}
      {!voice.call && notice && (
        <Alert severity={notice.key === 'failed' || notice.key === 'lost' ? 'error' : 'info'}>{notice.message ? messageText(notice.message) : t(notice.key, { name: notice.name })}</Alert>
      )}
    </Stack>
  );
}
