import { z } from 'zod';
import { AppointmentStatusSchema, DayString, LanguageSchema, ServiceName } from './booking';
import { ErrorEnvelope } from './errors';
import { DoctorsLiveData, RotaLiveData } from './live-topics';
import { Email, EpochSeconds, PersonName, Telephone, Uuid } from './validation';
import { ROTA_MSG, DOCTOR_STATES } from './rota-constants';

export * from './rota-constants';
/** The payloads of the `rota` and `doctors` topics, which their publishers check. */
export const ROTA_LIVE_DATA = { rota: RotaLiveData, doctors: DoctorsLiveData } as const;

// ---- Pure rules shared by server and screens ----

export type PresenceStatus = 'Online' | 'Offline';

// ---- Shift overview ----

export const ShiftOverviewRow = z.object({
  name: z.string(),
  user_id: Uuid,
  status: z.enum(['Online', 'Offline']),
  last_online: /* @__PURE__ */ EpochSeconds.nullable(),
  shift_id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  next_appointment: /* @__PURE__ */ EpochSeconds.nullable(),
  next_appointment_id: /* @__PURE__ */ Uuid.nullable(),
  telephone: z.string().nullable(),
});
export type ShiftOverviewRow = z.infer<typeof ShiftOverviewRow>;
export const ShiftOverviewResponse = z.object({ success: z.literal(true), now: EpochSeconds, practitioners: z.array(ShiftOverviewRow) });

// ---- Rota ----

export const RotaDayQuery = z.object({ date: DayString });
export const RotaShift = z.object({
  id: Uuid,
  practitioner_id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  services: z.array(z.string()),
  languages: z.array(LanguageSchema),
  slots: z.number().int(),
  booked: z.number().int(),
});
export type RotaShift = z.infer<typeof RotaShift>;
/** `activated`: the practitioner has set their password; until then their shifts' slots are not offered to customers. */
export const RotaPractitioner = z.object({ user_id: Uuid, name: z.string(), disabled: z.boolean(), activated: z.boolean(), shifts: z.array(RotaShift) });
export type RotaPractitioner = z.infer<typeof RotaPractitioner>;
export const RotaDayResponse = z.object({
  success: z.literal(true),
  date: DayString,
  /** The day's first instant in London (epoch seconds); hour columns count from it. */
  day_start: EpochSeconds,
  day_end: EpochSeconds,
  can_edit: z.boolean(),
  practitioners: z.array(RotaPractitioner),
});
export type RotaDayResponse = z.infer<typeof RotaDayResponse>;

export const RotaShiftCreate = z.object({
  practitioner_id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  services: z.array(ServiceName).min(1).max(10).optional(),
  languages: z.array(LanguageSchema).min(1).max(2).optional(),
});
export const RotaShiftMove = z.object({ start_time: EpochSeconds, end_time: EpochSeconds });
export const RotaShiftResponse = z.object({ success: z.literal(true), shift: RotaShift });

/** A booked appointment that a change would take away from its practitioner. */
export const BookedSlot = z.object({
  id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  status: AppointmentStatusSchema,
  people: z.number().int(),
});
export type BookedSlot = z.infer<typeof BookedSlot>;
/** 409 for a shift change that would drop booked appointments: they are listed for reassignment. */
export const ShiftConflict = /* @__PURE__ */ ErrorEnvelope.extend({ booked: z.array(BookedSlot) });
export type ShiftConflict = z.infer<typeof ShiftConflict>;

// ---- Shift details: its 20-minute slots ----

export const ShiftSlot = z.object({
  id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  people: z.number().int(),
});
export type ShiftSlot = z.infer<typeof ShiftSlot>;
export const OnShiftPractitioner = z.object({ user_id: Uuid, name: z.string(), start_time: EpochSeconds, end_time: EpochSeconds });
export const ShiftSlotsResponse = z.object({
  success: z.literal(true),
  shift: /* @__PURE__ */ RotaShift.extend({ practitioner_name: z.string() }),
  slots: z.array(ShiftSlot),
  /** Other practitioners whose shifts overlap this one: whom its appointments can go to. */
  colleagues: z.array(OnShiftPractitioner),
  can_reassign: z.boolean(),
});
export type ShiftSlotsResponse = z.infer<typeof ShiftSlotsResponse>;
export const SlotSelection = z.object({ appointment_ids: z.array(Uuid).min(1, ROTA_MSG.nothingSelected).max(48) });
export const ReassignRequest = /* @__PURE__ */ SlotSelection.extend({ practitioner_id: Uuid });
export const SlotChangeResponse = z.object({ success: z.literal(true), message: z.string(), changed: z.number().int() });
export const Doctor = z.object({
  user_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  state: z.enum(DOCTOR_STATES),
  created_at: EpochSeconds,
  next_shift_start: /* @__PURE__ */ EpochSeconds.nullable(),
});
export type Doctor = z.infer<typeof Doctor>;
export const DoctorsResponse = z.object({ success: z.literal(true), doctors: z.array(Doctor) });
export const CreateDoctorRequest = z.object({
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  // The form sends an empty field when no number is given.
  telephone: /* @__PURE__ */ Telephone.or(z.literal('')).optional(),
});
export type CreateDoctorRequest = z.infer<typeof CreateDoctorRequest>;
export const DoctorResponse = z.object({ success: z.literal(true), message: z.string().optional(), doctor: Doctor });
export const UpdateDoctorRequest = z.object({ disabled: z.boolean() });
export const DoctorShiftsQuery = z.object({ date_from: z.coerce.number().int(), date_to: z.coerce.number().int() });
export const DoctorShiftsResponse = z.object({ success: z.literal(true), shifts: z.array(RotaShift) });
