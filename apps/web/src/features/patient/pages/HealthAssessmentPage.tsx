import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingState } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { useOnboarding } from '../api';
import { AssessmentSummary } from '../components/AssessmentSummary';
import { HealthAssessmentWizard } from '../components/HealthAssessmentWizard';

function HealthAssessmentContent({ initial }: { initial: OnboardingState }) {
  const { t } = useTranslation('patient');
  // Decided once: a wizard finished on this visit keeps showing its Result step.
  const [completed] = useState(initial.health_assessment);
  return completed ? (
    <>
      <Typography component="h2" variant="h5">
        {t('health.completedHeading')}
      </Typography>
      <AssessmentSummary assessment={completed} />
    </>
  ) : (
    <HealthAssessmentWizard />
  );
}

/** /patient/health-assessment: the read-only view when completed, otherwise the wizard. */
export function HealthAssessmentPage() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  return (
    <Paper sx={{ p: 3, maxWidth: 800, mx: 'auto' }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4">
          {t('titles.healthAssessment')}
        </Typography>
        <QueryState query={onboarding}>{(initial) => <HealthAssessmentContent initial={initial} />}</QueryState>
      </Stack>
    </Paper>
  );
}
