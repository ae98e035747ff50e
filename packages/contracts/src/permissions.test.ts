import { describe, expect, it } from 'vitest';
import { GRANTABLE_PERMISSION_NAMES, PERMISSION_NAMES, PermissionSchema, allows, can, rolesWith, type Permission } from './permissions';
import { ROLE_NAMES, type RoleName } from './roles';

/** What each role may do: the route access rules as they stood when the map was written. */
const EXPECTED: Record<RoleName, readonly Permission[]> = {
  patient: ['health.own', 'bookings.own', 'kits.register', 'certificates.read', 'orders.own'],
  manager: ['health.own', 'bookings.own', 'results.read.organisation', 'employees.invite'],
  practitioner: ['appointments.claim', 'appointments.practise', 'appointments.attend', 'appointments.search', 'shifts.edit', 'rota.read', 'certificates.read', 'chat.staff'],
  shift_manager: [
    'appointments.claim',
    'appointments.practise',
    'appointments.manage',
    'appointments.actForCustomer',
    'appointments.search',
    'shifts.edit',
    'rota.read',
    'rota.manage',
    'doctors.manage',
    'certificates.read',
    'chat.staff',
  ],
  super_admin: [
    'users.create',
    'roles.grant',
    'kits.register',
    'appointments.claim',
    'appointments.practise',
    'appointments.manage',
    'appointments.actForCustomer',
    'booking.edit',
    'appointments.search',
    'appointments.replaceLink',
    'shifts.edit',
    'rota.read',
    'rota.manage',
    'doctors.manage',
    'messages.read',
    'reference_data.manage',
    'certificates.read',
    'chat.staff',
    'processor.manage',
    'orders.manage',
    'logistics.manage',
    'logistics.collect',
    'certificates.manage',
    'lab_results.manage',
    'pharmacy.book',
  ],
  customer_services: ['orders.manage', 'kits.register', 'appointments.actForCustomer', 'booking.edit', 'appointments.search', 'appointments.replaceLink', 'chat.staff', 'logistics.collect', 'certificates.manage'],
  b2c: ['bookings.own', 'kits.register', 'certificates.read', 'orders.own'],
  pharmacy: ['pharmacy.book'],
};

describe('permissions', () => {
  it('grants each role exactly its permissions', () => {
    for (const role of ROLE_NAMES) {
      expect(PERMISSION_NAMES.filter((permission) => can(role, permission)).sort(), role).toEqual([...EXPECTED[role]].sort());
    }
  });

  it('names the roles that grant a permission', () => {
    expect(rolesWith('appointments.claim')).toEqual(['practitioner', 'shift_manager', 'super_admin']);
    expect(rolesWith('doctors.manage')).toEqual(['shift_manager', 'super_admin']);
    expect(rolesWith('results.read.organisation')).toEqual(['manager']);
  });

  it('lets a holder of several roles do what any one of them may', () => {
    expect(allows({ roles: ['patient'] }, 'employees.invite')).toBe(false);
    expect(allows({ roles: ['patient', 'manager'] }, 'employees.invite')).toBe(true);
    expect(allows({ roles: [] }, 'health.own')).toBe(false);
  });

  it('grants the grantable permissions to no role: only to an account holding a role they may be granted to', () => {
    expect(GRANTABLE_PERMISSION_NAMES.sort()).toEqual(
      ['discounts.manage', 'orders.edit_items', 'orders.set_payment_complete', 'pages.manage', 'permissions.manage', 'products.manage'].sort(),
    );
    for (const permission of GRANTABLE_PERMISSION_NAMES) expect(rolesWith(permission), permission).toEqual([]);
    expect(allows({ roles: ['super_admin'] }, 'products.manage')).toBe(false);
    expect(allows({ roles: ['super_admin'], grants: ['products.manage'] }, 'products.manage')).toBe(true);
    expect(allows({ roles: ['super_admin'], grants: ['products.manage'] }, 'discounts.manage')).toBe(false);
    expect(allows({ roles: ['customer_services'], grants: ['products.manage'] }, 'products.manage')).toBe(false);
    expect(allows({ roles: ['patient'], grants: ['messages.read'] }, 'messages.read')).toBe(false);
  });

  it('accepts only known permission names', () => {
    expect(PermissionSchema.safeParse('rota.manage').success).toBe(true);
    expect(PermissionSchema.safeParse('rota.delete').success).toBe(false);
  });
});
