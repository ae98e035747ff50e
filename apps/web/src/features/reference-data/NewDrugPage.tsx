import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast/toastContext';
import { ApiError } from '../../lib/api';
import { useDrugMutations } from './api';
import { DrugFields, setDrugErrors, useDrugForm } from './DrugForm';
import { DrugTabs, drugPath } from './DrugsManagementPage';

/** /super_admin/new-drug: the Create Drug tab; a created drug opens with its success banner. */
export function NewDrugPage() {
  const { t } = useTranslation('reference-data');
  const { showToast } = useToast();
  const navigate = useNavigate();
  const { create } = useDrugMutations();
  const form = useDrugForm();
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => void navigate(drugPath(answer.drug.id), { state: { banner: 'created' } }),
      onError: (error) => {
        if (!setDrugErrors(error, form)) showToast(error instanceof ApiError ? error.message : t('form.error'), 'error');
      },
    }),
  );
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('drugs.heading')}
        </Typography>
        <DrugTabs current="create" />
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('drugs.createTab')}>
          <Stack spacing={2}>
            <DrugFields form={form} />
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
