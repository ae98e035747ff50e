import Button from '@mui/material/Button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

const ChatPanel = lazy(() => import('./ChatPanel').then((m) => ({ default: m.ChatPanel })));

/**
 * The customer's way into the support chat from the booking pages and the video landing page: a
 * button that opens the chat in a side panel. Only the button comes with the page; the panel and
 * the chat load when it is first opened. A page that speaks its own language (a booking's) passes
 * it, and the button and the chat speak it too.
 */
export function ChatLauncher({ language }: { language?: 'en' | 'de' }) {
  const { i18n } = useTranslation();
  const current = i18n.language;
  const texts = useMemo(() => (language && language !== current ? i18n.cloneInstance({ lng: language }) : i18n), [i18n, current, language]);
  return (
    <I18nextProvider i18n={texts}>
      <Launcher />
    </I18nextProvider>
  );
}

function Launcher() {
  const { t } = useTranslation(undefined, { useSuspense: false });
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      {!open && (
        <Button
          variant="contained"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          sx={{ position: 'fixed', right: 24, bottom: 24, borderRadius: 6, zIndex: (theme) => theme.zIndex.fab }}
        >
          {t('chatLauncher.open')}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
