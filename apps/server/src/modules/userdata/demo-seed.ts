import { and, eq } from 'drizzle-orm';
import { INVITATION_VALID_DAYS } from '@vireo/contracts';
import type { Db } from '../../platform/db';
import { newToken, hashToken } from '../../platform/tokens';
import { kitOrders, registrations, roleProfiles, roles, symptomSubmissions } from '../../db/schema';
import * as repo from './repo';
import { resultLetterPdf } from './result-letter';
import { attachResult, type UserdataDeps } from './service';

const DAY_MS = 86_400_000;

async function patientProfileOf(tx: Db, userId: string): Promise<repo.RoleProfileRow> {
  const [row] = await tx
    .select({ profile: roleProfiles })
    .from(roleProfiles)
    .innerJoin(roles, eq(roles.id, roleProfiles.roleId))
    .where(and(eq(roleProfiles.userId, userId), eq(roles.name, 'patient')));
  if (!row) throw new Error('demo account has no patient profile');
  return row.profile;
}

/**
 * The demo organisation's health records, seeded with the accounts: the manager (also a patient
 * of Demo Ltd) has completed onboarding, two symptom checks and a kit whose negative RT-PCR result
 * letter they can download; the sign-ups list shows both demo employees registered and one
 * pending invitation. The demo patient starts with nothing, to walk through onboarding.
 */
export async function seedDemoHealthData(
  tx: Db,
  userdata: UserdataDeps,
  input: { now: Date; productName: string; organisationId: string; manager: { userId: string; name: string }; patient: { userId: string; email: string } },
): Promise<void> {
  const { now } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const manager = await patientProfileOf(tx, input.manager.userId);
  const patient = await patientProfileOf(tx, input.patient.userId);

  await repo.saveShipping(tx, manager, { address_1: '4 Riverside Walk', address_2: null, city: 'Bristol', county: 'City of Bristol', postcode: 'BS1 5TY' }, ago(30));
  await repo.insertAssessment(tx, {
    roleProfileId: manager.id,
    sex: 'Female',
    heightCm: 168,
    weightKg: 64,
    smoking: false,
    healthConditions: [],
    familyHealthConditions: [4],
    createdAt: ago(30),
  });
  await repo.completeOnboardingIfReady(tx, manager.id);

  const noSymptoms = { contactIds: [1], symptomatic: false, fever: false, cough: false, shortnessOfBreath: false, lossOfSmell: false, worsening: false, breathingFast: false, coughingBlood: false, highRiskCountry: false, symptoms: [], code: 'GREEN' as const };
  await tx.insert(symptomSubmissions).values([
    { ...noSymptoms, roleProfileId: manager.id, submittedAt: ago(2) },
    { ...noSymptoms, roleProfileId: manager.id, submittedAt: ago(1), symptoms: [4] },
  ]);

  await tx.insert(kitOrders).values({ roleProfileId: manager.id, appointmentDate: ago(10), status: 'ordered', confirmationEmail: 'manager@demo.test', createdAt: ago(24) });
  const sampleDate = ago(10);
  const pdf = await resultLetterPdf({ productName: input.productName, patientName: input.manager.name, testName: 'COVID-19 RT-PCR', sampleDate, result: 'Negative' });
  await attachResult(userdata, { roleProfileId: manager.id, name: 'COVID-19 RT-PCR', sampleDate, result: 'Negative', pdf, fileName: 'covid-19-rt-pcr-result.pdf' }, tx);

  await tx.insert(registrations).values([
    { organisationId: input.organisationId, email: 'manager@demo.test', status: 'registered', roleProfileId: manager.id, invitedAt: ago(40), expiresAt: ago(26), registeredAt: ago(39) },
    { organisationId: input.organisationId, email: input.patient.email, status: 'registered', roleProfileId: patient.id, invitedAt: ago(35), expiresAt: ago(21), registeredAt: ago(34) },
    // Nobody holds this invitation's token: the manager re-sends it from Monitor Sign-ups to get a working link.
    { organisationId: input.organisationId, email: 'new.starter@demo.test', status: 'pending', tokenHash: hashToken(newToken()), invitedAt: ago(3), expiresAt: new Date(ago(3).getTime() + INVITATION_VALID_DAYS * DAY_MS) },
  ]);
}
