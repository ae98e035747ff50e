import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUkDate, type HealthAssessment } from '@vireo/contracts';
import { bodyMassIndex } from '../healthRisk';
import { RiskResult } from './RiskResult';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

function conditionNames(t: TFunction<'patient'>, codes: number[]): string {
  const names: Record<number, string> = t('health.conditions', { returnObjects: true });
  return codes.length === 0 ? t('health.noConditions') : codes.map((code) => names[code] ?? String(code)).join(', ');
}

/** The read-only view of a completed health assessment. */
export function AssessmentSummary({ assessment }: { assessment: HealthAssessment }) {
  const { t } = useTranslation('patient');
  const rows: [string, string][] = [
    [t('health.sex'), assessment.sex],
    [t('health.height'), String(assessment.height)],
    [t('health.weight'), String(assessment.weight)],
    [t('health.bmi'), bodyMassIndex(assessment.height, assessment.weight).toFixed(1)],
    [t('health.smoking'), assessment.smoking ? t('health.yes') : t('health.no')],
    [t('health.ownConditions'), conditionNames(t, assessment.health_conditions)],
    [t('health.familyConditions'), conditionNames(t, assessment.family_health_conditions)],
  ];
  return (
    <Stack spacing={2}>
      <Typography>{t('health.completedOn', { date: formatUkDate(new Date(assessment.completed_at * 1000)) })}</Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </div>
        ))}
      </Stack>
      <RiskResult assessment={assessment} />
    </Stack>
  );
}
