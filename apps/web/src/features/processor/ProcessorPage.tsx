import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProcessorTask } from '@vireo/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useCreateTask, useDeleteTask, useEvents, useOrganisations, useTasks, useUpdateTask } from './api';
import { TaskLogs } from './TaskLogs';

/** The add-task form: organisation and event pickers, Add. */
function AddTask() {
  const { t } = useTranslation('processor');
  const organisations = useOrganisations();
  const events = useEvents();
  const create = useCreateTask();
  const [organisation, setOrganisation] = useState('');
  const [event, setEvent] = useState('');
  return (
    <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} aria-label={t('list.addTitle')} onSubmit={(e) => {
      e.preventDefault();
      if (organisation && event) create.mutate({ organisation_id: organisation, event }, { onSuccess: () => setEvent('') });
    }}>
      <TextField select label={t('list.organisation')} value={organisation} onChange={(e) => setOrganisation(e.target.value)} sx={{ minWidth: 220 }} required>
        {(organisations.data ?? []).map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('list.event')} value={event} onChange={(e) => setEvent(e.target.value)} sx={{ minWidth: 260 }} required>
        {(events.data ?? []).map((e) => (
          <MenuItem key={e.key} value={e.key}>
            {e.key}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" loading={create.isPending} disabled={!organisation || !event}>
        {t('list.add')}
      </Button>
      {create.isError && <Alert severity="error">{create.error.message}</Alert>}
    </Stack>
  );
}

/** The task run-log, full screen. */
function LogsDialog({ task, onClose }: { task: ProcessorTask; onClose: () => void }) {
  const { t } = useTranslation('processor');
  const titleId = useId();
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('list.logsTitle', { event: task.event, organisation: task.organisation_name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <TaskLogs taskId={task.id} graph={task.task} />
          <Button onClick={onClose} sx={{ alignSelf: 'flex-start' }}>
            {t('list.close')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** /super_admin/processor: the tasks (Event, Organisation, Description, Enabled, Edit, Delete), the add-task form and each task's run log. */
export function ProcessorPage() {
  const { t } = useTranslation(['processor', 'common']);
  const tasks = useTasks();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [deleting, setDeleting] = useState<ProcessorTask | null>(null);
  const [logsOf, setLogsOf] = useState<ProcessorTask | null>(null);
  const names = (row: ProcessorTask) => ({ event: row.event, organisation: row.organisation_name });
  const columns: DataColumn<ProcessorTask>[] = [
    { id: 'event', label: t('list.event'), render: (row) => row.event, sortValue: (row) => row.event },
    { id: 'organisation', label: t('list.organisation'), render: (row) => row.organisation_name, sortValue: (row) => row.organisation_name },
    { id: 'description', label: t('list.description'), render: (row) => row.description },
    {
      id: 'enabled',
      label: t('list.enabled'),
      render: (row) => (
        <FormControlLabel
          label={<VisuallyHidden>{t('list.enabledLabel', names(row))}</VisuallyHidden>}
          control={<Switch checked={row.enabled} onChange={(e) => update.mutate({ id: row.id, body: { enabled: e.target.checked } })} />}
        />
      ),
    },
    {
      id: 'actions',
      label: t('list.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" component={RouterLink} to={`/super_admin/processor/edit/${row.id}`} aria-label={t('list.editLabel', names(row))}>
            {t('list.edit')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => setLogsOf(row)} aria-label={t('list.logsLabel', names(row))}>
            {t('list.logs')}
          </Button>
          <Button size="small" color="error" variant="outlined" onClick={() => setDeleting(row)} aria-label={t('list.deleteLabel', names(row))}>
            {t('list.delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.processor')}
        </Typography>
        <Typography>{t('list.intro')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/super_admin/processor/templates" variant="outlined">
            {t('templates.open')}
          </Button>
          <Button component={RouterLink} to="/super_admin/processor/lab-connections" variant="outlined">
            {t('labs.open')}
          </Button>
        </Stack>
        <Typography component="h2" variant="h6">
          {t('list.addTitle')}
        </Typography>
        <AddTask />
        {update.isError && <Alert severity="error">{update.error.message}</Alert>}
        <QueryState query={tasks}>{(rows) => <DataTable label={t('common:titles.processor')} columns={columns} rows={rows} rowKey={(row) => row.id} emptyText={t('list.empty')} />}</QueryState>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteMessage')}
        confirmLabel={t('list.delete')}
        cancelLabel={t('list.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
      {logsOf && <LogsDialog task={logsOf} onClose={() => setLogsOf(null)} />}
    </Paper>
  );
}
