import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ChatPanel = lazy(() => import('./ChatPanel').then((m) => ({ default: m.ChatPanel })));

/**
 * The customer's way into the support chat from the booking pages and the video landing page: a
 * button that opens the chat in a side panel. Only the button comes with the page; the panel and
 * the chat load when it is first opened.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
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
