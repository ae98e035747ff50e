import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_IMAGE_TYPES, CHAT_LIMITS, type ChatMessage, type ChatRoom } from '@vireo/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { chatKeys, markRead, postImage, postMessage, sendTyping, setRoomStatus, useRoomMessages, type ChatCaller } from '../api';
import { ChatImage } from './ChatImage';
import { MessageText } from './MessageText';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const TYPING_EVERY_MS = 3_000;

function Bubble({ caller, message, mine }: { caller: ChatCaller; message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation('chat');
  if (message.author_kind === 'system') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', my: 1 }}>
        {message.body}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', my: 0.5 }}>
      <Box sx={{ maxWidth: '80%', px: 1.5, py: 1, borderRadius: 2, bgcolor: message.internal ? 'warning.light' : mine ? 'primary.main' : 'grey.200', color: mine && !message.internal ? 'primary.contrastText' : 'text.primary' }}>
        <Typography variant="caption" component="div">
          {message.internal ? `${t('room.note')} · ` : ''}
          {mine ? t('customer.you') : message.author_name} · {timeFormat.format(new Date(message.dateCreated * 1000))}
        </Typography>
        {message.image && <ChatImage caller={caller} message={{ ...message, image: message.image }} />}
        {message.body && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <MessageText text={message.body} />
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The picked image's local preview, revoked when it changes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * One room: its messages (live, caught up after a reconnect), the message box (up to 5 rows), the
 * other side's online/offline indicator, the typing indicator and the close button. Staff in a
 * customer room can write internal notes (no typing indicator for those).
 */
export function ChatRoomPanel({ caller, room, title, otherOnline }: { caller: ChatCaller; room: ChatRoom; title: string; otherOnline: boolean }) {
  const { t } = useTranslation('chat');
  const staff = caller.role !== 'customer';
  const queryClient = useQueryClient();
  const { messages, error, typing, sent } = useRoomMessages(caller, room.id);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const preview = usePreview(image);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const lastTyping = useRef(0);
  const list = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const closed = room.status === 'closed';
  const lastId = messages.at(-1)?.id ?? 0;

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
    if (lastId === 0) return;
    void markRead(caller, room.id, lastId)
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.unread }))
      .catch(() => undefined);
  }, [caller, lastId, queryClient, room.id]);

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (!internal && value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void sendTyping(caller, room.id).catch(() => undefined);
    }
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > CHAT_LIMITS.imageMaxBytes) {
      setFailure(t('room.imageRefused'));
      return;
    }
    setFailure(null);
    setImage(file);
  };

  const send = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if ((!text.trim() && !image) || sending) return;
    setSending(true);
    setFailure(null);
    try {
      sent(image ? await postImage(caller, room.id, image, text, internal) : await postMessage(caller, room.id, text, internal));
      setText('');
      setImage(null);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    setClosing(true);
    try {
      await setRoomStatus(caller, room.id, 'closed');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    } catch (e) {
      setFailure(e instanceof Error ? e.message : t('errors.generic'));
    } finally {
      setClosing(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: '1rem' }}>
          {title}
        </Typography>
        {room.unread > 0 && <Chip size="small" color="error" label={t('room.unread', { count: room.unread })} />}
        <Chip size="small" color={otherOnline ? 'success' : 'default'} label={otherOnline ? t('room.online') : t('room.offline')} />
        {!closed && (
          <Button size="small" color="error" onClick={() => setConfirming(true)} aria-label={t('room.closeLabel')}>
            {t('room.close')}
          </Button>
        )}
      </Stack>
      <Box ref={list} role="log" aria-label={t('room.messages')} aria-live="polite" tabIndex={0} sx={{ height: 300, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
        {messages.map((message) => (
          <Bubble key={message.id} caller={caller} message={message} mine={staff ? message.author === caller.memberId : message.author_kind === 'customer'} />
        ))}
      </Box>
      {error && <Alert severity="error">{t('errors.short')}</Alert>}
      <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ minHeight: '1.5em' }}>
        {typing ? t('room.typing', { name: typing }) : ''}
      </Typography>
      {closed ? (
        <Alert severity="info">{t('room.closed')}</Alert>
      ) : (
        <Box component="form" onSubmit={(e) => void send(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            label={t('room.message')}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) void send(e);
            }}
            multiline
            maxRows={5}
            size="small"
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.bodyMax } }}
          />
          {image && preview && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="img" src={preview} alt={t('room.imageToSend', { name: image.name })} sx={{ maxWidth: 96, maxHeight: 96, borderRadius: 1 }} />
              <Button size="small" onClick={() => setImage(null)}>
                {t('room.removeImage')}
              </Button>
            </Stack>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            {staff && room.type === 'external' ? (
              <FormControlLabel control={<Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} />} label={t('room.internalNote')} />
            ) : (
              <span />
            )}
            <Stack direction="row" spacing={1}>
              <Button component="label" variant="outlined">
                {t('room.attach')}
                <input
                  type="file"
                  accept={CHAT_IMAGE_TYPES.join(',')}
                  hidden
                  onChange={(e) => {
                    pick(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </Button>
              <Button type="submit" variant="contained" loading={sending} disabled={!text.trim() && !image}>
                {t('room.send')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('room.closeLabel')}
        message={t('room.confirmClose')}
        confirmLabel={t('room.close')}
        cancelLabel={t('room.cancel')}
        destructive
        busy={closing}
        onConfirm={() => void close()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
