import { z } from 'zod';
import { Email, EpochSeconds, MIN_DATE_OF_BIRTH_EPOCH, Password, PersonName, Telephone, Uuid } from './validation';

// ---- Identity service (/api/identity): the user requests ----

const DateOfBirth = EpochSeconds.min(MIN_DATE_OF_BIRTH_EPOCH, 'Date of birth must be on or after 01/01/1901');

export const CreateUserRequest = z.object({
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  date_of_birth: DateOfBirth,
  password: Password,
  username: z.string().trim().min(2).max(100),
  organisation_id: Uuid,
  telephone: Telephone.optional(),
  address_1: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  county: z.string().trim().max(100).optional(),
  postcode: z.string().trim().max(8).optional(),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

export const UpdateUserRequest = z
  .object({
    first_name: PersonName,
    last_name: PersonName,
    date_of_birth: DateOfBirth,
    telephone: Telephone.nullable(),
    avatar_image: z.string().max(500).nullable(),
    address_1: z.string().trim().max(200).nullable(),
    city: z.string().trim().max(100).nullable(),
    county: z.string().trim().max(100).nullable(),
    postcode: z.string().trim().max(8).nullable(),
    /** Only a super admin may set these. */
    email: Email,
    disabled: z.boolean(),
  })
  .partial();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
