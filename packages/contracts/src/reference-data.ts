import { z } from 'zod';
import { isIsoAlpha3 } from './iso-countries';
import { LIST_MAX_OFFSET } from './list-query';
import { EMAIL_PATTERN, EpochSeconds } from './validation';
import { multilineText, text } from './text';
import { COUNTRY_LIMITS, PAGE_LIMITS, SLUG_PATTERN, PAGE_KINDS } from './reference-data-constants';

export * from './reference-data-constants';

export { ISO_3166_ALPHA3, isIsoAlpha3 } from './iso-countries';

/**
 * The commerce API's reference data (spec 3 §2.4–§2.6, §3, §5): countries with their medicine rules,
 * the drug register and its autocomplete, and the pages (built in, or info pages a super admin writes).
 */
export const REFERENCE_MSG = {
  inputName: 'Input name',
  countryCode: 'ISO 3166-1 alpha-3 code required',
  prohibitedSchedule: 'Input Prohibited Schedule',
  inputNumber: 'Input number',
  recommendation: 'Input Recommendation',
  email: 'Enter a valid e-mail address',
  countryExists: 'A country with this code already exists.',
  countryCreated: 'Country has been created successfully.',
  countryEdited: 'Country has been successfully edited.',
  countryDeleted: 'Country has been deleted.',
  inputBaseComponent: 'Input Base Component',
  inputType: 'Input type',
  inputClass: 'Input class',
  drugCreated: 'Drug has been successfully created.',
  drugEdited: 'Drug has been successfully edited.',
  drugDeleted: 'Drug has been deleted.',
  inputTitle: 'Input title',
  inputSource: 'Input source',
  slug: 'Use lower-case letters, digits and single hyphens',
  slugExists: 'A page with this address already exists.',
  builtInPage: 'A built-in page cannot be changed here.',
  pageSaved: 'Page has been saved.',
  pageDeleted: 'Page has been deleted.',
  nothingToChange: 'Nothing to change.',
} as const;

// ---------------------------------------------------------------- countries

const requiredText = (message: string, max: number) => text({ error: message }).trim().min(1, message).max(max);
const optionalEmail = z.union([z.literal(''), /* @__PURE__ */ text().trim().max(254).regex(EMAIL_PATTERN, REFERENCE_MSG.email)]);

export const CountryCode = /* @__PURE__ */ text({ error: REFERENCE_MSG.countryCode })
  .trim()
  .toUpperCase()
  .refine(isIsoAlpha3, REFERENCE_MSG.countryCode);
export const CountryName = /* @__PURE__ */ requiredText(REFERENCE_MSG.inputName, 200);
export const ProhibitedSchedule = z.number({ error: REFERENCE_MSG.prohibitedSchedule }).int(REFERENCE_MSG.prohibitedSchedule).min(0, REFERENCE_MSG.prohibitedSchedule).max(99, REFERENCE_MSG.prohibitedSchedule);
export const ScheduleNumber = z.number({ error: REFERENCE_MSG.inputNumber }).int(REFERENCE_MSG.inputNumber).min(0, REFERENCE_MSG.inputNumber).max(99, REFERENCE_MSG.inputNumber);
export const Recommendation = z.object({
  recommendation: /* @__PURE__ */ multilineText({ error: REFERENCE_MSG.recommendation }).trim().min(1, REFERENCE_MSG.recommendation).max(COUNTRY_LIMITS.recommendationLength),
});
export const NcaAddress = z.object({ address_5: /* @__PURE__ */ text().trim().max(500), email: optionalEmail });
export const CountryRestriction = z.object({ narcotic: /* @__PURE__ */ multilineText().trim().max(COUNTRY_LIMITS.longText), psychotropic: /* @__PURE__ */ multilineText().trim().max(COUNTRY_LIMITS.longText) });
export const CountryVaccineInformation = z.object({ most_travellers: /* @__PURE__ */ multilineText().trim().max(COUNTRY_LIMITS.longText), recommended: /* @__PURE__ */ multilineText().trim().max(COUNTRY_LIMITS.longText) });

const countryFields = {
  name: CountryName,
  NCA_address: /* @__PURE__ */ NcaAddress.optional(),
  prohibited_schedule: ProhibitedSchedule,
  prohibited_schedule_narcotics: z.array(ScheduleNumber).max(COUNTRY_LIMITS.listItems),
  prohibited_schedule_psychotropics: z.array(ScheduleNumber).max(COUNTRY_LIMITS.listItems),
  recommendations: z.array(Recommendation).max(COUNTRY_LIMITS.listItems),
  prohibitions: z.array(/* @__PURE__ */ requiredText(REFERENCE_MSG.inputName, 200)).max(COUNTRY_LIMITS.listItems).optional(),
  restriction: /* @__PURE__ */ CountryRestriction.optional(),
  vaccine_information: /* @__PURE__ */ CountryVaccineInformation.optional(),
};

/** POST /country: the code is given once, on create. Left out, the linked records take the defaults of spec 3 §3. */
export const CreateCountryRequest = z.strictObject({ id: CountryCode, ...countryFields });
export type CreateCountryRequest = z.infer<typeof CreateCountryRequest>;
/** PATCH /country/{id}: any of the fields but the code. */
export const UpdateCountryRequest = z
  .strictObject(countryFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), REFERENCE_MSG.nothingToChange);
export type UpdateCountryRequest = z.infer<typeof UpdateCountryRequest>;

export const Country = z.object({
  id: z.string(),
  name: z.string(),
  nca_address_id: z.number().int(),
  NCA_address: z.object({ address_5: z.string(), email: z.string() }),
  prohibited_schedule: z.number().int(),
  prohibited_schedule_narcotics: z.array(z.number().int()),
  prohibited_schedule_psychotropics: z.array(z.number().int()),
  recommendations: z.array(z.object({ recommendation: z.string() })),
  prohibitions: z.array(z.string()),
  restriction_id: z.number().int(),
  restriction: z.object({ narcotic: z.string(), psychotropic: z.string() }),
  vaccine_information_id: z.number().int(),
  vaccine_information: z.object({ most_travellers: z.string(), recommended: z.string() }),
});
export type Country = z.infer<typeof Country>;
export const CountriesResponse = z.object({ success: z.literal(true), countries: z.array(Country) });
export type CountriesResponse = z.infer<typeof CountriesResponse>;
export const CountryResponse = z.object({ success: z.literal(true), message: z.string().optional(), country: Country });
export type CountryResponse = z.infer<typeof CountryResponse>;
export const CountryParams = z.object({ id: z.string().max(3) });

// ---------------------------------------------------------------- drugs

export const DRUG_LIMITS = { text: 200, maxClass: 99, autocomplete: 20, maxPage: 100 } as const;

/** POST /drug and PUT /drug/{id}: the whole drug. */
export const DrugRequest = z.strictObject({
  name: /* @__PURE__ */ requiredText(REFERENCE_MSG.inputName, DRUG_LIMITS.text),
  base_component: /* @__PURE__ */ requiredText(REFERENCE_MSG.inputBaseComponent, DRUG_LIMITS.text),
  type: /* @__PURE__ */ requiredText(REFERENCE_MSG.inputType, DRUG_LIMITS.text),
  class: z.number({ error: REFERENCE_MSG.inputClass }).int(REFERENCE_MSG.inputClass).min(0, REFERENCE_MSG.inputClass).max(DRUG_LIMITS.maxClass, REFERENCE_MSG.inputClass),
  show_in_autocomplete: z.boolean(),
});
export type DrugRequest = z.infer<typeof DrugRequest>;

export const Drug = z.object({ id: z.uuid(), name: z.string(), base_component: z.string(), type: z.string(), class: z.number().int(), show_in_autocomplete: z.boolean() });
export type Drug = z.infer<typeof Drug>;

/**
 * GET /drug: with `q`, the autocomplete: drugs shown in autocomplete whose name starts with `q`
 * (any case), by name, at most `limit` (default 20); without, the register a page at a time by name.
 */
export const DrugsQuery = z.object({
  q: /* @__PURE__ */ text().trim().min(1).max(DRUG_LIMITS.text).optional(),
  limit: z.coerce.number().int().min(1).max(DRUG_LIMITS.maxPage).optional(),
  offset: z.coerce.number().int().min(0).max(LIST_MAX_OFFSET).optional(),
});
export type DrugsQuery = z.infer<typeof DrugsQuery>;
export const DrugsResponse = z.object({ success: z.literal(true), drugs: z.array(Drug), total: z.number().int().nonnegative() });
export type DrugsResponse = z.infer<typeof DrugsResponse>;
export const DrugResponse = z.object({ success: z.literal(true), message: z.string().optional(), drug: Drug });
export type DrugResponse = z.infer<typeof DrugResponse>;

export const Slug = /* @__PURE__ */ text({ error: REFERENCE_MSG.slug }).trim().min(1, REFERENCE_MSG.slug).max(PAGE_LIMITS.slug).regex(SLUG_PATTERN, REFERENCE_MSG.slug);

/** POST /page and PUT /page/{id}: an info page, its body Markdown (raw HTML is shown as text). */
export const InfoPageRequest = z.strictObject({
  title: /* @__PURE__ */ requiredText(REFERENCE_MSG.inputTitle, PAGE_LIMITS.title),
  source: /* @__PURE__ */ requiredText(REFERENCE_MSG.inputSource, PAGE_LIMITS.source),
  slug: Slug,
  body: /* @__PURE__ */ multilineText().max(PAGE_LIMITS.body),
  published: z.boolean(),
});
export type InfoPageRequest = z.infer<typeof InfoPageRequest>;
/** A row of the pages table: built in or an info page. */
export const PageEntry = z.object({ id: z.string(), title: z.string(), source: z.string(), url: z.string(), kind: z.enum(PAGE_KINDS), published: z.boolean() });
export type PageEntry = z.infer<typeof PageEntry>;
export const InfoPage = /* @__PURE__ */ PageEntry.extend({ slug: z.string(), body: z.string(), updated_at: EpochSeconds });
export type InfoPage = z.infer<typeof InfoPage>;
export const PagesResponse = z.object({ success: z.literal(true), pages: z.array(PageEntry) });
export type PagesResponse = z.infer<typeof PagesResponse>;
export const PageResponse = z.object({ success: z.literal(true), message: z.string().optional(), page: z.union([InfoPage, PageEntry]) });
export type PageResponse = z.infer<typeof PageResponse>;
export const PageParams = z.object({ id: /* @__PURE__ */ text().max(100) });
export const SlugParams = z.object({ slug: /* @__PURE__ */ text().max(PAGE_LIMITS.slug) });
/** GET /info/{slug} (public): a published info page, its Markdown rendered to HTML on the server without raw HTML. */
export const PublishedPageResponse = z.object({ success: z.literal(true), page: z.object({ title: z.string(), slug: z.string(), html: z.string(), updated_at: EpochSeconds }) });
export type PublishedPageResponse = z.infer<typeof PublishedPageResponse>;

// ---------------------------------------------------------------- change history

/** Who changed a record, what and when: from the audit log. */
export const ChangeEntry = z.object({
  at: EpochSeconds,
  action: z.string(),
  actor: z.string().nullable(),
  fields: z.array(z.string()),
});
export type ChangeEntry = z.infer<typeof ChangeEntry>;
export const ChangeHistoryResponse = z.object({ success: z.literal(true), changes: z.array(ChangeEntry) });
export type ChangeHistoryResponse = z.infer<typeof ChangeHistoryResponse>;
