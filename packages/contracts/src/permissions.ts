import { z } from 'zod';
import type { RoleName } from './roles';

/**
 * What each role may do, written once: server routes declare the permission they need, live events
 * name the permission of their audience, and the web app's route table, menus and badges read the
 * same map. A permission is granted by holding any one role listed for it. Per-account grants can
 * join later through `PermissionHolder` (an account's own list beside its roles) without changing
 * the callers, which ask `allows(holder, permission)`.
 */
export const PERMISSIONS = {
  /** Own health records (userdata): symptom checks, the assessment, results, kit orders, history. */
  'health.own': ['patient', 'manager'],
  /** The results of the employees of the manager's own organisation. */
  'results.read.organisation': ['manager'],
  /** Invite employees of the manager's own organisation and follow their registrations. */
  'employees.invite': ['manager'],
  /** Create accounts (identity). */
  'users.create': ['super_admin'],
  /** Give an account a role in an organisation (identity). */
  'roles.grant': ['super_admin'],
  /** Register people for a self-swab kit. */
  'kits.register': ['patient', 'b2c', 'customer_services', 'super_admin'],
  /** See the claimable appointments (and their count, the top bar's badge) and claim one. */
  'appointments.claim': ['practitioner', 'shift_manager', 'super_admin'],
  /** Practitioner work on an appointment: release, people's details, notes, files, results, links. */
  'appointments.practise': ['practitioner', 'shift_manager', 'super_admin'],
  /** Be the practitioner of appointments: be assigned and attend them, report presence. */
  'appointments.attend': ['practitioner'],
  /** See and work on every appointment (spec: shift manager and super admin: all). */
  'appointments.manage': ['shift_manager', 'super_admin'],
  /** Read and change customers' bookings on their behalf (spec 3 §2.1 /booking/edit). */
  'appointments.actForCustomer': ['shift_manager', 'super_admin', 'customer_services'],
  /** Search appointments across customers. */
  'appointments.search': ['practitioner', 'shift_manager', 'super_admin', 'customer_services'],
  /** Replace a customer's booking link (short token). */
  'appointments.replaceLink': ['customer_services', 'super_admin'],
  /** Shifts in the booking engine: a practitioner their own, managers everyone's. */
  'shifts.edit': ['practitioner', 'shift_manager', 'super_admin'],
  /** The rota: a practitioner their own row and shifts, managers those they manage. */
  'rota.read': ['practitioner', 'shift_manager', 'super_admin'],
  /** Change the rota of the practitioners one manages: shifts, reassigning slots. */
  'rota.manage': ['shift_manager', 'super_admin'],
  /** Doctors Management: list, invite, disable and enable practitioners. */
  'doctors.manage': ['shift_manager', 'super_admin'],
  /** The e-mails Vireo recorded: list, open one, send it again. */
  'messages.read': ['super_admin'],
} as const satisfies Record<string, readonly RoleName[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];
export const PermissionSchema = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]]);

/** Whoever asks: the roles an account holds (later also its own grants). */
export interface PermissionHolder {
  roles: readonly RoleName[];
}

/** The roles that grant `permission`. */
export function rolesWith(permission: Permission): readonly RoleName[] {
  return PERMISSIONS[permission];
}

/** Whether holding `role` grants `permission`. */
export function can(role: RoleName, permission: Permission): boolean {
  return rolesWith(permission).includes(role);
}

/** Whether any role the holder has grants `permission`. */
export function allows(holder: PermissionHolder, permission: Permission): boolean {
  return holder.roles.some((role) => can(role, permission));
}
