import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { appointmentFiles, appointments, bookingUsers, certificates, roleProfiles, roles, users } from '../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type BookingUserRow = typeof bookingUsers.$inferSelect;

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

export async function findBookingUser(db: Db, id: string): Promise<BookingUserRow | undefined> {
  const [row] = await db.select().from(bookingUsers).where(eq(bookingUsers.id, id));
  return row;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, organisationId: users.organisationId }).from(users).where(eq(users.id, id));
  return row;
}

export async function hasPhoto(db: Db, appointmentId: string, bookingUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: appointmentFiles.id })
    .from(appointmentFiles)
    .where(and(eq(appointmentFiles.appointmentId, appointmentId), eq(appointmentFiles.bookingUserId, bookingUserId)))
    .limit(1);
  return rows.length > 0;
}

export async function findCertificate(db: Db, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function certificateByNumber(db: Db, number: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.number, number));
  return row;
}

export async function validCertificateOf(db: Db, bookingUserId: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.bookingUserId, bookingUserId), eq(certificates.status, 'valid')))
    .for('update');
  return row;
}

export function certificatesOf(db: Db, where: { appointmentId: string } | { bookingUserId: string }): Promise<CertificateRow[]> {
  const condition = 'appointmentId' in where ? eq(certificates.appointmentId, where.appointmentId) : eq(certificates.bookingUserId, where.bookingUserId);
  return db.select().from(certificates).where(condition).orderBy(asc(certificates.issuedAt), asc(certificates.number));
}

/** The valid certificates of the bookings `userId` made, newest sample first. */
export function validCertificatesBookedBy(db: Db, userId: string): Promise<CertificateRow[]> {
  return db
    .select(getTableColumns(certificates))
    .from(certificates)
    .innerJoin(appointments, eq(appointments.id, certificates.appointmentId))
    .where(and(eq(appointments.bookerUserId, userId), eq(certificates.status, 'valid')))
    .orderBy(desc(certificates.issuedAt), asc(certificates.number));
}

/** The patient role profile of an account (its test results' owner), if it has one. */
export async function patientProfileOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: roleProfiles.id })
    .from(roleProfiles)
    .innerJoin(roles, eq(roles.id, roleProfiles.roleId))
    .where(and(eq(roleProfiles.userId, userId), eq(roles.name, 'patient')))
    .orderBy(asc(roleProfiles.id))
    .limit(1);
  return row?.id;
}
