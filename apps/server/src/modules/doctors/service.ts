import { and, asc, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { BOOKING_LIVE, ROTA_LIVE, ROTA_MSG, SHIFT_MANAGEMENT, type CreateDoctorRequest, type Doctor } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../platform/access';
import { epochSeconds } from '../../platform/clock';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import { passwordInvitations, roles, shifts, users } from '../../db/schema';
import { withdrawFutureWork } from '../booking/claims';
import { publishAppointmentChanges } from '../booking/live-events';
import { findUserByEmail, insertRole, revokeSessionsOf } from '../identity/repo';
import { managedOrganisations, practitionerRoleScope, requireManagedPractitioner } from '../rota/scope';

type DoctorsContext = Pick<AppContext, 'database' | 'clock' | 'audit' | 'outbox' | 'mailQuota' | 'config' | 'live' | 'sessions' | 'booking'>;
const DAY_MS = 86_400_000;

async function presentDoctors(ctx: DoctorsContext, userIds: string[]): Promise<Doctor[]> {
  if (userIds.length === 0) return [];
  const { db } = ctx.database;
  const now = ctx.clock.now();
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
export async function listDoctors(ctx: DoctorsContext, auth: AuthContext): Promise<Doctor[]> {
  const rows = await ctx.database.db.selectDistinct({ userId: roles.userId }).from(roles).where(practitionerRoleScope(auth));
  return presentDoctors(ctx, rows.map((r) => r.userId));
}

async function sendInvitation(ctx: DoctorsContext, user: { id: string }, invitedBy: string): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
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
    await ctx.outbox.emit(tx, { name: 'practitioner.invited', organisationId: null, payload: { user_id: user.id, invited_by: invitedBy }, secrets: { token } });
  });
}

function organisationFor(auth: AuthContext): string {
  const managed = managedOrganisations(auth);
  // A super admin adds practitioners to their own organisation; a shift manager to the one they manage.
  return managed?.includes(auth.organisationId) || managed === null ? auth.organisationId : managed[0]!;
}

/** Creates a practitioner account without a password and e-mails the link to set one. */
export async function createDoctor(ctx: DoctorsContext, auth: AuthContext, input: CreateDoctorRequest, request: FastifyRequest): Promise<Doctor> {
  const { db } = ctx.database;
  if (await findUserByEmail(db, input.email)) throw new AppError(409, ROTA_MSG.emailTaken, { email: ROTA_MSG.emailTaken });
  await ctx.mailQuota.claim(auth.userId, [input.email]);
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
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('user insert returned nothing');
    await insertRole(tx, { name: 'practitioner', userId: row.id, organisationId, profileName: `${row.firstName} ${row.lastName}` });
    return row;
  });
  await sendInvitation(ctx, user, auth.userId);
  await ctx.audit.record({ action: 'practitioner.create', outcome: 'success', resourceType: 'user', resourceId: user.id }, request);
  await publishDoctors(ctx, organisationId, user.id);
  return (await presentDoctors(ctx, [user.id]))[0]!;
}

/** Sends a fresh invitation to a practitioner who has not set a password yet. */
export async function resendInvitation(ctx: DoctorsContext, auth: AuthContext, userId: string, request: FastifyRequest): Promise<void> {
  await requireManagedPractitioner(ctx.database.db, auth, userId);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (user.passwordHash) throw conflict(ROTA_MSG.alreadyActive);
  if (user.disabledAt) throw badRequest(ROTA_MSG.doctorDisabled);
  await ctx.mailQuota.claim(auth.userId, [user.email]);
  await sendInvitation(ctx, user, auth.userId);
  await ctx.audit.record({ action: 'practitioner.invite', outcome: 'success', resourceType: 'user', resourceId: userId }, request);
}

/**
 * Disables or enables a practitioner's account. Disabling ends every session and withdraws their
 * future work: booked appointments become claimable, open slots leave supply.
 */
export async function setDoctorDisabled(ctx: DoctorsContext, auth: AuthContext, userId: string, disabled: boolean, request: FastifyRequest): Promise<Doctor> {
  const { db } = ctx.database;
  const organisationId = await requireManagedPractitioner(db, auth, userId);
  if (userId === auth.userId) throw notFound();
  const now = ctx.clock.now();
  const withdrawn = await db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: disabled ? now : null }).where(eq(users.id, userId));
    if (!disabled) return [];
    await revokeSessionsOf(tx, userId, now);
    return withdrawFutureWork(tx, userId, now, auth.userId);
  });
  if (disabled) await ctx.sessions.changed({ userId, revoked: true });
  await publishAppointmentChanges(ctx.booking, BOOKING_LIVE.kinds.released, withdrawn);
  await ctx.audit.record({ action: disabled ? 'practitioner.disable' : 'practitioner.enable', outcome: 'success', resourceType: 'user', resourceId: userId }, request);
  await publishDoctors(ctx, organisationId, userId);
  return (await presentDoctors(ctx, [userId]))[0]!;
}

async function publishDoctors(ctx: DoctorsContext, organisationId: string, userId: string): Promise<void> {
  await ctx.live.publish({
    topic: ROTA_LIVE.doctors,
    kind: 'practitioner.changed',
    audience: { permission: 'doctors.manage' },
    data: ROTA_LIVE.data.doctors.parse({ user_id: userId, organisation_id: organisationId }),
  });
}

export type InvitationLookup = { ok: true; userId: string; email: string; invitationId: string } | { ok: false; reason: 'invalid' | 'expired' };

export async function invitationFor(ctx: DoctorsContext, token: string): Promise<InvitationLookup> {
  if (!token || token.length > 200) return { ok: false, reason: 'invalid' };
  const [row] = await ctx.database.db
    .select({ id: passwordInvitations.id, userId: passwordInvitations.userId, expiresAt: passwordInvitations.expiresAt, closedAt: passwordInvitations.closedAt, email: users.email, disabledAt: users.disabledAt })
    .from(passwordInvitations)
    .innerJoin(users, eq(users.id, passwordInvitations.userId))
    .where(eq(passwordInvitations.tokenHash, hashToken(token)));
  if (!row || row.closedAt || row.disabledAt) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= ctx.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId, email: row.email, invitationId: row.id };
}

/** Spends the invitation and sets the password; answers the practitioner role to sign in with. */
export async function acceptInvitation(ctx: DoctorsContext, token: string, passwordHash: string, request: FastifyRequest): Promise<{ userId: string; roleId: string }> {
  const lookup = await invitationFor(ctx, token);
  if (!lookup.ok) throw badRequest(lookup.reason === 'expired' ? ROTA_MSG.invitationExpired : ROTA_MSG.invitationInvalid);
  const now = ctx.clock.now();
  const { db } = ctx.database;
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
  await ctx.audit.record({ action: 'practitioner.password_set', outcome: 'success', actorUserId: lookup.userId, resourceType: 'user', resourceId: lookup.userId }, request);
  return { userId: lookup.userId, roleId: role.id };
}
