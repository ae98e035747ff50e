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
import { type MyAppointmentsResponse, type MyAppointment } from '@vireo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api';
import { Link as RouterLink } from 'react-router';
import { StatusLabel, useServiceName } from '../../appointments';
import { formatDate, formatTime, zoneLabel } from '../../booking';
import { QueryState } from '../../../components/QueryState';

/**
 * The patient's own bookings, upcoming and past (GET /api/booking/mine). Here rather than in the
 * patient api module, so the dashboard (which loads that module) never loads the booking schemas.
 */
function useMyAppointments() {
  return useQuery({
    queryKey: ['booking', 'mine'],
    queryFn: ({ signal }) => apiRequest<typeof MyAppointmentsResponse>('/api/booking/mine', { signal }),
  });
}

/** "Monday, 2 March 2027, 09:00 Europe/Berlin (CET)": in the appointment's own zone, naming it. */
function when(appointment: MyAppointment, locale: string): string {
  if (appointment.start_time === null) return '';
  const { start_time: start, tz_location: zone } = appointment;
  return `${formatDate(start, zone, locale)}, ${formatTime(start, zone, locale)} ${zoneLabel(zone, start)}`;
}

function AppointmentTable({ heading, empty, rows }: { heading: string; empty: string; rows: MyAppointment[] }) {
  const headingId = useId();
  const service = useServiceName();
  const { t, i18n } = useTranslation('patient');
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-GB';
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} component="h2" variant="h6">
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{empty}</Typography>
      ) : (
        <TableContainer>
          <Table aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('appointments.service')}</TableCell>
                <TableCell>{t('appointments.when')}</TableCell>
                <TableCell>{t('appointments.status')}</TableCell>
                <TableCell>{t('appointments.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{service(row.type)}</TableCell>
                  <TableCell>{when(row, locale)}</TableCell>
                  <TableCell>
                    <StatusLabel status={row.status} />
                  </TableCell>
                  <TableCell>
                    {row.manage_link && (
                      <Button
                        variant="outlined"
                        size="small"
                        component={RouterLink}
                        to={row.manage_link}
                        aria-label={t('appointments.manageLabel', { service: service(row.type), when: when(row, locale) })}
                      >
                        {t('appointments.manage')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/**
 * /patient/appointments: the patient's own bookings, upcoming and past, each with its service's
 * product name, its time in its own zone, its status and Manage (the booking's link, while it
 * works). Join comes with the video appointment pages.
 */
export function MyAppointmentsPage() {
  const { t } = useTranslation(['patient', 'common']);
  const appointments = useMyAppointments();
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4">
          {t('common:titles.myAppointments')}
        </Typography>
        <QueryState query={{ ...appointments, error: appointments.isError ? new Error(t('appointments.error')) : null }}>
          {(data) => (
            <>
              <AppointmentTable heading={t('appointments.upcoming')} empty={t('appointments.noneUpcoming')} rows={data.upcoming} />
              <AppointmentTable heading={t('appointments.past')} empty={t('appointments.nonePast')} rows={data.past} />
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
