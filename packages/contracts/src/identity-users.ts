import { z } from 'zod';
import { MSG } from './messages';
import { Email, EpochSeconds, MIN_DATE_OF_BIRTH_EPOCH, Password, PersonName, Telephone, text, Uuid } from './validation';

// ---- Identity service (/api/identity): the user requests ----

const DateOfBirth = /* @__PURE__ */ EpochSeconds.min(MIN_DATE_OF_BIRTH_EPOCH, 'Date of birth must be on or after 01/01/1901');

export const CreateUserRequest = z.object({
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  date_of_birth: DateOfBirth,
  password: Password,
  username: /* @__PURE__ */ text().trim().min(2).max(100),
  organisation_id: Uuid,
  telephone: /* @__PURE__ */ Telephone.optional(),
  address_1: /* @__PURE__ */ text().trim().max(200).optional(),
  city: /* @__PURE__ */ text().trim().max(100).optional(),
  county: /* @__PURE__ */ text().trim().max(100).optional(),
  postcode: /* @__PURE__ */ text().trim().max(8).optional(),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

export const UpdateUserRequest = z
  .object({
    first_name: PersonName,
    last_name: PersonName,
    date_of_birth: DateOfBirth,
    telephone: /* @__PURE__ */ Telephone.nullable(),
    avatar_image: /* @__PURE__ */ text().max(500).nullable(),
    address_1: /* @__PURE__ */ text().trim().max(200).nullable(),
    city: /* @__PURE__ */ text().trim().max(100).nullable(),
    county: /* @__PURE__ */ text().trim().max(100).nullable(),
    postcode: /* @__PURE__ */ text().trim().max(8).nullable(),
    /** Only a super admin may set these. */
    email: Email,
    disabled: z.boolean(),
  })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), MSG.nothingToUpdate);
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
