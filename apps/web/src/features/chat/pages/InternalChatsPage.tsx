import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { QueryState } from '../../../components/QueryState';
import { chatKeys, createStaffRoom, useChatStaff, usePresence, useRooms } from '../api';
import { RoomsGrid } from '../components/RoomsGrid';
import { useStaffCaller, useStaffChatLive } from '../components/staff';

function NewRoomDialog({ role, onClose }: { role: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const staff = useChatStaff();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = async () => {
    if (chosen.length === 0) {
      setFailure(t('internal.chooseMembers'));
      return;
    }
    setBusy(true);
    try {
      await createStaffRoom(role, chosen);
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
      onClose();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('internal.createTitle')}</DialogTitle>
      <DialogContent>
        {staff.data ? (
          <FormGroup>
            <FormLabel component="legend">{t('internal.members')}</FormLabel>
            {staff.data.map((member) => (
              <FormControlLabel
                key={member.user_id}
                label={member.name}
                control={
                  <Checkbox
                    checked={chosen.includes(member.user_id)}
                    onChange={(e) => setChosen((current) => (e.target.checked ? [...current, member.user_id] : current.filter((id) => id !== member.user_id)))}
                  />
                }
              />
            ))}
          </FormGroup>
        ) : staff.isError ? (
          <Alert severity="error">{t('errors.short')}</Alert>
        ) : (
          <PageLoader />
        )}
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('room.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void create()} loading={busy}>
          {t('internal.createAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /chats/internal: the staff member's rooms, live, two per row, and a new room with chosen colleagues. */
export function InternalChatsPage() {
  const { t } = useTranslation('chat');
  const caller = useStaffCaller();
  const [creating, setCreating] = useState(false);
  usePresence(caller);
  useStaffChatLive();
  const rooms = useRooms(caller, { type: 'internal', status: 'live' });
  return (
    <Box>
      <Button variant="contained" onClick={() => setCreating(true)} sx={{ mb: 2 }}>
        {t('internal.create')}
      </Button>
      {rooms.isError ? (
        <Alert severity="error" role="alert">
          {t('errors.rooms')}
        </Alert>
      ) : (
        <QueryState query={rooms}>{(data) => <RoomsGrid caller={caller} rooms={data} />}</QueryState>
      )}
      {creating && <NewRoomDialog role={caller.role} onClose={() => setCreating(false)} />}
    </Box>
  );
}
