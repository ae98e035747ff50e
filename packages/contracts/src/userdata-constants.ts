/** userdata.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { calendarDaysBetween, londonCalendarDate, type CalendarDate } from './dates';
import type { SymptomAnswers } from './userdata';

// ---- Constants of spec 1 §9 ----

export const HEIGHT_MIN_CM = 1;
export const HEIGHT_MAX_CM = 300;
export const WEIGHT_MIN_KG = 20;
export const WEIGHT_MAX_KG = 250;
export const BMI_THRESHOLD = 30;
export const POSTCODE_MAX = 8;
export const ADDRESS_MAX = 100;
/** Required text fields are invalid at 2 characters or fewer; optional ones are valid at 6 or more (spec 1 §5). */
export const REQUIRED_TEXT_MIN = 3;
export const OPTIONAL_TEXT_MIN = 6;
/** Kit orders need 8 working days, which the spec counts as 11 calendar days: days 0 to 11 ahead are refused. */
export const KIT_ORDER_WORKING_DAYS = 8;
export const KIT_ORDER_BLOCKED_DAYS = 11;
/** Vireo's own limit: an appointment date no more than a year ahead. */
export const KIT_ORDER_MAX_DAYS_AHEAD = 365;
export const ORDERS_PAGE_SIZE = 50;
export const CONTACT_WINDOW_DAYS = 14;
export const FEVER_THRESHOLD_C = 37.5;
export const FEVER_THRESHOLD_F = 99.5;
export const FAST_BREATHING_PER_MINUTE = 20;
/** At most this many e-mail addresses in one invitation request. */
export const INVITATIONS_MAX = 100;
export const INVITATION_VALID_DAYS = 14;
/** Result download links stop working after this long. */
export const DOWNLOAD_LINK_SECONDS = 300;

/** Health condition codes (spec 1 §3); 8 "None of the above" exists only in the form and is sent as an empty list. */
export const HEALTH_CONDITION_CODES = [1, 2, 3, 4, 5, 6, 7] as const;
export const NONE_OF_THE_ABOVE = 8;
/** Additional symptom ids (spec 1 §2): Fatigue, Muscle pain, Chills, Headache, Diarrhoea, Nausea, Sore throat. */
export const ADDITIONAL_SYMPTOM_IDS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Close-contact options; 1 "No Contact" is the default and stands alone. */
export const CONTACT_IDS = [1, 2, 3, 4] as const;
export const NO_CONTACT = 1;

export const TRIAGE_CODES = ['RED', 'ORANGE', 'GREEN'] as const;
export const TEST_RESULT_VALUES = ['Positive', 'Negative', 'Inconclusive'] as const;
export const KIT_ORDER_STATUSES = ['ordered', 'dispatched', 'result_received', 'cancelled'] as const;
/** Orders in these states count as the patient's one open order. */
export const OPEN_KIT_ORDER_STATUSES = ['ordered', 'dispatched'] as const;
export const REGISTRATION_STATUSES = ['pending', 'registered'] as const;
export const HEALTH_SEXES = ['Female', 'Male'] as const;

// ---- Texts of spec 1 §5 and Vireo's own refusals ----

export const HEALTH_TEXT = {
  height: 'Enter your height (cm)',
  weight: 'Enter your weight (kg)',
  sex: 'Select your sex',
  option: 'Select an option',
} as const;

export const SHIPPING_TEXT = {
  address1: 'Enter the first line of your address',
  town: 'Enter your town',
  county: 'Enter your county',
  postcode: 'Enter your postcode',
  address2: `Enter at least ${OPTIONAL_TEXT_MIN} characters, or leave this empty`,
} as const;

export const USERDATA_MSG = {
  onboardingIncomplete: 'Complete your health profile and shipping details first.',
  assessmentCompleted: 'Your health assessment has already been completed.',
  openOrderExists: 'You already have a test kit on the way.',
  kitDateTooSoon: `The kit can only be ordered at least ${KIT_ORDER_WORKING_DAYS} working days before the appointment.`,
  kitDateTooFar: 'Choose an appointment date within the next year.',
  dailyCheckOff: 'The daily symptom check is not switched on for your organisation.',
  orderKitOff: 'Ordering home test kits is not switched on for your organisation.',
  statusWithoutMainSymptom: 'Symptom status applies only when a main symptom is chosen.',
  noContactAlone: '"No Contact" cannot be chosen together with a contact.',
  duplicateChoice: 'Choose each option only once.',
  downloadExpired: 'This download link has expired. Open your results again to get a new one.',
  invitationInvalid: 'This invitation link is not valid. It may have been used already; ask your organisation manager for a new one.',
  invitationExpired: 'This invitation has expired. Ask your organisation manager to send a new one.',
  invitationAccountExists: 'An account with this e-mail address already exists. Please sign in instead.',
} as const;

// ---- Shipping details ----

/** UK postcode: outward code, optional space, inward code (spec 1 §5). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
/** Letters, digits and spaces, plus the punctuation UK addresses carry ("Flat 2, 10-12 St. John's Rd"). */
export const ADDRESS_LINE_PATTERN = /^[\p{L}\p{N} ,.'/&-]+$/u;
/** Letters and spaces, plus the hyphen and apostrophe of names such as Stoke-on-Trent and King's Lynn. */
export const PLACE_NAME_PATTERN = /^[\p{L} '-]+$/u;

/** What the wizard sends for a step's ticks: "None of the above" is an empty list. */
export function conditionCodesOf(choice: readonly number[]): number[] {
  return choice.includes(NONE_OF_THE_ABOVE) ? [] : [...choice];
}

export function contactIdsOf(contact: number | readonly number[] | undefined): number[] {
  if (contact === undefined) return [NO_CONTACT];
  return typeof contact === 'number' ? [contact] : [...contact];
}

export function hasMainSymptom(answers: Pick<SymptomAnswers, 'fever' | 'cough' | 'shortness_of_breath' | 'loss_of_smell'>): boolean {
  return answers.fever || answers.cough || answers.shortness_of_breath || answers.loss_of_smell;
}

/** UK guidance of the time, as the result step shows it: RED (with redUrgent first when urgent), ORANGE or GREEN. */
export const TRIAGE_ADVICE = {
  redUrgent:
    'Your symptoms are getting worse, you are breathing very fast or you are coughing up blood: call NHS 111 now for medical advice, or 999 if it is an emergency.',
  red:
    'Your answers show symptoms of coronavirus (COVID-19). Self-isolate straight away: stay at home for at least 10 days from when your symptoms started, and everyone you live with must stay at home for 14 days. Book a test now. If you need a test or a retest, take it within 8 days of your symptoms starting in England, or within 5 days in Scotland, Wales or Northern Ireland. If your symptoms get worse, you start breathing very fast or you cough up blood, call NHS 111, or 999 in an emergency.',
  orange:
    `You have none of the main symptoms of coronavirus (COVID-19), but in the past ${CONTACT_WINDOW_DAYS} days you have been in close contact with someone who has or may have it, or your family has travelled from a high-risk country. Stay at home and self-isolate for 14 days from the last contact or from arrival, and watch for a high temperature, a new continuous cough, shortness of breath or a loss or change to your sense of smell or taste. If any of these start, complete the symptom checker again and book a test.`,
  green:
    `You have no symptoms of coronavirus (COVID-19) and no close contact or high-risk travel in the past ${CONTACT_WINDOW_DAYS} days. Keep washing your hands often, wear a face covering where required and keep your distance from people you do not live with. Complete the symptom checker again tomorrow.`,
} as const;
export const INVITATION_OUTCOMES = ['invited', 'reinvited', 'already_registered', 'account_exists'] as const;

// ---- Help page ----

/** The swab-test video Vireo hosts itself (in the web app's public files), so it plays offline. */
export const SWAB_VIDEO_PATH = '/media/swab-test.webm';

// ---- Kit orders ----

/** Calendar days (Europe/London) from today to a date the patient picks. */
export function kitOrderDaysAhead(now: Date, date: CalendarDate): number {
  return calendarDaysBetween(londonCalendarDate(now), date);
}

/** Days 0 to 11 ahead are refused (8 working days), as is anything past a year (spec 1 §2, §9). */
export function isKitOrderDateAllowed(now: Date, date: CalendarDate): boolean {
  const ahead = kitOrderDaysAhead(now, date);
  return ahead > KIT_ORDER_BLOCKED_DAYS && ahead <= KIT_ORDER_MAX_DAYS_AHEAD;
}
