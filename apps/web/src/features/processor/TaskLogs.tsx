import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useLogDetail, useLogs, useRerun } from './api';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
export const when = (seconds: number) => timeFormat.format(new Date(seconds * 1000));

interface LogRow {
  id: string;
  created_at: number;
  result: 'queued' | 'running' | 'succeeded' | 'failed' | 'stopped';
  failed_node: string | null;
  reason: string | null;
}

/** One run's details as JSON: init_data, each node's input, output and error, and its log entries. */
function DetailsDialog({ taskId, log, onClose }: { taskId: string; log: LogRow; onClose: () => void }) {
  const { t } = useTranslation('processor');
  const titleId = useId();
  const detail = useLogDetail(taskId, log.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('logs.detailsTitle', { date: when(log.created_at) })}</DialogTitle>
      <DialogContent>
        {detail.isPending && <PageLoader />}
        {detail.isError && <Alert severity="error">{t('logs.contentFailed')}</Alert>}
        {detail.data && (
          <pre tabIndex={0} aria-label={t('logs.detailsTitle', { date: when(log.created_at) })} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 13 }}>
            {JSON.stringify(detail.data, null, 2)}
          </pre>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('logs.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The logs table (spec 3 §2.11): Date, Result, Actions (Rerun, View Details). */
export function TaskLogs({ taskId }: { taskId: string }) {
  const { t } = useTranslation('processor');
  const logs = useLogs(taskId);
  const rerun = useRerun(taskId);
  const [open, setOpen] = useState<LogRow | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const again = (row: LogRow) => {
    setOutcome(null);
    rerun.mutate(row.id, {
      onSuccess: () => setOutcome({ severity: 'success', text: t('logs.rerunQueued') }),
      onError: () => setOutcome({ severity: 'error', text: t('logs.contentFailed') }),
    });
  };

  const columns: DataColumn<LogRow>[] = [
    { id: 'date', label: t('logs.date'), render: (row) => when(row.created_at), sortValue: (row) => row.created_at },
    { id: 'result', label: t('logs.result'), render: (row) => `${t(`logs.results.${row.result}`)}${row.failed_node ? ` (${row.failed_node}: ${row.reason ?? ''})` : ''}` },
    {
      id: 'actions',
      label: t('logs.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => again(row)} disabled={rerun.isPending} aria-label={t('logs.rerunLabel', { date: when(row.created_at) })}>
            {t('logs.rerun')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => setOpen(row)} aria-label={t('logs.detailsLabel', { date: when(row.created_at) })}>
            {t('logs.details')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      {outcome && (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </Alert>
      )}
      {logs.isError && <Alert severity="error">{t('logs.contentFailed')}</Alert>}
      {logs.isPending && <PageLoader />}
      {logs.data && <DataTable label={t('editor.logs')} columns={columns} rows={logs.data} rowKey={(row) => row.id} emptyText={t('logs.empty')} />}
      {open && <DetailsDialog taskId={taskId} log={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
