import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Pickup, PICKUP_SORT_COLUMNS } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { usePickups } from './api';
import { dateParam, londonDateTime } from './dates';
import { DropboxTabs } from './DropboxTabs';
import { dropboxReceiptsPath } from './paths';

type PickupField = (typeof PICKUP_SORT_COLUMNS)[number];

/**
 * /super_admin/pickups-list (logistics.manage): the Pickups Table of a day (spec 3 §2.8) — each
 * dropbox's receipts expected that day, how many were collected and the first collection — paged
 * and sorted on the server; View opens the dropbox's receipts of that day. The day is in the URL.
 */
export function PickupsPage() {
  const { t } = useTranslation('logistics');
  const [params, setParams] = useSearchParams();
  const date = dateParam(params.get('date'));
  const [view, setView] = useState<TableView<PickupField>>(FIRST_VIEW);
  const pickups = usePickups(date, view);

  const columns: DataColumn<Pickup, PickupField>[] = [
    { id: 'name', label: t('pickups.name'), sortField: 'name', render: (p) => p.name },
    { id: 'city', label: t('pickups.city'), sortField: 'city', render: (p) => p.city },
    { id: 'date', label: t('pickups.date'), render: (p) => p.expected_dropoff_date },
    { id: 'expected', label: t('pickups.expected'), sortField: 'expected', render: (p) => p.expected_count },
    { id: 'collected', label: t('pickups.collected'), sortField: 'collected', render: (p) => p.found_count },
    { id: 'time', label: t('pickups.time'), sortField: 'collection_time', render: (p) => (p.collection_time === null ? '—' : londonDateTime(p.collection_time)) },
    {
      id: 'actions',
      label: t('pickups.actions'),
      render: (p) => (
        <Button size="small" variant="outlined" component={RouterLink} to={dropboxReceiptsPath(p.dropbox_id, date)} aria-label={t('pickups.viewLabel', { name: p.name })}>
          {t('pickups.view')}
        </Button>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <DropboxTabs current="pickups" />
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('pickups.title')}
        </Typography>
        <TextField
          label={t('pickups.day')}
          type="date"
          value={date}
          onChange={(event) => {
            if (!event.target.value) return;
            setParams({ date: event.target.value }, { replace: true });
            setView((current) => ({ ...current, page: 0 }));
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 220 }}
        />
        {pickups.isError ? (
          <Alert severity="error">{t('pickups.error')}</Alert>
        ) : pickups.data ? (
          <ServerDataTable
            label={t('pickups.label')}
            columns={columns}
            rows={pickups.data.data}
            rowKey={(p) => p.dropbox_id}
            emptyText={t('pickups.empty')}
            total={pickups.data.total}
            view={view}
            onViewChange={setView}
          />
        ) : (
          <PageLoader />
        )}
      </Stack>
    </Paper>
  );
}
