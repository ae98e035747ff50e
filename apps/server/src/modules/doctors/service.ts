import { and, asc, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import { BOOKING_LIVE, ROTA_LIVE, ROTA_LIVE_DATA, ROTA_MSG, SHIFT_MANAGEMENT, type CreateDoctorRequest, type Doctor } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import type { Caller, SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import type { LiveHub } from '../../platform/live';
import type { OutboxRelay } from '../../platform/outbox';
import type { MailQuota } from '../../platform/rate-limit';
import { epochSeconds, type Clock } from '../../platform/clock';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import { passwordInvitations, roles, shifts, users } from '../../db/schema';
import { publishAppointmentChanges, withdrawFutureWork, type BookingDeps } from '../booking';
import { findUserByEmail, insertRole, revokeSessionsOf, type SessionStore } from '../identity';
import { managedOrganisations, practitionerRoleScope, requireManagedPractitioner } from '../rota';

/** What Doctors Management needs; built once per process (deps.doctors). */
export interface DoctorsDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  outbox: Pick<OutboxRelay, 'emit'>;
  mailQuota: MailQuota;
  live: Pick<LiveHub, 'publish' | 'log'>;
  sessions: SessionStore;
  booking: BookingDeps;
}
const DAY_MS = 86_400_000;

async function presentDoctors(deps: DoctorsDeps, userIds: string[]): Promise<Doctor[]> {
  if (userIds.length === 0) return [];
  const { db } = deps;
  const now = deps.clock.now();
  const [people, upcoming] = await Promise.all([
    db.select().from(users).where(inArray(users.id, userIds)).orderBy(asc(users.lastName), asc(users.firstName)),
    db
      .select({ userId: shifts.practitionerUserId, next: min(shifts.startTime) })
      .from(shifts)
      .where(and(inArray(shifts.practitionerUserId, userIds), gt(shifts.endTime, now)))
      .groupBy(shifts.practitionerUserId),
  ]);
  const nextBy = new Map(upcoming.map((u) => [u.userId, u.next]));
  return people.map((u) => ({
    user_id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    telephone: u.telephone,
    state: u.disabledAt ? 'disabled' : u.passwordHash ? 'active' : 'invited',
    created_at: epochSeconds(u.createdAt),
    next_shift_start: nextBy.get(u.id) ? epochSeconds(nextBy.get(u.id)!) : null,
  }));
}

/** The practitioners of the organisations the caller manages. */
export async function listDoctors(deps: DoctorsDeps, caller: SignedInCaller): Promise<Doctor[]> {
  const { auth } = caller;
  const rows = await deps.db.selectDistinct({ userId: roles.userId }).from(roles).where(practitionerRoleScope(auth));
  return presentDoctors(deps, rows.map((r) => r.userId));
}

async function sendInvitation(deps: DoctorsDeps, user: { id: string }, invitedBy: string): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const token = newToken();
  await db.transaction(async (tx) => {
    // A new invitation replaces the old: only the latest link works.
    await tx.update(passwordInvitations).set({ closedAt: now }).where(and(eq(passwordInvitations.userId, user.id), isNull(passwordInvitations.closedAt)));
    await tx.insert(passwordInvitations).values({
      userId: user.id,
      tokenHash: hashToken(token),
      invitedByUserId: invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHIFT_MANAGEMENT.invitationValidDays * DAY_MS),
    });
    // The e-mail with the link is this event's handler (doctors/mails.ts); the token travels sealed.
    await deps.outbox.emit(tx, { name: 'practitioner.invited', organisationId: null, payload: { user_id: user.id, invited_by: invitedBy }, secrets: { token } });
  });
}

function organisationFor(auth: AuthContext): string {
  const managed = managedOrganisations(auth);
  // A super admin adds practitioners to their own organisation; a shift manager to the one they manage.
  return managed?.includes(auth.organisationId) || managed === null ? auth.organisationId : managed[0]!;
}

/** Creates a practitioner account without a password and e-mails the link to set one. */
export async function createDoctor(deps: DoctorsDeps, caller: SignedInCaller, input: CreateDoctorRequest): Promise<Doctor> {
  const { auth } = caller;
  const { db } = deps;
  if (await findUserByEmail(db, input.email)) throw new AppError(409, ROTA_MSG.emailTaken, { email: ROTA_MSG.emailTaken });
  await deps.mailQuota.claim(auth.userId, [input.email]);
  const organisationId = organisationFor(auth);
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        organisationId,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email.toLowerCase(),
        username: input.email.toLowerCase(),
        passwordHash: null,
        telephone: input.telephone || null,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('user insert returned nothing');
    await insertRole(tx, { name: 'practitioner', userId: row.id, organisationId, profileName: `${row.firstName} ${row.lastName}` });
    return row;
  });
  await sendInvitation(deps, user, auth.userId);
  await deps.audit.record({ action: 'practitioner.create', outcome: 'success', resourceType: 'user', resourceId: user.id }, caller);
  await publishDoctors(deps, organisationId, user.id);
  return (await presentDoctors(deps, [user.id]))[0]!;
}

/** Sends a fresh invitation to a practitioner who has not set a password yet. */
export async function resendInvitation(deps: DoctorsDeps, caller: SignedInCaller, userId: string): Promise<void> {
  const { auth } = caller;
  await requireManagedPractitioner(deps.db, auth, userId);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.passwordHash) throw conflict(ROTA_MSG.alreadyActive);
  if (user.disabledAt) throw badRequest(ROTA_MSG.doctorDisabled);
  await deps.mailQuota.claim(auth.userId, [user.email]);
  await sendInvitation(deps, user, auth.userId);
  await deps.audit.record({ action: 'practitioner.invite', outcome: 'success', resourceType: 'user', resourceId: userId }, caller);
}

/**
 * Disables or enables a practitioner's account. Disabling ends every session and withdraws their
 * future work: booked appointments become claimable, open slots leave supply.
 */
export async function setDoctorDisabled(deps: DoctorsDeps, caller: SignedInCaller, userId: string, disabled: boolean): Promise<Doctor> {
  const { auth } = caller;
  const { db } = deps;
  const organisationId = await requireManagedPractitioner(db, auth, userId);
  if (userId === auth.userId) throw notFound();
  const now = deps.clock.now();
  const withdrawn = await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: disabled ? now : null }).where(eq(users.id, userId));
    if (!disabled) return [];
    await revokeSessionsOf(tx, userId, now);
    return withdrawFutureWork(deps.booking, caller, userId, tx);
  });
  if (disabled) await deps.sessions.changed({ userId, revoked: true });
  await publishAppointmentChanges(deps.booking, BOOKING_LIVE.kinds.released, withdrawn);
  await deps.audit.record({ action: disabled ? 'practitioner.disable' : 'practitioner.enable', outcome: 'success', resourceType: 'user', resourceId: userId }, caller);
  await publishDoctors(deps, organisationId, userId);
  return (await presentDoctors(deps, [userId]))[0]!;
}

async function publishDoctors(deps: DoctorsDeps, organisationId: string, userId: string): Promise<void> {
  await deps.live.publish({
    topic: ROTA_LIVE.doctors,
    kind: 'practitioner.changed',
    audience: { permission: 'doctors.manage' },
    data: ROTA_LIVE_DATA.doctors.parse({ user_id: userId, organisation_id: organisationId }),
  });
}

export type InvitationLookup = { ok: true; userId: string; email: string; invitationId: string } | { ok: false; reason: 'invalid' | 'expired' };

export async function invitationFor(deps: DoctorsDeps, token: string): Promise<InvitationLookup> {
  if (!token || token.length > 200) return { ok: false, reason: 'invalid' };
  const [row] = await deps.db
    .select({ id: passwordInvitations.id, userId: passwordInvitations.userId, expiresAt: passwordInvitations.expiresAt, closedAt: passwordInvitations.closedAt, email: users.email, disabledAt: users.disabledAt })
    .from(passwordInvitations)
    .innerJoin(users, eq(users.id, passwordInvitations.userId))
    .where(eq(passwordInvitations.tokenHash, hashToken(token)));
  if (!row || row.closedAt || row.disabledAt) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= deps.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId, email: row.email, invitationId: row.id };
}

/** Spends the invitation and sets the password; answers the practitioner role to sign in with. */
export async function acceptInvitation(deps: DoctorsDeps, caller: Caller, token: string, passwordHash: string): Promise<{ userId: string; roleId: string }> {
  const lookup = await invitationFor(deps, token);
  if (!lookup.ok) throw badRequest(lookup.reason === 'expired' ? ROTA_MSG.invitationExpired : ROTA_MSG.invitationInvalid);
  const now = deps.clock.now();
  const { db } = deps;
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordInvitations)
      .set({ closedAt: now })
      .where(and(eq(passwordInvitations.id, lookup.invitationId), isNull(passwordInvitations.closedAt)))
      .returning({ id: passwordInvitations.id });
    if (!spent) throw badRequest(ROTA_MSG.invitationInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, lookup.userId));
  });
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.userId, lookup.userId), eq(roles.name, 'practitioner'))).orderBy(sql`${roles.position}`);
  if (!role) throw badRequest(ROTA_MSG.invitationInvalid);
  await deps.audit.record({ action: 'practitioner.password_set', outcome: 'success', actorUserId: lookup.userId, resourceType: 'user', resourceId: lookup.userId }, caller);
  return { userId: lookup.userId, roleId: role.id };
}
