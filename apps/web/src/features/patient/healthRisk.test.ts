import { describe, expect, it } from 'vitest';
import type { HealthAssessmentInput } from '@vireo/contracts';
import { bodyMassIndex, riskLevel } from './healthRisk';

const base: HealthAssessmentInput = { sex: 'Male', height: 180, weight: 70, smoking: false, health_conditions: [], family_health_conditions: [] };

describe('riskLevel', () => {
  it('is high with any own condition', () => {
    expect(riskLevel({ ...base, health_conditions: [3] })).toBe('high');
  });

  it('is high with family conditions and a BMI of 30 or more, and medium just below 30', () => {
    const weightAt30 = 30 * 1.8 * 1.8;
    expect(bodyMassIndex(180, weightAt30)).toBeCloseTo(30);
    expect(riskLevel({ ...base, weight: weightAt30, family_health_conditions: [4] })).toBe('high');
    expect(riskLevel({ ...base, weight: weightAt30 - 0.1, family_health_conditions: [4] })).toBe('medium');
  });

  it('is high with family conditions and smoking', () => {
    expect(riskLevel({ ...base, smoking: true, family_health_conditions: [1] })).toBe('high');
  });

  it('is medium with smoking alone or family conditions alone', () => {
    expect(riskLevel({ ...base, smoking: true })).toBe('medium');
    expect(riskLevel({ ...base, family_health_conditions: [7] })).toBe('medium');
  });

  it('is low otherwise, whatever the BMI', () => {
    expect(riskLevel({ ...base, weight: 150 })).toBe('low');
  });
});
