import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerChat } from './CustomerChat';

/**
 * The launcher's side panel: the customer's chat, as on /chats/app/customer. The chat is the tab's
 * (its token in session storage), so closing the panel and opening it again finds it.
 */
export function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width: { xs: '100%', sm: 440 }, p: 2 } } }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('chatLauncher.close')}</Button>
      </Box>
      <CustomerChat headingId={headingId} headingLevel="h2" />
    </Drawer>
  );
}
