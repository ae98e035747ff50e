/** certificate-management.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */

/**
 * Certificate management, PCR tests and uploaded lab results (spec 3 §2.10, §3, §8; issue 19). The
 * quoted texts are the spec's; the others ours where the spec is silent.
 */
export const CERTIFICATE_ADMIN_MSG = {
  noCertificates: 'No certificates to display',
  fetchCertificates: 'Error fetching certificates',
  resent: 'Certificate resent',
  resendFailed: 'Error resending certificate',
  emailSent: 'Email has been sent successfully!',
  somethingWrong: 'Something went wrong!',
  fileUploaded: 'File uploaded',
  uploadFailed: 'Error uploading file',
  noResults: 'No results to display',
  reissued: 'Certificate reissued',
  rangeOrder: 'The end of the range must not be before its start',
  rangeTooLong: 'Search at most 366 days at once',
  noFile: 'Choose a CSV file to upload',
  tooManyRows: 'A file may hold at most 10,000 rows',
  noRows: 'The file holds no results',
  missingColumn: 'This column is missing',
  unknownColumn: 'This column does not belong to the template',
  required: 'This value is required',
  dateTime: 'Use the date and time as yyyy-mm-ddThh:mm (UTC)',
  date: 'Use the date as yyyy-mm-dd',
  future: 'The date may not be in the future',
  reportedBeforeSampled: 'The report may not be before the sample',
  receivedBeforeSampled: 'The sample may not reach the lab before it was taken',
  resultCode: 'Use ND, DT or IDT, or leave it empty while the sample is in the lab',
  antigenResult: 'Use ND, DT or IDT',
  sex: 'Use female, male or other',
  email: 'Enter a valid e-mail address',
  tooLong: 'This value is too long',
  kitUnknown: 'No registered kit has this ID',
  kitHasResult: 'This kit already has a result',
  kitWrongTest: 'This kit was registered for another test type',
  kitRepeated: 'This kit ID appears more than once in the file',
  kitOtherPerson: (kitId: string) => `Kit ${kitId} is registered to another person`,
  kitProvider: 'This kit provider is not an approved kit',
  lotId: 'This lot ID is not one of the kit’s lots',
  noCertificate: 'An indeterminate result gets no certificate: the person should be tested again',
} as const;

/** The six upload templates (spec 3 §2.10). */
export const RESULT_TEMPLATES = ['PCRTravelUK', 'PCRMedicalUK', 'AntigenTravelUK', 'AntigenMedicalUK', 'PCRTravelDE', 'AntigenTravelDE'] as const;
export type ResultTemplate = (typeof RESULT_TEMPLATES)[number];

const BASE_COLUMNS = ['kit_id', 'first_name', 'last_name', 'email', 'date_of_birth', 'sex', 'date_sampled', 'date_reported', 'sample_type', 'result'] as const;
export type ResultColumn = (typeof BASE_COLUMNS)[number] | 'passport_number' | 'kit_provider' | 'lot_id' | 'date_of_receipt';

export function templateTest(template: ResultTemplate): 'pcr' | 'antigen' {
  return template.startsWith('PCR') ? 'pcr' : 'antigen';
}
export function templateTravel(template: ResultTemplate): boolean {
  return template.includes('Travel');
}
export function templateCountry(template: ResultTemplate): 'uk' | 'de' {
  return template.endsWith('DE') ? 'de' : 'uk';
}

/** A template's header row: the ten common columns; travel adds passport_number, antigen kit_provider and lot_id, PCR date_of_receipt. */
export function templateColumns(template: ResultTemplate): ResultColumn[] {
  const columns: ResultColumn[] = [...BASE_COLUMNS];
  if (templateTravel(template)) columns.push('passport_number');
  if (templateTest(template) === 'antigen') columns.push('kit_provider', 'lot_id');
  else columns.push('date_of_receipt');
  return columns;
}

/** Lab result codes and their names (spec 3 §2.10). */
export const PCR_RESULT_NAMES = { ND: 'Not Detected', DT: 'Detected', IDT: 'Indetermined' } as const;
export type PcrResultCode = keyof typeof PCR_RESULT_NAMES;
export const PCR_RESULT_CODES = /* @__PURE__ */ Object.keys(PCR_RESULT_NAMES) as PcrResultCode[];
/** What a code is among the practitioner's results: a certificate is signed for Negative and Positive only. */
export const PCR_CODE_RESULTS = { ND: 'Negative', DT: 'Positive', IDT: 'Invalid' } as const;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 10_000;
export const UPLOAD_SEXES = ['female', 'male', 'other'] as const;
export const UPLOAD_TEXT_MAX = 100;

/** PCR Tests Management: the last 30 days; orange at 24 hours since sampling without a result, red at 48. */
export const PCR_WINDOW_DAYS = 30;
export const PCR_ORANGE_HOURS = 24;
export const PCR_RED_HOURS = 48;
export const PCR_DEFAULT_PAGE_SIZE = 25;
export const PCR_MAX_PAGE_SIZE = 100;

/** A PCR test's highlight: red at 48 hours or more since sampling without a result, orange at 24 or more. */
export function pcrHighlight(sampleDate: number | null, result: string | null, now: number): 'red' | 'orange' | null {
  if (result || sampleDate === null) return null;
  const hours = (now - sampleDate) / 3600;
  if (hours >= PCR_RED_HOURS) return 'red';
  if (hours >= PCR_ORANGE_HOURS) return 'orange';
  return null;
}

export const CERTIFICATE_SEARCH_SORT_COLUMNS = ['created_at', 'name', 'email', 'sent_at', 'opened_at'] as const;
export const CERTIFICATE_SEARCH_DEFAULT_PAGE_SIZE = 25;
export const CERTIFICATE_SEARCH_MAX_PAGE_SIZE = 100;
export const CERTIFICATE_SEARCH_MAX_DAYS = 366;
export const CERTIFICATE_EXPORT_MAX_ROWS = 10_000;
