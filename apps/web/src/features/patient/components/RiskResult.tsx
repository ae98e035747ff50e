import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { HealthAssessmentInput } from '@vireo/contracts';
import { riskLevel } from '../healthRisk';
import { TEXT, fill } from '../texts';

const SEVERITY = { high: 'error', medium: 'warning', low: 'success' } as const;

/** The wizard's Result: the risk level worked out in the browser from the answers. */
export function RiskResult({ assessment }: { assessment: HealthAssessmentInput }) {
  const level = riskLevel(assessment);
  const { label, advice } = TEXT.health.risk[level];
  return (
    <Alert severity={SEVERITY[level]} icon={false}>
      <AlertTitle component="h2">{fill(TEXT.health.riskHeading, { level: label })}</AlertTitle>
      {advice}
    </Alert>
  );
}
