import type { PublicUser, Role } from '@vireo/contracts';
import type { RoleRow, UserRow } from './repo';

export function presentRole(role: RoleRow): Role {
  return { id: role.id, name: role.name, organisation_id: role.organisationId };
}

/** The only shape a user leaves the server in: no password hash, ever. */
export function presentUser(user: UserRow, roles: RoleRow[]): PublicUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    date_of_birth: user.dateOfBirth,
    telephone: user.telephone,
    organisation_id: user.organisationId,
    avatar_image: user.avatarImage,
    address_1: user.address1,
    city: user.city,
    county: user.county,
    postcode: user.postcode,
    disabled: user.disabledAt !== null,
    roles: roles.map(presentRole),
  };
}
