import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingState, OrganisationProfile } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState, bothQueries } from '../../../components/QueryState';
import { useOnboarding, useOrganisation } from '../api';
import { OnboardingRequired } from '../components/OnboardingRequired';
import { SymptomChecker } from '../components/SymptomChecker';

/** /patient/symptom-checker: the checker, once the organisation has daily_check on and onboarding is complete. */
export function SymptomCheckerPage() {
  const { t } = useTranslation(['patient', 'common']);
  const organisation = useOrganisation();
  const onboarding = useOnboarding();
  const body = ([flags, state]: [OrganisationProfile, OnboardingState]) => {
    if (!flags.daily_check) return <Alert severity="info">{t('symptoms.dailyCheckOff')}</Alert>;
    if (!state.onboarding_complete) return <OnboardingRequired state={state} message={t('symptoms.locked')} />;
    return <SymptomChecker />;
  };
  return (
    <Paper sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.symptomChecker')}
        </Typography>
        <QueryState query={bothQueries(organisation, onboarding)}>{body}</QueryState>
      </Stack>
    </Paper>
  );
}
