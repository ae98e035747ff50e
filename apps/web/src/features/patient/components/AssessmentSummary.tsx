import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUkDate, type HealthAssessment } from '@vireo/contracts';
import { bodyMassIndex } from '../healthRisk';
import { TEXT, fill } from '../texts';
import { RiskResult } from './RiskResult';

const conditionNames = (codes: number[]) => (codes.length === 0 ? TEXT.health.noConditions : codes.map((code) => TEXT.health.conditions[code]).join(', '));

/** The read-only view of a completed health assessment. */
export function AssessmentSummary({ assessment }: { assessment: HealthAssessment }) {
  const rows: [string, string][] = [
    [TEXT.health.sex, assessment.sex],
    [TEXT.health.height, String(assessment.height)],
    [TEXT.health.weight, String(assessment.weight)],
    [TEXT.health.bmi, bodyMassIndex(assessment.height, assessment.weight).toFixed(1)],
    [TEXT.health.smoking, assessment.smoking ? TEXT.health.yes : TEXT.health.no],
    [TEXT.health.ownConditions, conditionNames(assessment.health_conditions)],
    [TEXT.health.familyConditions, conditionNames(assessment.family_health_conditions)],
  ];
  return (
    <Stack spacing={2}>
      <Typography>{fill(TEXT.health.completedOn, { date: formatUkDate(new Date(assessment.completed_at * 1000)) })}</Typography>
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
