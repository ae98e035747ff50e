import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dropbox } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { downloadQrSheet, useDropboxes, useDropboxMutations } from './api';
import { DropboxTabs } from './DropboxTabs';
import { DROPBOX_CREATE_PATH, dropboxPath } from './paths';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /super_admin/dropbox-list (logistics.manage): the Dropbox Table (spec 3 §2.8) — name, city, and per
 * row View, Activate/Deactivate and Download QR (the printable sheet); Deactivate all; Create Dropbox.
 * The second tab of the dropbox management, beside the pickups list.
 */
export function DropboxListPage() {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const dropboxes = useDropboxes();
  const { switchOne, switchAll } = useDropboxMutations();
  const busy = switchOne.isPending || switchAll.isPending;
  const toastError = (error: unknown) => showToast(messageText(messageOf(error)), 'error');

  const flip = (dropbox: Dropbox) =>
    switchOne.mutate({ id: dropbox.id, active: !dropbox.active }, { onSuccess: (answer) => showToast(messageText(answer.message ?? ''), 'success'), onError: toastError });
  const deactivateAll = () => switchAll.mutate(false, { onSuccess: (answer) => showToast(messageText(answer.message), 'success'), onError: toastError });
  const download = (dropbox: Dropbox) => downloadQrSheet(dropbox.id).catch(() => showToast(t('list.downloadFailed'), 'error'));

  const columns: DataColumn<Dropbox>[] = [
    { id: 'name', label: t('list.name'), render: (d) => d.facility.name, sortValue: (d) => d.facility.name.toLowerCase() },
    { id: 'city', label: t('list.city'), render: (d) => d.facility.city, sortValue: (d) => d.facility.city.toLowerCase() },
    {
      id: 'status',
      label: t('list.status'),
      render: (d) => <Chip size="small" label={d.active ? t('list.active') : t('list.inactive')} color={d.active ? 'success' : 'default'} />,
      sortValue: (d) => (d.active ? 0 : 1),
    },
    {
      id: 'actions',
      label: t('list.actions'),
      render: (d) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" component={RouterLink} to={dropboxPath(d.id)} aria-label={t('list.viewLabel', { name: d.facility.name })}>
            {t('list.view')}
          </Button>
          <Button size="small" color={d.active ? 'warning' : 'success'} disabled={busy} onClick={() => flip(d)} aria-label={t(d.active ? 'list.deactivateLabel' : 'list.activateLabel', { name: d.facility.name })}>
            {d.active ? t('list.deactivate') : t('list.activate')}
          </Button>
          <Button size="small" onClick={() => void download(d)} aria-label={t('list.downloadLabel', { name: d.facility.name })}>
            {t('list.download')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 3 }}>
      <DropboxTabs current="dropboxes" />
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography component="h1" variant="h4">
            {t('list.title')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" color="warning" disabled={busy || !dropboxes.data?.some((d) => d.active)} onClick={deactivateAll}>
              {t('list.deactivateAll')}
            </Button>
            <Button variant="contained" component={RouterLink} to={DROPBOX_CREATE_PATH}>
              {t('list.create')}
            </Button>
          </Stack>
        </Stack>
        <QueryState query={dropboxes} errorText={t('list.error')}>
          {(rows) => <DataTable label={t('list.label')} columns={columns} rows={rows} rowKey={(d) => d.id} emptyText={t('list.empty')} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}
