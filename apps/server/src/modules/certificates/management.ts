import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CERTIFICATE_ADMIN_MSG,
  CERTIFICATE_EXPORT_MAX_ROWS,
  type CertificateEdit,
  type CertificateExportQuery,
  type CertificateSearchQuery,
  type ManagedCertificate,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { csvText } from '../../platform/csv';
import type { LinkGrant } from '../../platform/download-links';
import { conflict, notFound } from '../../platform/errors';
import { bookingUsers, certificates } from '../../db/schema';
import type { CertificatesDeps } from './deps';
import * as repo from './repo';
import { discardCertificate, prepareCertificate, storeCertificate, testOf } from './service';
import { findApprovedKit } from '../commerce';

type CertificateRow = repo.CertificateRow;

const SORT_COLUMNS: Record<string, AnyPgColumn> = {
  created_at: certificates.issuedAt,
  name: certificates.holderName,
  email: certificates.email,
  sent_at: certificates.sentAt,
  opened_at: certificates.openedAt,
};

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search's WHERE: created in [from, to), and the name (or e-mail) containing the text searched. */
function searchFilter(query: CertificateExportQuery): SQL {
  const range = and(gte(certificates.issuedAt, new Date(query.from * 1000)), lt(certificates.issuedAt, new Date(query.to * 1000)))!;
  if (!query.name) return range;
  const pattern = `%${likeLiteral(query.name)}%`;
  return and(range, or(ilike(certificates.holderName, pattern), ilike(certificates.email, pattern)))!;
}

/**
 * The order: the sort asked for (newest first when none), rows without a value last, then id so
 * pages never overlap. The creation time is never null, so its order is the index's
 * (certificates_issued_at_idx) and a page reads only its rows.
 */
function orderOf(sort: string | undefined): SQL[] {
  const descending = !sort || sort.startsWith('-');
  const column = SORT_COLUMNS[sort?.replace(/^-/, '') ?? 'created_at'] ?? certificates.issuedAt;
  const direction = descending ? desc : asc;
  const nullsLast = column === certificates.issuedAt || column === certificates.holderName ? [] : [sql`${column} IS NULL`];
  return [...nullsLast, direction(column), direction(certificates.id)];
}

function present(row: CertificateRow): ManagedCertificate {
  const facts = row.facts as { dob?: string };
  return {
    id: row.id,
    number: row.number,
    created_at: epochSeconds(row.issuedAt),
    name: row.holderName,
    email: row.email,
    type: row.kind,
    result: testOf(row.facts).result,
    status: row.status,
    sent_at: row.sentAt ? epochSeconds(row.sentAt) : null,
    opened_at: row.openedAt ? epochSeconds(row.openedAt) : null,
    provider_id: row.issuedByUserId,
    recipient_id: row.bookingUserId,
    date_of_birth: facts.dob ?? '',
    document_number: row.documentNumber,
  };
}

/**
 * GET /certificate/search (certificates.manage): the certificates created in [from, to) whose
 * holder's name or e-mail contains `name`, one page in the order asked; audited as a list read.
 */
export async function searchCertificates(deps: CertificatesDeps, caller: SignedInCaller, query: CertificateSearchQuery): Promise<{ data: ManagedCertificate[]; totalCount: number }> {
  const where = searchFilter(query);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    deps.db.select({ n: count() }).from(certificates).where(where),
  ]);
  if (rows.length > 0) await deps.audit.listRead(caller, 'certificate', rows.map((row) => row.id));
  return { data: rows.map(present), totalCount: total?.n ?? 0 };
}

const EXPORT_HEADER = ['Certificate', 'Created', 'Name', 'Email', 'Type', 'Result', 'Status', 'Sent', 'Opened'];
const isoOf = (epoch: number | null) => (epoch === null ? '' : new Date(epoch * 1000).toISOString());

/**
 * GET /certificate/export (certificates.manage): the search's certificates as CSV with the table's
 * columns, in the search's order, at most CERTIFICATE_EXPORT_MAX_ROWS (a capped file is named so);
 * audited as a list read of the certificates written.
 */
export async function exportCertificates(deps: CertificatesDeps, caller: SignedInCaller, query: CertificateExportQuery): Promise<{ filename: string; csv: string }> {
  const rows = await deps.db
    .select()
    .from(certificates)
    .where(searchFilter(query))
    .orderBy(...orderOf(query.sort))
    .limit(CERTIFICATE_EXPORT_MAX_ROWS + 1);
  const capped = rows.length > CERTIFICATE_EXPORT_MAX_ROWS;
  const written = rows.slice(0, CERTIFICATE_EXPORT_MAX_ROWS).map(present);
  if (written.length > 0) await deps.audit.listRead(caller, 'certificate', written.map((row) => row.id));
  const lines = [EXPORT_HEADER, ...written.map((c) => [c.number, isoOf(c.created_at), c.name, c.email ?? '', c.type, c.result, c.status, isoOf(c.sent_at), isoOf(c.opened_at)])];
  const day = deps.clock.now().toISOString().slice(0, 10);
  return {
    filename: capped ? `certificates-${day}-first-${CERTIFICATE_EXPORT_MAX_ROWS}.csv` : `certificates-${day}.csv`,
    csv: csvText(lines),
  };
}

/**
 * POST /certificate/{id}/email: the certificate e-mailed again to its holder (`certificate.email_requested`,
 * whose handler sets sent_at). Unknown: 404; a revoked one is not sent (409). The event is the
 * certificate's organisation's, whoever asks: its handler sends only a certificate of the event's organisation.
 */
export async function emailCertificate(deps: CertificatesDeps, caller: SignedInCaller, id: string): Promise<void> {
  const row = await repo.findCertificate(deps.db, id);
  if (!row) throw notFound();
  if (row.status !== 'valid') throw conflict(CERTIFICATE_ADMIN_MSG.resendFailed);
  await deps.db.transaction(async (tx) => {
    await deps.outbox.emit(tx, {
      name: 'certificate.email_requested',
      organisationId: row.organisationId,
      payload: { certificate_id: row.id, booking_user_id: row.bookingUserId },
    });
    await deps.audit.healthData(tx, caller, { action: 'read', resourceType: 'certificate_email', resourceIds: [row.id] });
  });
}

/**
 * GET /certificate/{id}/pdf: the certificate's PDF as it was issued, for the back office to open
 * (a revoked one too: it shows what was sent). Audited as a health-data read. Unknown: 404.
 */
export async function managedCertificatePdf(deps: CertificatesDeps, caller: SignedInCaller, id: string): Promise<{ data: Buffer; fileName: string }> {
  const row = await repo.findCertificate(deps.db, id);
  const file = row ? await deps.files.get(row.pdfKey) : null;
  if (!row || !file) throw notFound();
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'certificate_file', resourceIds: [row.id] });
  return { data: file.data, fileName: `certificate-${row.number}.pdf` };
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * PUT /certificate/{id} (certificates.manage): the holder's name, date of birth, e-mail and document
 * number corrected. The certificate service issues a new certificate with the same test, kit, result
 * and times, revokes the old one and e-mails the new one; the person's details are corrected too.
 * The new certificate, and the person's change event, stay the certificate's organisation's, whoever edits.
 * Unknown: 404; a revoked certificate is not edited (409: edit its replacement).
 */
export async function reissueCertificate(deps: CertificatesDeps, caller: SignedInCaller, id: string, edit: CertificateEdit): Promise<{ id: string }> {
  const { db } = deps;
  const row = await repo.findCertificate(db, id);
  const person = row && (await repo.findBookingUser(db, row.bookingUserId));
  if (!row || !person) throw notFound();
  if (row.status !== 'valid') throw conflict(CERTIFICATE_ADMIN_MSG.somethingWrong);
  const { result, sampleTime } = testOf(row.facts);
  const entry = (row.facts as { t: [{ nm: string }] }).t[0];
  const metadata = person.metadata;
  const approved = await findApprovedKit(db, entry.nm);
  const [day, month, year] = edit.date_of_birth.split('/');
  const dateOfBirth = `${year}-${month}-${day}`;
  const email = edit.email.toLowerCase();
  const reported = new Date(textOf(metadata.date_reported));
  const issue = await prepareCertificate(deps, {
    appointmentId: row.appointmentId,
    bookingUserId: row.bookingUserId,
    kind: row.kind,
    forename: edit.forename,
    surname: edit.surname,
    dateOfBirth,
    documentNumber: edit.document_number,
    email,
    kit: { name: entry.nm, specificity: textOf(metadata.specificity) || (approved?.specificity ?? ''), sensitivity: textOf(metadata.sensitivity) || (approved?.sensitivity ?? '') },
    result,
    practitionerName: textOf(metadata.medicalprofessional),
    sampleTime,
    reportTime: Number.isNaN(reported.getTime()) ? row.issuedAt : reported,
  });
  // The replacement stays the certificate's organisation's, whoever corrects it (customer services may be another's).
  const owner = row.organisationId ?? caller.auth.organisationId;
  const changes = { forename: edit.forename, surname: edit.surname, email, date_of_birth: `${dateOfBirth}T00:00:00.000Z`, passport_number: edit.document_number };
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ status: certificates.status }).from(certificates).where(eq(certificates.id, row.id)).for('update');
      if (current?.status !== 'valid') throw conflict(CERTIFICATE_ADMIN_MSG.somethingWrong);
      await tx
        .update(bookingUsers)
        .set({ metadata: sql`${bookingUsers.metadata} || ${JSON.stringify(changes)}::jsonb` })
        .where(eq(bookingUsers.id, person.id));
      await deps.outbox.emit(tx, {
        name: 'booking_user.metadata.updated',
        organisationId: owner,
        payload: { appointment_id: row.appointmentId, booking_user_id: person.id, keys: Object.keys(changes), at: epochSeconds(deps.clock.now()) },
      });
      await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'booking_user', resourceIds: [person.id] });
      await storeCertificate(deps, tx, caller, issue, { mail: true, issuer: { organisationId: owner, userId: caller.auth.userId } });
    });
  } catch (error) {
    await discardCertificate(deps, issue);
    throw error;
  }
  return { id: issue.row.id };
}

/** The e-mailed link opened: its certificate's opened_at set the first time (a link not signed for it changes nothing). */
export async function markOpened(deps: CertificatesDeps, id: string, grant: LinkGrant): Promise<void> {
  const check = await deps.openedLinks.verify(id, grant);
  if (!check.ok) return;
  await deps.db
    .update(certificates)
    .set({ openedAt: deps.clock.now() })
    .where(and(eq(certificates.id, id), eq(certificates.bookingUserId, check.userId), isNull(certificates.openedAt)));
}
