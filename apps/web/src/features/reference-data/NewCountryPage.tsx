import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useCountryMutations } from './api';
import { CountryTabs, countryPath } from './CountriesManagementPage';
import { CountryFields, countryRequest, setCountryErrors, useCountryForm } from './CountryForm';

/** /super_admin/new-country: the Create Country tab; a created country opens with its success banner. */
export function NewCountryPage() {
  const { t } = useTranslation('reference-data');
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { create } = useCountryMutations();
  const form = useCountryForm('create');
  const submit = form.handleSubmit((values) =>
    create.mutate(countryRequest(values), {
      onSuccess: (answer) => void navigate(countryPath(answer.country.id), { state: { banner: 'created' } }),
      onError: (error) => {
        if (!setCountryErrors(error, form)) showToast(error instanceof ApiError ? error.message : t('form.error'), 'error');
      },
    }),
  );
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('countries.heading')}
        </Typography>
        <CountryTabs current="create" />
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('countries.createTab')}>
          <Stack spacing={2}>
            <CountryFields form={form} mode="create" />
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
