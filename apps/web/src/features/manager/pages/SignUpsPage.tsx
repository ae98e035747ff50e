import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Registration } from '@vireo/contracts';
import { useEffect, useMemo } from 'react';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { useRegistrations } from '../api';
import { InviteForm } from '../components/InviteForm';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const columns = (t: TFunction<'manager'>): DataColumn<Registration>[] => [
  { id: 'email', label: t('signUps.email'), render: (row) => row.email, sortValue: (row) => row.email },
  {
    id: 'registered',
    label: t('signUps.registered'),
    render: (row) =>
      row.status === 'pending' ? (
        <CloseIcon color="error" titleAccess={t('signUps.pending')} />
      ) : (
        <CheckIcon color="success" titleAccess={t('signUps.registered')} />
      ),
    sortValue: (row) => (row.status === 'pending' ? 0 : 1),
  },
];

/** /manager/sign-ups: who was invited and who has registered, and the invitation form. */
export function SignUpsPage() {
  const { t } = useTranslation('manager');
  const tableColumns = useMemo(() => columns(t), [t]);
  const { showToast } = useToast();
  const registrations = useRegistrations();
  useEffect(() => {
    if (registrations.isError) showToast(t('signUps.error'), 'error');
    else if (registrations.isSuccess) showToast(t('signUps.retrieved'), 'success');
  }, [registrations.isError, registrations.isSuccess, registrations.dataUpdatedAt, showToast, t]);

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography component="h1" variant="h4">
            {t('signUps.heading')}
          </Typography>
          {registrations.isPending ? (
            <PageLoader />
          ) : (
            <DataTable label={t('signUps.heading')} columns={tableColumns} rows={registrations.data ?? []} rowKey={(row) => row.id} emptyText={t('signUps.empty')} />
          )}
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="invite-heading" sx={{ p: 3 }}>
        <Typography id="invite-heading" component="h2" variant="h5" gutterBottom>
          {t('invite.heading')}
        </Typography>
        <InviteForm />
      </Paper>
    </Stack>
  );
}
