import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { OPEN_KIT_ORDER_STATUSES, type EmployeeSymptomRow, type ShippingDetailsInput, type TestResultValue, type TriageCode } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import {
  healthAssessments,
  kitOrders,
  registrations,
  roleProfiles,
  roles,
  shippingDetails,
  symptomSubmissions,
  testResults,
  users,
} from '../../db/schema';

export type RoleProfileRow = typeof roleProfiles.$inferSelect;
export type ShippingRow = typeof shippingDetails.$inferSelect;
export type AssessmentRow = typeof healthAssessments.$inferSelect;
export type KitOrderRow = typeof kitOrders.$inferSelect;
export type TestResultRow = typeof testResults.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

/** A role profile with the role it belongs to. */
export interface ProfileWithRole {
  profile: RoleProfileRow;
  roleName: string;
  organisationId: string;
}

export async function profileOfRole(db: Db, roleId: string): Promise<RoleProfileRow | undefined> {
  const [row] = await db.select().from(roleProfiles).where(eq(roleProfiles.roleId, roleId));
  return row;
}

export async function profileWithRole(db: Db, profileId: string): Promise<ProfileWithRole | undefined> {
  const [row] = await db
    .select({ profile: roleProfiles, roleName: roles.name, organisationId: roles.organisationId })
    .from(roleProfiles)
    .innerJoin(roles, eq(roles.id, roleProfiles.roleId))
    .where(eq(roleProfiles.id, profileId));
  return row;
}

export async function shippingOf(db: Db, profileId: string): Promise<ShippingRow | undefined> {
  const [row] = await db.select().from(shippingDetails).where(eq(shippingDetails.roleProfileId, profileId));
  return row;
}

export async function saveShipping(db: Db, profile: RoleProfileRow, input: ShippingDetailsInput, now: Date): Promise<ShippingRow> {
  const values = {
    address1: input.address_1,
    address2: input.address_2 ? input.address_2 : null,
    city: input.city,
    county: input.county,
    postcode: input.postcode,
    updatedAt: now,
  };
  const [row] = await db
    .insert(shippingDetails)
    .values({ ...values, roleProfileId: profile.id, organisationProfileId: profile.organisationProfileId, createdAt: now })
    .onConflictDoUpdate({ target: shippingDetails.roleProfileId, set: values })
    .returning();
  if (!row) throw new Error('shipping upsert returned nothing');
  return row;
}

export async function assessmentOf(db: Db, profileId: string): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(healthAssessments).where(eq(healthAssessments.roleProfileId, profileId));
  return row;
}

/** Inserts the assessment unless the profile already has one; answers undefined then. */
export async function insertAssessment(db: Db, values: typeof healthAssessments.$inferInsert): Promise<AssessmentRow | undefined> {
  const [row] = await db.insert(healthAssessments).values(values).onConflictDoNothing({ target: healthAssessments.roleProfileId }).returning();
  return row;
}

/** Sets onboarding_complete once the profile has both a health assessment and shipping details. */
export async function completeOnboardingIfReady(db: Db, profileId: string): Promise<boolean> {
  const [row] = await db
    .update(roleProfiles)
    .set({ onboardingComplete: true })
    .where(
      and(
        eq(roleProfiles.id, profileId),
        sql`exists (select 1 from ${shippingDetails} where ${shippingDetails.roleProfileId} = ${profileId})`,
        sql`exists (select 1 from ${healthAssessments} where ${healthAssessments.roleProfileId} = ${profileId})`,
      ),
    )
    .returning({ done: roleProfiles.onboardingComplete });
  return row?.done === true;
}

export async function hasAnyOrder(db: Db, profileId: string): Promise<boolean> {
  const [row] = await db.select({ id: kitOrders.id }).from(kitOrders).where(eq(kitOrders.roleProfileId, profileId)).limit(1);
  return Boolean(row);
}

export type SymptomSubmissionValues = typeof symptomSubmissions.$inferInsert;

/**
 * Locks a role profile's row until the transaction ends, so that one profile's submissions are
 * checked and written one after another (no key update: rows that reference the profile can still be written).
 */
export async function lockProfile(db: Db, profileId: string): Promise<void> {
  await db.select({ id: roleProfiles.id }).from(roleProfiles).where(eq(roleProfiles.id, profileId)).for('no key update');
}

/** The profile's latest symptom submission made after `since`. */
export async function latestSymptomSubmissionSince(db: Db, profileId: string, since: Date): Promise<typeof symptomSubmissions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(symptomSubmissions)
    .where(and(eq(symptomSubmissions.roleProfileId, profileId), gt(symptomSubmissions.submittedAt, since)))
    .orderBy(desc(symptomSubmissions.submittedAt))
    .limit(1);
  return row;
}

export async function insertSymptomSubmission(db: Db, values: typeof symptomSubmissions.$inferInsert): Promise<string> {
  const [row] = await db.insert(symptomSubmissions).values(values).returning({ id: symptomSubmissions.id });
  if (!row) throw new Error('symptom insert returned nothing');
  return row.id;
}

export function symptomHistoryOf(db: Db, profileId: string) {
  return db
    .select({ id: symptomSubmissions.id, submittedAt: symptomSubmissions.submittedAt, symptomatic: symptomSubmissions.symptomatic, code: symptomSubmissions.code })
    .from(symptomSubmissions)
    .where(eq(symptomSubmissions.roleProfileId, profileId))
    .orderBy(desc(symptomSubmissions.submittedAt));
}

export function resultsOf(db: Db, profileId: string): Promise<TestResultRow[]> {
  return db
    .select()
    .from(testResults)
    .where(eq(testResults.roleProfileId, profileId))
    .orderBy(desc(testResults.sampleDate), desc(testResults.createdAt));
}

export async function findResult(db: Db, id: string): Promise<TestResultRow | undefined> {
  const [row] = await db.select().from(testResults).where(eq(testResults.id, id));
  return row;
}

export async function insertResult(db: Db, values: typeof testResults.$inferInsert): Promise<TestResultRow> {
  const [row] = await db.insert(testResults).values(values).returning();
  if (!row) throw new Error('result insert returned nothing');
  return row;
}

/** The profile's open order (ordered or dispatched), if any. */
export async function openOrderOf(db: Db, profileId: string): Promise<KitOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(kitOrders)
    .where(and(eq(kitOrders.roleProfileId, profileId), inArray(kitOrders.status, [...OPEN_KIT_ORDER_STATUSES])))
    .orderBy(desc(kitOrders.createdAt))
    .limit(1);
  return row;
}

/** The profile's open order for that appointment date placed after `since`. */
export async function openOrderPlacedSince(db: Db, profileId: string, appointmentDate: Date, since: Date): Promise<KitOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(kitOrders)
    .where(
      and(
        eq(kitOrders.roleProfileId, profileId),
        inArray(kitOrders.status, [...OPEN_KIT_ORDER_STATUSES]),
        eq(kitOrders.appointmentDate, appointmentDate),
        gt(kitOrders.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts an order; answers undefined when the profile already has an open one (the partial unique index). */
export async function insertOrder(db: Db, values: typeof kitOrders.$inferInsert): Promise<KitOrderRow | undefined> {
  const [row] = await db
    .insert(kitOrders)
    .values(values)
    .onConflictDoNothing({ target: kitOrders.roleProfileId, where: sql`${kitOrders.status} in ('ordered', 'dispatched')` })
    .returning();
  return row;
}

export async function markOrderResultReceived(db: Db, orderId: string): Promise<void> {
  await db.update(kitOrders).set({ status: 'result_received' }).where(eq(kitOrders.id, orderId));
}

export async function ordersOf(db: Db, profileId: string, page: number, pageSize: number): Promise<{ rows: KitOrderRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(kitOrders)
      .where(eq(kitOrders.roleProfileId, profileId))
      .orderBy(desc(kitOrders.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(kitOrders).where(eq(kitOrders.roleProfileId, profileId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

interface EmployeeSqlRow {
  role_profile_id: string;
  first_name: string;
  last_name: string;
  submitted_at: string | Date | null;
  code: TriageCode | null;
  sample_date: string | Date | null;
  result: TestResultValue | null;
}

const toEpoch = (value: string | Date | null) => (value === null ? null : epochSeconds(new Date(value)));

/** One row per employee (a patient of the organisation): their latest symptom check and latest test. */
export async function employeeSymptomHistory(db: Db, organisationId: string): Promise<EmployeeSymptomRow[]> {
  const result = await db.execute(sql`
    select rp.id as role_profile_id, u.first_name, u.last_name,
           s.submitted_at, s.code, t.sample_date, t.result
    from ${roleProfiles} rp
    join ${roles} r on r.id = rp.role_id
    join ${users} u on u.id = rp.user_id
    left join lateral (
      select ss.submitted_at, ss.code from ${symptomSubmissions} ss
      where ss.role_profile_id = rp.id order by ss.submitted_at desc limit 1
    ) s on true
    left join lateral (
      select tr.sample_date, tr.result from ${testResults} tr
      where tr.role_profile_id = rp.id order by tr.sample_date desc, tr.created_at desc limit 1
    ) t on true
    where r.name = 'patient' and r.organisation_id = ${organisationId}
    order by u.last_name, u.first_name, rp.id`);
  return rowsOf<EmployeeSqlRow>(result).map((row) => ({
    role_profile_id: row.role_profile_id,
    first_name: row.first_name,
    last_name: row.last_name,
    last_symptomatic_date: toEpoch(row.submitted_at),
    last_symptomatic_result: row.code,
    last_kit_date: toEpoch(row.sample_date),
    last_kit_result: row.result,
  }));
}

export function registrationsOf(db: Db, organisationId: string): Promise<RegistrationRow[]> {
  return db.select().from(registrations).where(eq(registrations.organisationId, organisationId)).orderBy(asc(registrations.status), desc(registrations.invitedAt), asc(registrations.email));
}

export async function registrationByEmail(db: Db, organisationId: string, email: string): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.organisationId, organisationId), sql`lower(${registrations.email}) = lower(${email})`));
  return row;
}

export async function registrationByTokenHash(db: Db, tokenHash: string): Promise<RegistrationRow | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.tokenHash, tokenHash));
  return row;
}

export async function userExistsWithEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
