import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
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
import { ServiceName } from '../../appointments';
import { addNote, useAppointment, useRefreshBooking } from '../api';
import { actsAsPractitioner, formatDay, formatDayTime, statusLabel } from '../appointments';
import { AppointmentStatusActions } from '../components/AppointmentStatusActions';
import { usePresenceHeartbeat } from '../components/PractitionerWorkspace';
import { TEXT } from '../texts';

const T = TEXT.appointment;
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
  const rows: [string, ReactNode][] = [
    [T.start, formatDayTime(appointment.start_time)],
    [T.end, formatDayTime(appointment.end_time)],
    [T.type, <ServiceName code={appointment.type} />],
    [T.testType, appointment.test_type],
    [T.status, statusLabel(appointment.status)],
    [T.language, appointment.language],
    [T.reference, appointment.provider_booking_reference ?? ''],
    [T.practitioner, appointment.practitioner?.user_name ?? ''],
    [T.paid, appointment.paid ? T.yes : T.no],
  ];
  return (
    <Table size="small" aria-label={T.details}>
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
  if (people.length === 0) return <Typography>{TEXT.empty}</Typography>;
  return (
    <Table size="small" aria-label={T.people}>
      <TableHead>
        <TableRow>
          {[T.name, T.email, T.phone, T.dateOfBirth, T.sex, T.address].map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {people.map((p) => (
          <TableRow key={p.id}>
            <TableCell>
              {p.first_name} {p.last_name}
              {p.minor ? ` (${T.minor})` : ''}
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
  const { showToast } = useToast();
  const refresh = useRefreshBooking();
  const form = useForm<NoteInput>({ resolver: zodResolver(NoteRequest), defaultValues: { content: '' } });
  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await addNote(appointment.id, content);
      showToast(T.noteSaved, 'success');
      form.reset({ content: '' });
      await refresh();
    } catch (error) {
      if (!setServerFieldErrors(error, form.setError, ['content'])) showToast(error instanceof Error ? error.message : TEXT.errorFetching, 'error');
    }
  });
  const error = form.formState.errors.content?.message;
  return (
    <>
      {appointment.notes.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{T.noNotes}</Typography>
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
          <TextField label={T.note} multiline minRows={2} {...form.register('content')} error={Boolean(error)} helperText={error} />
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
            {T.addNote}
          </Button>
        </Stack>
      )}
    </>
  );
}

function StatusChanges({ appointment }: { appointment: Appointment }) {
  return (
    <Table size="small" aria-label={T.statusChanges}>
      <TableHead>
        <TableRow>
          <TableCell>{T.changedTo}</TableCell>
          <TableCell>{T.changedAt}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...appointment.status_changes].reverse().map((change, index) => (
          <TableRow key={`${change.created_at}-${index}`}>
            <TableCell>{statusLabel(change.changed_to as AppointmentStatus)}</TableCell>
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
 * practitioner. Shift managers and super admins reach it from their planning tables.
 */
export function AppointmentPage() {
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
        {T.heading}
        {appointment?.provider_booking_reference ? ` ${appointment.provider_booking_reference}` : ''}
      </Typography>
      {!id || query.error ? (
        <Alert severity="error">{query.error instanceof ApiError && query.error.status !== 404 ? TEXT.errorFetching : T.notFound}</Alert>
      ) : !appointment ? (
        <PageLoader />
      ) : (
        <>
          <Section title={T.details}>
            <Details appointment={appointment} />
          </Section>
          <AppointmentStatusActions appointment={appointment} />
          <Section title={T.people}>
            <BookingUsers people={appointment.booking_users} />
          </Section>
          <Section title={T.notes}>
            <Notes appointment={appointment} canWrite={assigned} />
          </Section>
          <Section title={T.statusChanges}>
            <StatusChanges appointment={appointment} />
          </Section>
        </>
      )}
    </>
  );
}
