/** permissions.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import type { RoleName } from './roles';
import type { Permission, GrantablePermission, PermissionHolder } from './permissions';

export const PERMISSIONS = {
  /** Own health records (userdata): symptom checks, the assessment, results, kit orders, history. */
  'health.own': ['patient', 'manager'],
  /** The bookings the account made signed in (GET /api/booking/mine): the patient's and the b2c customer's My Appointments. */
  'bookings.own': ['patient', 'manager', 'b2c'],
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
  /** Edit a booking made with an order: its people and time, and book for it without taking its units (spec 3 §6 booking edit). */
  'booking.edit': ['super_admin', 'customer_services'],
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
  /** Generate and list discounts (spec 3 §2.7: a named list of super admins). Granted per account. */
  'discounts.manage': [],
  /** Products: create, edit, switch, retire; list inactive ones (spec 3 §2.3). Granted per account. */
  'products.manage': [],
  /** Pages: the info pages a super admin writes (spec 3 §2.6). Granted per account. */
  'pages.manage': [],
  /** Place orders in the shops and read one's own (a short token's holder reads its order without a session). */
  'orders.own': ['patient', 'b2c'],
  /** The order list and every order's details, notes, dispatch and cancellation (spec 3 §2.9). */
  'orders.manage': ['customer_services', 'super_admin'],
  /** Change an order's products and quantities, and their fulfilment. Granted per account. */
  'orders.edit_items': [],
  /** Set a failed payment to Complete. Granted per account. */
  'orders.set_payment_complete': [],
  /** Grant and revoke the grantable permissions (/super_admin/permissions). Granted per account. */
  'permissions.manage': [],
  /** Countries and the drug register (commerce reference data): create, change, delete, their change history. */
  'reference_data.manage': ['super_admin'],
  /** Read certificates: the claimed practitioner and managers those of appointments, a customer their own (checked per record). */
  'certificates.read': ['practitioner', 'shift_manager', 'super_admin', 'patient', 'b2c'],
  /** The chat role group: staff rooms, and claiming and answering customer chats. */
  'chat.staff': ['practitioner', 'shift_manager', 'super_admin', 'customer_services'],
  /** The workflow processor: tasks, their graphs, run logs, reruns, templates, raising an event by hand. */
  'processor.manage': ['super_admin'],
  /** Book on behalf of walk-in people paying with purchase codes (spec 2 §1, §2.8): /pharmacy/book, the Pharmacy orders one placed. */
  'pharmacy.book': ['pharmacy', 'super_admin'],
  /** Sample logistics: dropboxes (create, edit, switch, their QR code sheets). */
  'logistics.manage': ['super_admin'],
  /** Sample collection (/collection/{id}): find an order's samples, mark them collected at a dropbox or not. */
  'logistics.collect': ['super_admin', 'customer_services'],
  /** Certificate management: search, view, resend, edit (reissue) and export certificates (spec 3 §2.10, §6). */
  'certificates.manage': ['customer_services', 'super_admin'],
  /** PCR Tests Management and the uploaded lab results: templates, uploads, sending their certificates. */
  'lab_results.manage': ['super_admin'],
} as const satisfies Record<string, readonly RoleName[]>;
export const PERMISSION_NAMES = /* @__PURE__ */ Object.keys(PERMISSIONS) as Permission[];

/**
 * The permissions an account is granted one by one (the spec's lists of named admins), and the roles
 * that may hold each: a grant counts only while the account holds one of them.
 */
export const GRANTABLE_PERMISSIONS = {
  'discounts.manage': ['super_admin'],
  'products.manage': ['super_admin'],
  'pages.manage': ['super_admin'],
  'orders.edit_items': ['super_admin'],
  'orders.set_payment_complete': ['super_admin'],
  'permissions.manage': ['super_admin'],
} as const satisfies Partial<Record<Permission, readonly RoleName[]>>;
export const GRANTABLE_PERMISSION_NAMES = /* @__PURE__ */ Object.keys(GRANTABLE_PERMISSIONS) as GrantablePermission[];

export function isGrantable(permission: Permission): permission is GrantablePermission {
  return Object.hasOwn(GRANTABLE_PERMISSIONS, permission);
}

/** The roles that grant `permission`. */
export function rolesWith(permission: Permission): readonly RoleName[] {
  return PERMISSIONS[permission];
}

/** Whether holding `role` grants `permission`. */
export function can(role: RoleName, permission: Permission): boolean {
  return rolesWith(permission).includes(role);
}

/** Whether any role the holder has grants `permission`, or it was granted to the holder, who holds a role it may be granted to. */
export function allows(holder: PermissionHolder, permission: Permission): boolean {
  if (holder.roles.some((role) => can(role, permission))) return true;
  if (!isGrantable(permission) || !holder.grants?.includes(permission)) return false;
  const eligible: readonly RoleName[] = GRANTABLE_PERMISSIONS[permission];
  return holder.roles.some((role) => eligible.includes(role));
}
