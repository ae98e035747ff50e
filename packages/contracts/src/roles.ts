/** Every role an account can hold (spec 1 §6, spec 3 §1). */
export const ROLE_NAMES = [
  'patient',
  'manager',
  'practitioner',
  'shift_manager',
  'super_admin',
  'customer_services',
  'b2c',
  'pharmacy',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Roles that get the 240 px side drawer instead of the top bar. */
export const DRAWER_ROLES: readonly RoleName[] = ['practitioner', 'shift_manager'];

export const ROLE_TITLES: Record<RoleName, string> = {
  patient: 'Patient',
  manager: 'Organisation Manager',
  practitioner: 'Practitioner',
  shift_manager: 'Shift Manager',
  super_admin: 'Super Admin',
  customer_services: 'Customer Services',
  b2c: 'Customer',
  pharmacy: 'Pharmacy',
};

/** A role's home page: its dashboard; pharmacy staff have no dashboard, only the booking form (spec 2 §1, §2.8). */
export function dashboardPath(role: RoleName): string {
  return role === 'pharmacy' ? '/pharmacy/book' : `/${role}/dashboard`;
}

/** Feature flags an organisation profile can switch on. */
export const FEATURE_FLAGS = ['daily_check', 'order_kit'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
