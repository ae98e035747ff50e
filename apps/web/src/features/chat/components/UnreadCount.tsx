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
  return (
    <Badge color="error" badgeContent={count} invisible={count === 0} sx={{ ml: 1 }}>
      <VisuallyHidden>{count > 0 ? t('room.unread', { count }) : ''}</VisuallyHidden>
    </Badge>
  );
}
