import { z } from 'zod';
import { ROLE_NAMES } from './roles';
import { PermissionSchema } from './permissions';
import { EpochSeconds, text, Uuid } from './validation';

export * from './identity-constants';

export const RoleNameSchema = z.enum(ROLE_NAMES);

export const Role = z.object({
  id: Uuid,
  name: RoleNameSchema,
  organisation_id: Uuid,
});
export type Role = z.infer<typeof Role>;

export const OrganisationProfile = z.object({
  id: Uuid,
  organisation_id: Uuid,
  name: z.string(),
  daily_check: z.boolean(),
  order_kit: z.boolean(),
});
export type OrganisationProfile = z.infer<typeof OrganisationProfile>;

export const RoleProfileSummary = z.object({
  id: Uuid,
  role_id: Uuid,
  user_id: Uuid,
  organisation_profile_id: Uuid,
  name: z.string(),
  onboarding_complete: z.boolean(),
});
export type RoleProfileSummary = z.infer<typeof RoleProfileSummary>;

/** A user as every API answers it: never a password or its hash. */
export const PublicUser = z.object({
  id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  date_of_birth: /* @__PURE__ */ EpochSeconds.nullable(),
  telephone: z.string().nullable(),
  organisation_id: Uuid,
  avatar_image: z.string().nullable(),
  address_1: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  disabled: z.boolean(),
  roles: z.array(Role),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const AuthRequest = z.object({
  email: /* @__PURE__ */ text().trim().min(1),
  password: /* @__PURE__ */ text().min(1),
});
export const AuthResponse = z.object({
  success: z.literal(true),
  roles: z.array(Role),
  /** One-time login token, exchanged at GET /token/{token} for a session. */
  token: z.string(),
});

export const CreateTokenRequest = z.object({
  name: /* @__PURE__ */ text().trim().min(1).max(100),
  user_id: Uuid,
  organisation_id: Uuid,
  role_id: Uuid,
});
export const CreateTokenResponse = z.object({ success: z.literal(true), token: z.string() });

export const SessionResponse = z.object({
  success: z.literal(true),
  token: z.string().optional(),
  user: PublicUser,
  role: Role,
  organisation_profile: /* @__PURE__ */ OrganisationProfile.nullable(),
  role_profile: /* @__PURE__ */ RoleProfileSummary.nullable(),
  /** The permissions granted to the account itself (beside what its roles give). */
  grants: z.array(PermissionSchema),
  expires_at: EpochSeconds,
});
export type SessionResponse = z.infer<typeof SessionResponse>;

// ---- Identity service (/api/identity) ----

// The user requests (create, update) are in identity-users.ts: only the server validates them, and they
// bring the phone number's rules (libphonenumber-js), which the web's signed-in shell does without.

export const UserResponse = z.object({ success: z.literal(true), user: PublicUser });

export const CreateRoleRequest = z.object({
  name: RoleNameSchema,
  user_id: Uuid,
  organisation_id: Uuid,
});
export const RoleResponse = z.object({ success: z.literal(true), role: Role });
