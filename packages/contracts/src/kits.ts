import { z } from 'zod';
import { DATE_PATTERN, HOUR_PATTERN } from './logistics-constants';
import { KIT_ID_MAX, SHORT_TOKEN_LENGTH } from './orders-constants';
import { KIT_REGISTRATION_MSG } from './kits-constants';
import { text } from './text';
import { EpochSeconds, Uuid } from './validation';

export * from './kits-constants';

const KitId = (message: string) => text({ error: message }).trim().toUpperCase().min(1, message).max(KIT_ID_MAX, message);

const KitFields = {
  kit_id: /* @__PURE__ */ KitId(KIT_REGISTRATION_MSG.inputKitId),
  kit_id_confirmation: /* @__PURE__ */ KitId(KIT_REGISTRATION_MSG.repeatKitId),
  sample_date: /* @__PURE__ */ text({ error: KIT_REGISTRATION_MSG.chooseSampleDate }).regex(DATE_PATTERN, KIT_REGISTRATION_MSG.chooseSampleDate),
  sample_time: /* @__PURE__ */ text({ error: KIT_REGISTRATION_MSG.chooseSampleTime }).regex(HOUR_PATTERN, KIT_REGISTRATION_MSG.chooseSampleTime),
};
const kitIdsMatch = { message: KIT_REGISTRATION_MSG.kitIdsMatch, path: ['kit_id_confirmation'] };

/**
 * POST /api/booking/{id}/booking-users/{userId}/kit: one person's kit (spec 3 §5). The sample's date
 * and time are the customer's wall clock in Europe/London.
 */
export const KitRegistrationRequest = z
  .strictObject({ ...KitFields, confirmed: z.literal(true, { error: KIT_REGISTRATION_MSG.fieldChecked }) })
  .refine((input) => input.kit_id === input.kit_id_confirmation, kitIdsMatch);
export type KitRegistrationRequest = z.infer<typeof KitRegistrationRequest>;

/** The kit form (/register-kit/{id}): the person, then the request's fields with the same messages. */
export const KitRegistrationForm = z
  .object({
    booking_user_id: /* @__PURE__ */ text({ error: KIT_REGISTRATION_MSG.selectUser }).min(1, KIT_REGISTRATION_MSG.selectUser),
    ...KitFields,
    confirmed: z.boolean().refine((ticked) => ticked, KIT_REGISTRATION_MSG.fieldChecked),
  })
  .refine((input) => input.kit_id === input.kit_id_confirmation, kitIdsMatch);
export type KitRegistrationForm = z.input<typeof KitRegistrationForm>;

/** One person of a self-swab appointment, as the kit form shows them. */
export const KitPerson = z.object({
  id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  /** Registered already (activated_by_user): not selectable again. */
  activated: z.boolean(),
  kit_id: z.string().nullable(),
});
export type KitPerson = z.infer<typeof KitPerson>;

/** GET /api/booking/{id}/kit-registration: the appointment's people. */
export const KitRegistrationResponse = z.object({ success: z.literal(true), appointment_id: Uuid, people: z.array(KitPerson) });
export const KitRegisteredResponse = z.object({ success: z.literal(true), message: z.string(), person: KitPerson });

/** POST /api/booking/-/activate-kit: a kit the order sent and the order's reference (short token). */
export const ActivateKitRequest = z.strictObject({
  kit_id: /* @__PURE__ */ KitId(KIT_REGISTRATION_MSG.inputKitId),
  short_token: /* @__PURE__ */ text({ error: KIT_REGISTRATION_MSG.inputOrderReference }).trim().toUpperCase().min(1, KIT_REGISTRATION_MSG.inputOrderReference).max(SHORT_TOKEN_LENGTH * 2, KIT_REGISTRATION_MSG.inputOrderReference),
});
export const ActivateKitResponse = z.object({ success: z.literal(true), appointment_id: Uuid });

/** GET /api/booking/kits/mine: the signed-in customer's self-swab appointments with someone still to register. */
export const KitAwaiting = z.object({ appointment_id: Uuid, created_at: EpochSeconds, people: z.array(KitPerson) });
export type KitAwaiting = z.infer<typeof KitAwaiting>;
export const KitsAwaitingResponse = z.object({ success: z.literal(true), appointments: z.array(KitAwaiting) });
