import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BOOKING } from '@vireo/contracts';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { useAllAppointments } from '../api';
import { availabilityByDay, formatDay, type AvailabilityRow } from '../appointments';
import { nextSevenDays } from '../ranges';
import { useTranslation } from 'react-i18next';

/** The whole week in one page: the table adds the days up, it does not page through them. */
const WHOLE_WEEK = { page: 0, pageSize: BOOKING.tooManyResults, sort: null };

/**
 * Availability (spec 2 §2.1): the seven days from tomorrow, each with its working time and the
 * share of it that is booked, as a percentage to 2 decimals.
 */
export function AvailabilityTable({ title: titleGiven }: { title?: string }) {
  const { t } = useTranslation('practitioner');
  const title = titleGiven ?? t('tables.availability');
  const headingId = useId();
  const [days] = useState(() => nextSevenDays(new Date()));
  const query = useAllAppointments({ from: days[0]!.from, to: days[days.length - 1]!.to }, WHOLE_WEEK);
  const rows = useMemo(() => availabilityByDay(query.data?.appointments ?? [], days), [query.data, days]);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography component="h2" variant="h6" id={headingId} gutterBottom>
        {title}
      </Typography>
      {query.error ? (
        <Alert severity="error">{t('errorFetching')}</Alert>
      ) : query.isPending ? (
        <LinearProgress aria-label={`${title}: ${t('loading')}`} />
      ) : (
        <DataTable<AvailabilityRow>
          label={title}
          rows={rows}
          rowKey={(row) => row.day}
          emptyText={t('empty')}
          columns={[
            { id: 'day', label: t('columns.date'), render: (row) => formatDay(days.find((d) => d.day === row.day)!.from), sortValue: (row) => row.day },
            { id: 'offered', label: t('columns.offered'), render: (row) => row.offeredMinutes, sortValue: (row) => row.offeredMinutes },
            { id: 'booked', label: t('columns.booked'), render: (row) => row.bookedMinutes, sortValue: (row) => row.bookedMinutes },
            { id: 'share', label: t('columns.bookedShare'), render: (row) => `${row.bookedPercentage}%`, sortValue: (row) => Number(row.bookedPercentage) },
          ]}
        />
      )}
    </Paper>
  );
}
