import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Drug } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
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
  const [view, setView] = useState<TableView>(FIRST_VIEW);
  const drugs = useDrugs(view.pageSize, view.page * view.pageSize);
  const { remove } = useDrugMutations();
  const confirmedDelete = useConfirmedDelete({
    remove,
    title: (row: Drug) => t('drugs.deleteLabel', { name: row.name }),
    message: t('drugs.confirmDelete'),
    confirmLabel: t('form.yes'),
    cancelLabel: t('form.no'),
    deleted: (answer) => answer.message,
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
          <Button size="small" color="error" onClick={() => confirmedDelete.ask(d)} aria-label={t('drugs.deleteLabel', { name: d.name })}>
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
        <QueryState query={drugs} errorText={t('drugs.loadError')}>
          {(data) => <ServerDataTable label={t('drugs.heading')} columns={columns} rows={data.drugs} rowKey={(d) => d.id} emptyText={t('drugs.empty')} total={data.total} view={view} onViewChange={setView} />}
        </QueryState>
      </Stack>
      {confirmedDelete.dialog}
    </Paper>
  );
}
