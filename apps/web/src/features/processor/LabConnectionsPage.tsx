import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LabConnectionRequest, type LabConnection } from '@vireo/contracts';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z, type input } from 'zod';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { bothQueries, QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { useToast } from '../../components/toast/toastContext';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { setServerFieldErrors } from '../../lib/fieldErrors';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { useDeleteLabConnection, useLabConnections, useOrganisations, useSaveLabConnection } from './api';

/**
 * The form's schema is the request's: an empty credential field means none given (on a change, keep
 * the one there is), and `remove_credential` sends `null` instead.
 */
const LabConnectionForm = LabConnectionRequest.extend({
  credential: z.preprocess((typed) => (typed === '' ? undefined : typed), LabConnectionRequest.shape.credential),
  remove_credential: z.boolean(),
});
type Values = input<typeof LabConnectionForm>;
type Output = z.output<typeof LabConnectionForm>;
const FIELDS: FieldPath<Values>[] = ['organisation_id', 'name', 'base_url', 'credential'];

type Row = LabConnection & { organisation_name: string };

/** The create/edit dialog: organisation (fixed once made), name, base URL and the write-only credential. */
function ConnectionDialog({ connection, organisations, onClose }: { connection: Row | null; organisations: { id: string; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation('processor');
  const messageText = useMessageText();
  const titleId = useId();
  const { showToast } = useToast();
  const save = useSaveLabConnection();
  const { control, handleSubmit, setError, setValue } = useForm<Values, unknown, Output>({
    resolver: zodResolver(LabConnectionForm),
    defaultValues: {
      organisation_id: connection?.organisation_id ?? (organisations.length === 1 ? organisations[0]!.id : ''),
      name: connection?.name ?? '',
      base_url: connection?.base_url ?? '',
      credential: '',
      remove_credential: false,
    },
  });
  const removing = useWatch({ control, name: 'remove_credential' });
  const submit = handleSubmit(({ remove_credential, credential, ...rest }) =>
    save.mutate(
      { id: connection?.id ?? null, body: { ...rest, credential: remove_credential ? null : credential } },
      {
        onSuccess: () => {
          showToast(t(connection ? 'labs.saved' : 'labs.created'), 'success');
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldErrors(error, setError, FIELDS)) showToast(messageText(error.message), 'error');
        },
      },
    ),
  );
  const credentialHelp = connection?.has_credential ? (removing ? t('labs.credentialRemoved') : t('labs.credentialKept')) : t('labs.credentialHelp');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{connection ? t('labs.editTitle', { name: connection.name }) : t('labs.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextInput required select control={control} name="organisation_id" label={t('labs.organisation')} disabled={connection !== null}>
              {organisations.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextInput>
            <TextInput required control={control} name="name" label={t('labs.name')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextInput required control={control} name="base_url" label={t('labs.baseUrl')} type="url" autoComplete="off" helperText={t('labs.baseUrlHelp')} slotProps={{ htmlInput: { maxLength: 2000 } }} />
            <TextInput
              control={control}
              name="credential"
              label={t('labs.credential')}
              type="password"
              autoComplete="new-password"
              disabled={removing}
              helperText={credentialHelp}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {connection?.has_credential && (
              <Controller
                control={control}
                name="remove_credential"
                render={({ field }) => (
                  <FormControlLabel
                    label={t('labs.removeCredential')}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(e) => {
                          field.onChange(e.target.checked);
                          if (e.target.checked) setValue('credential', '');
                        }}
                      />
                    }
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('labs.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t(connection ? 'labs.save' : 'labs.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * /super_admin/processor/lab-connections: the lab connections the lab-order node posts to (one
 * organisation's base URL and credential each). The credential is written, never read back: the
 * table says only whether there is one.
 */
export function LabConnectionsPage() {
  const { t } = useTranslation(['processor', 'common']);
  const connections = useLabConnections();
  const organisations = useOrganisations();
  const remove = useDeleteLabConnection();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const confirmedDelete = useConfirmedDelete<Row, unknown>({
    remove,
    title: (row) => t('labs.deleteTitle', { name: row.name }),
    message: t('labs.deleteMessage'),
    confirmLabel: t('labs.delete'),
    cancelLabel: t('labs.cancel'),
    deleted: () => t('labs.deleted'),
  });
  const columns: DataColumn<Row>[] = [
    { id: 'name', label: t('labs.name'), render: (row) => row.name, sortValue: (row) => row.name },
    { id: 'organisation', label: t('labs.organisation'), render: (row) => row.organisation_name, sortValue: (row) => row.organisation_name },
    { id: 'base_url', label: t('labs.baseUrl'), render: (row) => row.base_url },
    { id: 'credential', label: t('labs.credential'), render: (row) => t(row.has_credential ? 'labs.set' : 'labs.notSet') },
    {
      id: 'actions',
      label: t('labs.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => setEditing(row)} aria-label={t('labs.editLabel', { name: row.name })}>
            {t('labs.edit')}
          </Button>
          <Button size="small" color="error" variant="outlined" onClick={() => confirmedDelete.ask(row)} aria-label={t('labs.deleteLabel', { name: row.name })}>
            {t('labs.delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Button component={RouterLink} to="/super_admin/processor" sx={{ alignSelf: 'flex-start' }}>
          {t('labs.back')}
        </Button>
        <Typography component="h1" variant="h4">
          {t('common:titles.processorLabConnections')}
        </Typography>
        <Typography>{t('labs.intro')}</Typography>
        <QueryState query={bothQueries(connections, organisations)} errorText={t('labs.loadFailed')}>
          {([rows, orgs]) => {
            const named = rows.map((row) => ({ ...row, organisation_name: orgs.find((o) => o.id === row.organisation_id)?.name ?? '' }));
            return (
              <>
                <Button variant="contained" onClick={() => setEditing('new')} sx={{ alignSelf: 'flex-start' }}>
                  {t('labs.add')}
                </Button>
                <DataTable label={t('common:titles.processorLabConnections')} columns={columns} rows={named} rowKey={(row) => row.id} emptyText={t('labs.empty')} />
                {editing && <ConnectionDialog key={editing === 'new' ? 'new' : editing.id} connection={editing === 'new' ? null : editing} organisations={orgs} onClose={() => setEditing(null)} />}
              </>
            );
          }}
        </QueryState>
      </Stack>
      {confirmedDelete.dialog}
    </Paper>
  );
}
