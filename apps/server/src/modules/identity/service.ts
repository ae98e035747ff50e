import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  MSG,
  SIGN_UP_MSG,
  signInDelayedMessage,
  type CreateUserRequest,
  type OrganisationProfile,
  type RoleName,
  type RoleProfileSummary,
  type SessionResponse,
  type UpdateUserRequest,
} from '@vireo/contracts';
import { hasRole } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import { callerOf, type Caller, type RequestCaller, type SignedInCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, forbidden, notFound, tooManyRequests, unauthenticated } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { OutboxRelay } from '../../platform/outbox';
import type { MailQuota, RateLimiter } from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import { loginTokens, roles, users } from '../../db/schema';
import { presentRole, presentUser } from './present';
import * as repo from './repo';
import type { SessionStore } from './sessions';

export interface LoginLimits {
  /** Wrong passwords for one account from one address before that address must wait `delaySeconds`, doubling to `delayMaxSeconds`. */
  failuresBeforeDelay: number;
  delaySeconds: number;
  delayMaxSeconds: number;
}

/**
 * The cap of sign-in attempts from one address, whatever the account, on every route that checks a
 * password (`/api/login/auth`, the sign-in and change-password pages): one shared count per address
 * and 15 minutes. A route takes `rateLimit` into its config and `auditRefusal` as its onSend hook,
 * which audits a refusal before it is answered ("Too many sign-in attempts").
 */
export function signInRateLimit(perIp: number, audit: AuditLog): { rateLimit: RateLimitOptions; auditRefusal: (request: FastifyRequest) => Promise<void> } {
  const refused = new WeakSet<FastifyRequest>();
  return {
    rateLimit: {
      max: perIp,
      timeWindow: 15 * 60 * 1000,
      keyGenerator: (request) => `login:ip:${request.ip}`,
      onExceeded: (request) => {
        refused.add(request);
      },
      errorResponseBuilder: () => tooManyRequests(),
    },
    auditRefusal: async (request) => {
      if (refused.has(request)) await audit.record({ action: 'auth.sign_in', outcome: 'denied', details: { reason: 'rate_limited' } }, callerOf(request));
    },
  };
}

/** Failures for one account from one address are forgotten a day after the last one (or at a sign-in). */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

/** How long an address waits after `failures` wrong passwords: none before the threshold, then doubling. */
export function signInDelaySeconds(limits: LoginLimits, failures: number): number {
  if (failures < limits.failuresBeforeDelay) return 0;
  return Math.min(limits.delayMaxSeconds, limits.delaySeconds * 2 ** Math.min(failures - limits.failuresBeforeDelay, 30));
}

/** What the built-in identity service needs (accounts, roles, sign-in, one-time tokens and sessions); built once per process (ctx.identity). */
export interface IdentityDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  limiter: RateLimiter;
  sessions: SessionStore;
  /** Password reset links: the e-mail limits, and the outbox that sends them. */
  mailQuota: MailQuota;
  outbox: OutboxRelay;
  loginTokenSeconds: number;
  limits: LoginLimits;
  /** The organisation (by name) whose b2c role a self sign-up gets: the one the demo's b2c account is in. */
  b2cOrganisation: string;
}

/** A right password for an account whose address is not verified yet (a self sign-up before its link). */
export class EmailNotVerified extends AppError {
  constructor() {
    super(403, SIGN_UP_MSG.emailNotVerified);
  }
}

/**
 * Checks e-mail and password under the sign-in limits; the same answer for every failure.
 * Wrong passwords slow down the address they come from, for that account only: after
 * `failuresBeforeDelay` of them the address waits, twice as long after each further one, while
 * the owner signing in from elsewhere is not held up. (Each address's cap of attempts is the
 * routes' `signInRateLimit`.)
 */
export async function authenticate(deps: IdentityDeps, caller: RequestCaller, input: { email: string; password: string }): Promise<{ user: repo.UserRow; roles: repo.RoleRow[] }> {
  const { limiter, limits, audit, db, clock } = deps;
  const { email, password } = input;
  const failureKey = `login:failures:${hashToken(email.trim().toLowerCase())}:${hashToken(caller.origin.address)}`;
  const failures = await limiter.failures(failureKey, FAILURE_MEMORY_SECONDS);
  if (failures) {
    const waitUntil = failures.last.getTime() + signInDelaySeconds(limits, failures.count) * 1000;
    const remaining = Math.ceil((waitUntil - clock.now().getTime()) / 1000);
    if (remaining > 0) {
      await audit.record({ action: 'auth.sign_in', outcome: 'denied', details: { reason: 'delayed', failures: failures.count } }, caller);
      throw new AppError(429, signInDelayedMessage(remaining), undefined, { 'Retry-After': String(remaining) });
    }
  }
  const user = await repo.findUserByEmail(db, email.trim());
  const valid = await verifyPassword(user?.passwordHash, password);
  const roleRows = user && valid && !user.disabledAt ? await repo.rolesOf(db, user.id) : [];
  if (!user || !valid || user.disabledAt || roleRows.length === 0) {
    await limiter.fail(failureKey, FAILURE_MEMORY_SECONDS);
    await audit.record(
      { action: 'auth.sign_in', outcome: 'failure', actorUserId: user?.id ?? null, details: { reason: user ? 'bad_credentials_or_disabled' : 'unknown_account' } },
      caller,
    );
    throw unauthenticated();
  }
  await limiter.reset(failureKey);
  if (!user.emailVerifiedAt) {
    await audit.record({ action: 'auth.sign_in', outcome: 'denied', actorUserId: user.id, details: { reason: 'email_not_verified' } }, caller);
    throw new EmailNotVerified();
  }
  await audit.record({ action: 'auth.sign_in', outcome: 'success', actorUserId: user.id, actorRole: roleRows[0]?.name }, caller);
  return { user, roles: roleRows };
}

/** A one-time token for /verify-token, valid for a short time. */
export async function issueLoginToken(deps: IdentityDeps, userId: string, roleId: string, name: string): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    name,
    userId,
    roleId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.loginTokenSeconds * 1000),
  });
  return token;
}

/** POST /token: a signed-in user asks for a login token for one of their own roles. */
export async function createTokenFor(deps: IdentityDeps, caller: SignedInCaller, input: { name: string; user_id: string; organisation_id: string; role_id: string }): Promise<string> {
  const { auth } = caller;
  if (input.user_id !== auth.userId) throw forbidden();
  const role = auth.roles.find((r) => r.id === input.role_id && r.organisationId === input.organisation_id);
  if (!role) throw notFound();
  return issueLoginToken(deps, auth.userId, role.id, input.name);
}

/** Spends a one-time token (once, before it expires) and opens a session for its role. */
export async function exchangeLoginToken(deps: IdentityDeps, caller: Caller, token: string): Promise<SessionResponse> {
  const { db, clock, sessions, audit } = deps;
  const now = clock.now();
  const [spent] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now)))
    .returning({ userId: loginTokens.userId, roleId: loginTokens.roleId });
  const user = spent ? await repo.findUser(db, spent.userId) : undefined;
  if (!spent || !user || user.disabledAt) {
    await audit.record({ action: 'auth.token_exchange', outcome: 'failure' }, caller);
    throw unauthenticated();
  }
  const session = await sessions.open(spent.userId, spent.roleId);
  await audit.record({ action: 'auth.token_exchange', outcome: 'success', actorUserId: user.id, resourceType: 'session', resourceId: session.id }, caller);
  const view = await sessionView(deps, user.id, spent.roleId, session.expiresAt);
  return { ...view, token: session.token };
}

export async function sessionView(deps: IdentityDeps, userId: string, roleId: string, expiresAt: Date): Promise<SessionResponse> {
  const { db } = deps;
  const user = await repo.findUser(db, userId);
  const roleRows = await repo.rolesOf(db, userId);
  const role = roleRows.find((r) => r.id === roleId);
  if (!user || !role) throw unauthenticated();
  const org = await repo.organisationProfileFor(db, role.organisationId);
  const roleProfile = await repo.roleProfileFor(db, role.id);
  const organisationProfile: OrganisationProfile | null = org
    ? { id: org.profile.id, organisation_id: org.profile.organisationId, name: org.name, daily_check: org.profile.dailyCheck, order_kit: org.profile.orderKit }
    : null;
  const roleProfileView: RoleProfileSummary | null = roleProfile
    ? {
        id: roleProfile.id,
        role_id: roleProfile.roleId,
        user_id: roleProfile.userId,
        organisation_profile_id: roleProfile.organisationProfileId,
        name: roleProfile.name,
        onboarding_complete: roleProfile.onboardingComplete,
      }
    : null;
  const grants = await repo.grantsOf(db, userId);
  return {
    success: true,
    grants,
    user: presentUser(user, roleRows),
    role: presentRole(role),
    organisation_profile: organisationProfile,
    role_profile: roleProfileView,
    expires_at: epochSeconds(expiresAt),
  };
}

export async function createUser(deps: IdentityDeps, caller: SignedInCaller, input: CreateUserRequest) {
  const { db } = deps;
  if (!(await repo.organisationExists(db, input.organisation_id))) throw badRequest(MSG.unableToCreateUser, { organisation_id: 'Unknown organisation' });
  if (input.date_of_birth > epochSeconds(deps.clock.now())) throw badRequest('Date of birth cannot be in the future', { date_of_birth: 'Date of birth cannot be in the future' });
  if (await repo.findUserByEmail(db, input.email)) throw new AppError(409, 'An account with this e-mail address already exists.');
  const [user] = await db
    .insert(users)
    .values({
      organisationId: input.organisation_id,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email.toLowerCase(),
      username: input.username,
      passwordHash: await hashPassword(input.password),
      dateOfBirth: input.date_of_birth,
      telephone: input.telephone ?? null,
      address1: input.address_1 ?? null,
      city: input.city ?? null,
      county: input.county ?? null,
      postcode: input.postcode ?? null,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  await deps.audit.record({ action: 'user.create', outcome: 'success', resourceType: 'user', resourceId: user.id }, caller);
  return presentUser(user, []);
}

/** A user reads themself; a super admin reads anyone. Anyone else gets 404. */
export async function getUser(deps: IdentityDeps, caller: SignedInCaller, id: string) {
  const { auth } = caller;
  if (id !== auth.userId && !hasRole(auth, 'super_admin')) throw notFound();
  const user = await repo.findUser(deps.db, id);
  if (!user) throw notFound();
  return presentUser(user, await repo.rolesOf(deps.db, id));
}

export async function updateUser(deps: IdentityDeps, caller: SignedInCaller, id: string, input: UpdateUserRequest) {
  const { auth } = caller;
  const { db, clock } = deps;
  const isAdmin = hasRole(auth, 'super_admin');
  if (id !== auth.userId && !isAdmin) throw notFound();
  const user = await repo.findUser(db, id);
  if (!user) throw notFound();
  if (!isAdmin && (input.email !== undefined || input.disabled !== undefined)) throw forbidden(MSG.unableToUpdateUser);
  if (input.disabled !== undefined && id === auth.userId) throw forbidden(MSG.unableToUpdateUser);
  if (input.date_of_birth !== undefined && input.date_of_birth > epochSeconds(clock.now())) {
    throw badRequest('Date of birth cannot be in the future', { date_of_birth: 'Date of birth cannot be in the future' });
  }
  if (input.email !== undefined) {
    const other = await repo.findUserByEmail(db, input.email);
    if (other && other.id !== id) throw new AppError(409, 'An account with this e-mail address already exists.');
  }
  const now = clock.now();
  const [updated] = await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfBirth: input.date_of_birth,
      telephone: input.telephone,
      avatarImage: input.avatar_image,
      address1: input.address_1,
      city: input.city,
      county: input.county,
      postcode: input.postcode,
      email: input.email?.toLowerCase(),
      disabledAt: input.disabled === undefined ? undefined : input.disabled ? now : null,
    })
    .where(eq(users.id, id))
    .returning();
  if (!updated) throw notFound();
  if (input.disabled) {
    await repo.revokeSessionsOf(db, id, now);
    await deps.sessions.changed({ userId: id, revoked: true });
  }
  await deps.audit.record(
    { action: 'user.update', outcome: 'success', resourceType: 'user', resourceId: id, details: { fields: Object.keys(input) } },
    caller,
  );
  return presentUser(updated, await repo.rolesOf(db, id));
}

export async function createRole(deps: IdentityDeps, caller: SignedInCaller, input: { name: RoleName; user_id: string; organisation_id: string }) {
  const { db } = deps;
  const user = await repo.findUser(db, input.user_id);
  if (!user) throw notFound();
  if (!(await repo.organisationExists(db, input.organisation_id))) throw badRequest(MSG.missingDetails, { organisation_id: 'Unknown organisation' });
  const existing = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.userId, input.user_id), eq(roles.name, input.name), eq(roles.organisationId, input.organisation_id)));
  if (existing.length > 0) throw new AppError(409, 'The user already has this role.');
  const role = await db.transaction((tx) =>
    repo.insertRole(tx, { name: input.name, userId: user.id, organisationId: input.organisation_id, profileName: `${user.firstName} ${user.lastName}` }),
  );
  await deps.sessions.changed({ userId: user.id, revoked: false });
  await deps.audit.record({ action: 'role.create', outcome: 'success', resourceType: 'role', resourceId: role.id }, caller);
  return presentRole(role);
}

/** Changes a password after checking the current one, then ends every session of the account. */
export async function changePassword(deps: IdentityDeps, caller: RequestCaller, input: { email: string; current: string; next: string; roleId?: string }): Promise<void> {
  const { user, roles: roleRows } = await authenticate(deps, caller, { email: input.email, password: input.current });
  if (input.roleId && !roleRows.some((r) => r.id === input.roleId)) throw unauthenticated();
  await deps.db.update(users).set({ passwordHash: await hashPassword(input.next) }).where(eq(users.id, user.id));
  await repo.revokeSessionsOf(deps.db, user.id, deps.clock.now());
  await deps.sessions.changed({ userId: user.id, revoked: true });
  await deps.audit.record({ action: 'user.password_change', outcome: 'success', actorUserId: user.id, resourceType: 'user', resourceId: user.id }, caller);
}
