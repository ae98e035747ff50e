import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BOOKING, type AppointmentListItem } from '@vireo/contracts';
import { useId, type ReactNode } from 'react';
import type { ListPage } from '../../appointments';
import { AppointmentsTable, type AppointmentColumnId } from './AppointmentsTable';
import { useTranslation } from 'react-i18next';
import { MessageText } from '../../../lib/messageText';

export interface AppointmentListSectionProps {
  title: string;
  /** The filter bar above the table (a RangeFilterBar), if the list has one. */
  filter?: ReactNode;
  /** The page shown: the service sorts and pages the list. */
  appointments: readonly AppointmentListItem[];
  /** How many matched in all; from 1000 on, a custom range shows the too-many warning. */
  total: number;
  page: ListPage;
  onPageChange: (page: ListPage) => void;
  /** Whether the list's time frame is a custom one (only those warn, spec 2 §2.1). */
  custom: boolean;
  isLoading: boolean;
  /** The failure to show instead of the table ('Error fetching appointments' unless the service said more, in the interface's language). */
  error: string | null;
  columns: readonly AppointmentColumnId[];
  actions?: (appointment: AppointmentListItem) => ReactNode;
}

/** One titled list of the dashboard or planning page: heading, filter bar, warnings and the table. */
export function AppointmentListSection({ title, filter, appointments, total, page, onPageChange, custom, isLoading, error, columns, actions }: AppointmentListSectionProps) {
  const { t } = useTranslation('practitioner');
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography component="h2" variant="h6" id={headingId} gutterBottom>
        {title}
      </Typography>
      {filter}
      {custom && total >= BOOKING.tooManyResults && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('tooMany')}
        </Alert>
      )}
      {error ? (
        <Alert severity="error">
          <MessageText message={error} />
        </Alert>
      ) : isLoading ? (
        <LinearProgress aria-label={`${title}: ${t('loading')}`} />
      ) : (
        <AppointmentsTable label={title} appointments={appointments} total={total} page={page} onPageChange={onPageChange} columns={columns} actions={actions} />
      )}
    </Paper>
  );
}
