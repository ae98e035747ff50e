import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { chatKeys, setRoomStatus, usePresence, useRooms, type ChatCaller } from '../api';
import { RoomsGrid } from '../components/RoomsGrid';
import { useStaffCaller, useStaffChatLive } from '../components/staff';

function ClaimableTable({ caller, rooms, onClaimed }: { caller: ChatCaller; rooms: ChatRoom[]; onClaimed: () => void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const claim = async (id: string) => {
    setBusy(id);
    try {
      await setRoomStatus(caller, id, 'live');
      setOutcome({ severity: 'success', text: t('claimable.claimed') });
      onClaimed();
    } catch (e) {
      setOutcome({ severity: 'error', text: e instanceof Error ? e.message : t('errors.generic') });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    }
  };
  return (
    <>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {rooms.length === 0 ? (
        <EmptyState message={t('empty.claimable')} />
      ) : (
        <TableContainer sx={{ maxHeight: 500 }}>
          <Table stickyHeader size="small" aria-label={t('tabs.claimable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('claimable.chatId')}</TableCell>
                <TableCell>{t('claimable.customer')}</TableCell>
                <TableCell>{t('claimable.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rooms.map((room) => (
                <TableRow key={room.id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{room.id}</TableCell>
                  <TableCell>{room.customer_name}</TableCell>
                  <TableCell>
                    <Button variant="contained" size="small" loading={busy === room.id} disabled={busy !== null} onClick={() => void claim(room.id)} aria-label={t('claimable.claimLabel', { id: room.id })}>
                      {t('claimable.claim')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/** /chats/customer: Claimable Chats (live, with a chime for each new one) and My Picked chats. */
export function CustomerChatsPage() {
  const { t } = useTranslation('chat');
  const caller = useStaffCaller();
  const [tab, setTab] = useState(0);
  const [fresh, setFresh] = useState(0);
  usePresence(caller);
  useStaffChatLive(() => setFresh((n) => n + 1));
  const claimable = useRooms(caller, { type: 'external', status: 'claimable' });
  const picked = useRooms(caller, { type: 'external', status: 'live' });
  const failed = claimable.isError || picked.isError;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, value: number) => {
          setTab(value);
          if (value === 0) setFresh(0);
        }}
        aria-label={t('tabs.label')}
        sx={{ mb: 2 }}
      >
        <Tab
          id="chat-tab-claimable"
          aria-controls="chat-panel-claimable"
          label={
            <Badge color="error" badgeContent={claimable.data?.length ?? 0} invisible={!claimable.data?.length || (tab === 0 && fresh === 0)} sx={{ pr: 1.5 }}>
              {t('tabs.claimable')}
            </Badge>
          }
        />
        <Tab id="chat-tab-picked" aria-controls="chat-panel-picked" label={t('tabs.picked')} />
      </Tabs>
      {failed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('errors.rooms')}
        </Alert>
      )}
      <div role="tabpanel" id="chat-panel-claimable" aria-labelledby="chat-tab-claimable" hidden={tab !== 0}>
        {tab === 0 && (claimable.data ? <ClaimableTable caller={caller} rooms={claimable.data} onClaimed={() => setFresh(0)} /> : !failed && <PageLoader />)}
      </div>
      <div role="tabpanel" id="chat-panel-picked" aria-labelledby="chat-tab-picked" hidden={tab !== 1}>
        {tab === 1 && (picked.data ? <RoomsGrid caller={caller} rooms={picked.data} /> : !failed && <PageLoader />)}
      </div>
    </Box>
  );
}
