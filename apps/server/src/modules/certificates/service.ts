import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CERTIFICATE_MSG,
  MSG,
  PCR_CODE_RESULTS,
  certificateErrors,
  type ApprovedKit,
  type CertificateFacts,
  type CertificateItem,
  type CertificateKind,
  type CertificateSubmission,
  type MyCertificate,
  type PcrResultCode,
} from '@vireo/contracts';
import { SYSTEM_CALLER, type Caller, type SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { epochSeconds } from '../../platform/clock';
import type { LinkGrant } from '../../platform/download-links';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { hasPermission } from '../../platform/access';
import { appointments, bookingUsers, certificates } from '../../db/schema';
import type { CertificatesDeps } from './deps';
import { certificatePdf, kindParts } from './pdf';
import * as repo from './repo';
import { findApprovedKit, listApprovedKits, productOfOrderLine, type TestProduct } from '../commerce';

/** SNOMED CT and LOINC codes of the EU DCC value sets for a SARS-CoV-2 test entry. */
const DCC = {
  disease: '840539006',
  testType: { antigen: 'LP217198-3', pcr: 'LP6464-4' },
  result: { Positive: '260373001', Negative: '260415000' },
} as const;

/** The signed payload: an EU DCC test entry with its holder, the issuer and the issue time. */
interface SignedFacts {
  iss: string;
  iat: number;
  ver: '1.3.0';
  nam: { fn: string; gn: string };
  dob: string;
  t: [{ tg: string; tt: string; nm: string; sc: string; tr: string; tc: string; co: 'GB' | 'DE'; is: string; ci: string }];
}

export interface IssuedCertificate {
  id: string;
  number: string;
}

const TEST_NAMES: Record<string, string> = { [DCC.testType.antigen]: 'Rapid antigen test', [DCC.testType.pcr]: 'RT-PCR test' };
const RESULT_NAMES: Record<string, string> = { [DCC.result.Positive]: 'Positive', [DCC.result.Negative]: 'Negative' };

/** dd/mm/yyyy → yyyy-mm-dd */
function isoDay(dayMonthYear: string): string {
  const [day, month, year] = dayMonthYear.split('/');
  return `${year}-${month}-${day}`;
}

/** A travel test's product: the shop sells it for before or after a journey. */
const TRAVEL_TAGS: readonly string[] = ['before_flight', 'after_flight'];

/**
 * The kind of certificate an appointment gives: its country (language, European service), test and
 * purpose. An appointment booked from an order takes its test and purpose from the product the order
 * bought (a travel test's certificate is a travel certificate, with or without travel details given);
 * otherwise the appointment's test type or the kit, and its travel details.
 */
export function certificateKind(appointment: repo.AppointmentRow, person: repo.BookingUserRow, kit: ApprovedKit, product?: TestProduct): CertificateKind {
  const country = appointment.language === 'DE' || appointment.type === 'video_gp_euro' ? 'de' : 'uk';
  const productTest = product && /^(pcr|antigen)$/i.test(product.type) ? product.type.toLowerCase() : null;
  const test = productTest === 'pcr' || (!productTest && (/pcr/i.test(appointment.testType) || /pcr/i.test(kit.name))) ? 'pcr' : 'antigen';
  const metadata = person.metadata;
  const travel =
    product?.tags.some((tag) => TRAVEL_TAGS.includes(tag)) === true ||
    appointment.flightDetails !== null ||
    appointment.type === 'video_gp_euro' ||
    appointment.type === 'video_gp_tui' ||
    metadata.transit === true ||
    Boolean(metadata.travel_date) ||
    Boolean(metadata.flight_number);
  return `${country}_${test}_${travel ? 'travel' : 'medical'}`;
}

/** The product an appointment was booked from, when an order paid for it. */
function bookedProduct(db: Db, appointment: repo.AppointmentRow): Promise<TestProduct | undefined> {
  return appointment.orderItemId ? productOfOrderLine(db, appointment.orderItemId) : Promise.resolve(undefined);
}

/** A certificate number people can read out: C-yyyymmdd-XXXXXXXX (Crockford base 32). */
function certificateNumber(now: Date): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(8);
  const suffix = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return `C-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${suffix}`;
}

function sampleTimeOf(person: repo.BookingUserRow, now: Date): Date {
  const value = person.metadata.date_sampled ?? person.metadata.sample_date;
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) && date <= now ? date : now;
}

/**
 * The practitioner's certificate for one person (PUT /{id}/booking-users/{userId} `{ certificate }`):
 * spec 2 §5's rules (400 with every field's message, nothing stored), then in one transaction the
 * payload of spec 2 §3 on the person's metadata with `booking_user.metadata.updated`, and for a
 * Positive or Negative result a signed certificate (revoking the person's earlier one) with
 * `certificate.issued`. Only the appointment's claimed practitioner may; anyone else 404.
 */
export async function submitCertificate(
  deps: CertificatesDeps,
  caller: SignedInCaller,
  appointmentId: string,
  bookingUserId: string,
  input: CertificateSubmission,
): Promise<IssuedCertificate | null> {
  const { db, clock } = deps;
  const appointment = await repo.findAppointment(db, appointmentId);
  if (!appointment || appointment.practitionerUserId !== caller.auth.userId) throw notFound();
  const person = await repo.findBookingUser(db, bookingUserId);
  if (!person || person.appointmentId !== appointmentId) throw notFound();
  const kit = await findApprovedKit(db, input.kit_provider);
  const rejected = input.result === 'Rejected';
  const errors: Record<string, string> = { ...certificateErrors(input, { lotTracking: kit?.lot_tracking ?? false, hasPhoto: await repo.hasPhoto(db, appointmentId, bookingUserId) }) };
  if (input.kit_provider && !kit) errors.kit_provider = CERTIFICATE_MSG.kitProvider;
  if (kit?.lot_tracking && !rejected && input.lot_id && !kit.lot_ids.includes(input.lot_id)) errors.lot_id = CERTIFICATE_MSG.lotId;
  const first = Object.values(errors)[0];
  if (first || !kit) throw badRequest(first ?? CERTIFICATE_MSG.kitProvider, errors);

  const practitioner = await repo.findUser(db, caller.auth.userId);
  const practitionerName = practitioner ? `${practitioner.firstName} ${practitioner.lastName}` : '';
  const now = clock.now();
  const sampleTime = sampleTimeOf(person, now);
  const dateOfBirth = isoDay(input.date_of_birth!);
  const result = input.result!;
  const rejectNotes = rejected ? [input.rejection_reason, input.reject_notes].filter(Boolean).join(': ') : undefined;
  const payload: Record<string, unknown> = {
    forename: input.forename!.trim(),
    surname: input.surname!.trim(),
    email: input.email!.trim().toLowerCase(),
    date_of_birth: `${dateOfBirth}T00:00:00.000Z`,
    sex: input.sex!.toLowerCase(),
    security_checked: input.security_checked === true,
    result,
    kit_id: input.kit_id?.trim().toUpperCase() ?? null,
    lot_id: input.lot_id?.trim() ?? null,
    passport_number: input.passport_number!.trim(),
    kit_provider: kit.name,
    specificity: kit.specificity,
    sensitivity: kit.sensitivity,
    reject_notes: rejectNotes ?? null,
    invalid_notes: result === 'Invalid' ? (input.invalid_notes ?? null) : null,
    sample_taken: rejected ? 'rejected' : result === 'Invalid' ? 'invalid' : 'valid',
    medicalprofessional: practitionerName,
    date_sampled: sampleTime.toISOString(),
    date_reported: now.toISOString(),
    street_address: person.streetAddress,
    extended_address: person.extendedAddress,
    locality: person.locality,
    region: person.region,
    postal_code: person.postalCode,
    security_document: input.security_document ?? 'Passport',
  };

  const issue =
    result === 'Positive' || result === 'Negative'
      ? await prepareCertificate(deps, {
          appointmentId,
          bookingUserId: person.id,
          kind: certificateKind(appointment, person, kit, await bookedProduct(db, appointment)),
          forename: String(payload.forename),
          surname: String(payload.surname),
          dateOfBirth,
          documentNumber: String(payload.passport_number),
          email: String(payload.email),
          kit,
          result,
          practitionerName,
          sampleTime,
          reportTime: now,
        })
      : null;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(bookingUsers)
        .set({ metadata: { ...person.metadata, ...payload }, ...(payload.kit_id ? { kitId: payload.kit_id as string } : {}) })
        .where(eq(bookingUsers.id, person.id));
      await deps.outbox.emit(tx, {
        name: 'booking_user.metadata.updated',
        organisationId: caller.auth.organisationId,
        payload: { appointment_id: appointmentId, booking_user_id: person.id, keys: Object.keys(payload), at: epochSeconds(now) },
      });
      await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'booking_user', resourceIds: [person.id] });
      if (issue) await storeCertificate(deps, tx, caller, issue, { mail: true, issuer: issuerOf(caller) });
    });
  } catch (error) {
    if (issue) await discardCertificate(deps, issue);
    throw error;
  }
  return issue && { id: issue.row.id, number: issue.row.number };
}

/** What a certificate says: its person, their details as printed, the kit, the result and the times. */
export interface CertificateContent {
  appointmentId: string;
  bookingUserId: string;
  kind: CertificateKind;
  forename: string;
  surname: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  documentNumber: string;
  email: string;
  kit: { name: string; specificity: string; sensitivity: string };
  result: 'Positive' | 'Negative';
  practitionerName: string;
  sampleTime: Date;
  reportTime: Date;
}

export type PreparedCertificate = Awaited<ReturnType<typeof prepareCertificate>>;

/** Whose certificate it is: the organisation and user it is issued by. */
export interface CertificateIssuer {
  organisationId: string;
  userId: string | null;
}

/** The signed-in caller as the issuer of what they store. */
export function issuerOf(caller: SignedInCaller): CertificateIssuer {
  return { organisationId: caller.auth.organisationId, userId: caller.auth.userId };
}

/**
 * Stores a prepared certificate in the caller's transaction: the person's earlier valid certificate
 * revoked (`replaced_by`), the new one inserted as the issuer's, `certificate.issued` (e-mailed to
 * the person unless `mail` is false; always added to the booker's test results) and the audit
 * record (the caller's: a job's is the system's).
 */
export async function storeCertificate(deps: CertificatesDeps, tx: Db, caller: Caller, issue: PreparedCertificate, options: { mail: boolean; issuer: CertificateIssuer }): Promise<void> {
  const now = issue.row.issuedAt;
  const { issuer } = options;
  const previous = await repo.validCertificateOf(tx, issue.row.bookingUserId);
  if (previous) await tx.update(certificates).set({ status: 'revoked', revokedAt: now }).where(eq(certificates.id, previous.id));
  await tx.insert(certificates).values({ ...issue.row, organisationId: issuer.organisationId, issuedByUserId: issuer.userId });
  if (previous) await tx.update(certificates).set({ replacedBy: issue.row.id }).where(eq(certificates.id, previous.id));
  await deps.outbox.emit(tx, {
    name: 'certificate.issued',
    organisationId: issuer.organisationId,
    payload: {
      certificate_id: issue.row.id,
      appointment_id: issue.row.appointmentId,
      booking_user_id: issue.row.bookingUserId,
      ...(previous ? { replaces: previous.id } : {}),
      ...(options.mail ? {} : { mail: false }),
    },
  });
  await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'certificate', resourceIds: previous ? [issue.row.id, previous.id] : [issue.row.id] });
}

/** A person's recorded result: the lab's code (ND, DT, IDT) or the practitioner's result; null without one. */
export function recordedResultOf(metadata: Record<string, unknown>): 'Positive' | 'Negative' | 'Invalid' | 'Rejected' | null {
  const code = metadata.test_result;
  if (typeof code === 'string' && Object.hasOwn(PCR_CODE_RESULTS, code)) return PCR_CODE_RESULTS[code as PcrResultCode];
  const result = metadata.result;
  return result === 'Positive' || result === 'Negative' || result === 'Invalid' || result === 'Rejected' ? result : null;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What a person's recorded result certifies (Send Certificate, the processor's certificate node):
 * their details as recorded in their metadata, else as booked; the recorded kit, else for a PCR test
 * the approved PCR kit. Null without an approved kit.
 */
export async function recordedCertificateContent(
  deps: Pick<CertificatesDeps, 'db' | 'clock'>,
  appointment: repo.AppointmentRow,
  person: repo.BookingUserRow,
  result: 'Positive' | 'Negative',
): Promise<CertificateContent | null> {
  const metadata = person.metadata;
  const pcr = /pcr/i.test(appointment.testType) || /pcr/i.test(textOf(metadata.test_type));
  const kit = (await findApprovedKit(deps.db, textOf(metadata.kit_provider))) ?? (pcr ? (await listApprovedKits(deps.db)).find((k) => /pcr/i.test(k.name)) : undefined);
  if (!kit) return null;
  const sampleTime = new Date(textOf(metadata.date_sampled));
  const reported = new Date(textOf(metadata.date_reported));
  return {
    appointmentId: appointment.id,
    bookingUserId: person.id,
    kind: certificateKind(appointment, person, kit, await bookedProduct(deps.db, appointment)),
    forename: textOf(metadata.forename) || person.firstName,
    surname: textOf(metadata.surname) || person.lastName,
    dateOfBirth: textOf(metadata.date_of_birth).slice(0, 10) || new Date(person.dateOfBirth * 1000).toISOString().slice(0, 10),
    documentNumber: textOf(metadata.passport_number),
    email: (textOf(metadata.email) || person.email).toLowerCase(),
    kit: { name: kit.name, specificity: kit.specificity, sensitivity: kit.sensitivity },
    result,
    practitionerName: textOf(metadata.medicalprofessional),
    sampleTime: Number.isNaN(sampleTime.getTime()) ? deps.clock.now() : sampleTime,
    reportTime: Number.isNaN(reported.getTime()) ? deps.clock.now() : reported,
  };
}

/** One person's certificate from the system: issued now, or the valid one that already certifies the result (`reused`); null in a dry run that would issue one. */
export interface SystemCertificate {
  bookingUserId: string;
  reused: boolean;
  certificate: { id: string; number: string; pdfKey: string } | null;
}

/** The person's valid certificate, when it certifies this result. */
async function certifying(db: Db, bookingUserId: string, result: 'Positive' | 'Negative', lock: boolean) {
  const query = db.select().from(certificates).where(and(eq(certificates.bookingUserId, bookingUserId), eq(certificates.status, 'valid')));
  const [row] = lock ? await query.for('update') : await query;
  return row && testOf(row.facts).result === result ? { id: row.id, number: row.number, pdfKey: row.pdfKey } : null;
}

/**
 * The workflow processor's certificate node: the system, on behalf of `organisationId` (whose people
 * the processor has checked these are), issues each person's certificate for their recorded result
 * through the same prepare and store as every certificate, with `mail: false` (the task sends its own
 * e-mail). Refused (409, the reason) before anything is issued for a person with no result, a
 * Rejected or Invalid one (no certificate) or no approved kit. Idempotent: a person whose valid
 * certificate already certifies the result gets it back, also when two runs race (the people's rows
 * are locked while storing). A dry run (the editor's test run) issues nothing. Audited as health
 * data with actor `system`.
 */
export async function issueSystemCertificates(deps: CertificatesDeps, organisationId: string, bookingUserIds: readonly string[], options: { dryRun: boolean }): Promise<SystemCertificate[]> {
  const ids = [...new Set(bookingUserIds)];
  const rows = ids.length > 0 ? await deps.db.select({ person: bookingUsers, appointment: appointments }).from(bookingUsers).innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId)).where(inArray(bookingUsers.id, ids)) : [];
  const plans: { id: string; result: 'Positive' | 'Negative'; existing: SystemCertificate['certificate']; content: CertificateContent | null }[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.person.id === id);
    if (!row) throw notFound();
    const result = recordedResultOf(row.person.metadata);
    if (!result) throw conflict(`Booking user ${id} has no recorded result.`);
    if (result === 'Rejected' || result === 'Invalid') throw conflict(`Booking user ${id}'s result is ${result}: it gets no certificate.`);
    const existing = await certifying(deps.db, id, result, false);
    const content = existing ? null : await recordedCertificateContent(deps, row.appointment, row.person, result);
    if (!existing && !content) throw conflict(`Booking user ${id} has no approved kit recorded.`);
    plans.push({ id, result, existing, content });
  }
  if (options.dryRun) return plans.map((p) => ({ bookingUserId: p.id, reused: p.existing !== null, certificate: p.existing }));
  const prepared = new Map<string, PreparedCertificate>();
  const stored = new Set<string>();
  try {
    for (const plan of plans) if (plan.content) prepared.set(plan.id, await prepareCertificate(deps, plan.content));
    const issued = await deps.db.transaction(async (tx) => {
      await tx.select({ id: bookingUsers.id }).from(bookingUsers).where(inArray(bookingUsers.id, ids)).orderBy(asc(bookingUsers.id)).for('update');
      const answers: SystemCertificate[] = [];
      for (const plan of plans) {
        const existing = await certifying(tx, plan.id, plan.result, true);
        const issue = prepared.get(plan.id);
        if (existing) {
          answers.push({ bookingUserId: plan.id, reused: true, certificate: existing });
        } else if (!issue) {
          throw conflict(`Booking user ${plan.id}'s certificate changed while it was being issued: run the task again.`);
        } else {
          await storeCertificate(deps, tx, SYSTEM_CALLER, issue, { mail: false, issuer: { organisationId, userId: null } });
          answers.push({ bookingUserId: plan.id, reused: false, certificate: { id: issue.row.id, number: issue.row.number, pdfKey: issue.row.pdfKey } });
        }
      }
      const reused = answers.filter((a) => a.reused).map((a) => a.certificate!.id);
      if (reused.length > 0) await deps.audit.healthData(tx, SYSTEM_CALLER, { action: 'read', resourceType: 'certificate', resourceIds: reused });
      return answers;
    });
    for (const answer of issued) if (!answer.reused) stored.add(answer.bookingUserId);
    return issued;
  } finally {
    for (const [id, issue] of prepared) if (!stored.has(id)) await discardCertificate(deps, issue);
  }
}

/** A prepared certificate that was not stored: its PDF removed. */
export async function discardCertificate(deps: CertificatesDeps, issue: PreparedCertificate): Promise<void> {
  await deps.files.delete(issue.row.pdfKey);
}

/**
 * Makes the certificate `id` unless it exists: prepared outside any transaction, then stored (not
 * e-mailed) while its person's row is locked, so two runs of one job at once make it once (the later
 * finds it and discards its PDF). Answers whether this call made it.
 */
export async function issueCertificateOnce(deps: CertificatesDeps, content: CertificateContent, options: { id: string; issuer: CertificateIssuer }): Promise<boolean> {
  if (await repo.findCertificate(deps.db, options.id)) return false;
  const issue = await prepareCertificate(deps, content, options.id);
  try {
    const made = await deps.db.transaction(async (tx) => {
      await tx.select({ id: bookingUsers.id }).from(bookingUsers).where(eq(bookingUsers.id, content.bookingUserId)).for('update');
      if (await repo.findCertificate(tx, options.id)) return false;
      await storeCertificate(deps, tx, SYSTEM_CALLER, issue, { mail: false, issuer: options.issuer });
      return true;
    });
    if (!made) await discardCertificate(deps, issue);
    return made;
  } catch (error) {
    await discardCertificate(deps, issue);
    throw error;
  }
}

/** Signs a certificate's facts and writes its PDF (before the transaction: the slow part holds no lock). */
export async function prepareCertificate(deps: CertificatesDeps, content: CertificateContent, id: string = randomUUID()) {
  const { settings } = deps;
  const now = deps.clock.now();
  const { country, test } = kindParts(content.kind);
  const number = certificateNumber(now);
  const facts: SignedFacts = {
    iss: settings.publicUrl,
    iat: epochSeconds(now),
    ver: '1.3.0',
    nam: { fn: content.surname, gn: content.forename },
    dob: content.dateOfBirth,
    t: [
      {
        tg: DCC.disease,
        tt: DCC.testType[test],
        nm: content.kit.name,
        sc: content.sampleTime.toISOString(),
        tr: DCC.result[content.result],
        tc: settings.provider.name,
        co: country === 'de' ? 'DE' : 'GB',
        is: settings.provider.name,
        ci: number,
      },
    ],
  };
  const { token, kid } = await deps.keys.sign(facts as unknown as Record<string, unknown>);
  const pdf = await certificatePdf({
    kind: content.kind,
    provider: settings.provider,
    number,
    patientName: `${facts.nam.gn} ${facts.nam.fn}`,
    dateOfBirth: facts.dob,
    idDocumentNumber: content.documentNumber,
    kitName: content.kit.name,
    specificity: content.kit.specificity,
    sensitivity: content.kit.sensitivity,
    sampleTime: content.sampleTime,
    reportTime: content.reportTime,
    issuedAt: now,
    result: content.result,
    practitioner: content.practitionerName,
    qrUrl: `${settings.publicUrl}/verify#${token}`,
    statusUrl: `${settings.publicUrl}/verify/${id}`,
  });
  const pdfKey = await deps.files.put(pdf, 'application/pdf', 'certificates');
  return {
    row: {
      id,
      number,
      appointmentId: content.appointmentId,
      bookingUserId: content.bookingUserId,
      kind: content.kind,
      facts: facts as unknown as Record<string, unknown>,
      kid,
      status: 'valid' as const,
      issuedAt: now,
      pdfKey,
      holderName: `${content.forename} ${content.surname}`,
      email: content.email,
      documentNumber: content.documentNumber,
    },
  };
}

/** What a checker sees of a certificate: from its signed facts. */
function factsOf(id: string, facts: Record<string, unknown>): CertificateFacts {
  const signed = facts as unknown as SignedFacts;
  const entry = signed.t[0];
  return {
    id,
    name: `${signed.nam.gn} ${signed.nam.fn}`,
    date_of_birth: signed.dob,
    test: TEST_NAMES[entry.tt] ?? entry.tt,
    result: RESULT_NAMES[entry.tr] ?? entry.tr,
    sample_time: entry.sc,
  };
}

/** A certificate's test, result and sample time, read back from its signed facts. */
export function testOf(facts: Record<string, unknown>): { test: 'antigen' | 'pcr'; result: 'Positive' | 'Negative'; sampleTime: Date } {
  const entry = (facts as unknown as SignedFacts).t[0];
  return { test: entry.tt === DCC.testType.pcr ? 'pcr' : 'antigen', result: entry.tr === DCC.result.Positive ? 'Positive' : 'Negative', sampleTime: new Date(entry.sc) };
}

function isSignedFacts(payload: Record<string, unknown>): payload is Record<string, unknown> & SignedFacts {
  const entries = payload.t;
  return Array.isArray(entries) && entries.length === 1 && typeof (entries[0] as { ci?: unknown })?.ci === 'string';
}

/**
 * POST /api/certificates/verify: a token from a certificate's QR code. Invalid for a malformed
 * token, an unknown key or a bad signature (and for a signed token naming no certificate); revoked
 * for a replaced certificate; else valid, with what a checker needs.
 */
export async function verifyToken(deps: CertificatesDeps, token: string): Promise<{ status: 'valid' | 'invalid' | 'revoked'; certificate?: CertificateFacts }> {
  const check = await deps.keys.verify(token);
  if (!check.ok || !isSignedFacts(check.payload)) return { status: 'invalid' };
  const row = await repo.certificateByNumber(deps.db, check.payload.t[0].ci);
  if (!row || row.kid !== check.kid) return { status: 'invalid' };
  return { status: row.status, certificate: factsOf(row.id, check.payload) };
}

/** GET /api/certificates/{id}/status: the public status page's answer (404 for an unknown id). */
export async function certificateStatus(deps: CertificatesDeps, id: string): Promise<{ status: 'valid' | 'revoked'; certificate: CertificateFacts }> {
  const row = await repo.findCertificate(deps.db, id);
  if (!row) throw notFound();
  return { status: row.status, certificate: factsOf(row.id, row.facts) };
}

/**
 * Whether the caller may read an appointment's certificates: its claimed practitioner, a shift
 * manager of the practitioner's organisation, a super admin, or the customer who booked it.
 */
async function mayRead(deps: CertificatesDeps, caller: SignedInCaller, appointment: repo.AppointmentRow): Promise<boolean> {
  const { auth } = caller;
  if (appointment.practitionerUserId === auth.userId || appointment.bookerUserId === auth.userId) return true;
  if (!hasPermission(auth, 'appointments.manage')) return false;
  if (auth.roles.some((role) => role.name === 'super_admin')) return true;
  const practitioner = appointment.practitionerUserId ? await repo.findUser(deps.db, appointment.practitionerUserId) : undefined;
  return practitioner?.organisationId === auth.organisationId;
}

/** GET /api/certificates?appointment_id= | booking_user_id=: the certificates, each with a 5-minute signed PDF link. */
function downloadUrl(id: string, grant: LinkGrant): string {
  return `/api/certificates/${id}/file?${new URLSearchParams({ user: grant.user, expires: String(grant.expires), signature: grant.signature })}`;
}

export async function listCertificates(deps: CertificatesDeps, caller: SignedInCaller, query: { appointment_id?: string | undefined; booking_user_id?: string | undefined }): Promise<CertificateItem[]> {
  const { db } = deps;
  const person = query.booking_user_id ? await repo.findBookingUser(db, query.booking_user_id) : undefined;
  const appointmentId = query.appointment_id ?? person?.appointmentId;
  if (query.booking_user_id && (!person || (query.appointment_id && person.appointmentId !== query.appointment_id))) throw notFound();
  const appointment = appointmentId ? await repo.findAppointment(db, appointmentId) : undefined;
  if (!appointment || !(await mayRead(deps, caller, appointment))) throw notFound();
  const rows = await repo.certificatesOf(db, person ? { bookingUserId: person.id } : { appointmentId: appointment.id });
  await deps.audit.healthData(db, caller, { action: 'read', resourceType: 'certificates', resourceIds: rows.length ? rows.map((row) => row.id) : [appointment.id] });
  return Promise.all(
    rows.map(async (row) => {
      const grant = await deps.links.sign(row.id, caller.auth.userId);
      return {
        id: row.id,
        number: row.number,
        appointment_id: row.appointmentId,
        booking_user_id: row.bookingUserId,
        kind: row.kind,
        status: row.status,
        result: factsOf(row.id, row.facts).result,
        issued_at: epochSeconds(row.issuedAt),
        revoked_at: row.revokedAt ? epochSeconds(row.revokedAt) : null,
        replaced_by: row.replacedBy,
        download_url: downloadUrl(row.id, grant),
      };
    }),
  );
}

/**
 * GET /mine: the valid certificates of the bookings the caller made (their Test Results), each with
 * its test date, result and a 5-minute signed PDF link; the read audited as health data.
 */
export async function myCertificates(deps: CertificatesDeps, caller: SignedInCaller): Promise<MyCertificate[]> {
  const rows = await repo.validCertificatesBookedBy(deps.db, caller.auth.userId);
  if (rows.length > 0) await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'certificates', resourceIds: rows.map((row) => row.id) });
  return Promise.all(
    rows.map(async (row) => {
      const facts = factsOf(row.id, row.facts);
      const grant = await deps.links.sign(row.id, caller.auth.userId);
      return {
        id: row.id,
        appointment_id: row.appointmentId,
        name: facts.name,
        test: facts.test,
        result: facts.result,
        sample_time: facts.sample_time,
        download_url: downloadUrl(row.id, grant),
      };
    }),
  );
}

/** The PDF behind a signed link; audited as whoever fetched it (the session's user, else the link's holder). */
export async function certificateFile(deps: CertificatesDeps, caller: Caller, id: string, grant: LinkGrant): Promise<{ data: Buffer; fileName: string }> {
  const check = await deps.links.verify(id, grant);
  if (!check.ok) throw new AppError(404, check.reason === 'expired' ? CERTIFICATE_MSG.downloadExpired : MSG.notFound);
  const row = await repo.findCertificate(deps.db, id);
  const file = row ? await deps.files.get(row.pdfKey) : null;
  if (!row || !file) throw notFound();
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'certificate_file', resourceIds: [row.id], actorKind: caller.auth ? 'user' : 'link_holder' });
  return { data: file.data, fileName: `certificate-${row.number}.pdf` };
}
