import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Country } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useCountries, useCountryMutations } from './api';
import { ReferenceTabs } from './ReferenceTabs';

export const COUNTRIES_PATH = '/super_admin/countries-management';
export const NEW_COUNTRY_PATH = '/super_admin/new-country';
export const countryPath = (id: string) => `/super_admin/country/${id}`;

export function CountryTabs({ current }: { current: 'list' | 'create' }) {
  const { t } = useTranslation('reference-data');
  return <ReferenceTabs label={t('countries.tabs')} current={current} tabs={{ list: [t('countries.listTab'), COUNTRIES_PATH], create: [t('countries.createTab'), NEW_COUNTRY_PATH] }} />;
}

const listOf = (numbers: number[]) => numbers.join(', ');

/** /super_admin/countries-management: the countries table (spec 3 §2.4) with View and Delete. */
export function CountriesManagementPage() {
  const { t } = useTranslation('reference-data');
  const countries = useCountries();
  const { remove } = useCountryMutations();
  const confirmedDelete = useConfirmedDelete({
    remove,
    title: (row: Country) => t('countries.deleteLabel', { name: row.name }),
    message: t('countries.confirmDelete'),
    confirmLabel: t('form.yes'),
    cancelLabel: t('form.no'),
    deleted: (answer) => answer.message,
  });
  const columns: DataColumn<Country>[] = [
    { id: 'name', label: t('countries.name'), render: (c) => c.name, sortValue: (c) => c.name },
    { id: 'nca', label: t('countries.ncaAddressId'), render: (c) => c.nca_address_id, sortValue: (c) => c.nca_address_id },
    { id: 'schedule', label: t('countries.prohibitedSchedule'), render: (c) => c.prohibited_schedule, sortValue: (c) => c.prohibited_schedule },
    { id: 'narcotics', label: t('countries.narcotics'), render: (c) => listOf(c.prohibited_schedule_narcotics) },
    { id: 'psychotropics', label: t('countries.psychotropics'), render: (c) => listOf(c.prohibited_schedule_psychotropics) },
    { id: 'restriction', label: t('countries.restrictionId'), render: (c) => c.restriction_id, sortValue: (c) => c.restriction_id },
    { id: 'vaccine', label: t('countries.vaccineInformationId'), render: (c) => c.vaccine_information_id, sortValue: (c) => c.vaccine_information_id },
    {
      id: 'actions',
      label: t('countries.actions'),
      render: (c) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" component={RouterLink} to={countryPath(c.id)} aria-label={t('countries.viewLabel', { name: c.name })}>
            {t('countries.view')}
          </Button>
          <Button size="small" color="error" onClick={() => confirmedDelete.ask(c)} aria-label={t('countries.deleteLabel', { name: c.name })}>
            {t('countries.delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('countries.heading')}
        </Typography>
        <CountryTabs current="list" />
        <QueryState query={countries} errorText={t('countries.loadError')}>
          {(data) => <DataTable label={t('countries.heading')} columns={columns} rows={data} rowKey={(c) => c.id} emptyText={t('countries.empty')} />}
        </QueryState>
      </Stack>
      {confirmedDelete.dialog}
    </Paper>
  );
}
