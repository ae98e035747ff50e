import { z } from 'zod';
import { calendarDaysBetween, londonCalendarDate, type CalendarDate } from './dates';
import { OrganisationProfile, RoleProfileSummary } from './identity';
import { Email, EpochSeconds, text, Uuid } from './validation';

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
export type TriageCode = (typeof TRIAGE_CODES)[number];
export const TEST_RESULT_VALUES = ['Positive', 'Negative', 'Inconclusive'] as const;
export type TestResultValue = (typeof TEST_RESULT_VALUES)[number];
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

const unique = (values: readonly number[]) => new Set(values).size === values.length;

// ---- Shipping details ----

/** UK postcode: outward code, optional space, inward code (spec 1 §5). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
/** Letters, digits and spaces, plus the punctuation UK addresses carry ("Flat 2, 10-12 St. John's Rd"). */
export const ADDRESS_LINE_PATTERN = /^[\p{L}\p{N} ,.'/&-]+$/u;
/** Letters and spaces, plus the hyphen and apostrophe of names such as Stoke-on-Trent and King's Lynn. */
export const PLACE_NAME_PATTERN = /^[\p{L} '-]+$/u;

export const ShippingDetailsInput = z.object({
  address_1: text({ error: SHIPPING_TEXT.address1 })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.address1)
    .max(ADDRESS_MAX, SHIPPING_TEXT.address1)
    .regex(ADDRESS_LINE_PATTERN, SHIPPING_TEXT.address1),
  address_2: text()
    .trim()
    .max(ADDRESS_MAX, SHIPPING_TEXT.address2)
    .refine((value) => value === '' || (value.length >= OPTIONAL_TEXT_MIN && ADDRESS_LINE_PATTERN.test(value)), SHIPPING_TEXT.address2)
    .nullable()
    .optional(),
  city: text({ error: SHIPPING_TEXT.town })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.town)
    .max(ADDRESS_MAX, SHIPPING_TEXT.town)
    .regex(PLACE_NAME_PATTERN, SHIPPING_TEXT.town),
  county: text({ error: SHIPPING_TEXT.county })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.county)
    .max(ADDRESS_MAX, SHIPPING_TEXT.county)
    .regex(PLACE_NAME_PATTERN, SHIPPING_TEXT.county),
  postcode: text({ error: SHIPPING_TEXT.postcode })
    .trim()
    .toUpperCase()
    .min(1, SHIPPING_TEXT.postcode)
    .max(POSTCODE_MAX, SHIPPING_TEXT.postcode)
    .regex(UK_POSTCODE_PATTERN, SHIPPING_TEXT.postcode),
});
export type ShippingDetailsInput = z.infer<typeof ShippingDetailsInput>;

export const ShippingDetails = z.object({
  id: Uuid,
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  organisation_profile_id: Uuid,
});
export type ShippingDetails = z.infer<typeof ShippingDetails>;

// ---- Role profiles ----

export const RoleProfile = RoleProfileSummary.extend({ shipping_details: ShippingDetails.nullable() });
export type RoleProfile = z.infer<typeof RoleProfile>;
export const RoleProfileResponse = z.object({ success: z.literal(true), role_profile: RoleProfile });

export const RoleProfileName = text().trim().min(2).max(100);
export const CreateRoleProfileRequest = z.object({ role_id: Uuid, name: RoleProfileName });
export const UpdateRoleProfileRequest = z.object({ name: RoleProfileName });

export const ShippingDetailsResponse = z.object({
  success: z.literal(true),
  shipping_details: ShippingDetails,
  onboarding_complete: z.boolean(),
});

// ---- Health assessment (onboarding) ----

const ConditionCodes = z
  .array(z.number().int().min(1).max(HEALTH_CONDITION_CODES.length))
  .max(HEALTH_CONDITION_CODES.length)
  .refine(unique, USERDATA_MSG.duplicateChoice);

export const HealthAssessmentInput = z.object({
  sex: z.enum(HEALTH_SEXES, { error: HEALTH_TEXT.sex }),
  height: z
    .number({ error: HEALTH_TEXT.height })
    .min(HEIGHT_MIN_CM, HEALTH_TEXT.height)
    .max(HEIGHT_MAX_CM, HEALTH_TEXT.height),
  weight: z
    .number({ error: HEALTH_TEXT.weight })
    .min(WEIGHT_MIN_KG, HEALTH_TEXT.weight)
    .max(WEIGHT_MAX_KG, HEALTH_TEXT.weight),
  smoking: z.boolean({ error: HEALTH_TEXT.option }),
  health_conditions: ConditionCodes,
  family_health_conditions: ConditionCodes,
});
export type HealthAssessmentInput = z.infer<typeof HealthAssessmentInput>;

/** The wizard's step 0: every question must be answered before Next. */
export const AboutYouStep = HealthAssessmentInput.pick({ sex: true, height: true, weight: true, smoking: true });

/** The wizard's steps 1 and 2: at least one box ticked, "None of the above" (8) included. */
export const ConditionChoice = z
  .array(z.number().int().min(1).max(NONE_OF_THE_ABOVE))
  .min(1, HEALTH_TEXT.option)
  .refine(unique, USERDATA_MSG.duplicateChoice);

/** What the wizard sends for a step's ticks: "None of the above" is an empty list. */
export function conditionCodesOf(choice: readonly number[]): number[] {
  return choice.includes(NONE_OF_THE_ABOVE) ? [] : [...choice];
}

export const HealthAssessment = HealthAssessmentInput.extend({ completed_at: EpochSeconds });
export type HealthAssessment = z.infer<typeof HealthAssessment>;

export const OnboardingState = z.object({
  success: z.literal(true),
  role_profile_id: Uuid,
  onboarding_complete: z.boolean(),
  shipping_details_complete: z.boolean(),
  health_assessment: HealthAssessment.nullable(),
  /** Any kit order, open or not: it unlocks booking and results (spec 1 §4). */
  has_order: z.boolean(),
});
export type OnboardingState = z.infer<typeof OnboardingState>;

// ---- Symptom checker ----

export const TriageCodeSchema = z.enum(TRIAGE_CODES);
const ContactId = z.number().int().min(1).max(CONTACT_IDS.length);

/** The answers of the five-step checker, before the cross-field rules. */
export const SymptomAnswers = z.object({
  /** One contact option or several; 1 "No Contact" is the default and stands alone. */
  contact_id: z.union([ContactId, z.array(ContactId).min(1).max(CONTACT_IDS.length)]).default(NO_CONTACT),
  /** Vireo derives this from the main symptoms; a value sent is ignored. */
  symptomatic: z.boolean().optional(),
  fever: z.boolean(),
  cough: z.boolean(),
  shortness_of_breath: z.boolean(),
  loss_of_smell: z.boolean(),
  worsening: z.boolean(),
  breathing_fast: z.boolean(),
  coughing_blood: z.boolean(),
  high_risk_country: z.boolean(),
  symptoms: z.array(z.number().int().min(1).max(ADDITIONAL_SYMPTOM_IDS.length)).max(ADDITIONAL_SYMPTOM_IDS.length),
});
export type SymptomAnswers = z.input<typeof SymptomAnswers>;

export function contactIdsOf(contact: number | readonly number[] | undefined): number[] {
  if (contact === undefined) return [NO_CONTACT];
  return typeof contact === 'number' ? [contact] : [...contact];
}

export function hasMainSymptom(answers: Pick<SymptomAnswers, 'fever' | 'cough' | 'shortness_of_breath' | 'loss_of_smell'>): boolean {
  return answers.fever || answers.cough || answers.shortness_of_breath || answers.loss_of_smell;
}

export const SymptomSubmission = SymptomAnswers.superRefine((answers, ctx) => {
  const contacts = contactIdsOf(answers.contact_id);
  if (!unique(contacts) || !unique(answers.symptoms)) {
    ctx.addIssue({ code: 'custom', message: USERDATA_MSG.duplicateChoice, path: unique(contacts) ? ['symptoms'] : ['contact_id'] });
  }
  if (contacts.includes(NO_CONTACT) && contacts.length > 1) {
    ctx.addIssue({ code: 'custom', message: USERDATA_MSG.noContactAlone, path: ['contact_id'] });
  }
  if (!hasMainSymptom(answers) && (answers.worsening || answers.breathing_fast || answers.coughing_blood)) {
    ctx.addIssue({ code: 'custom', message: USERDATA_MSG.statusWithoutMainSymptom, path: ['worsening'] });
  }
});
export type SymptomSubmission = z.output<typeof SymptomSubmission>;

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

/** The checker's outcome: its code, whether RED is urgent (the web shows its own texts by these), and the advice in English for API clients. */
export const SymptomResult = z.object({ success: z.literal(true), code: TriageCodeSchema, urgent: z.boolean(), text: z.string() });
export type SymptomResult = z.infer<typeof SymptomResult>;

// ---- History and results ----

export const SymptomHistoryEntry = z.object({
  id: Uuid,
  submitted_at: EpochSeconds,
  symptomatic: z.boolean(),
  code: TriageCodeSchema,
});
export const TestHistoryEntry = z.object({
  id: Uuid,
  name: z.string(),
  sample_date: EpochSeconds,
  result: z.enum(TEST_RESULT_VALUES),
});
export const HistoryResponse = z.object({
  success: z.literal(true),
  role_profile_id: Uuid,
  symptoms: z.array(SymptomHistoryEntry),
  results: z.array(TestHistoryEntry),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export const TestResultRow = z.object({
  id: Uuid,
  name: z.string(),
  sample_date: EpochSeconds,
  result: z.enum(TEST_RESULT_VALUES),
  /** A signed link valid for a few minutes; null when the result has no file. */
  file_url: z.string().nullable(),
});
export type TestResultRow = z.infer<typeof TestResultRow>;
export const TestResultsQuery = z.object({ id: Uuid });
export const TestResultsResponse = z.object({ success: z.literal(true), results: z.array(TestResultRow) });

// ---- Organisation (manager) ----

export const OrganisationResponse = z.object({ success: z.literal(true), organisation_profile: OrganisationProfile });

export const EmployeeSymptomRow = z.object({
  role_profile_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  /** When the employee last completed the symptom checker. */
  last_symptomatic_date: EpochSeconds.nullable(),
  /** That check's triage code: RED means a main symptom was reported. */
  last_symptomatic_result: TriageCodeSchema.nullable(),
  /** Sample date and result of the employee's latest test. */
  last_kit_date: EpochSeconds.nullable(),
  last_kit_result: z.enum(TEST_RESULT_VALUES).nullable(),
});
export type EmployeeSymptomRow = z.infer<typeof EmployeeSymptomRow>;
export const OrganisationSymptomHistoryResponse = z.object({ success: z.literal(true), symptom_history: z.array(EmployeeSymptomRow) });

export const Registration = z.object({
  id: Uuid,
  role_profile_id: Uuid.nullable(),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  invited_at: EpochSeconds,
});
export type Registration = z.infer<typeof Registration>;
export const RegistrationsResponse = z.object({ success: z.literal(true), registrations: z.array(Registration) });

export const InvitationRequest = z.object({ emails: z.array(Email).min(1).max(INVITATIONS_MAX) });
export const INVITATION_OUTCOMES = ['invited', 'reinvited', 'already_registered', 'account_exists'] as const;
export const InvitationResponse = z.object({
  success: z.literal(true),
  invitations: z.array(z.object({ email: z.string(), outcome: z.enum(INVITATION_OUTCOMES) })),
});
export type InvitationResponse = z.infer<typeof InvitationResponse>;

/** Splits a pasted list (commas, semicolons, spaces or new lines) into distinct addresses and the entries that are not addresses. */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/).filter(Boolean)) {
    const address = entry.replace(/^<|>$/g, '');
    if (!Email.safeParse(address).success) {
      invalid.push(entry);
      continue;
    }
    const key = address.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      emails.push(address);
    }
  }
  return { emails, invalid };
}

// ---- Help page ----

/** The swab-test video Vireo hosts itself (in the web app's public files), so it plays offline. */
export const SWAB_VIDEO_PATH = '/media/swab-test.webm';
export const HelpMediaResponse = z.object({
  success: z.literal(true),
  /** A file to play in a video element, or an outside page to embed (SWAB_VIDEO_EMBED_URL). */
  swab_video: z.object({ kind: z.enum(['file', 'embed']), url: z.string() }),
});
export type HelpMediaResponse = z.infer<typeof HelpMediaResponse>;

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

/** The last instant JavaScript dates can hold, in seconds: anything later is not a date at all. */
const LAST_DATE_SECONDS = 8_640_000_000_000;
export const KitOrderRequest = z.object({ role_profile_id: Uuid, appointment_date: EpochSeconds.min(0).max(LAST_DATE_SECONDS) });
export const KitOrder = z.object({
  id: Uuid,
  role_profile_id: Uuid,
  appointment_date: EpochSeconds,
  status: z.enum(KIT_ORDER_STATUSES),
  created_at: EpochSeconds,
});
export type KitOrder = z.infer<typeof KitOrder>;
export const KitOrderResponse = z.object({
  success: z.literal(true),
  order: KitOrder,
  /** Where the confirmation e-mail went. */
  email: z.string(),
});
export const OrdersQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const OrdersResponse = z.object({
  success: z.literal(true),
  orders: z.array(KitOrder),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
