import { BMI_THRESHOLD, type HealthAssessmentInput } from '@vireo/contracts';

export type RiskLevel = 'high' | 'medium' | 'low';

export function bodyMassIndex(heightCm: number, weightKg: number): number {
  const metres = heightCm / 100;
  return weightKg / (metres * metres);
}

/**
 * The risk level of spec 1 §4, computed in the browser and sent nowhere: high with any own
 * condition, or family conditions together with a BMI of 30 or more or with smoking; medium with
 * family conditions or smoking; low otherwise.
 */
export function riskLevel(assessment: HealthAssessmentInput): RiskLevel {
  const family = assessment.family_health_conditions.length > 0;
  const obese = bodyMassIndex(assessment.height, assessment.weight) >= BMI_THRESHOLD;
  if (assessment.health_conditions.length > 0 || (family && obese) || (family && assessment.smoking)) return 'high';
  if (family || assessment.smoking) return 'medium';
  return 'low';
}
