import { z } from 'zod';
import { AppointmentStatusSchema, BOOKING_LIVE, DayString, LanguageSchema, ServiceName } from './booking';
import { ErrorEnvelope } from './errors';
import { DoctorsLiveData, RotaLiveData } from './live-topics';
import { Email, EpochSeconds, PersonName, Telephone, Uuid } from './validation';

// ---- Shift manager's constants (spec 2 §9) ----

export const SHIFT_MANAGEMENT = {
  /** An Offline practitioner whose shift started longer ago than this is highlighted (spec 2 §2.1). */
  lateAfterMinutes: 10,
  /** A waiting-room (ON_HOLD) timer turns red at this many minutes (spec 2 §4.1). */
  waitingRedAfterMinutes: 15,
  /** The practitioner page's heartbeat runs every 30 s; a practitioner is Online within three beats. */
  onlineWithinSeconds: 90,
  /** The live status list runs from the start of today to now plus this (spec 2 §2.1). */
  liveWindowAheadMinutes: 15,
  /** Release slots: 20 minutes, three per hour (spec 2 §9). */
  slotMinutes: 20,
  /** An invitation to set a password works this long. */
  invitationValidDays: 7,
} as const;

export const ROTA_MSG = {
  noDoctors: 'No doctors to display',
  noAppointments: 'No appointments to display',
  noResults: 'No results to display',
  shiftHasBookings: 'This shift has booked appointments. Reassign or release them first.',
  notOnShift: 'The practitioner is not on shift at that time.',
  practitionerBusy: 'The practitioner already has an appointment at this time.',
  notInShift: 'These appointments are not part of this shift.',
  nothingSelected: 'Select at least one appointment.',
  confirmRelease: 'Are you sure you want to release the selected appointments?',
  released: 'Appointments released',
  reassigned: 'Appointments reassigned',
  doctorCreated: 'The practitioner has been invited by e-mail to set a password.',
  invitationSent: 'Invitation sent',
  doctorDisabled: 'Practitioner disabled',
  doctorEnabled: 'Practitioner enabled',
  emailTaken: 'An account with this e-mail address already exists.',
  invitationInvalid: 'This link is not valid. Ask your shift manager for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask your shift manager for a new one.',
  alreadyActive: 'This practitioner has already set a password.',
} as const;

/**
 * Live topics the shift manager's screens listen to. `appointments` carries every appointment change
 * and `presence` practitioners coming online, both published by the booking engine (`BOOKING_LIVE`).
 */
export const ROTA_LIVE = {
  rota: 'rota',
  appointments: BOOKING_LIVE.appointmentsTopic,
  presence: BOOKING_LIVE.presenceTopic,
  doctors: 'doctors',
  data: { rota: RotaLiveData, doctors: DoctorsLiveData },
} as const;

// ---- Pure rules shared by server and screens ----

export type PresenceStatus = 'Online' | 'Offline';

/** Online while the last heartbeat is recent (epoch seconds). */
export function presenceStatus(lastOnline: number | null, now: number): PresenceStatus {
  return lastOnline !== null && now - lastOnline <= SHIFT_MANAGEMENT.onlineWithinSeconds ? 'Online' : 'Offline';
}

/** An Offline practitioner whose shift started more than 10 minutes ago and has not ended. */
export function isLateForShift(row: { status: PresenceStatus; start_time: number; end_time: number }, now: number): boolean {
  return row.status === 'Offline' && now - row.start_time > SHIFT_MANAGEMENT.lateAfterMinutes * 60 && now < row.end_time;
}

/** Whether a waiting-room timer is red: 15 minutes or more since the status changed. */
export function isWaitingTooLong(statusLastUpdated: number, now: number): boolean {
  return now - statusLastUpdated >= SHIFT_MANAGEMENT.waitingRedAfterMinutes * 60;
}

/** mm:ss (or h:mm:ss) since an instant, for the waiting-room timer. */
export function elapsedLabel(since: number, now: number): string {
  const total = Math.max(0, Math.floor(now - since));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

// ---- Shift overview ----

export const ShiftOverviewRow = z.object({
  name: z.string(),
  user_id: Uuid,
  status: z.enum(['Online', 'Offline']),
  last_online: EpochSeconds.nullable(),
  shift_id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  next_appointment: EpochSeconds.nullable(),
  next_appointment_id: Uuid.nullable(),
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
export const ShiftConflict = ErrorEnvelope.extend({ booked: z.array(BookedSlot) });
export type ShiftConflict = z.infer<typeof ShiftConflict>;

// ---- Shift details: its 20-minute slots ----

export const ShiftSlot = z.object({
  id: Uuid,
  start_time: EpochSeconds,
  end_time: EpochSeconds,
  status: AppointmentStatusSchema.nullable(),
  people: z.number().int(),
});
export type ShiftSlot = z.infer<typeof ShiftSlot>;
export const OnShiftPractitioner = z.object({ user_id: Uuid, name: z.string(), start_time: EpochSeconds, end_time: EpochSeconds });
export const ShiftSlotsResponse = z.object({
  success: z.literal(true),
  shift: RotaShift.extend({ practitioner_name: z.string() }),
  slots: z.array(ShiftSlot),
  /** Other practitioners whose shifts overlap this one: whom its appointments can go to. */
  colleagues: z.array(OnShiftPractitioner),
  can_reassign: z.boolean(),
});
export type ShiftSlotsResponse = z.infer<typeof ShiftSlotsResponse>;
export const SlotSelection = z.object({ appointment_ids: z.array(Uuid).min(1, ROTA_MSG.nothingSelected).max(48) });
export const ReassignRequest = SlotSelection.extend({ practitioner_id: Uuid });
export const SlotChangeResponse = z.object({ success: z.literal(true), message: z.string(), changed: z.number().int() });

// ---- Doctors management ----

export const DOCTOR_STATES = ['active', 'invited', 'disabled'] as const;
export const Doctor = z.object({
  user_id: Uuid,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  state: z.enum(DOCTOR_STATES),
  created_at: EpochSeconds,
  next_shift_start: EpochSeconds.nullable(),
});
export type Doctor = z.infer<typeof Doctor>;
export const DoctorsResponse = z.object({ success: z.literal(true), doctors: z.array(Doctor) });
export const CreateDoctorRequest = z.object({
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  // The form sends an empty field when no number is given.
  telephone: Telephone.or(z.literal('')).optional(),
});
export type CreateDoctorRequest = z.infer<typeof CreateDoctorRequest>;
export const DoctorResponse = z.object({ success: z.literal(true), message: z.string().optional(), doctor: Doctor });
export const UpdateDoctorRequest = z.object({ disabled: z.boolean() });
export const DoctorShiftsQuery = z.object({ date_from: z.coerce.number().int(), date_to: z.coerce.number().int() });
export const DoctorShiftsResponse = z.object({ success: z.literal(true), shifts: z.array(RotaShift) });
