import { and, eq } from 'drizzle-orm';
import { PCR_CODE_RESULTS, type PcrResultCode } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import { appointments, bookingUsers, certificates } from '../../db/schema';

export type BookingUserRow = typeof bookingUsers.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * Whether a person takes a PCR test: their appointment's test type or their own (a self-swab kit's, in metadata) names PCR.
 * The database keeps the same rule for PCR Tests Management (booking_users.pcr_sampled, migration 0042_pcr_sampled).
 */
export function isPcrPerson(appointmentTestType: string, metadata: Record<string, unknown>): boolean {
  return /pcr/i.test(appointmentTestType) || (typeof metadata.test_type === 'string' && /pcr/i.test(metadata.test_type));
}

const RESULT_CODES: Record<string, PcrResultCode> = { Negative: 'ND', Positive: 'DT', Invalid: 'IDT' };

/** A person's lab code: the uploaded one, else the practitioner's result as a code (Rejected has none). */
export function resultCodeOf(metadata: Record<string, unknown>): PcrResultCode | null {
  const code = metadata.test_result;
  if (typeof code === 'string' && Object.hasOwn(PCR_CODE_RESULTS, code)) return code as PcrResultCode;
  return typeof metadata.result === 'string' ? (RESULT_CODES[metadata.result] ?? null) : null;
}

/** An ISO time kept in metadata as epoch seconds, or null. */
export function epochOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

export async function findPerson(db: Db, bookingUserId: string): Promise<{ person: BookingUserRow; appointment: AppointmentRow } | undefined> {
  const [row] = await db.select({ person: bookingUsers, appointment: appointments }).from(bookingUsers).innerJoin(appointments, eq(appointments.id, bookingUsers.appointmentId)).where(eq(bookingUsers.id, bookingUserId));
  return row;
}

export async function validCertificateId(db: Db, bookingUserId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.bookingUserId, bookingUserId), eq(certificates.status, 'valid')));
  return row?.id;
}
