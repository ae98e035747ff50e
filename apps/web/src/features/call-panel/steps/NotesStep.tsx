import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toastContext';
import { formatDayTime } from '../../practitioner';
import { useAddNote, useNotesHistory } from '../api';
import type { StepProps } from '../AppointmentPanel';

/** Notes (spec 2 §7 addnote, noteshistory): the appointment's notes, newest first, and a new one. */
export function NotesStep({ appointment, next }: StepProps) {
  const { t } = useTranslation('call-panel');
  const { showToast } = useToast();
  const history = useNotesHistory(appointment.id);
  const addNote = useAddNote(appointment.id);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const notes = [...(history.data?.notes ?? appointment.notes)].reverse();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setError(t('notes.empty'));
      return;
    }
    setError(null);
    addNote.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        showToast(t('notes.saved'), 'success');
      },
      onError: (failure) => showToast(failure.message, 'error'),
    });
  };

  return (
    <>
      <Stack component="section" aria-labelledby={headingId} spacing={1}>
        <Typography component="h4" variant="subtitle2" id={headingId}>
          {t('notes.history')}
        </Typography>
        {notes.length === 0 ? (
          <Typography variant="body2">{t('notes.none')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 240, overflowY: 'auto' }}>
            {notes.map((note) => (
              <li key={note.id}>
                <Typography variant="body2" color="text.secondary">
                  {formatDayTime(note.created_at)}
                  {note.author ? ` · ${note.author}` : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.content}</Typography>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack component="form" noValidate spacing={1} onSubmit={submit}>
        <TextField
          label={t('notes.note')}
          multiline
          minRows={2}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="outlined" disabled={addNote.isPending}>
            {t('notes.add')}
          </Button>
          <Button variant="contained" onClick={next}>
            {t('steps.next')}
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
