import { and, eq, gt } from 'drizzle-orm';
import {
  DOWNLOAD_LINK_SECONDS,
  INVITATION_VALID_DAYS,
  KIT_ORDER_BLOCKED_DAYS,
  MSG,
  ORDERS_PAGE_SIZE,
  USERDATA_MSG,
  contactIdsOf,
  isKitOrderDateAllowed,
  kitOrderDaysAhead,
  londonCalendarDate,
  type HealthAssessmentInput,
  type HistoryResponse,
  type InvitationResponse,
  type OnboardingState,
  type OrganisationProfile,
  type Registration,
  type RoleProfile,
  type ShippingDetailsInput,
  type SymptomResult,
  type SymptomSubmission,
  type TestResultRow,
  type TestResultValue,
} from '@vireo/contracts';
import { hasRole, type AuthContext } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import type { Caller, SignedInCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files';
import type { OutboxRelay } from '../../platform/outbox';
import type { MailQuota } from '../../platform/rate-limit';
import { hashToken, newToken } from '../../platform/tokens';
import { registrations, roleProfiles, roles } from '../../db/schema';
import * as identityRepo from '../identity';
import { DownloadLinks, type LinkGrant } from '../../platform/download-links';
import { presentAssessment, presentOrder, presentRoleProfile, presentShipping } from './present';
import * as repo from './repo';
import { triage } from './triage';

/**
 * The user-data service (spec 1 §7): role profiles, shipping, the health assessment, symptom
 * checks, kit orders, test results and an organisation's employees.
 *
 * Whose data a call reaches:
 * - "your own profile" is the caller's personal role profile: their patient role's profile in the
 *   session's organisation, or, for a caller without a patient role there (a manager only), the
 *   profile of the role they signed in with;
 * - a manager reaches the employees (patient role profiles) of the organisation they manage, and
 *   from them only symptom history, results summaries and registrations, never assessments;
 * - everything else answers 404.
 *
 * Built once per process (ctx.userdata); every service function takes it first.
 */
export interface UserdataDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  outbox: Pick<OutboxRelay, 'emit'>;
  mailQuota: MailQuota;
  files: FileStorage;
  productName: string;
  publicUrl: string;
  /** Signs and checks the 5-minute download links of result letters. */
  resultLinks: DownloadLinks;
}

export function createUserdataDeps(input: Omit<UserdataDeps, 'resultLinks'>): UserdataDeps {
  return { ...input, resultLinks: new DownloadLinks(input.db, input.clock, 'test-result-file', DOWNLOAD_LINK_SECONDS) };
}

/** What the server-side attach path needs to add a test result. */
export interface AttachResultInput {
  roleProfileId: string;
  name: string;
  sampleDate: Date;
  result: TestResultValue;
  /** The result letter; must be a PDF. */
  pdf?: Buffer;
  fileName?: string;
  createdByUserId?: string | null;
}

const RESULT_FILE_PREFIX = 'test-results';

/**
 * A kit order or symptom check sent again with the same content within this long of the first (a
 * double click, a client's retry) answers the first one instead of writing another.
 */
export const REPEAT_SUBMISSION_WINDOW_MS = 10_000;

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Whether a stored symptom submission has the answers of a new one. */
function sameSymptomAnswers(stored: repo.SymptomSubmissionValues, next: repo.SymptomSubmissionValues): boolean {
  const flags = ['symptomatic', 'fever', 'cough', 'shortnessOfBreath', 'lossOfSmell', 'worsening', 'breathingFast', 'coughingBlood', 'highRiskCountry'] as const;
  return flags.every((flag) => stored[flag] === next[flag]) && stored.code === next.code && sameList(stored.contactIds, next.contactIds) && sameList(stored.symptoms, next.symptoms);
}

/** Where a result letter downloads from: the record in the path, the signed grant in the query. */
function resultFileUrl(resultId: string, grant: LinkGrant): string {
  const query = new URLSearchParams({ user: grant.user, expires: String(grant.expires), signature: grant.signature });
  return `/api/userdata/results/${resultId}/file?${query.toString()}`;
}
const PDF_MAGIC = Buffer.from('%PDF-');

// ---- Whose records ----

/** The caller's personal role profile (see UserdataDeps). */
async function personalProfile(deps: UserdataDeps, auth: AuthContext, db: Db = deps.db): Promise<repo.RoleProfileRow> {
  const organisationId = auth.role.organisationId;
  const patientRole = auth.roles.find((role) => role.name === 'patient' && role.organisationId === organisationId);
  const profile = await repo.profileOfRole(db, (patientRole ?? auth.role).id);
  if (!profile) throw new AppError(404, MSG.unableToFindUserData);
  return profile;
}

/** The organisation a manager manages: the session's, or that of their first manager role. */
function managedOrganisationId(auth: AuthContext): string {
  if (auth.role.name === 'manager') return auth.role.organisationId;
  const managerRole = auth.roles.find((role) => role.name === 'manager');
  if (!managerRole) throw forbidden();
  return managerRole.organisationId;
}

/** A profile the caller may see the history of: their own, or an employee of the organisation they manage. */
async function historyProfile(deps: UserdataDeps, auth: AuthContext, profileId: string): Promise<repo.RoleProfileRow> {
  const own = await personalProfile(deps, auth);
  if (own.id === profileId) return own;
  if (!hasRole(auth, 'manager')) throw notFound();
  const target = await repo.profileWithRole(deps.db, profileId);
  if (!target || target.roleName !== 'patient' || target.organisationId !== managedOrganisationId(auth)) throw notFound();
  return target.profile;
}

async function organisationProfileOf(deps: UserdataDeps, auth: AuthContext): Promise<OrganisationProfile> {
  const org = await identityRepo.organisationProfileFor(deps.db, auth.role.organisationId);
  if (!org) throw new AppError(404, MSG.unableToFindUserData);
  return { id: org.profile.id, organisation_id: org.profile.organisationId, name: org.name, daily_check: org.profile.dailyCheck, order_kit: org.profile.orderKit };
}

// ---- Role profile and shipping ----

export async function roleProfile(deps: UserdataDeps, caller: SignedInCaller): Promise<RoleProfile> {
  const { auth } = caller;
  const profile = await personalProfile(deps, auth);
  return presentRoleProfile(profile, await repo.shippingOf(deps.db, profile.id));
}

/** Creates the profile of one of the caller's own roles that has none (a super admin may do it for anyone's role). */
export async function createRoleProfile(deps: UserdataDeps, caller: SignedInCaller, input: { role_id: string; name: string }): Promise<RoleProfile> {
  const { auth } = caller;
  const { db } = deps;
  const role = (await identityRepo.rolesOf(db, auth.userId)).find((r) => r.id === input.role_id) ?? (hasRole(auth, 'super_admin') ? await roleById(db, input.role_id) : undefined);
  if (!role) throw notFound();
  const org = await identityRepo.organisationProfileFor(db, role.organisationId);
  if (!org) throw new AppError(404, MSG.unableToFindUserData);
  const [created] = await db
    .insert(roleProfiles)
    .values({ roleId: role.id, userId: role.userId, organisationProfileId: org.profile.id, name: input.name })
    .onConflictDoNothing({ target: roleProfiles.roleId })
    .returning();
  if (!created) throw conflict(MSG.unableToCreateRoleProfile);
  await deps.audit.record({ action: 'role_profile.create', outcome: 'success', resourceType: 'role_profile', resourceId: created.id }, caller);
  return presentRoleProfile(created, undefined);
}

export async function renameRoleProfile(deps: UserdataDeps, caller: SignedInCaller, name: string): Promise<RoleProfile> {
  const { auth } = caller;
  const profile = await personalProfile(deps, auth);
  const [updated] = await deps.db.update(roleProfiles).set({ name }).where(eq(roleProfiles.id, profile.id)).returning();
  if (!updated) throw notFound();
  await deps.audit.record({ action: 'role_profile.update', outcome: 'success', resourceType: 'role_profile', resourceId: profile.id }, caller);
  return presentRoleProfile(updated, await repo.shippingOf(deps.db, profile.id));
}

export async function saveShipping(deps: UserdataDeps, caller: SignedInCaller, input: ShippingDetailsInput) {
  const { auth } = caller;
  return deps.db.transaction(async (tx) => {
    const profile = await personalProfile(deps, auth, tx);
    const shipping = await repo.saveShipping(tx, profile, input, deps.clock.now());
    const onboardingComplete = profile.onboardingComplete || (await repo.completeOnboardingIfReady(tx, profile.id));
    await deps.audit.record({ action: 'shipping_details.save', outcome: 'success', resourceType: 'shipping_details', resourceId: shipping.id }, caller, tx);
    return { shipping_details: presentShipping(shipping), onboarding_complete: onboardingComplete };
  });
}

// ---- Health assessment (onboarding) ----

async function onboardingOf(deps: UserdataDeps, db: Db, profile: repo.RoleProfileRow): Promise<OnboardingState> {
  const [assessment, shipping, hasOrder] = await Promise.all([
    repo.assessmentOf(db, profile.id),
    repo.shippingOf(db, profile.id),
    repo.hasAnyOrder(db, profile.id),
  ]);
  return {
    success: true,
    role_profile_id: profile.id,
    onboarding_complete: profile.onboardingComplete,
    shipping_details_complete: Boolean(shipping),
    health_assessment: assessment ? presentAssessment(assessment) : null,
    has_order: hasOrder,
  };
}

export async function onboarding(deps: UserdataDeps, caller: SignedInCaller): Promise<OnboardingState> {
  const { auth } = caller;
  const profile = await personalProfile(deps, auth);
  const state = await onboardingOf(deps, deps.db, profile);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'health_assessment', resourceIds: [profile.id] });
  return state;
}

/** Saves the one health assessment; onboarding completes when shipping details exist too. */
export async function submitAssessment(deps: UserdataDeps, caller: SignedInCaller, input: HealthAssessmentInput): Promise<OnboardingState> {
  const { auth } = caller;
  return deps.db.transaction(async (tx) => {
    const profile = await personalProfile(deps, auth, tx);
    const saved = await repo.insertAssessment(tx, {
      roleProfileId: profile.id,
      sex: input.sex,
      heightCm: input.height,
      weightKg: input.weight,
      smoking: input.smoking,
      healthConditions: [...input.health_conditions].sort((a, b) => a - b),
      familyHealthConditions: [...input.family_health_conditions].sort((a, b) => a - b),
      createdAt: deps.clock.now(),
    });
    if (!saved) throw conflict(USERDATA_MSG.assessmentCompleted);
    const complete = await repo.completeOnboardingIfReady(tx, profile.id);
    await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'health_assessment', resourceIds: [profile.id] });
    return onboardingOf(deps, tx, { ...profile, onboardingComplete: profile.onboardingComplete || complete });
  });
}

// ---- Symptom checker ----

export async function submitSymptoms(deps: UserdataDeps, caller: SignedInCaller, input: SymptomSubmission): Promise<SymptomResult> {
  const { auth } = caller;
  const organisation = await organisationProfileOf(deps, auth);
  if (!organisation.daily_check) throw forbidden(USERDATA_MSG.dailyCheckOff);
  const profile = await personalProfile(deps, auth);
  if (!profile.onboardingComplete) throw conflict(USERDATA_MSG.onboardingIncomplete);
  const outcome = triage(input);
  const now = deps.clock.now();
  const values: repo.SymptomSubmissionValues = {
    roleProfileId: profile.id,
    submittedAt: now,
    contactIds: contactIdsOf(input.contact_id),
    symptomatic: outcome.symptomatic,
    fever: input.fever,
    cough: input.cough,
    shortnessOfBreath: input.shortness_of_breath,
    lossOfSmell: input.loss_of_smell,
    worsening: input.worsening,
    breathingFast: input.breathing_fast,
    coughingBlood: input.coughing_blood,
    highRiskCountry: input.high_risk_country,
    symptoms: [...input.symptoms].sort((a, b) => a - b),
    code: outcome.code,
  };
  await deps.db.transaction(async (tx) => {
    await repo.lockProfile(tx, profile.id);
    const latest = await repo.latestSymptomSubmissionSince(tx, profile.id, new Date(now.getTime() - REPEAT_SUBMISSION_WINDOW_MS));
    if (latest && sameSymptomAnswers(latest, values)) return;
    const id = await repo.insertSymptomSubmission(tx, values);
    await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'symptom_submission', resourceIds: [id] });
  });
  return { success: true, code: outcome.code, urgent: outcome.urgent, text: outcome.text };
}

/** Symptom checks and test results of a profile: dates and outcomes only. */
export async function history(deps: UserdataDeps, caller: SignedInCaller, profileId: string | null): Promise<HistoryResponse> {
  const { auth } = caller;
  const profile = profileId === null ? await personalProfile(deps, auth) : await historyProfile(deps, auth, profileId);
  const [symptoms, results] = await Promise.all([repo.symptomHistoryOf(deps.db, profile.id), repo.resultsOf(deps.db, profile.id)]);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'history', resourceIds: [profile.id] });
  return {
    success: true,
    role_profile_id: profile.id,
    symptoms: symptoms.map((row) => ({ id: row.id, submitted_at: epochSeconds(row.submittedAt), symptomatic: row.symptomatic, code: row.code })),
    results: results.map((row) => ({ id: row.id, name: row.name, sample_date: epochSeconds(row.sampleDate), result: row.result })),
  };
}

// ---- Test results ----

export async function results(deps: UserdataDeps, caller: SignedInCaller, profileId: string): Promise<TestResultRow[]> {
  const { auth } = caller;
  const profile = await personalProfile(deps, auth);
  if (profile.id !== profileId) throw notFound();
  const rows = await repo.resultsOf(deps.db, profile.id);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'test_results', resourceIds: [profile.id] });
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      sample_date: epochSeconds(row.sampleDate),
      result: row.result,
      file_url: row.fileKey ? resultFileUrl(row.id, await deps.resultLinks.sign(row.id, auth.userId)) : null,
    })),
  );
}

/**
 * The result letter behind a signed link, for the user the link was issued to. Its read is
 * audited as whoever fetched it: the session's user if the request came with one, else the link's
 * holder, known by their address.
 */
export async function resultFile(deps: UserdataDeps, caller: Caller, resultId: string, grant: LinkGrant): Promise<{ data: Buffer; fileName: string }> {
  const check = await deps.resultLinks.verify(resultId, grant);
  if (!check.ok) throw new AppError(404, check.reason === 'expired' ? USERDATA_MSG.downloadExpired : MSG.notFound);
  const { db } = deps;
  const result = await repo.findResult(db, resultId);
  const owner = result ? await repo.profileWithRole(db, result.roleProfileId) : undefined;
  const user = owner ? await identityRepo.findUser(db, owner.profile.userId) : undefined;
  if (!result?.fileKey || !user || user.id !== check.userId || user.disabledAt) throw notFound();
  const file = await deps.files.get(result.fileKey);
  if (!file) throw notFound();
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'test_result_file', resourceIds: [result.id], actorKind: caller.auth ? 'user' : 'link_holder' });
  return { data: file.data, fileName: result.fileName ?? 'test-result.pdf' };
}

/**
 * The server-side attach path: adds a result (with its PDF letter) to a profile and closes the
 * profile's open kit order. Used by tests, the demo seed and, later, the lab upload.
 */
export async function attachResult(deps: UserdataDeps, input: AttachResultInput, db: Db = deps.db): Promise<repo.TestResultRow> {
  if (input.pdf && !input.pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw badRequest('The result file must be a PDF.');
  const fileKey = input.pdf ? await deps.files.put(input.pdf, 'application/pdf', RESULT_FILE_PREFIX) : null;
  const attach = async (tx: Db) => {
    const openOrder = await repo.openOrderOf(tx, input.roleProfileId);
    const row = await repo.insertResult(tx, {
      roleProfileId: input.roleProfileId,
      kitOrderId: openOrder?.id ?? null,
      name: input.name,
      sampleDate: input.sampleDate,
      result: input.result,
      fileKey,
      fileName: input.pdf ? (input.fileName ?? 'test-result.pdf') : null,
      createdByUserId: input.createdByUserId ?? null,
      createdAt: deps.clock.now(),
    });
    if (openOrder) await repo.markOrderResultReceived(tx, openOrder.id);
    await deps.audit.record(
      { action: 'health_data.write', outcome: 'success', resourceType: 'test_result', resourceId: row.id, actorUserId: input.createdByUserId ?? null, actorRole: null },
      undefined,
      tx,
    );
    return row;
  };
  try {
    return db === deps.db ? await db.transaction(attach) : await attach(db);
  } catch (error) {
    if (fileKey) await deps.files.delete(fileKey);
    throw error;
  }
}

// ---- Organisation and kit orders ----

export function organisation(deps: UserdataDeps, caller: SignedInCaller): Promise<OrganisationProfile> {
  const { auth } = caller;
  return organisationProfileOf(deps, auth);
}

export async function placeOrder(deps: UserdataDeps, caller: SignedInCaller, input: { role_profile_id: string; appointment_date: number }) {
  const { auth } = caller;
  const { db, clock } = deps;
  const organisation = await organisationProfileOf(deps, auth);
  if (!organisation.order_kit) throw forbidden(USERDATA_MSG.orderKitOff);
  const profile = await personalProfile(deps, auth);
  if (profile.id !== input.role_profile_id) throw notFound();
  if (!profile.onboardingComplete) throw conflict(USERDATA_MSG.onboardingIncomplete);
  const now = clock.now();
  const appointment = new Date(input.appointment_date * 1000);
  if (!isKitOrderDateAllowed(now, londonCalendarDate(appointment))) {
    const message = kitOrderDaysAhead(now, londonCalendarDate(appointment)) <= KIT_ORDER_BLOCKED_DAYS ? USERDATA_MSG.kitDateTooSoon : USERDATA_MSG.kitDateTooFar;
    throw badRequest(message, { appointment_date: message });
  }
  const user = await identityRepo.findUser(db, auth.userId);
  const shipping = await repo.shippingOf(db, profile.id);
  if (!user || !shipping) throw conflict(USERDATA_MSG.onboardingIncomplete);
  const order = await db.transaction(async (tx) => {
    const row = await repo.insertOrder(tx, { roleProfileId: profile.id, appointmentDate: appointment, status: 'ordered', confirmationEmail: user.email, createdAt: now });
    if (!row) {
      // The same order sent again moments later (a double click, a retry) answers the order it placed.
      const placed = await repo.openOrderPlacedSince(tx, profile.id, appointment, new Date(now.getTime() - REPEAT_SUBMISSION_WINDOW_MS));
      if (placed) return placed;
      throw conflict(USERDATA_MSG.openOrderExists);
    }
    await deps.audit.healthData(tx, caller, { action: 'write', resourceType: 'kit_order', resourceIds: [row.id] });
    // The confirmation e-mail is this event's handler (userdata/mails.ts).
    await deps.outbox.emit(tx, { name: 'kit_order.placed', organisationId: auth.organisationId, payload: { order_id: row.id, role_profile_id: profile.id, user_id: user.id } });
    return row;
  });
  return { order: presentOrder(order), email: user.email };
}

export async function orders(deps: UserdataDeps, caller: SignedInCaller, page: number) {
  const { auth } = caller;
  const profile = await personalProfile(deps, auth);
  const { rows, total } = await repo.ordersOf(deps.db, profile.id, page, ORDERS_PAGE_SIZE);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'kit_orders', resourceIds: [profile.id] });
  return { orders: rows.map(presentOrder), page, page_size: ORDERS_PAGE_SIZE, total };
}

// ---- Manager: employees and registrations ----

export async function organisationSymptomHistory(deps: UserdataDeps, caller: SignedInCaller) {
  const { auth } = caller;
  const organisationId = managedOrganisationId(auth);
  const rows = await repo.employeeSymptomHistory(deps.db, organisationId);
  await deps.audit.healthData(deps.db, caller, { action: 'read', resourceType: 'organisation_symptom_history', resourceIds: [organisationId] });
  return rows;
}

export async function organisationRegistrations(deps: UserdataDeps, caller: SignedInCaller): Promise<Registration[]> {
  const { auth } = caller;
  const rows = await repo.registrationsOf(deps.db, managedOrganisationId(auth));
  return rows.map((row) => ({ id: row.id, role_profile_id: row.roleProfileId, email: row.email, status: row.status, invited_at: epochSeconds(row.invitedAt) }));
}

/** Invites each address: a pending registration and an e-mail with a link to create the account. */
export async function invite(deps: UserdataDeps, caller: SignedInCaller, emails: string[]): Promise<InvitationResponse['invitations']> {
  const { auth } = caller;
  const { db, clock } = deps;
  const organisationId = managedOrganisationId(auth);
  const organisation = await identityRepo.organisationProfileFor(db, organisationId);
  if (!organisation) throw new AppError(404, MSG.unableToFindUserData);
  const outcomes: InvitationResponse['invitations'] = [];
  const distinct = emails.filter((email, index) => emails.findIndex((other) => other.toLowerCase() === email.toLowerCase()) === index);
  await deps.mailQuota.claim(auth.userId, distinct);
  await db.transaction(async (tx) => {
    for (const email of distinct) {
      const existing = await identityRepo.findUserByEmail(tx, email);
      if (existing) {
        outcomes.push({ email, outcome: existing.organisationId === organisationId ? 'already_registered' : 'account_exists' });
        continue;
      }
      const token = newToken();
      const now = clock.now();
      const values = { status: 'pending' as const, tokenHash: hashToken(token), invitedByUserId: auth.userId, invitedAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000), registeredAt: null, roleProfileId: null };
      const previous = await repo.registrationByEmail(tx, organisationId, email);
      const [row] = previous
        ? await tx.update(registrations).set(values).where(eq(registrations.id, previous.id)).returning()
        : await tx.insert(registrations).values({ ...values, organisationId, email: email.toLowerCase() }).returning();
      if (!row) throw new Error('registration write returned nothing');
      await deps.audit.record({ action: 'registration.invite', outcome: 'success', resourceType: 'registration', resourceId: row.id }, caller, tx);
      outcomes.push({ email, outcome: previous ? 'reinvited' : 'invited' });
      // The e-mail with the link is this event's handler; the token travels sealed.
      await deps.outbox.emit(tx, { name: 'registration.invited', organisationId, payload: { registration_id: row.id }, secrets: { token } });
    }
  });
  return outcomes;
}

// ---- Completing an invitation (the identity page /identity/register) ----

/** The pending invitation behind a token, or why there is none. */
export async function invitationFor(deps: UserdataDeps, token: string): Promise<{ ok: true; registration: repo.RegistrationRow; organisationName: string } | { ok: false; reason: 'invalid' | 'expired' }> {
  const registration = await repo.registrationByTokenHash(deps.db, hashToken(token));
  if (!registration || registration.status !== 'pending') return { ok: false, reason: 'invalid' };
  if (registration.expiresAt <= deps.clock.now()) return { ok: false, reason: 'expired' };
  const organisation = await identityRepo.organisationProfileFor(deps.db, registration.organisationId);
  if (!organisation) return { ok: false, reason: 'invalid' };
  return { ok: true, registration, organisationName: organisation.name };
}

/**
 * Creates the invitee's account as a patient of the inviting organisation and marks the
 * registration registered, in one transaction; the token works once.
 */
export async function completeRegistration(
  deps: UserdataDeps,
  caller: Caller,
  token: string,
  person: { first_name: string; last_name: string; date_of_birth: number; telephone?: string; passwordHash: string },
): Promise<{ userId: string; roleId: string }> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [registration] = await tx
      .update(registrations)
      .set({ status: 'registered', tokenHash: null, registeredAt: now })
      .where(and(eq(registrations.tokenHash, hashToken(token)), eq(registrations.status, 'pending'), gt(registrations.expiresAt, now)))
      .returning();
    if (!registration) throw new AppError(404, USERDATA_MSG.invitationInvalid);
    if (await repo.userExistsWithEmail(tx, registration.email)) throw conflict(USERDATA_MSG.invitationAccountExists);
    const user = await repo.insertUser(tx, {
      organisationId: registration.organisationId,
      firstName: person.first_name,
      lastName: person.last_name,
      email: registration.email,
      username: registration.email,
      passwordHash: person.passwordHash,
      dateOfBirth: person.date_of_birth,
      telephone: person.telephone ?? null,
    });
    const role = await identityRepo.insertRole(tx, { name: 'patient', userId: user.id, organisationId: registration.organisationId, profileName: `${user.firstName} ${user.lastName}` });
    const profile = await repo.profileOfRole(tx, role.id);
    await tx.update(registrations).set({ roleProfileId: profile?.id ?? null }).where(eq(registrations.id, registration.id));
    await deps.audit.record({ action: 'registration.complete', outcome: 'success', actorUserId: user.id, actorRole: 'patient', resourceType: 'registration', resourceId: registration.id }, caller, tx);
    return { userId: user.id, roleId: role.id };
  });
}

async function roleById(db: Db, roleId: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, roleId));
  return row;
}
