import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOGISTICS_MSG, type DropboxReceipt, type RECEIPT_SORT_COLUMNS } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useMessageText } from '../../lib/messageText';
import { useDropboxReceipts } from './api';
import { dateParam, londonDateTime } from './dates';
import { PICKUPS_LIST_PATH } from './paths';

type ReceiptField = (typeof RECEIPT_SORT_COLUMNS)[number];

/** A missed receipt's row: red (a pale red ground, dark red text: 4.5:1 and more). */
const MISSED_ROW = { bgcolor: '#fdecea', '& td': { color: '#8e1b1b' } } as const;

/**
 * /super_admin/dropbox-receipts/{id}?date= (logistics.manage): the dropbox's receipts expected that
 * day (spec 3 §2.8) — Order Reference No., Kit ID, Collection Time — with a date picker; a receipt
 * nobody collected in time is marked missed, in red.
 */
export function DropboxReceiptsPage() {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const date = dateParam(params.get('date'));
  const [view, setView] = useState<TableView<ReceiptField>>(FIRST_VIEW);
  const receipts = useDropboxReceipts(id, date, view);

  const columns: DataColumn<DropboxReceipt, ReceiptField>[] = [
    { id: 'reference', label: t('receipts.reference'), sortField: 'order_reference', render: (r) => r.order_reference },
    { id: 'kit', label: t('receipts.kit'), sortField: 'kit_id', render: (r) => r.kit_id },
    {
      id: 'time',
      label: t('receipts.time'),
      sortField: 'collection_time',
      render: (r) => (r.missed ? <Chip size="small" color="error" label={t('receipts.missed')} /> : r.collection_time === null ? t('receipts.notCollected') : londonDateTime(r.collection_time)),
    },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Button component={RouterLink} to={`${PICKUPS_LIST_PATH}?date=${date}`} sx={{ alignSelf: 'flex-start' }}>
          {t('receipts.back')}
        </Button>
        <Typography component="h1" variant="h4">
          {t('receipts.title')}
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
        {receipts.isError ? (
          <Alert severity="error">{messageText(LOGISTICS_MSG.fetchReceipts)}</Alert>
        ) : receipts.data ? (
          <ServerDataTable
            label={t('receipts.label')}
            columns={columns}
            rows={receipts.data.data}
            rowKey={(r) => r.id}
            rowSx={(r) => (r.missed ? MISSED_ROW : undefined)}
            emptyText={messageText(LOGISTICS_MSG.emptyReceipts)}
            total={receipts.data.total}
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
