import { CONTACT_WINDOW_DAYS, NO_CONTACT, contactIdsOf, hasMainSymptom, type SymptomSubmission, type TriageCode } from '@vireo/contracts';

export interface Triage {
  code: TriageCode;
  /** Any of the four main symptoms (high temperature, cough, shortness of breath, smell or taste). */
  symptomatic: boolean;
  text: string;
}

/** UK guidance of the time, as the result step shows it. */
export const TRIAGE_TEXT = {
  redUrgent:
    'Your symptoms are getting worse, you are breathing very fast or you are coughing up blood: call NHS 111 now for medical advice, or 999 if it is an emergency.',
  red:
    'Your answers show symptoms of coronavirus (COVID-19). Self-isolate straight away: stay at home for at least 10 days from when your symptoms started, and everyone you live with must stay at home for 14 days. Book a test now. If you need a test or a retest, take it within 8 days of your symptoms starting in England, or within 5 days in Scotland, Wales or Northern Ireland. If your symptoms get worse, you start breathing very fast or you cough up blood, call NHS 111, or 999 in an emergency.',
  orange:
    `You have none of the main symptoms of coronavirus (COVID-19), but in the past ${CONTACT_WINDOW_DAYS} days you have been in close contact with someone who has or may have it, or your family has travelled from a high-risk country. Stay at home and self-isolate for 14 days from the last contact or from arrival, and watch for a high temperature, a new continuous cough, shortness of breath or a loss or change to your sense of smell or taste. If any of these start, complete the symptom checker again and book a test.`,
  green:
    `You have no symptoms of coronavirus (COVID-19) and no close contact or high-risk travel in the past ${CONTACT_WINDOW_DAYS} days. Keep washing your hands often, wear a face covering where required and keep your distance from people you do not live with. Complete the symptom checker again tomorrow.`,
} as const;

/**
 * The checker's outcome, decided on the server (spec 1 §2): RED with any main symptom; ORANGE
 * with none but a close contact in the past 14 days or a high-risk country; GREEN otherwise.
 */
export function triage(answers: SymptomSubmission): Triage {
  if (hasMainSymptom(answers)) {
    const urgent = answers.worsening || answers.breathing_fast || answers.coughing_blood;
    return { code: 'RED', symptomatic: true, text: urgent ? `${TRIAGE_TEXT.redUrgent} ${TRIAGE_TEXT.red}` : TRIAGE_TEXT.red };
  }
  const closeContact = contactIdsOf(answers.contact_id).some((id) => id !== NO_CONTACT);
  if (closeContact || answers.high_risk_country) return { code: 'ORANGE', symptomatic: false, text: TRIAGE_TEXT.orange };
  return { code: 'GREEN', symptomatic: false, text: TRIAGE_TEXT.green };
}
