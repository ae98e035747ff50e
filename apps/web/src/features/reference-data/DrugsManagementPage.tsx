import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Drug } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useDrugMutations, useDrugs } from './api';
import { ReferenceTabs } from './ReferenceTabs';

export const DRUGS_PATH = '/super_admin/drugs-management';
export const NEW_DRUG_PATH = '/super_admin/new-drug';
export const drugPath = (id: string) => `/super_admin/drug/${id}`;

export function DrugTabs({ current }: { current: 'list' | 'create' }) {
  const { t } = useTranslation('reference-data');
  return <ReferenceTabs label={t('drugs.tabs')} current={current} tabs={{ list: [t('drugs.listTab'), DRUGS_PATH], create: [t('drugs.createTab'), NEW_DRUG_PATH] }} />;
}

/** /super_admin/drugs-management: the drug register by name, a page at a time, with View and Delete. */
export function DrugsManagementPage() {
  const { t } = useTranslation('reference-data');
  const { showToast } = useToast();
  const [view, setView] = useState<TableView>(FIRST_VIEW);
  const drugs = useDrugs(view.pageSize, view.page * view.pageSize);
  const { remove } = useDrugMutations();
  const [deleting, setDeleting] = useState<Drug | null>(null);
  const confirmDelete = (drug: Drug) =>
    remove.mutate(drug.id, {
      onSuccess: (answer) => showToast(answer.message, 'success'),
      onError: (error) => showToast(error instanceof ApiError ? error.message : t('form.error'), 'error'),
      onSettled: () => setDeleting(null),
    });
  const columns: DataColumn<Drug>[] = [
    { id: 'name', label: t('drugs.name'), render: (d) => d.name },
    { id: 'base', label: t('drugs.baseComponent'), render: (d) => d.base_component },
    { id: 'type', label: t('drugs.type'), render: (d) => d.type },
    { id: 'autocomplete', label: t('drugs.showInAutocompleteColumn'), render: (d) => (d.show_in_autocomplete ? t('drugs.yes') : t('drugs.no')) },
    { id: 'class', label: t('drugs.class'), render: (d) => d.class },
    {
      id: 'actions',
      label: t('drugs.actions'),
      render: (d) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" component={RouterLink} to={drugPath(d.id)} aria-label={t('drugs.viewLabel', { name: d.name })}>
            {t('drugs.view')}
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting(d)} aria-label={t('drugs.deleteLabel', { name: d.name })}>
            {t('drugs.delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('drugs.heading')}
        </Typography>
        <DrugTabs current="list" />
        {drugs.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void drugs.refetch()}>
                {t('form.retry')}
              </Button>
            }
          >
            {t('drugs.loadError')}
          </Alert>
        ) : drugs.data ? (
          <ServerDataTable label={t('drugs.heading')} columns={columns} rows={drugs.data.drugs} rowKey={(d) => d.id} emptyText={t('drugs.empty')} total={drugs.data.total} view={view} onViewChange={setView} />
        ) : (
          <PageLoader />
        )}
      </Stack>
      {deleting && (
        <ConfirmDialog
          open
          title={t('drugs.deleteLabel', { name: deleting.name })}
          message={t('drugs.confirmDelete')}
          confirmLabel={t('form.yes')}
          cancelLabel={t('form.no')}
          destructive
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Paper>
  );
}
