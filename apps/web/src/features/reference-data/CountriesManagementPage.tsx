import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Country } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageLoader } from '../../components/PageLoader';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
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
  const { showToast } = useToast();
  const countries = useCountries();
  const { remove } = useCountryMutations();
  const [deleting, setDeleting] = useState<Country | null>(null);
  const confirmDelete = (country: Country) =>
    remove.mutate(country.id, {
      onSuccess: (answer) => showToast(answer.message, 'success'),
      onError: (error) => showToast(error instanceof ApiError ? error.message : t('form.error'), 'error'),
      onSettled: () => setDeleting(null),
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
          <Button size="small" color="error" onClick={() => setDeleting(c)} aria-label={t('countries.deleteLabel', { name: c.name })}>
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
        {countries.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void countries.refetch()}>
                {t('form.retry')}
              </Button>
            }
          >
            {t('countries.loadError')}
          </Alert>
        ) : countries.data ? (
          <DataTable label={t('countries.heading')} columns={columns} rows={countries.data} rowKey={(c) => c.id} emptyText={t('countries.empty')} />
        ) : (
          <PageLoader />
        )}
      </Stack>
      {deleting && (
        <ConfirmDialog
          open
          title={t('countries.deleteLabel', { name: deleting.name })}
          message={t('countries.confirmDelete')}
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
