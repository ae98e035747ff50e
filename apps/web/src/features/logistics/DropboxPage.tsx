import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dropbox } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useMessageText } from '../../lib/messageText';
import { useDropbox, useDropboxMutations } from './api';
import { DropboxFields, dropboxFormValues, dropboxRequest, setDropboxErrors, useDropboxForm } from './DropboxForm';
import { DROPBOX_LIST_PATH, dropboxPath } from './paths';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function BackLink() {
  const { t } = useTranslation('logistics');
  return (
    <Button component={RouterLink} to={DROPBOX_LIST_PATH} sx={{ alignSelf: 'flex-start' }}>
      {t('form.back')}
    </Button>
  );
}

/** /super_admin/dropbox/create: the facility and opening times (08:00–20:00 every day to start with); a created dropbox opens with its message. */
export function DropboxCreatePage() {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { create } = useDropboxMutations();
  const form = useDropboxForm();
  const submit = form.handleSubmit((values) =>
    create.mutate(dropboxRequest(values), {
      onSuccess: (answer) => void navigate(dropboxPath(answer.data.id), { state: { banner: answer.message } }),
      onError: (error) => {
        if (!setDropboxErrors(error, form)) showToast(messageText(messageOf(error)), 'error');
      },
    }),
  );
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <BackLink />
        <Typography component="h1" variant="h4">
          {t('form.createTitle')}
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('form.createTitle')}>
          <Stack spacing={3}>
            <DropboxFields form={form} />
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={create.isPending}>
                {t('form.create')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function DropboxView({ dropbox, initialBanner }: { dropbox: Dropbox; initialBanner: string | null }) {
  const { t } = useTranslation('logistics');
  const messageText = useMessageText();
  const { showToast } = useToast();
  const { replace } = useDropboxMutations();
  const form = useDropboxForm(dropbox);
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState(initialBanner);
  const toggle = () => {
    if (editing) form.reset(dropboxFormValues(dropbox));
    setEditing(!editing);
    setBanner(null);
  };
  const submit = form.handleSubmit((values) =>
    replace.mutate(
      { id: dropbox.id, body: dropboxRequest(values) },
      {
        onSuccess: (answer) => {
          form.reset(dropboxFormValues(answer.data));
          setEditing(false);
          setBanner(answer.message ?? null);
        },
        onError: (error) => {
          if (!setDropboxErrors(error, form)) showToast(messageText(messageOf(error)), 'error');
        },
      },
    ),
  );
  return (
    <Stack spacing={2}>
      {banner && (
        <Alert severity="success" role="status">
          {messageText(banner)}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography component="h1" variant="h4">
            {dropbox.facility.name}
          </Typography>
          <Chip size="small" label={dropbox.active ? t('form.active') : t('form.inactive')} color={dropbox.active ? 'success' : 'default'} />
        </Stack>
        <Button variant="outlined" onClick={toggle}>
          {editing ? t('form.cancel') : t('form.edit')}
        </Button>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={dropbox.facility.name}>
        <Stack spacing={3}>
          <DropboxFields key={String(editing)} form={form} readOnly={!editing} />
          {editing && (
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={replace.isPending}>
                {t('form.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

/** /super_admin/dropbox/{id}: the dropbox in view mode, Edit/Cancel, Save. */
export function DropboxPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const dropbox = useDropbox(id);
  const initialBanner = (location.state as { banner?: string } | null)?.banner ?? null;
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <BackLink />
        <QueryState query={dropbox}>{(data) => <DropboxView key={data.id} dropbox={data} initialBanner={initialBanner} />}</QueryState>
      </Stack>
    </Paper>
  );
}
