import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BOOKED_STATUSES, BOOKING, BOOKING_MSG, EMPTY_TEXT, MSG, type MyAppointment } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { StatusLabel, useServiceName } from '../appointments';
import { formatDate, formatTime, zoneLabel } from '../booking';
import { useDeleteAppointment, useMyAppointments } from './api';
import { joinPath, editPath } from './paths';

const HOUR_MS = 3_600_000;

/** Whether the appointment starts within the 24 hours in which deleting only notifies the practitioner (spec 2 §4.2). */
function withinCutoff(appointment: MyAppointment, nowMs: number): boolean {
  return appointment.start_time !== null && appointment.start_time * 1000 - nowMs <= BOOKING.editCutoffHours * HOUR_MS;
}

function when(appointment: MyAppointment, locale: string): string {
  if (appointment.start_time === null) return '';
  const { start_time: start, tz_location: zone } = appointment;
  return `${formatDate(start, zone, locale)}, ${formatTime(start, zone, locale)} ${zoneLabel(zone, start)}`;
}

/**
 * /b2c/appointments: the customer's upcoming appointments with Join (the video landing page), Edit
 * (/b2c/edit-appointment, the customer-edit mode of /booking/edit) and Delete: more than 24 hours
 * before the start the time is freed; within 24 hours the dialog warns that deleting only notifies
 * the practitioner. 'No appointments to display' when there are none.
 */
export function B2cAppointmentsPage() {
  const { t, i18n } = useTranslation(['b2c', 'common']);
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-GB';
  const messageText = useMessageText();
  const service = useServiceName();
  const { showToast } = useToast();
  const appointments = useMyAppointments();
  const remove = useDeleteAppointment();
  const [deleting, setDeleting] = useState<{ appointment: MyAppointment; late: boolean } | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.appointment.id, {
      onSuccess: (answer) => {
        showToast(messageText(answer.message), answer.warning ? 'warning' : 'success');
        setDeleting(null);
      },
      onError: () => {
        showToast(messageText(MSG.somethingWentWrongShort), 'error');
        setDeleting(null);
      },
    });
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.myAppointments')}
        </Typography>
        <QueryState query={appointments} empty={messageText(EMPTY_TEXT.appointments)} isEmpty={(data) => data.upcoming.length === 0}>
          {(data) => (
            <TableContainer>
              <Table aria-label={t('appointments.label')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('appointments.service')}</TableCell>
                    <TableCell>{t('appointments.when')}</TableCell>
                    <TableCell>{t('appointments.status')}</TableCell>
                    <TableCell>{t('appointments.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.upcoming.map((row) => {
                    const name = `${service(row.type)}, ${when(row, locale)}`;
                    const booked = row.status !== null && (BOOKED_STATUSES as readonly string[]).includes(row.status);
                    return (
                      <TableRow key={row.id}>
                        <TableCell>{service(row.type)}</TableCell>
                        <TableCell>{when(row, locale)}</TableCell>
                        <TableCell>
                          <StatusLabel status={row.status} />
                        </TableCell>
                        <TableCell>
                          {booked && row.short_token && (
                            <Stack direction="row" spacing={1}>
                              <Button size="small" variant="contained" component={RouterLink} to={joinPath(row.id, row.short_token)} aria-label={t('appointments.joinLabel', { name })}>
                                {t('appointments.join')}
                              </Button>
                              <Button size="small" variant="outlined" component={RouterLink} to={editPath(row.id, row.short_token, row.type)} aria-label={t('appointments.editLabel', { name })}>
                                {t('appointments.edit')}
                              </Button>
                              <Button
                                size="small"
                                variant="outlined"
                                color="error"
                                onClick={() => setDeleting({ appointment: row, late: withinCutoff(row, Date.now()) })}
                                aria-label={t('appointments.deleteLabel', { name })}
                              >
                                {t('appointments.delete')}
                              </Button>
                            </Stack>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('appointments.deleteTitle')}
        message={deleting?.late ? messageText(BOOKING_MSG.within24Hours) : t('appointments.deleteInTime')}
        confirmLabel={t('appointments.confirmDelete')}
        cancelLabel={t('appointments.keep')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  );
}
