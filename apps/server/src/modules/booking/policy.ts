import { eq } from 'drizzle-orm';
import { BOOKING_MSG, type AppointmentStatus } from '@vireo/contracts';
import { hasPermission, hasRole, type AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { shifts } from '../../db/schema';
import { AppError, notFound, unauthenticated } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import type { Caller } from '../../platform/caller';
import type { AppointmentRow } from './repo';

/** See and act on every appointment (spec: shift manager and super admin: all). */
export const isManager = (auth: AuthContext | null): boolean => Boolean(auth && hasPermission(auth, 'appointments.manage'));
/** Customer services may read and change customers' bookings on their behalf (spec 3 §2.1 /booking/edit). */
export const isSupport = (auth: AuthContext | null): boolean => Boolean(auth && hasPermission(auth, 'appointments.actForCustomer'));
/** Practitioners: their own appointments and the claimable ones. */
export const isPractitioner = (auth: AuthContext | null): boolean => Boolean(auth && hasPermission(auth, 'appointments.attend'));

/** Statuses after which an appointment is over. */
const FINAL_STATUSES: readonly AppointmentStatus[] = ['COMPLETED', 'USER_CANCELLED', 'PROVIDER_CANCELLED'];

/**
 * Whether the appointment's link (short token) no longer works for it: the appointment is over
 * (its end has passed, or it is completed or cancelled), unless it was cancelled in time and the
 * link may still rebook it once.
 */
export function linkExpired(row: AppointmentRow, now: Date): boolean {
  if (row.rebookable) return false;
  return Boolean((row.status && FINAL_STATUSES.includes(row.status)) || (row.endTime && row.endTime <= now));
}

/** The short token the caller sent is this appointment's, whether or not it still works. */
export function holdsLinkOf(caller: Caller, row: AppointmentRow): boolean {
  return Boolean(caller.shortToken && row.shortTokenHash && row.shortTokenHash === hashToken(caller.shortToken));
}

/** The customer who booked it: the signed-in booker, or whoever holds its link while it works. */
export function isCustomerOf(caller: Caller, row: AppointmentRow, now: Date): boolean {
  if (caller.auth && row.bookerUserId === caller.auth.userId) return true;
  return holdsLinkOf(caller, row) && !linkExpired(row, now);
}

/**
 * An appointment the caller may not reach: 410 when they came with its expired link, else 404.
 * The 410 says why the link no longer works, so the customer's page can tell a completed
 * consultation from a cancelled one: completed, cancelled, or its time is over.
 */
export function unreachable(caller: Caller, row: AppointmentRow | undefined, now: Date): AppError {
  if (!row || !holdsLinkOf(caller, row) || !linkExpired(row, now)) return notFound();
  return new AppError(410, expiredLinkMessage(row));
}

/** Why an appointment's link no longer works (the 410's message). */
function expiredLinkMessage(row: AppointmentRow): string {
  if (row.status === 'COMPLETED') return BOOKING_MSG.callCompleted;
  if (row.status === 'USER_CANCELLED' || row.status === 'PROVIDER_CANCELLED') return BOOKING_MSG.alreadyCancelled;
  return BOOKING_MSG.linkExpired;
}

/** The practitioner the appointment is assigned to. */
export function isAssignedPractitioner(caller: Caller, row: AppointmentRow): boolean {
  return Boolean(caller.auth && row.practitionerUserId === caller.auth.userId && isPractitioner(caller.auth));
}

/** Patient: own bookings; practitioner: claimable and own; support and managers: all. */
export function canRead(caller: Caller, row: AppointmentRow, now: Date): boolean {
  if (isSupport(caller.auth) || isCustomerOf(caller, row, now) || isAssignedPractitioner(caller, row)) return true;
  return isPractitioner(caller.auth) && row.status === 'CLAIMABLE';
}

/** Practitioner work on an appointment (notes, results, links, call states): assigned practitioner or a manager. */
export function canPractise(caller: Caller, row: AppointmentRow): boolean {
  return isManager(caller.auth) || isAssignedPractitioner(caller, row);
}

/**
 * A manager of the appointment's organisation (its shift's, i.e. its practitioner's): a super admin
 * of any, a shift manager of those where they hold that role. Supervising a call, taking it over
 * and reopening an appointment are theirs.
 */
export async function managesAppointment(db: Db, auth: AuthContext | null, row: AppointmentRow): Promise<boolean> {
  if (!auth || !isManager(auth)) return false;
  if (hasRole(auth, 'super_admin')) return true;
  if (!row.shiftId) return false;
  const [shift] = await db.select({ organisationId: shifts.organisationId }).from(shifts).where(eq(shifts.id, row.shiftId));
  return Boolean(shift && auth.roles.some((r) => r.name === 'shift_manager' && r.organisationId === shift.organisationId));
}

/** Customer changes (edit, reschedule, delete, terms): the customer or support. */
export function canActForCustomer(caller: Caller, row: AppointmentRow, now: Date): boolean {
  return isSupport(caller.auth) || isCustomerOf(caller, row, now);
}

/** Routes open to customers without a session still need a session or a short token. */
export function requireIdentity(caller: Caller): void {
  if (!caller.auth && !caller.shortToken) throw unauthenticated();
}

/** Records the caller may not see answer 404. */
export function ensure(allowed: boolean): void {
  if (!allowed) throw notFound();
}
