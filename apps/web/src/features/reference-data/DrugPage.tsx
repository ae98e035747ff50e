import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Drug } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useDrug, useDrugMutations } from './api';
import { ChangeHistory } from './ChangeHistory';
import { DrugFields, drugFormValues, setDrugErrors, useDrugForm } from './DrugForm';
import { DRUGS_PATH } from './DrugsManagementPage';

type Banner = 'created' | 'edited' | null;

function DrugView({ drug, initialBanner }: { drug: Drug; initialBanner: Banner }) {
  const { t } = useTranslation('reference-data');
  const { showToast } = useToast();
  const { update } = useDrugMutations();
  const form = useDrugForm(drug);
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<Banner>(initialBanner);
  const toggle = () => {
    if (editing) form.reset(drugFormValues(drug));
    setEditing(!editing);
    setBanner(null);
  };
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { id: drug.id, body: values },
      {
        onSuccess: (answer) => {
          form.reset(drugFormValues(answer.drug));
          setEditing(false);
          setBanner('edited');
        },
        onError: (error) => {
          if (!setDrugErrors(error, form)) showToast(error instanceof ApiError ? error.message : t('form.error'), 'error');
        },
      },
    ),
  );
  return (
    <Stack spacing={2}>
      {banner && (
        <Alert severity="success" role="status">
          {t(banner === 'created' ? 'drugs.created' : 'drugs.edited')}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h1" variant="h4">
          {drug.name}
        </Typography>
        <Button variant="outlined" onClick={toggle}>
          {editing ? t('form.cancel') : t('form.edit')}
        </Button>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={drug.name}>
        <Stack spacing={2}>
          <DrugFields form={form} readOnly={!editing} />
          {editing && (
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {t('form.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
      <ChangeHistory kind="drug" id={drug.id} />
    </Stack>
  );
}

/** /super_admin/drug/{id}: the drug in view mode, Edit/Cancel, its change history. */
export function DrugPage() {
  const { t } = useTranslation('reference-data');
  const { id = '' } = useParams();
  const location = useLocation();
  const drug = useDrug(id);
  const initialBanner = (location.state as { banner?: Banner } | null)?.banner ?? null;
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Button component={RouterLink} to={DRUGS_PATH} sx={{ alignSelf: 'flex-start' }}>
          {t('drugs.back')}
        </Button>
        <QueryState query={drug}>{(data) => <DrugView drug={data} initialBanner={initialBanner} />}</QueryState>
      </Stack>
    </Paper>
  );
}
