import Badge from '@mui/material/Badge';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useUnread } from '../api';
import { useStaffChatLive } from './staff';

/**
 * The drawer's unread count beside Internal Chats or Chats with Customers (customer chats count the
 * claimable ones waiting too), kept current by the live `chat` topic.
 */
export function UnreadCount({ kind }: { kind: 'internal' | 'external' }) {
  const { t } = useTranslation('chat');
  const unread = useUnread();
  useStaffChatLive();
  const count = kind === 'internal' ? (unread.data?.internal ?? 0) : (unread.data?.external ?? 0) + (unread.data?.claimable ?? 0);
  // Nothing at all for none: an invisible badge still holds its '0', which a menu item's name would then end with.
  if (count === 0) return null;
  return (
    <Badge color="error" badgeContent={count} sx={{ ml: 1 }}>
      <VisuallyHidden>{t('room.unread', { count })}</VisuallyHidden>
    </Badge>
  );
}
