import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  CERTIFICATE_ADMIN_MSG,
  EMAIL_PATTERN,
  PCR_CODE_RESULTS,
  PCR_RESULT_CODES,
  UPLOAD_MAX_ROWS,
  UPLOAD_SEXES,
  UPLOAD_TEXT_MAX,
  templateColumns,
  templateCountry,
  templateTest,
  templateTravel,
  type ApprovedKit,
  type PcrResultCode,
  type ResultColumn,
  type ResultTemplate,
  type ResultUploadSummary,
  type UploadedResult,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { csvText } from '../../platform/csv';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { appointments, bookingUsers } from '../../db/schema';
import { listApprovedKits } from '../commerce';
import type { LabResultsDeps } from './deps';
import { isPcrPerson, resultCodeOf, type BookingUserRow } from './person';
import { recordUpload, type OwedCertificate } from './upload-jobs';

/** GET /certificate/template/{type}: the template's header row as a CSV file. */
export function templateCsv(template: ResultTemplate): { filename: string; csv: string } {
  return { filename: `${template}.csv`, csv: csvText([templateColumns(template)]) };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?Z?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-mm-ddThh:mm[:ss][Z] as a UTC instant, or null when it is not one (a 31 February too). */
function parseDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d && h! < 24 && mi! < 60 && (s || 0) < 60 ? date : null;
}

function parseDate(value: string): Date | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d ? date : null;
}

/** One row as checked: its values, its line in the file, and what it will store. */
interface CheckedRow {
  line: number;
  values: Record<ResultColumn, string>;
  kitId: string;
  code: PcrResultCode | null;
  sampled: Date;
  reported: Date | null;
  received: Date | null;
  dateOfBirth: string;
  kit: ApprovedKit | undefined;
  person?: BookingUserRow & { testType: string; language: string };
}

type RowErrors = Record<string, string>;

/** The file's rows as text cells; the header row first. A file papaparse cannot read is refused. */
function parseCsv(data: Buffer): string[][] {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw badRequest(CERTIFICATE_ADMIN_MSG.uploadFailed, { [`${fatal.row !== undefined ? fatal.row + 1 : 1}._`]: fatal.message });
  return parsed.data.map((row) => row.map((cell) => cell.trim()));
}

/**
 * Every rule of one row apart from the kit's registration: columns, dates, codes, e-mail, lengths,
 * the kit provider and lot of an antigen template.
 */
function checkRow(template: ResultTemplate, values: Record<ResultColumn, string>, now: Date, kits: ApprovedKit[], fail: (column: ResultColumn, message: string) => void) {
  const pcr = templateTest(template) === 'pcr';
  const required: ResultColumn[] = ['kit_id', 'first_name', 'last_name', 'email', 'date_of_birth', 'sex', 'date_sampled', 'sample_type'];
  if (templateTravel(template)) required.push('passport_number');
  if (!pcr) required.push('result', 'date_reported', 'kit_provider');
  if (pcr && !values.result) required.push('date_of_receipt');
  if (values.result) required.push('date_reported');
  for (const column of templateColumns(template)) {
    if ((values[column] ?? '').length > UPLOAD_TEXT_MAX) fail(column, CERTIFICATE_ADMIN_MSG.tooLong);
  }
  for (const column of required) if (!values[column]) fail(column, CERTIFICATE_ADMIN_MSG.required);
  if (values.email && !EMAIL_PATTERN.test(values.email)) fail('email', CERTIFICATE_ADMIN_MSG.email);
  if (values.sex && !(UPLOAD_SEXES as readonly string[]).includes(values.sex.toLowerCase())) fail('sex', CERTIFICATE_ADMIN_MSG.sex);
  if (values.result && !(PCR_RESULT_CODES as readonly string[]).includes(values.result.toUpperCase())) fail('result', pcr ? CERTIFICATE_ADMIN_MSG.resultCode : CERTIFICATE_ADMIN_MSG.antigenResult);
  if (values.passport_number && values.passport_number.length < 5) fail('passport_number', CERTIFICATE_ADMIN_MSG.required);
  const dateOfBirth = values.date_of_birth ? parseDate(values.date_of_birth) : null;
  if (values.date_of_birth && !dateOfBirth) fail('date_of_birth', CERTIFICATE_ADMIN_MSG.date);
  else if (dateOfBirth && dateOfBirth > now) fail('date_of_birth', CERTIFICATE_ADMIN_MSG.future);
  const times: Partial<Record<'date_sampled' | 'date_reported' | 'date_of_receipt', Date>> = {};
  for (const column of ['date_sampled', 'date_reported', 'date_of_receipt'] as const) {
    if (!values[column]) continue;
    const time = parseDateTime(values[column]);
    if (!time) fail(column, CERTIFICATE_ADMIN_MSG.dateTime);
    else if (time > now) fail(column, CERTIFICATE_ADMIN_MSG.future);
    else times[column] = time;
  }
  if (times.date_sampled && times.date_reported && times.date_reported < times.date_sampled) fail('date_reported', CERTIFICATE_ADMIN_MSG.reportedBeforeSampled);
  if (times.date_sampled && times.date_of_receipt && times.date_of_receipt < times.date_sampled) fail('date_of_receipt', CERTIFICATE_ADMIN_MSG.receivedBeforeSampled);
  let kit: ApprovedKit | undefined;
  if (!pcr && values.kit_provider) {
    kit = kits.find((k) => k.name === values.kit_provider || k.id === values.kit_provider);
    if (!kit) fail('kit_provider', CERTIFICATE_ADMIN_MSG.kitProvider);
    else if (kit.lot_tracking && !values.lot_id) fail('lot_id', CERTIFICATE_ADMIN_MSG.required);
    else if (kit.lot_tracking && !kit.lot_ids.includes(values.lot_id)) fail('lot_id', CERTIFICATE_ADMIN_MSG.lotId);
  }
  return { dateOfBirth, times, kit };
}

/**
 * POST /certificate/upload?type= (lab_results.manage): a lab's results in one of the six templates.
 * Every row is checked (columns, dates, codes, e-mail, a registered kit ID of the template's test
 * without a result, the name, date of birth and e-mail of the person it is registered to, no
 * repeats) and every error answered at once (400 'Error uploading file', errors keyed
 * `{line}.{column}`, the header being line 1) with nothing stored. Else, in one transaction,
 * each result is written to its person (`booking_user.metadata.updated`), the upload recorded with
 * the ND and DT certificates it owes (their ids fixed now), and jobs queued that make them
 * (`upload-jobs.ts`: the certificate service's, not e-mailed; the table's Send does that). It
 * answers before any PDF is drawn: the stored rows, positives first, each with its certificate's id,
 * and the upload's summary. A row without a result (PCR) records the sample's arrival in the lab.
 * IDT gets no certificate, as the practitioner's Invalid gets none.
 */
export async function uploadResults(
  deps: LabResultsDeps,
  caller: SignedInCaller,
  template: ResultTemplate,
  file: { data: Buffer } | null,
): Promise<{ data: UploadedResult[]; upload: ResultUploadSummary }> {
  if (!file) throw badRequest(CERTIFICATE_ADMIN_MSG.noFile, { upload: CERTIFICATE_ADMIN_MSG.noFile });
  const cells = parseCsv(file.data);
  const columns = templateColumns(template);
  const [header = [], ...body] = cells;
  const errors: RowErrors = {};
  for (const column of columns) if (!header.includes(column)) errors[`1.${column}`] = CERTIFICATE_ADMIN_MSG.missingColumn;
  for (const name of header) if (!(columns as string[]).includes(name)) errors[`1.${name || '_'}`] = CERTIFICATE_ADMIN_MSG.unknownColumn;
  if (Object.keys(errors).length > 0) throw badRequest(CERTIFICATE_ADMIN_MSG.uploadFailed, errors);
  if (body.length === 0) throw badRequest(CERTIFICATE_ADMIN_MSG.noRows, { upload: CERTIFICATE_ADMIN_MSG.noRows });
  if (body.length > UPLOAD_MAX_ROWS) throw badRequest(CERTIFICATE_ADMIN_MSG.tooManyRows, { upload: CERTIFICATE_ADMIN_MSG.tooManyRows });

  const now = deps.clock.now();
  const kits = await listApprovedKits(deps.db);
  const pcr = templateTest(template) === 'pcr';
  const seen = new Map<string, number>();
  const rows: CheckedRow[] = [];
  body.forEach((cellsOfRow, index) => {
    const line = index + 2;
    const fail = (column: string, message: string) => (errors[`${line}.${column}`] ??= message);
    if (cellsOfRow.length !== header.length) fail('_', CERTIFICATE_ADMIN_MSG.missingColumn);
    const values = Object.fromEntries(columns.map((column) => [column, cellsOfRow[header.indexOf(column)] ?? ''])) as Record<ResultColumn, string>;
    const checked = checkRow(template, values, now, kits, fail);
    const kitId = values.kit_id.toUpperCase();
    if (kitId) {
      if (seen.has(kitId)) fail('kit_id', CERTIFICATE_ADMIN_MSG.kitRepeated);
      else seen.set(kitId, line);
    }
    const code = values.result ? (values.result.toUpperCase() as PcrResultCode) : null;
    if (checked.times.date_sampled && checked.dateOfBirth) {
      rows.push({ line, values, kitId, code, sampled: checked.times.date_sampled, reported: checked.times.date_reported ?? null, received: checked.times.date_of_receipt ?? null, dateOfBirth: values.date_of_birth, kit: checked.kit });
    }
  });

  const people = await registeredPeople(deps, [...seen.keys()]);
  for (const row of rows) {
    const person = people.get(row.kitId);
    const fail = (message: string) => (errors[`${row.line}.kit_id`] ??= message);
    if (!person) fail(CERTIFICATE_ADMIN_MSG.kitUnknown);
    else if (resultCodeOf(person.metadata) !== null || typeof person.metadata.result === 'string') fail(CERTIFICATE_ADMIN_MSG.kitHasResult);
    else if (isPcrPerson(person.testType, person.metadata) !== pcr) fail(CERTIFICATE_ADMIN_MSG.kitWrongTest);
    else {
      const mismatched = columnsNamingAnother(person, row);
      for (const column of mismatched) errors[`${row.line}.${column}`] ??= CERTIFICATE_ADMIN_MSG.kitOtherPerson(person.kitId!);
      if (mismatched.length === 0) row.person = person;
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(CERTIFICATE_ADMIN_MSG.uploadFailed, errors);

  const pcrKit = pcr ? kits.find((k) => /pcr/i.test(k.name)) : undefined;
  if (pcr && !pcrKit) throw new AppError(409, CERTIFICATE_ADMIN_MSG.uploadFailed);
  const kind = `${templateCountry(template)}_${pcr ? 'pcr' : 'antigen'}_${templateTravel(template) ? 'travel' : 'medical'}` as const;
  // The result is the laboratory's: its certificate names the provider's laboratory where a practitioner's names them.
  const issuer = `${deps.certificates.settings.provider.name} laboratory`;
  const owed: OwedCertificate[] = [];
  for (const row of rows) {
    const result = row.code ? PCR_CODE_RESULTS[row.code] : null;
    if (result !== 'Positive' && result !== 'Negative') continue;
    const kit = row.kit ?? pcrKit!;
    owed.push({
      certificateId: randomUUID(),
      bookingUserId: row.person!.id,
      content: {
        appointmentId: row.person!.appointmentId,
        kind,
        forename: row.values.first_name,
        surname: row.values.last_name,
        dateOfBirth: row.dateOfBirth,
        documentNumber: row.values.passport_number ?? '',
        email: row.values.email.toLowerCase(),
        kit: { name: kit.name, specificity: kit.specificity, sensitivity: kit.sensitivity },
        result,
        practitionerName: issuer,
        sampleTime: row.sampled.toISOString(),
        reportTime: (row.reported ?? now).toISOString(),
      },
    });
  }
  const upload = await deps.db.transaction(async (tx) => {
    const ids = rows.map((row) => row.person!.id);
    const locked = await tx
      .select({ id: bookingUsers.id, metadata: bookingUsers.metadata })
      .from(bookingUsers)
      .where(inArray(bookingUsers.id, ids))
      .for('update');
    if (locked.length !== ids.length || locked.some((p) => resultCodeOf(p.metadata) !== null || typeof p.metadata.result === 'string')) throw conflict(CERTIFICATE_ADMIN_MSG.uploadFailed);
    // One statement merges every row's result into its person (10,000 UPDATEs took most of the request).
    const changed = rows.map((row) => resultMetadata(row, now));
    await tx.execute(sql`
      UPDATE ${bookingUsers} SET metadata = ${bookingUsers.metadata} || changed.changes
      FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(changed.map((changes) => JSON.stringify(changes)))}::jsonb[]) AS changed(id, changes)
      WHERE ${bookingUsers.id} = changed.id`);
    await deps.outbox.emitAll(
      tx,
      rows.map((row, i) => ({
        name: 'booking_user.metadata.updated',
        organisationId: caller.auth.organisationId,
        payload: { appointment_id: row.person!.appointmentId, booking_user_id: row.person!.id, keys: Object.keys(changed[i]!), at: epochSeconds(now) },
      })),
    );
    await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'booking_user', resourceIds: ids });
    return recordUpload(deps, tx, caller, { template, rowCount: rows.length, owed, at: now });
  });
  const certificateOf = new Map(owed.map((item) => [item.bookingUserId, item.certificateId]));
  return {
    upload,
    data: rows
      .map((row) => ({
        id: certificateOf.get(row.person!.id) ?? null,
        booking_user_id: row.person!.id,
        first_name: row.values.first_name,
        last_name: row.values.last_name,
        date_sampled: epochSeconds(row.sampled),
        sample_type: row.values.sample_type,
        result: row.code,
        positive: row.code === 'DT',
      }))
      .sort((a, b) => Number(b.positive) - Number(a.positive)),
  };
}

/** A name as a person and a lab may each write it: letter case, accents and spacing aside. */
function comparableName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The row's columns that name someone other than the person the kit is registered to (their name,
 * date of birth or e-mail): a result, and its certificate, is only ever stored under the kit holder's own.
 */
function columnsNamingAnother(person: BookingUserRow, row: CheckedRow): ResultColumn[] {
  const v = row.values;
  const columns: ResultColumn[] = [];
  if (comparableName(v.first_name) !== comparableName(person.firstName)) columns.push('first_name');
  if (comparableName(v.last_name) !== comparableName(person.lastName)) columns.push('last_name');
  if (row.dateOfBirth !== new Date(person.dateOfBirth * 1000).toISOString().slice(0, 10)) columns.push('date_of_birth');
  if (v.email.trim().toLowerCase() !== person.email.trim().toLowerCase()) columns.push('email');
  return columns;
}

/** What a row writes to its person's metadata (spec 3 §3's booking-user keys, and the lab's code). */
function resultMetadata(row: CheckedRow, now: Date): Record<string, unknown> {
  const v = row.values;
  const result = row.code ? PCR_CODE_RESULTS[row.code] : null;
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    forename: v.first_name,
    surname: v.last_name,
    email: v.email.toLowerCase(),
    date_of_birth: `${row.dateOfBirth}T00:00:00.000Z`,
    sex: v.sex.toLowerCase(),
    date_sampled: row.sampled.toISOString(),
    sample_type: v.sample_type,
    ...(row.received ? { date_of_receipt: row.received.toISOString() } : {}),
    ...(v.passport_number ? { passport_number: v.passport_number } : {}),
    ...(row.kit ? { kit_provider: row.kit.name, kitProvider: row.kit.name, specificity: row.kit.specificity, sensitivity: row.kit.sensitivity } : {}),
    ...(v.lot_id ? { lot_id: v.lot_id } : {}),
    ...(row.code && result
      ? {
          test_result: row.code,
          result,
          sample_taken: row.code === 'IDT' ? 'invalid' : 'valid',
          date_reported: (row.reported ?? now).toISOString(),
          ...(row.code === 'IDT' ? { invalid_notes: 'Indeterminate laboratory result' } : {}),
        }
      : {}),
  };
}

/** The people registered with these kit IDs (the latest registration of each), with their appointment's test type. */
async function registeredPeople(deps: LabResultsDeps, kitIds: string[]) {
  const people = new Map<string, BookingUserRow & { testType: string; language: string }>();
  if (kitIds.length === 0) return people;
  const rows = await deps.db
    .select({ person: bookingUsers, testType: appointments.testType, language: appointments.language })
    .from(bookingUsers)
    .innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId))
    .where(and(isNotNull(bookingUsers.kitId), inArray(bookingUsers.kitId, kitIds)))
    .orderBy(bookingUsers.createdAt);
  for (const row of rows) people.set(row.person.kitId!, { ...row.person, testType: row.testType, language: row.language });
  return people;
}

