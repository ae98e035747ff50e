import type { RoleName, SessionResponse } from '@vireo/contracts';

/** A signed-in session of one role, for rendering pages and layouts in unit tests. */
export const SESSION_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

export function sessionAs(role: RoleName): SessionResponse {
  const held = { id: SESSION_ID, name: role, organisation_id: SESSION_ID };
  return {
    success: true,
    user: {
      id: SESSION_ID,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada',
      date_of_birth: null,
      telephone: null,
      organisation_id: SESSION_ID,
      avatar_image: null,
      address_1: null,
      city: null,
      county: null,
      postcode: null,
      disabled: false,
      roles: [held],
    },
    role: held,
    organisation_profile: null,
    role_profile: null,
    grants: [],
    expires_at: 1_900_000_000,
  };
}
