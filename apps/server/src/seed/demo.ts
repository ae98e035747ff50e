import { eq, sql } from 'drizzle-orm';
import { GRANTABLE_PERMISSION_NAMES, type GrantablePermission, type RoleName } from '@vireo/contracts';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/passwords';
import { organisationProfiles, organisations, permissionGrants, users } from '../db/schema';
import { insertRole } from '../modules/identity';
import { seedDemoHealthData, type UserdataDeps } from '../modules/userdata';

export const DEMO_PASSWORD = 'Vireo-demo-2026';

export interface DemoAccount {
  email: string;
  roles: RoleName[];
  organisation: 'Demo Ltd' | 'Vireo';
  firstName: string;
  lastName: string;
  /** Permissions granted to the account itself (the spec's named admins). */
  grants?: readonly GrantablePermission[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'patient@demo.test', roles: ['patient'], organisation: 'Demo Ltd', firstName: 'Priya', lastName: 'Patel' },
  { email: 'manager@demo.test', roles: ['manager', 'patient'], organisation: 'Demo Ltd', firstName: 'Morgan', lastName: 'Hughes' },
  { email: 'practitioner@demo.test', roles: ['practitioner'], organisation: 'Vireo', firstName: 'Grace', lastName: 'Okafor' },
  { email: 'shift.manager@demo.test', roles: ['shift_manager'], organisation: 'Vireo', firstName: 'Sam', lastName: 'Whitfield' },
  { email: 'admin@demo.test', roles: ['super_admin'], organisation: 'Vireo', firstName: 'Alex', lastName: 'Morgan', grants: GRANTABLE_PERMISSION_NAMES },
  { email: 'support@demo.test', roles: ['customer_services'], organisation: 'Vireo', firstName: 'Jamie', lastName: 'Clarke' },
  { email: 'traveller@demo.test', roles: ['b2c'], organisation: 'Vireo', firstName: 'Tom', lastName: 'Baker' },
];

/** Serialises seeding when several server processes start on one empty database. */
const SEED_LOCK = 72_190_402;

/**
 * Seeds the demo organisations and accounts once: does nothing when any organisation exists (but a
 * demo database seeded before permission grants existed, where nobody may grant, gets the demo
 * accounts' grants).
 * With the user-data service it also seeds Demo Ltd's health records (results with their PDF letters).
 */
export async function seedDemo(db: Db, now: Date, userdata?: UserdataDeps): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: organisations.id }).from(organisations).limit(1);
    if (existing.length > 0) {
      await grantDemoPermissionsWhereNobodyMayGrant(tx, now);
      return false;
    }
    const orgIds = new Map<string, string>();
    const userIds = new Map<string, string>();
    for (const [name, flags] of [
      ['Vireo', { dailyCheck: false, orderKit: false }],
      ['Demo Ltd', { dailyCheck: true, orderKit: true }],
    ] as const) {
      const [org] = await tx.insert(organisations).values({ name }).returning();
      if (!org) throw new Error('organisation insert returned nothing');
      await tx.insert(organisationProfiles).values({ organisationId: org.id, ...flags });
      orgIds.set(name, org.id);
    }
    for (const account of DEMO_ACCOUNTS) {
      const organisationId = orgIds.get(account.organisation)!;
      const [user] = await tx
        .insert(users)
        .values({
          organisationId,
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          username: account.email.split('@')[0]!,
          passwordHash,
          dateOfBirth: Date.UTC(1985, 4, 14) / 1000,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      userIds.set(account.email, user.id);
      for (const name of account.roles) {
        await insertRole(tx, { name, userId: user.id, organisationId, profileName: `${user.firstName} ${user.lastName}` });
      }
      for (const permission of account.grants ?? []) {
        await tx.insert(permissionGrants).values({ userId: user.id, permission, grantedAt: now });
      }
    }
    if (userdata) {
      const manager = DEMO_ACCOUNTS.find((account) => account.email === 'manager@demo.test')!;
      const patient = DEMO_ACCOUNTS.find((account) => account.email === 'patient@demo.test')!;
      await seedDemoHealthData(tx, userdata, {
        now,
        productName: userdata.productName,
        organisationId: orgIds.get('Demo Ltd')!,
        manager: { userId: userIds.get(manager.email)!, name: `${manager.firstName} ${manager.lastName}` },
        patient: { userId: userIds.get(patient.email)!, email: patient.email },
      });
    }
    return true;
  });
}

async function grantDemoPermissionsWhereNobodyMayGrant(db: Db, now: Date): Promise<void> {
  const [holder] = await db.select({ userId: permissionGrants.userId }).from(permissionGrants).where(eq(permissionGrants.permission, 'permissions.manage')).limit(1);
  if (holder) return;
  for (const account of DEMO_ACCOUNTS) {
    if (!account.grants?.length) continue;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!user) continue;
    await db
      .insert(permissionGrants)
      .values(account.grants.map((permission) => ({ userId: user.id, permission, grantedAt: now })))
      .onConflictDoNothing();
  }
}

export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
  return rows.length > 0;
}
