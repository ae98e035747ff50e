import { NO_CONTACT, TRIAGE_ADVICE, contactIdsOf, hasMainSymptom, type SymptomSubmission, type TriageCode } from '@vireo/contracts';

export interface Triage {
  code: TriageCode;
  /** Any of the four main symptoms (high temperature, cough, shortness of breath, smell or taste). */
  symptomatic: boolean;
  /** RED only: the symptoms are getting worse, breathing is very fast or blood is coughed up (call 111 or 999 first). */
  urgent: boolean;
  text: string;
}


/**
 * The checker's outcome, decided on the server (spec 1 §2): RED with any main symptom; ORANGE
 * with none but a close contact in the past 14 days or a high-risk country; GREEN otherwise.
 */
export function triage(answers: SymptomSubmission): Triage {
  if (hasMainSymptom(answers)) {
    const urgent = Boolean(answers.worsening || answers.breathing_fast || answers.coughing_blood);
    return { code: 'RED', symptomatic: true, urgent, text: urgent ? `${TRIAGE_ADVICE.redUrgent} ${TRIAGE_ADVICE.red}` : TRIAGE_ADVICE.red };
  }
  const closeContact = contactIdsOf(answers.contact_id).some((id) => id !== NO_CONTACT);
  if (closeContact || answers.high_risk_country) return { code: 'ORANGE', symptomatic: false, urgent: false, text: TRIAGE_ADVICE.orange };
  return { code: 'GREEN', symptomatic: false, urgent: false, text: TRIAGE_ADVICE.green };
}
