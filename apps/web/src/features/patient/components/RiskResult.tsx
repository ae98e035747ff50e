import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { HealthAssessmentInput } from '@vireo/contracts';
import { riskLevel } from '../healthRisk';
import { useTranslation } from 'react-i18next';

const SEVERITY = { high: 'error', medium: 'warning', low: 'success' } as const;

/** The wizard's Result: the risk level worked out in the browser from the answers. */
export function RiskResult({ assessment }: { assessment: HealthAssessmentInput }) {
  const { t } = useTranslation('patient');
  const level = riskLevel(assessment);
  return (
    <Alert severity={SEVERITY[level]} icon={false}>
      <AlertTitle component="h2">{t('health.riskHeading', { level: t(`health.risk.${level}.label`) })}</AlertTitle>
      {t(`health.risk.${level}.advice`)}
    </Alert>
  );
}
