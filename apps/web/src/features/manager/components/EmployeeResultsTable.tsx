import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatUkDate, type EmployeeSymptomRow } from '@vireo/contracts';
import { useEffect, useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/toastContext';
import { PINK } from '../../../components/resultColours';
import { useResultLabel } from '../../../lib/resultLabel';
import { useEmployeeResults } from '../api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const ukDate = (seconds: number | null) => (seconds === null ? '' : formatUkDate(new Date(seconds * 1000)));

const columns = (t: TFunction<'manager'>, resultLabel: (result: EmployeeSymptomRow['last_kit_result']) => string): DataColumn<EmployeeSymptomRow>[] => [
  { id: 'first_name', label: t('results.firstName'), render: (row) => row.first_name, sortValue: (row) => row.first_name },
  { id: 'last_name', label: t('results.lastName'), render: (row) => row.last_name, sortValue: (row) => row.last_name },
  { id: 'check_date', label: t('results.checkDate'), render: (row) => ukDate(row.last_symptomatic_date), sortValue: (row) => row.last_symptomatic_date },
  {
    id: 'symptomatic',
    label: t('results.symptomatic'),
    // RED is the only outcome with a main symptom, which is what "symptomatic" means here.
    render: (row) => (row.last_symptomatic_result === null ? '' : row.last_symptomatic_result === 'RED' ? t('results.yes') : t('results.no')),
    sortValue: (row) => (row.last_symptomatic_result === null ? null : row.last_symptomatic_result === 'RED' ? 1 : 0),
  },
  { id: 'test_date', label: t('results.testDate'), render: (row) => ukDate(row.last_kit_date), sortValue: (row) => row.last_kit_date },
  {
    id: 'test_result',
    label: t('results.testResult'),
    render: (row) => (
      <Box component="span" sx={row.last_kit_result === 'Positive' ? { color: PINK, fontWeight: 600 } : undefined}>
        {resultLabel(row.last_kit_result)}
      </Box>
    ),
    sortValue: (row) => row.last_kit_result,
  },
];

/** Whether the first name, the last name or the full name starts with what was typed. */
export function matchesNamePrefix(row: Pick<EmployeeSymptomRow, 'first_name' | 'last_name'>, query: string): boolean {
  const prefix = query.trim().toLocaleLowerCase('en-GB');
  if (!prefix) return true;
  return [row.first_name, row.last_name, `${row.first_name} ${row.last_name}`].some((name) => name.toLocaleLowerCase('en-GB').startsWith(prefix));
}

/** The Employee Results table: one row per employee, searchable by name prefix, sortable. */
export function EmployeeResultsTable() {
  const { t } = useTranslation('manager');
  const resultLabel = useResultLabel();
  const tableColumns = useMemo(() => columns(t, resultLabel), [t, resultLabel]);
  const { showToast } = useToast();
  const results = useEmployeeResults();
  const [query, setQuery] = useState('');
  useEffect(() => {
    if (results.isError) showToast(t('results.error'), 'error');
  }, [results.isError, showToast, t]);

  const rows = (results.data ?? []).filter((row) => matchesNamePrefix(row, query));
  return (
    <Stack spacing={2}>
      <TextField label={t('results.search')} type="search" value={query} onChange={(event) => setQuery(event.target.value)} sx={{ maxWidth: 360 }} />
      {results.isPending ? <PageLoader /> : <DataTable label={t('results.heading')} columns={tableColumns} rows={rows} rowKey={(row) => row.role_profile_id} emptyText={t('results.empty')} />}
    </Stack>
  );
}
