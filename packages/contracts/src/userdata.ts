import { z } from 'zod';
import { OrganisationProfile, RoleProfileSummary } from './identity';
import { Email, EpochSeconds, text, Uuid } from './validation';
import {
  HEIGHT_MIN_CM,
  HEIGHT_MAX_CM,
  WEIGHT_MIN_KG,
  WEIGHT_MAX_KG,
  POSTCODE_MAX,
  ADDRESS_MAX,
  REQUIRED_TEXT_MIN,
  OPTIONAL_TEXT_MIN,
  INVITATIONS_MAX,
  HEALTH_CONDITION_CODES,
  NONE_OF_THE_ABOVE,
  ADDITIONAL_SYMPTOM_IDS,
  CONTACT_IDS,
  NO_CONTACT,
  TRIAGE_CODES,
  TEST_RESULT_VALUES,
  KIT_ORDER_STATUSES,
  REGISTRATION_STATUSES,
  HEALTH_SEXES,
  HEALTH_TEXT,
  SHIPPING_TEXT,
  USERDATA_MSG,
  UK_POSTCODE_PATTERN,
  ADDRESS_LINE_PATTERN,
  PLACE_NAME_PATTERN,
  contactIdsOf,
  hasMainSymptom,
  INVITATION_OUTCOMES,
} from './userdata-constants';

export * from './userdata-constants';
export type TriageCode = (typeof TRIAGE_CODES)[number];
export type TestResultValue = (typeof TEST_RESULT_VALUES)[number];

const unique = (values: readonly number[]) => new Set(values).size === values.length;

export const ShippingDetailsInput = z.object({
  address_1: /* @__PURE__ */ text({ error: SHIPPING_TEXT.address1 })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.address1)
    .max(ADDRESS_MAX, SHIPPING_TEXT.address1)
    .regex(ADDRESS_LINE_PATTERN, SHIPPING_TEXT.address1),
  address_2: /* @__PURE__ */ text()
    .trim()
    .max(ADDRESS_MAX, SHIPPING_TEXT.address2)
    .refine((value) => value === '' || (value.length >= OPTIONAL_TEXT_MIN && ADDRESS_LINE_PATTERN.test(value)), SHIPPING_TEXT.address2)
    .nullable()
    .optional(),
  city: /* @__PURE__ */ text({ error: SHIPPING_TEXT.town })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.town)
    .max(ADDRESS_MAX, SHIPPING_TEXT.town)
    .regex(PLACE_NAME_PATTERN, SHIPPING_TEXT.town),
  county: /* @__PURE__ */ text({ error: SHIPPING_TEXT.county })
    .trim()
    .min(REQUIRED_TEXT_MIN, SHIPPING_TEXT.county)
    .max(ADDRESS_MAX, SHIPPING_TEXT.county)
    .regex(PLACE_NAME_PATTERN, SHIPPING_TEXT.county),
  postcode: /* @__PURE__ */ text({ error: SHIPPING_TEXT.postcode })
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

export const RoleProfile = /* @__PURE__ */ RoleProfileSummary.extend({ shipping_details: /* @__PURE__ */ ShippingDetails.nullable() });
export type RoleProfile = z.infer<typeof RoleProfile>;
export const RoleProfileResponse = z.object({ success: z.literal(true), role_profile: RoleProfile });

export const RoleProfileName = /* @__PURE__ */ text().trim().min(2).max(100);
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
export const AboutYouStep = /* @__PURE__ */ HealthAssessmentInput.pick({ sex: true, height: true, weight: true, smoking: true });

/** The wizard's steps 1 and 2: at least one box ticked, "None of the above" (8) included. */
export const ConditionChoice = z
  .array(z.number().int().min(1).max(NONE_OF_THE_ABOVE))
  .min(1, HEALTH_TEXT.option)
  .refine(unique, USERDATA_MSG.duplicateChoice);

export const HealthAssessment = /* @__PURE__ */ HealthAssessmentInput.extend({ completed_at: EpochSeconds });
export type HealthAssessment = z.infer<typeof HealthAssessment>;

export const OnboardingState = z.object({
  success: z.literal(true),
  role_profile_id: Uuid,
  onboarding_complete: z.boolean(),
  shipping_details_complete: z.boolean(),
  health_assessment: /* @__PURE__ */ HealthAssessment.nullable(),
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

export const SymptomSubmission = /* @__PURE__ */ SymptomAnswers.superRefine((answers, ctx) => {
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
  last_symptomatic_date: /* @__PURE__ */ EpochSeconds.nullable(),
  /** That check's triage code: RED means a main symptom was reported. */
  last_symptomatic_result: /* @__PURE__ */ TriageCodeSchema.nullable(),
  /** Sample date and result of the employee's latest test. */
  last_kit_date: /* @__PURE__ */ EpochSeconds.nullable(),
  last_kit_result: z.enum(TEST_RESULT_VALUES).nullable(),
});
export type EmployeeSymptomRow = z.infer<typeof EmployeeSymptomRow>;
export const OrganisationSymptomHistoryResponse = z.object({ success: z.literal(true), symptom_history: z.array(EmployeeSymptomRow) });

export const Registration = z.object({
  id: Uuid,
  role_profile_id: /* @__PURE__ */ Uuid.nullable(),
  email: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  invited_at: EpochSeconds,
});
export type Registration = z.infer<typeof Registration>;
export const RegistrationsResponse = z.object({ success: z.literal(true), registrations: z.array(Registration) });

export const InvitationRequest = z.object({ emails: z.array(Email).min(1).max(INVITATIONS_MAX) });
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
export const HelpMediaResponse = z.object({
  success: z.literal(true),
  /** A file to play in a video element, or an outside page to embed (SWAB_VIDEO_EMBED_URL). */
  swab_video: z.object({ kind: z.enum(['file', 'embed']), url: z.string() }),
});
export type HelpMediaResponse = z.infer<typeof HelpMediaResponse>;

/** The last instant JavaScript dates can hold, in seconds: anything later is not a date at all. */
const LAST_DATE_SECONDS = 8_640_000_000_000;
export const KitOrderRequest = z.object({ role_profile_id: Uuid, appointment_date: /* @__PURE__ */ EpochSeconds.min(0).max(LAST_DATE_SECONDS) });
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
