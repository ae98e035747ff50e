import Box from '@mui/material/Box';
import type { ChatRoom } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import type { ChatCaller } from '../api';
import { ChatRoomPanel } from './ChatRoomPanel';

/** The live chat rooms, two per row ('No active chats' when empty); each with its unread count. */
export function RoomsGrid({ caller, rooms }: { caller: ChatCaller; rooms: ChatRoom[] }) {
  const { t } = useTranslation('chat');
  if (rooms.length === 0) return <EmptyState message={t('empty.active')} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {rooms.map((room) => {
        const others = room.room_members.filter((m) => m.user_id !== caller.memberId);
        const title = room.type === 'external' ? t('room.title', { name: room.customer_name ?? '' }) : t('room.internalTitle', { names: others.map((m) => m.name).join(', ') });
        const online = room.type === 'external' ? Boolean(room.customer_online) : others.some((m) => m.online);
        return (
          <ChatRoomPanel key={room.id} caller={caller} room={room} title={title} otherOnline={online} />
        );
      })}
    </Box>
  );
}
