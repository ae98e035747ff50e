import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Discount, DiscountSortField } from '@vireo/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { useDiscountProjects, useDiscounts, type DiscountState } from './api';
import { DiscountTabs, ordersWithDiscountPath } from './DiscountTabs';
import { formatDiscountValue } from './discountValue';
import { useDebounced } from '../../lib/useDebounced';

const createdFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });


function useColumns(state: DiscountState): DataColumn<Discount, DiscountSortField>[] {
  const { t } = useTranslation('discounts');
  const columns: DataColumn<Discount, DiscountSortField>[] = [
    { id: 'code', label: t('list.columns.code'), render: (d) => d.code, sortField: 'code' },
    { id: 'project', label: t('list.columns.project'), render: (d) => d.project, sortField: 'project' },
    { id: 'type', label: t('list.columns.type'), render: (d) => t(`types.${d.type}`), sortField: 'type' },
    { id: 'value', label: t('list.columns.value'), render: formatDiscountValue, sortField: 'value' },
    { id: 'active', label: t('list.columns.active'), render: (d) => (d.active ? t('list.yes') : t('list.no')), sortField: 'active' },
    { id: 'active_from', label: t('list.columns.activeFrom'), render: (d) => d.active_from, sortField: 'active_from' },
    { id: 'active_to', label: t('list.columns.activeTo'), render: (d) => d.active_to, sortField: 'active_to' },
    { id: 'uses', label: t('list.columns.uses'), render: (d) => d.uses, sortField: 'uses' },
    { id: 'used_times', label: t('list.columns.usedTimes'), render: (d) => d.used_times, sortField: 'used_times' },
    { id: 'created_at', label: t('list.columns.createdAt'), render: (d) => createdFormat.format(new Date(d.created_at * 1000)), sortField: 'created_at' },
  ];
  if (state === 'unused') return columns;
  return [
    ...columns,
    {
      id: 'actions',
      label: t('list.columns.actions'),
      render: (d) => (
        <Button size="small" component={RouterLink} to={ordersWithDiscountPath(d.code)} aria-label={t('list.viewOrderLabel', { code: d.code })}>
          {t('list.viewOrder')}
        </Button>
      ),
    },
  ];
}

/** One list (unused or used codes) with its own code and project filters, sorted and paged by the service. */
function DiscountTable({ state, projects }: { state: DiscountState; projects: readonly string[] }) {
  const { t } = useTranslation('discounts');
  const headingId = useId();
  const [view, setView] = useState<TableView<DiscountSortField>>(FIRST_VIEW);
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const codePrefix = useDebounced(code.trim().toUpperCase());
  const discounts = useDiscounts({ state, code: codePrefix, projects: chosen }, view);
  const columns = useColumns(state);
  const title = state === 'used' ? t('list.used') : t('list.unused');
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} component="h2" variant="h6">
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('list.code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setView((current) => ({ ...current, page: 0 }));
          }}
          autoComplete="off"
          sx={{ minWidth: 220 }}
        />
        <Autocomplete
          multiple
          options={projects}
          value={chosen}
          onChange={(_event, value) => {
            setChosen(value);
            setView((current) => ({ ...current, page: 0 }));
          }}
          renderInput={(params) => <TextField {...params} label={t('list.projects')} />}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
      </Stack>
      <QueryState query={discounts} errorText={t('list.error')}>
        {(page) => <ServerDataTable label={title} columns={columns} rows={page.data} rowKey={(d) => d.id} emptyText={t('list.empty')} total={page.totalCount} view={view} onViewChange={setView} />}
      </QueryState>
    </Stack>
  );
}

/**
 * /super_admin/discount-management (discounts.manage): the Discount List (codes not used yet) and the
 * Used Discount List (used at least once, each with its orders), each filtered by code and projects.
 */
export function DiscountManagementPage() {
  const { t } = useTranslation('discounts');
  const { showToast } = useToast();
  const projects = useDiscountProjects();
  useEffect(() => {
    if (projects.isError) showToast(t('projectsError'), 'error');
  }, [projects.isError, showToast, t]);
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={4}>
        <DiscountTabs current="manage" />
        <DiscountTable state="unused" projects={projects.data ?? []} />
        <DiscountTable state="used" projects={projects.data ?? []} />
      </Stack>
    </Paper>
  );
}
