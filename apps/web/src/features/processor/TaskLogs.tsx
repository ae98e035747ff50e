import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TaskGraph } from '@vireo/contracts';
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

/**
 * Rerun's choice: the whole run, or from a node of the task's current graph (the one a rerun runs on),
 * reusing the stored outputs of the nodes before it.
 */
function RerunDialog({ log, graph, onRerun, onClose }: { log: LogRow; graph: TaskGraph; onRerun: (fromNode: string | null) => void; onClose: () => void }) {
  const { t } = useTranslation('processor');
  const titleId = useId();
  const [whole, setWhole] = useState(true);
  const nodes = graph.nodes.filter((n) => n.kind !== 'event.start');
  const [fromNode, setFromNode] = useState(nodes[0]?.id ?? '');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('logs.rerunTitle', { date: when(log.created_at) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t('logs.rerunIntro')}</Typography>
          <FormControl>
            <RadioGroup aria-labelledby={titleId} value={whole ? 'whole' : 'from'} onChange={(e) => setWhole(e.target.value === 'whole')}>
              <FormControlLabel value="whole" control={<Radio />} label={t('logs.wholeRun')} />
              <FormControlLabel value="from" control={<Radio />} label={t('logs.fromNode')} disabled={nodes.length === 0} />
            </RadioGroup>
          </FormControl>
          {!whole && (
            <TextField select label={t('logs.node')} value={fromNode} onChange={(e) => setFromNode(e.target.value)}>
              {nodes.map((n) => (
                <MenuItem key={n.id} value={n.id}>
                  {t(`kinds.${n.kind}`)} ({n.id})
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('logs.cancel')}</Button>
        <Button variant="contained" onClick={() => onRerun(whole ? null : fromNode)}>
          {t('logs.confirmRerun')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The logs table (spec 3 §2.11): Date, Result, Actions (Rerun, View Details). `graph` is the task's current graph. */
export function TaskLogs({ taskId, graph }: { taskId: string; graph: TaskGraph }) {
  const { t } = useTranslation('processor');
  const logs = useLogs(taskId);
  const rerun = useRerun(taskId);
  const [open, setOpen] = useState<LogRow | null>(null);
  const [rerunning, setRerunning] = useState<LogRow | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const again = (row: LogRow, fromNode: string | null) => {
    setRerunning(null);
    setOutcome(null);
    rerun.mutate({ logId: row.id, fromNode }, {
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
          <Button size="small" variant="outlined" onClick={() => setRerunning(row)} disabled={rerun.isPending} aria-label={t('logs.rerunLabel', { date: when(row.created_at) })}>
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
      {rerunning && <RerunDialog log={rerunning} graph={graph} onRerun={(fromNode) => again(rerunning, fromNode)} onClose={() => setRerunning(null)} />}
    </Stack>
  );
}
