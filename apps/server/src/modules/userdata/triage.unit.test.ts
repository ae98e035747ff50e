import { describe, expect, it } from 'vitest';
import { SymptomSubmission } from '@vireo/contracts';
import { TRIAGE_ADVICE } from '@vireo/contracts';
import { triage } from './triage';

const answers = (overrides: Record<string, unknown> = {}) =>
  SymptomSubmission.parse({
    fever: false,
    cough: false,
    shortness_of_breath: false,
    loss_of_smell: false,
    worsening: false,
    breathing_fast: false,
    coughing_blood: false,
    high_risk_country: false,
    symptoms: [],
    ...overrides,
  });

describe('triage', () => {
  it('is RED and symptomatic with any main symptom, whatever the contact and travel', () => {
    expect(triage(answers({ fever: true, contact_id: [4], high_risk_country: true }))).toEqual({ code: 'RED', symptomatic: true, urgent: false, text: TRIAGE_ADVICE.red });
  });

  it('leads with NHS 111 and 999 when the symptoms are serious', () => {
    expect(triage(answers({ cough: true, coughing_blood: true }))).toMatchObject({ urgent: true, text: `${TRIAGE_ADVICE.redUrgent} ${TRIAGE_ADVICE.red}` });
  });

  it('is ORANGE without a main symptom but with a contact or a high-risk country', () => {
    expect(triage(answers({ contact_id: 2 })).code).toBe('ORANGE');
    expect(triage(answers({ high_risk_country: true })).code).toBe('ORANGE');
  });

  it('is GREEN with only additional symptoms and No Contact (the default)', () => {
    expect(triage(answers({ symptoms: [1, 4, 7] }))).toEqual({ code: 'GREEN', symptomatic: false, urgent: false, text: TRIAGE_ADVICE.green });
  });
});
