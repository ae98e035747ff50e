import { CERTIFICATE_ADMIN_MSG, PCR_CODE_RESULTS, type PcrTest, type PcrTestQuery } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { sql } from 'drizzle-orm';
import { discardCertificate, emailCertificate, issuerOf, prepareCertificate, recordedCertificateContent, storeCertificate } from '../certificates';
import type { LabResultsDeps } from './deps';
import { epochOf, findPerson, isPcrPerson, resultCodeOf, validCertificateId } from './person';

interface PcrRow {
  booking_user_id: string;
  booking_id: string;
  first_name: string;
  last_name: string;
  kit_id: string | null;
  metadata: Record<string, unknown>;
  certificate_id: string | null;
}

/**
 * GET /pcr-test?from&to (lab_results.manage): the people taking PCR tests (`isPcrPerson`) sampled in [from, to),
 * latest sample first, one page; with the server's time, which the highlights are measured from.
 * Audited as a list read of the people listed. The page and the count are two statements asked at once, and both
 * read only `booking_users_pcr_sampled_idx` (the database keeps `pcr_sampled`, a PCR person's sample time): the
 * count of 30 days' people (tens of thousands) is an index-only scan, where joining their appointments to ask
 * each one's test type took 100 ms.
 */
export async function listPcrTests(deps: LabResultsDeps, caller: SignedInCaller, query: PcrTestQuery): Promise<{ data: PcrTest[]; totalCount: number; now: number }> {
  const from = new Date(query.from * 1000).toISOString();
  const to = new Date(query.to * 1000).toISOString();
  const inRange = sql`bu.pcr_sampled >= ${from} AND bu.pcr_sampled < ${to}`;
  const [page, counted] = await Promise.all([
    deps.db.execute(sql`
      SELECT bu.id AS booking_user_id, bu.appointment_id AS booking_id,
             coalesce(nullif(bu.metadata->>'forename', ''), bu.first_name) AS first_name,
             coalesce(nullif(bu.metadata->>'surname', ''), bu.last_name) AS last_name,
             bu.kit_id, bu.metadata, c.id AS certificate_id
      FROM booking_users bu
      LEFT JOIN certificates c ON c.booking_user_id = bu.id AND c.status = 'valid'
      WHERE ${inRange}
      ORDER BY bu.pcr_sampled DESC, bu.id DESC
      LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`),
    deps.db.execute(sql`SELECT count(*)::int AS total FROM booking_users bu WHERE ${inRange}`),
  ]);
  const rows = rowsOf<PcrRow>(page);
  if (rows.length > 0) await deps.audit.listRead(caller, 'booking_user', rows.map((row) => row.booking_user_id));
  return {
    data: rows.map((row) => ({
      first_name: row.first_name,
      last_name: row.last_name,
      sample_date: epochOf(row.metadata.date_sampled),
      receipt_date: epochOf(row.metadata.date_of_receipt),
      kit_id: row.kit_id,
      test_result: resultCodeOf(row.metadata),
      booking_id: row.booking_id,
      booking_user_id: row.booking_user_id,
      certificate_id: row.certificate_id,
    })),
    totalCount: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
    now: epochSeconds(deps.clock.now()),
  };
}

/**
 * POST /pcr-test/{bookingUserId}/certificate (lab_results.manage): Send Certificate. The person's
 * valid certificate is e-mailed again; without one, the certificate service issues one from the
 * person's result (ND or DT) and e-mails it. Not a PCR person: 404. No result, or IDT (which gets no
 * certificate): 409.
 */
export async function sendPcrCertificate(deps: LabResultsDeps, caller: SignedInCaller, bookingUserId: string): Promise<{ id: string }> {
  const found = await findPerson(deps.db, bookingUserId);
  if (!found || !isPcrPerson(found.appointment.testType, found.person.metadata)) throw notFound();
  const existing = await validCertificateId(deps.db, bookingUserId);
  if (existing) {
    await emailCertificate(deps.certificates, caller, existing);
    return { id: existing };
  }
  const { person, appointment } = found;
  const code = resultCodeOf(person.metadata);
  const result = code ? PCR_CODE_RESULTS[code] : null;
  if (result !== 'Positive' && result !== 'Negative') throw conflict(code === 'IDT' ? CERTIFICATE_ADMIN_MSG.noCertificate : CERTIFICATE_ADMIN_MSG.somethingWrong);
  const content = await recordedCertificateContent(deps.certificates, appointment, person, result);
  if (!content) throw conflict(CERTIFICATE_ADMIN_MSG.somethingWrong);
  const issue = await prepareCertificate(deps.certificates, content);
  try {
    await deps.db.transaction((tx) => storeCertificate(deps.certificates, tx, caller, issue, { mail: true, issuer: issuerOf(caller) }));
  } catch (error) {
    await discardCertificate(deps.certificates, issue);
    throw error;
  }
  return { id: issue.row.id };
}
