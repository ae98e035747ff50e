import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORDER_NOTE_MAX, type OrderNote } from '@vireo/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast/toastContext';
import { formatPlaced } from './format';
import { DrawerSection } from './DrawerSection';

/** How long 'Note added successfully' stays (spec 3 §9: 3 s). */
const NOTE_ADDED_MS = 3000;

/** The order's notes, oldest first, and a box to add one. */
export function OrderNotes({ notes, adding, onAdd }: { notes: readonly OrderNote[]; adding: boolean; onAdd: (note: string) => Promise<unknown> }) {
  const { t } = useTranslation('orders');
  const { showToast } = useToast();
  const [note, setNote] = useState('');
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), NOTE_ADDED_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const submit = async () => {
    if (note.trim() === '') return;
    try {
      await onAdd(note.trim());
      setNote('');
      setAdded(true);
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('drawer.failed'), 'error');
    }
  };

  return (
    <DrawerSection title={t('drawer.notes.title')}>
      {notes.length === 0 ? (
        <Typography color="text.secondary">{t('drawer.notes.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {notes.map((n) => (
            <ListItem key={n.id} disableGutters>
              <ListItemText primary={n.note} secondary={t('drawer.notes.by', { who: n.created_by ?? '—', when: formatPlaced(n.created_at) })} sx={{ whiteSpace: 'pre-wrap' }} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack
        component="form"
        noValidate
        spacing={1}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField label={t('drawer.notes.note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: ORDER_NOTE_MAX } }} />
        <div>
          <Button type="submit" variant="outlined" loading={adding} disabled={note.trim() === ''}>
            {t('drawer.notes.add')}
          </Button>
        </div>
        {/* Always in the page, so the text appearing is announced and moves nothing under the pointer. */}
        <div role="status">{added && <Alert severity="success">{t('drawer.notes.added')}</Alert>}</div>
      </Stack>
    </DrawerSection>
  );
}
