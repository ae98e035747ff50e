/** rota.ts's constants, messages and plain rules, without zod: a page that needs only these loads no schema. */
import { BOOKING_LIVE } from './booking';
import type { PresenceStatus } from './rota';

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
} as const;

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

// ---- Doctors management ----

export const DOCTOR_STATES = ['active', 'invited', 'disabled'] as const;
