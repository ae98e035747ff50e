import { BOOKED_STATUSES, UK_TIME_ZONE, can, type AppointmentListItem, type AppointmentStatus, type RoleName } from '@vireo/contracts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** dd-MM-yyyy in Europe/London (spec 2 §9). */
export function formatDay(epochSeconds: number | null): string {
  return epochSeconds === null ? '' : dateFormat.format(new Date(epochSeconds * 1000)).replaceAll('/', '-');
}

/** HH:mm in Europe/London. */
export function formatTime(epochSeconds: number | null): string {
  return epochSeconds === null ? '' : timeFormat.format(new Date(epochSeconds * 1000));
}

export function formatDayTime(epochSeconds: number | null): string {
  return epochSeconds === null ? '' : `${formatDay(epochSeconds)} ${formatTime(epochSeconds)}`;
}

/** The people on an appointment, by name (a list item or the whole record). */
export function patientNames(appointment: Pick<AppointmentListItem, 'booking_users'>): string {
  return appointment.booking_users.map((person) => `${person.first_name} ${person.last_name}`).join(', ');
}

const BOOKED: readonly AppointmentStatus[] = BOOKED_STATUSES;
/** Time still offered to customers: open, or held by someone mid-booking. */
const OFFERED: readonly AppointmentStatus[] = ['AVAILABLE', 'LOCKED'];

export interface AvailabilityRow {
  day: string;
  offeredMinutes: number;
  bookedMinutes: number;
  /** The share of the day's working time that is booked, to 2 decimals ("0.00" without working time). */
  bookedPercentage: string;
}

/** What the Availability table needs of an appointment. */
type TimedStatus = Pick<AppointmentListItem, 'status' | 'start_time' | 'end_time'>;

const minutesOf = (a: TimedStatus) => (a.start_time !== null && a.end_time !== null ? (a.end_time - a.start_time) / 60 : 0);

/**
 * The Availability table (spec 2 §2.1): for each day, the practitioner's working time (offered
 * or booked) and the percentage of it that is booked. Time taken out of supply (UNAVAILABLE) and
 * cancelled bookings are not working time.
 */
export function availabilityByDay(appointments: readonly TimedStatus[], days: readonly { day: string; from: number; to: number }[]): AvailabilityRow[] {
  return days.map(({ day, from, to }) => {
    let offeredMinutes = 0;
    let bookedMinutes = 0;
    for (const a of appointments) {
      if (a.start_time === null || a.start_time < from || a.start_time >= to || !a.status) continue;
      if (BOOKED.includes(a.status)) bookedMinutes += minutesOf(a);
      else if (OFFERED.includes(a.status)) offeredMinutes += minutesOf(a);
    }
    const working = offeredMinutes + bookedMinutes;
    return { day, offeredMinutes, bookedMinutes, bookedPercentage: working === 0 ? '0.00' : ((bookedMinutes / working) * 100).toFixed(2) };
  });
}

/** Statuses of a booked appointment whose call has not finished. */
const IN_CALL: readonly AppointmentStatus[] = ['WAITING', 'PATIENT_ATTENDED', 'PRACTITIONER_ATTENDED', 'IN_PROGRESS', 'ON_HOLD', 'PRACTITIONER_LEFT', 'PATIENT_LEFT'];

/**
 * The statuses the assigned practitioner may set from the appointment page (the service's rules
 * for POST /{id}/status): during a call Ongoing, On Hold or Completed; an open slot can be taken
 * out of supply, and an empty one put back.
 */
export function practitionerStatusActions(appointment: Pick<AppointmentListItem, 'status' | 'booking_users'>): AppointmentStatus[] {
  const { status } = appointment;
  if (!status) return [];
  if (IN_CALL.includes(status)) return (['IN_PROGRESS', 'ON_HOLD', 'COMPLETED'] as const).filter((next) => next !== status);
  if (status === 'AVAILABLE') return ['UNAVAILABLE'];
  if (status === 'UNAVAILABLE' && appointment.booking_users.length === 0) return ['AVAILABLE'];
  return [];
}

/** Whether the signed-in user acts on the appointment as its practitioner: the one assigned to it, or a manager. */
export function actsAsPractitioner(appointment: Pick<AppointmentListItem, 'practitioner'>, user: { id: string; role: RoleName }): boolean {
  return can(user.role, 'appointments.manage') || isPractitionerOfRecord(appointment, user);
}

export interface AppointmentActions {
  /** A claimable appointment may be claimed by anyone who works appointments. */
  claim: boolean;
  /** The statuses that may be set now (POST /{id}/status). */
  statuses: AppointmentStatus[];
  /** A booked appointment goes back to claimable, an open slot out of supply. */
  release: boolean;
}

/** Whether the signed-in user is the appointment's practitioner of record (the one assigned to it). */
export function isPractitionerOfRecord(appointment: Pick<AppointmentListItem, 'practitioner'>, user: { id: string; role: RoleName }): boolean {
  return can(user.role, 'appointments.attend') && appointment.practitioner?.user_id === user.id;
}

/**
 * The actions an appointment offers to someone who may (or may not) act on it as its practitioner;
 * only its practitioner of record ends the consultation (Completed), not a manager.
 */
export function appointmentActions(appointment: Pick<AppointmentListItem, 'status' | 'booking_users'>, asPractitioner: boolean, ofRecord: boolean): AppointmentActions {
  return {
    claim: appointment.status === 'CLAIMABLE',
    statuses: asPractitioner ? practitionerStatusActions(appointment).filter((status) => ofRecord || status !== 'COMPLETED') : [],
    release: asPractitioner && (appointment.status === 'WAITING' || appointment.status === 'AVAILABLE'),
  };
}

export const hasAnyAction = (actions: AppointmentActions): boolean => actions.claim || actions.release || actions.statuses.length > 0;
