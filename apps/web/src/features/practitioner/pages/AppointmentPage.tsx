import { zodResolver } from '../../../lib/formResolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NoteRequest, type Appointment, type AppointmentStatus, type BookingUser } from '@vireo/contracts';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { ApiError } from '../../../lib/api';
import { setServerFieldErrors } from '../../../lib/fieldErrors';
import { useCurrentSession } from '../../../lib/session';
import { ServiceName, StatusLabel } from '../../appointments';
import { addNote, useAppointment, useRefreshBooking } from '../api';
import { actsAsPractitioner, formatDay, formatDayTime } from '../appointments';
import { AppointmentStatusActions } from '../components/AppointmentStatusActions';
import { usePresenceHeartbeat } from '../components/PractitionerWorkspace';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/messageText';
import { AppointmentPanel } from '../../call-panel';

type NoteInput = z.infer<typeof NoteRequest>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 3 }}>
      <Typography component="h2" variant="h6" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Details({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('practitioner');
  const rows: [string, ReactNode][] = [
    [t('appointment.start'), formatDayTime(appointment.start_time)],
    [t('appointment.end'), formatDayTime(appointment.end_time)],
    [t('appointment.type'), <ServiceName code={appointment.type} />],
    [t('appointment.testType'), appointment.test_type],
    [t('appointment.status'), <StatusLabel status={appointment.status} />],
    [t('appointment.language'), appointment.language],
    [t('appointment.reference'), appointment.provider_booking_reference ?? ''],
    [t('appointment.practitioner'), appointment.practitioner?.user_name ?? ''],
    [t('appointment.paid'), appointment.paid ? t('appointment.yes') : t('appointment.no')],
  ];
  return (
    <Table size="small" aria-label={t('appointment.details')}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: 200 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const addressOf = (p: BookingUser) => [p.street_address, p.extended_address, p.locality, p.region, p.postal_code].filter(Boolean).join(', ');

function BookingUsers({ people }: { people: BookingUser[] }) {
  const { t } = useTranslation('practitioner');
  if (people.length === 0) return <Typography>{t('empty')}</Typography>;
  return (
    <Table size="small" aria-label={t('appointment.people')}>
      <TableHead>
        <TableRow>
          {[t('appointment.name'), t('appointment.email'), t('appointment.phone'), t('appointment.dateOfBirth'), t('appointment.sex'), t('appointment.address')].map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {people.map((p) => (
          <TableRow key={p.id}>
            <TableCell>
              {p.first_name} {p.last_name}
              {p.minor ? ` (${t('appointment.minor')})` : ''}
            </TableCell>
            <TableCell>{p.email}</TableCell>
            <TableCell>{p.phone ?? ''}</TableCell>
            <TableCell>{formatDay(p.date_of_birth)}</TableCell>
            <TableCell>{p.sex ?? ''}</TableCell>
            <TableCell>{addressOf(p)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Notes({ appointment, canWrite }: { appointment: Appointment; canWrite: boolean }) {
  const { t } = useTranslation('practitioner');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const refresh = useRefreshBooking();
  const form = useForm<NoteInput>({ resolver: zodResolver(NoteRequest), defaultValues: { content: '' } });
  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await addNote(appointment.id, content);
      showToast(t('appointment.noteSaved'), 'success');
      form.reset({ content: '' });
      await refresh();
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, ['content'])) showToast(error instanceof Error ? error.message : t('errorFetching'), 'error');
    }
  });
  const error = form.formState.errors.content?.message;
  const errorText = error === undefined ? undefined : messageText(error);
  return (
    <>
      {appointment.notes.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{t('appointment.noNotes')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mb: 2 }}>
          {[...appointment.notes].reverse().map((note) => (
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
      {canWrite && (
        <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={1} sx={{ maxWidth: 600 }}>
          <TextField label={t('appointment.note')} multiline minRows={2} {...form.register('content')} error={Boolean(error)} helperText={errorText} />
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
            {t('appointment.addNote')}
          </Button>
        </Stack>
      )}
    </>
  );
}

function StatusChanges({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('practitioner');
  return (
    <Table size="small" aria-label={t('appointment.statusChanges')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('appointment.changedTo')}</TableCell>
          <TableCell>{t('appointment.changedAt')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...appointment.status_changes].reverse().map((change, index) => (
          <TableRow key={`${change.created_at}-${index}`}>
            <TableCell>
              <StatusLabel status={change.changed_to as AppointmentStatus} />
            </TableCell>
            <TableCell>{formatDayTime(change.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * /practitioner/appointment?appointmentId= (spec 2 §2.1): the appointment, its booking users
 * (health data: the service audits each read), notes, status changes and the actions open to the
 * practitioner; the assigned practitioner also gets the appointment panel (`call-panel`) without the
 * call. Shift managers and super admins reach it from their planning tables.
 */
export function AppointmentPage() {
  const { t } = useTranslation('practitioner');
  const [params] = useSearchParams();
  const id = params.get('appointmentId');
  const session = useCurrentSession();
  usePresenceHeartbeat(session.role.name === 'practitioner');
  const query = useAppointment(id);
  const appointment = query.data;
  const assigned = Boolean(appointment && actsAsPractitioner(appointment, { id: session.user.id, role: session.role.name }));
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('appointment.heading')}
        {appointment?.provider_booking_reference ? ` ${appointment.provider_booking_reference}` : ''}
      </Typography>
      {!id || query.error ? (
        <Alert severity="error">{query.error instanceof ApiError && query.error.status !== 404 ? t('errorFetching') : t('appointment.notFound')}</Alert>
      ) : !appointment ? (
        <PageLoader />
      ) : (
        <>
          <Section title={t('appointment.details')}>
            <Details appointment={appointment} />
          </Section>
          <AppointmentStatusActions appointment={appointment} />
          {assigned && (
            <Box sx={{ maxWidth: 720, mb: 3 }}>
              <AppointmentPanel appointmentId={appointment.id} />
            </Box>
          )}
          <Section title={t('appointment.people')}>
            <BookingUsers people={appointment.booking_users} />
          </Section>
          <Section title={t('appointment.notes')}>
            <Notes appointment={appointment} canWrite={assigned} />
          </Section>
          <Section title={t('appointment.statusChanges')}>
            <StatusChanges appointment={appointment} />
          </Section>
        </>
      )}
    </>
  );
}
