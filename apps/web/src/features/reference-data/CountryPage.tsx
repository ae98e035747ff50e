import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Country } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useCountry, useCountryMutations } from './api';
import { ChangeHistory } from './ChangeHistory';
import { COUNTRIES_PATH } from './CountriesManagementPage';
import { CountryFields, countryFormValues, countryRequest, setCountryErrors, useCountryForm } from './CountryForm';

type Banner = 'created' | 'edited' | null;

function CountryView({ country, initialBanner }: { country: Country; initialBanner: Banner }) {
  const { t } = useTranslation('reference-data');
  const { showToast } = useToast();
  const { update } = useCountryMutations();
  const form = useCountryForm('edit', country);
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<Banner>(initialBanner);
  const toggle = () => {
    if (editing) form.reset(countryFormValues(country));
    setEditing(!editing);
    setBanner(null);
  };
  const submit = form.handleSubmit((values) => {
    const { id: _code, ...body } = countryRequest(values);
    update.mutate(
      { id: country.id, body: { ...body, restriction: values.restriction, vaccine_information: values.vaccine_information } },
      {
        onSuccess: (answer) => {
          form.reset(countryFormValues(answer.country));
          setEditing(false);
          setBanner('edited');
        },
        onError: (error) => {
          if (!setCountryErrors(error, form)) showToast(error instanceof ApiError ? error.message : t('form.error'), 'error');
        },
      },
    );
  });
  return (
    <Stack spacing={2}>
      {banner && (
        <Alert severity="success" role="status">
          {t(banner === 'created' ? 'countries.created' : 'countries.edited')}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h1" variant="h4">
          {country.name} ({country.id})
        </Typography>
        <Button variant="outlined" onClick={toggle}>
          {editing ? t('form.cancel') : t('form.edit')}
        </Button>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('countries.country', { id: country.id })}>
        <Stack spacing={2}>
          <CountryFields key={String(editing)} form={form} mode="edit" readOnly={!editing} />
          {editing && (
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {t('form.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
      <ChangeHistory kind="country" id={country.id} />
    </Stack>
  );
}

/** /super_admin/country/{id}: the country in view mode, Edit/Cancel, its change history. */
export function CountryPage() {
  const { t } = useTranslation('reference-data');
  const { id = '' } = useParams();
  const location = useLocation();
  const country = useCountry(id);
  const initialBanner = (location.state as { banner?: Banner } | null)?.banner ?? null;
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Button component={RouterLink} to={COUNTRIES_PATH} sx={{ alignSelf: 'flex-start' }}>
          {t('countries.back')}
        </Button>
        <QueryState query={country}>{(data) => <CountryView country={data} initialBanner={initialBanner} />}</QueryState>
      </Stack>
    </Paper>
  );
}
