import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { IceServer } from '@vireo/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/messageText';
import { answerVoiceCall, endVoiceCall } from './api';
import type { RingingCall } from './IncomingCall';
import { RemoteAudio } from './RemoteAudio';
import { useVoiceLink } from './useVoiceLink';

/**
 * A practitioner calling the customer: Answer (the call connects in the browser, with Mute and Hang
 * up) or Decline. The call's audio connection is prepared from the first ring, so no early signal is
 * missed; a call answered on another page, or ended by the practitioner, closes the dialog. A refused
 * answer (answered elsewhere at the same moment, or over) shows why and offers only Close.
 */
export function IncomingCallDialog({ call, onAnswering, onClose }: { call: RingingCall; onAnswering: () => void; onClose: () => void }) {
  const { t } = useTranslation('voice');
  const messageText = useMessageText();
  const titleId = useId();
  const [answered, setAnswered] = useState<{ iceServers: IceServer[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = useVoiceLink(call.id, answered !== null, false, answered?.iceServers ?? NO_SERVERS);

  useEffect(() => {
    if (call.ended && answered) onClose();
  }, [call.ended, answered, onClose]);

  const answer = async () => {
    setBusy(true);
    setError(null);
    // Before the request: its own `voice.answered` event may arrive before its answer does.
    onAnswering();
    try {
      const taken = await answerVoiceCall(call.id);
      setAnswered({ iceServers: taken.ice_servers });
    } catch (failure) {
      setError(failure instanceof Error ? messageText(failure.message) : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  const hangUp = () => {
    void endVoiceCall(call.id).catch(() => undefined);
    onClose();
  };

  return (
    <Dialog open aria-labelledby={titleId} onClose={answered ? undefined : hangUp}>
      <DialogTitle id={titleId}>{answered ? t('onCallWith', { name: call.callerName }) : t('incoming', { name: call.callerName })}</DialogTitle>
      <DialogContent>
        {!answered && <DialogContentText>{t('incomingHint')}</DialogContentText>}
        {answered && (
          <Typography role="status">{link.state === 'connected' ? t('onCallWith', { name: call.callerName }) : link.state === 'failed' ? t('microphone') : t('connecting')}</Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <RemoteAudio stream={link.remoteStream} label={t('remoteAudio')} />
      </DialogContent>
      <DialogActions>
        {error ? (
          <Button onClick={onClose}>{t('close')}</Button>
        ) : answered ? (
          <>
            <Button onClick={link.toggleMute} aria-pressed={link.muted}>
              {link.muted ? t('unmute') : t('mute')}
            </Button>
            <Button variant="contained" color="error" onClick={hangUp}>
              {t('hangUp')}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={hangUp} disabled={busy}>
              {t('decline')}
            </Button>
            <Button variant="contained" color="success" onClick={() => void answer()} loading={busy}>
              {t('answer')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

const NO_SERVERS: IceServer[] = [];
