import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GRANTABLE_PERMISSION_NAMES,
  type PermissionAccountResponse,
  type PermissionAccountsResponse,
  type GrantablePermission,
  type PermissionAccount,
} from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { apiRequest } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { useDebounced } from '../../lib/useDebounced';

const QUERY_KEY = ['permission-accounts'] as const;

function useAccounts(view: TableView<'name' | 'email'>, q: string) {
  const params = new URLSearchParams({ limit: String(view.pageSize), offset: String(view.page * view.pageSize) });
  if (view.sort) params.set('sort', `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.key}`);
  if (q) params.set('q', q);
  return useQuery({
    queryKey: [...QUERY_KEY, params.toString()],
    queryFn: ({ signal }) => apiRequest<typeof PermissionAccountsResponse>(`/api/permissions/accounts?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}


/**
 * /super_admin/permissions (permissions.manage): the accounts that may hold the granted permissions,
 * a page at a time, searchable by name or e-mail, one switch per permission. A change holds at once;
 * the server keeps permissions.manage with its last holder and says so.
 */
export function PermissionsPage() {
  const { t } = useTranslation('permissions');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [view, setView] = useState<TableView<'name' | 'email'>>(FIRST_VIEW);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const accounts = useAccounts(view, q);
  const setGrant = useSubmitMutation({
    mutationFn: ({ account, permission, granted }: { account: PermissionAccount; permission: GrantablePermission; granted: boolean }) =>
      apiRequest<typeof PermissionAccountResponse>(`/api/permissions/accounts/${account.id}/${permission}`, { method: 'PUT', body: { granted } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEY }), queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })]),
  });

  const nameOf = (account: PermissionAccount) => `${account.first_name} ${account.last_name}`;
  const flip = (account: PermissionAccount, permission: GrantablePermission, granted: boolean) =>
    setGrant.mutate(
      { account, permission, granted },
      {
        onSuccess: () => showToast(t(granted ? 'granted' : 'revoked', { permission: t(`names.${permission}`), name: nameOf(account) }), 'success'),
        onError: (error) => showToast(error.message, 'error'),
      },
    );

  const columns: DataColumn<PermissionAccount, 'name' | 'email'>[] = [
    {
      id: 'account',
      label: t('account'),
      sortField: 'name',
      render: (account) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {nameOf(account)}
            {account.disabled ? ` (${t('disabled')})` : ''}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {account.email}
          </Typography>
        </Box>
      ),
    },
    ...GRANTABLE_PERMISSION_NAMES.map((permission) => ({
      id: permission,
      label: t(`names.${permission}`),
      render: (account: PermissionAccount) => {
        const held = account.grants.includes(permission);
        return (
          <Switch
            checked={held}
            disabled={setGrant.isPending}
            onChange={() => flip(account, permission, !held)}
            slotProps={{ input: { 'aria-label': t('switchLabel', { permission: t(`names.${permission}`), name: nameOf(account) }) } }}
          />
        );
      },
    })),
  ];

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {t('title')}
      </Typography>
      <Typography>{t('intro')}</Typography>
      <TextField
        label={t('search')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setView((current) => ({ ...current, page: 0 }));
        }}
        sx={{ maxWidth: 420 }}
      />
      <Paper sx={{ p: 2 }}>
        {accounts.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('error')}
          </Alert>
        ) : accounts.data ? (
          <ServerDataTable
            label={t('label')}
            columns={columns}
            rows={accounts.data.accounts}
            rowKey={(account) => account.id}
            emptyText={t('empty')}
            total={accounts.data.total}
            view={view}
            onViewChange={setView}
          />
        ) : (
          <PageLoader />
        )}
      </Paper>
    </Stack>
  );
}
