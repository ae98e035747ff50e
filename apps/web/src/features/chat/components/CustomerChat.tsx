import { zodResolver } from '../../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CHAT_ROOM_LINK, ChatIdentity, withinSupportHours } from '@vireo/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { TextInput } from '../../../components/TextInput';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { browserLiveOptions, LiveConnection } from '../../../lib/live';
import { getAuthToken } from '../../../lib/storage';
import { LiveContext } from '../../../lib/useLive';
import { chatKeys, customerCaller, getRoom, openCustomerRoom, requestTranscript, startCustomer, usePresence, useSupportStatus, type ChatCaller } from '../api';
import { ChatRoomPanel } from './ChatRoomPanel';

/**
 * The customer's chat, kept for the tab's session: their token (sent in a header only), identity and
 * room; `link` when it came from an e-mailed room link (its token opens that room only).
 */
interface CustomerChat {
  token: string;
  identity: string;
  roomId: string;
  link?: boolean;
}
const STORAGE_KEY = 'vireo.chat';

function storedChat(): CustomerChat | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as CustomerChat | null;
    return value && typeof value.token === 'string' && typeof value.roomId === 'string' && typeof value.identity === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The chat to open: an e-mailed room link's (in the page's #fragment, which never reaches a server)
 * is stored for the tab and removed from the address bar at once; else the one stored.
 */
function initialChat(): CustomerChat | null {
  if (window.location.pathname === CHAT_ROOM_LINK.path && window.location.hash.length > 1) {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get(CHAT_ROOM_LINK.token);
    const roomId = fragment.get(CHAT_ROOM_LINK.room);
    const identity = fragment.get(CHAT_ROOM_LINK.identity);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (token && roomId && identity) {
      const chat: CustomerChat = { token, roomId, identity, link: true };
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(chat));
      return chat;
    }
  }
  return storedChat();
}

function StartForm({ onStarted, outOfHours }: { onStarted: (chat: CustomerChat) => void; outOfHours: boolean }) {
  const { t } = useTranslation('chat');
  const signedIn = getAuthToken() !== null;
  const form = useForm<ChatIdentity>({ resolver: signedIn ? undefined : zodResolver(ChatIdentity), defaultValues: { name: '', email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const start = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const started = await startCustomer(signedIn ? undefined : values);
      const roomId = await openCustomerRoom(customerCaller(started.token, started.identity));
      onStarted({ token: started.token, identity: started.identity, roomId });
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, ['name', 'email'])) setFailure(error instanceof Error ? error.message : t('errors.generic'));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void start(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 420 }}>
      {signedIn ? (
        <Typography>{t('customer.signedInAs')}</Typography>
      ) : (
        <>
          <TextInput control={form.control} name="name" label={t('customer.name')} autoComplete="name" required />
          <TextInput control={form.control} name="email" label={t('customer.email')} type="email" autoComplete="email" required />
        </>
      )}
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {outOfHours ? t('customer.byEmail') : t('customer.start')}
      </Button>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Box>
  );
}

function CustomerRoom({ caller, roomId, link, onNew, onLinkRefused }: { caller: ChatCaller; roomId: string; link: boolean; onNew: () => void; onLinkRefused: () => void }) {
  const { t } = useTranslation('chat');
  const room = useQuery({ queryKey: chatKeys.room(roomId), queryFn: () => getRoom(caller, roomId), retry: !link });
  const [transcript, setTranscript] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  usePresence(caller);
  const refused = room.isError && link;
  useEffect(() => {
    if (refused) onLinkRefused();
  }, [refused, onLinkRefused]);
  if (refused) return null;
  if (room.isError) return <Alert severity="error">{t('errors.short')}</Alert>;
  if (!room.data) return <PageLoader />;
  const staff = room.data.room_members;
  const closed = room.data.status === 'closed';
  const askTranscript = async () => {
    try {
      await requestTranscript(caller, roomId);
      setTranscript({ severity: 'success', text: t('customer.transcriptSent') });
    } catch (e) {
      setTranscript({ severity: 'error', text: e instanceof Error ? e.message : t('errors.generic') });
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {room.data.status === 'claimable' ? t('customer.waiting') : closed ? t('room.closed') : t('customer.joined')}
      </Alert>
      <ChatRoomPanel caller={caller} room={room.data} title={t('customer.title')} otherOnline={staff.some((m) => m.online)} />
      {closed && (
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => void askTranscript()} disabled={transcript?.severity === 'success'}>
            {t('customer.transcript')}
          </Button>
          <Button onClick={onNew}>{t('customer.newChat')}</Button>
        </Stack>
      )}
      {transcript && (
        <Alert severity={transcript.severity} role={transcript.severity === 'error' ? 'alert' : 'status'}>
          {transcript.text}
        </Alert>
      )}
    </Stack>
  );
}

/** A room link that is wrong or expired: the spec's words and nothing else. */
function LinkRefused() {
  const { t } = useTranslation('chat');
  return (
    <Alert severity="error" role="alert">
      {t('errors.rooms')}
    </Alert>
  );
}

/**
 * The customer's chat: they start one (signed in as themselves, else with name and e-mail), write
 * and see answers live over a socket of their own that authenticates with their chat token as its
 * first message. Outside the support hours, or with nobody online, it says so and offers to continue
 * by e-mail. Staff answering while they are away e-mail them a link to the room, whose token (after
 * `#`) this page keeps for the tab and opens that room with. The page, and the launcher's panel.
 */
export function CustomerChat({ headingId, headingLevel }: { headingId?: string; headingLevel: 'h1' | 'h2' }) {
  const { t } = useTranslation('chat');
  const status = useSupportStatus();
  const [chat, setChat] = useState<CustomerChat | null>(initialChat);
  const [linkRefused, setLinkRefused] = useState(false);
  const refuseLink = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setLinkRefused(true);
  }, []);
  const caller = useMemo(() => (chat ? customerCaller(chat.token, chat.identity) : null), [chat]);
  const live = useMemo(
    () =>
      new LiveConnection({
        ...browserLiveOptions(),
        token: () => chat?.token ?? null,
        tokenKind: 'guest',
        signedOut: () => {
          if (chat?.link) {
            refuseLink();
            return;
          }
          sessionStorage.removeItem(STORAGE_KEY);
          setChat(null);
        },
      }),
    [chat, refuseLink],
  );
  const started = (value: CustomerChat) => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    setChat(value);
  };
  const hours = status.data?.hours ?? '';
  // The page's own clock decides the hours (it turns on the hour without asking the server again).
  const open = withinSupportHours(new Date());
  const outOfHours = status.data ? !open || !status.data.staff_online : false;
  if (linkRefused) {
    return (
      <>
        <Typography id={headingId} variant="h5" component={headingLevel} gutterBottom>
          {t('customer.title')}
        </Typography>
        <LinkRefused />
      </>
    );
  }
  return (
    <>
      <Typography id={headingId} variant="h5" component={headingLevel} gutterBottom>
        {t('customer.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('customer.intro', { hours })}</Typography>
      {status.data && !open && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('customer.outOfHours', { hours })}
        </Alert>
      )}
      {status.data && open && !status.data.staff_online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('customer.noStaff')}
        </Alert>
      )}
      {chat && caller ? (
        <LiveContext.Provider value={live}>
          <CustomerRoom
            caller={caller}
            roomId={chat.roomId}
            link={chat.link === true}
            onLinkRefused={refuseLink}
            onNew={() => {
              sessionStorage.removeItem(STORAGE_KEY);
              setChat(null);
            }}
          />
        </LiveContext.Provider>
      ) : (
        <StartForm onStarted={started} outOfHours={outOfHours} />
      )}
    </>
  );
}
