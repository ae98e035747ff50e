import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOnboarding, useOrganisation } from '../api';
import { OnboardingRequired } from '../components/OnboardingRequired';
import { QueryState } from '../components/QueryState';
import { SymptomChecker } from '../components/SymptomChecker';

/** /patient/symptom-checker: the checker, once the organisation has daily_check on and onboarding is complete. */
export function SymptomCheckerPage() {
  const { t } = useTranslation(['patient', 'common']);
  const organisation = useOrganisation();
  const onboarding = useOnboarding();
  const body = () => {
    if (!organisation.data || !onboarding.data) {
      const failed = organisation.isError ? organisation : onboarding;
      return <QueryState isError={failed.isError} error={failed.error} onRetry={() => void Promise.all([organisation.refetch(), onboarding.refetch()])} />;
    }
    if (!organisation.data.daily_check) return <Alert severity="info">{t('symptoms.dailyCheckOff')}</Alert>;
    if (!onboarding.data.onboarding_complete) return <OnboardingRequired state={onboarding.data} message={t('symptoms.locked')} />;
    return <SymptomChecker />;
  };
  return (
    <Paper sx={{ p: 3, maxWidth: 800 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.symptomChecker')}
        </Typography>
        {body()}
      </Stack>
    </Paper>
  );
}
