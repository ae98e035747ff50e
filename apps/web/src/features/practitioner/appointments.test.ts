import { describe, expect, it } from 'vitest';
import type { AppointmentListItem, AppointmentStatus } from '@vireo/contracts';
import { actsAsPractitioner, appointmentActions, availabilityByDay, formatDayTime, hasAnyAction, practitionerStatusActions } from './appointments';

const HOUR = 3600;
const day = { day: '2026-07-16', from: Date.parse('2026-07-15T23:00:00Z') / 1000, to: Date.parse('2026-07-16T23:00:00Z') / 1000 };

function slot(status: AppointmentStatus, startOffset: number) {
  const start = day.from + startOffset;
  return { status, start_time: start, end_time: start + 20 * 60 };
}

describe('availabilityByDay', () => {
  it('gives the booked share of working time to 2 decimals; unavailable and cancelled time is not working time', () => {
    const appointments = [
      slot('WAITING', 9 * HOUR),
      slot('AVAILABLE', 10 * HOUR),
      slot('LOCKED', 11 * HOUR),
      slot('UNAVAILABLE', 12 * HOUR),
      slot('USER_CANCELLED', 13 * HOUR),
      slot('WAITING', 25 * HOUR),
    ];
    expect(availabilityByDay(appointments, [day])).toEqual([{ day: '2026-07-16', offeredMinutes: 40, bookedMinutes: 20, bookedPercentage: '33.33' }]);
  });

  it('shows 0.00 for a day without working time', () => {
    expect(availabilityByDay([], [day])[0]!.bookedPercentage).toBe('0.00');
  });
});

describe('appointment display and actions', () => {
  it('shows London time as dd-MM-yyyy HH:mm', () => {
    expect(formatDayTime(Date.parse('2026-07-16T08:20:00Z') / 1000)).toBe('16-07-2026 09:20');
  });

  it('offers the call states during a call and the supply switch on open slots', () => {
    expect(practitionerStatusActions({ status: 'IN_PROGRESS', booking_users: [] })).toEqual(['ON_HOLD', 'COMPLETED']);
    expect(practitionerStatusActions({ status: 'AVAILABLE', booking_users: [] })).toEqual(['UNAVAILABLE']);
    expect(practitionerStatusActions({ status: 'COMPLETED', booking_users: [] })).toEqual([]);
  });
});

describe('actsAsPractitioner', () => {
  const mine: Pick<AppointmentListItem, 'practitioner'> = { practitioner: { user_id: 'doctor-1', user_name: 'Dr One' } };
  const open: Pick<AppointmentListItem, 'practitioner'> = { practitioner: null };

  it('lets the assigned practitioner act, but not a colleague', () => {
    expect(actsAsPractitioner(mine, { id: 'doctor-1', role: 'practitioner' })).toBe(true);
    expect(actsAsPractitioner(mine, { id: 'doctor-2', role: 'practitioner' })).toBe(false);
    expect(actsAsPractitioner(open, { id: 'doctor-1', role: 'practitioner' })).toBe(false);
  });

  it('lets shift managers and super admins act on anyone\'s appointment, and no other role', () => {
    expect(actsAsPractitioner(mine, { id: 'manager', role: 'shift_manager' })).toBe(true);
    expect(actsAsPractitioner(open, { id: 'admin', role: 'super_admin' })).toBe(true);
    expect(actsAsPractitioner(mine, { id: 'doctor-1', role: 'customer_services' })).toBe(false);
  });
});

describe('appointmentActions', () => {
  it('offers call statuses and Release to whoever acts as the practitioner', () => {
    expect(appointmentActions({ status: 'WAITING', booking_users: [] }, true, true)).toEqual({ claim: false, statuses: ['IN_PROGRESS', 'ON_HOLD', 'COMPLETED'], release: true });
    expect(appointmentActions({ status: 'AVAILABLE', booking_users: [] }, true, true)).toEqual({ claim: false, statuses: ['UNAVAILABLE'], release: true });
    expect(appointmentActions({ status: 'IN_PROGRESS', booking_users: [] }, true, true)).toEqual({ claim: false, statuses: ['ON_HOLD', 'COMPLETED'], release: false });
  });

  it('keeps Completed to the practitioner of record: a manager may not end the consultation', () => {
    expect(appointmentActions({ status: 'WAITING', booking_users: [] }, true, false)).toEqual({ claim: false, statuses: ['IN_PROGRESS', 'ON_HOLD'], release: true });
  });

  it('offers nothing but Claim to anyone else', () => {
    expect(appointmentActions({ status: 'WAITING', booking_users: [] }, false, false)).toEqual({ claim: false, statuses: [], release: false });
    expect(appointmentActions({ status: 'CLAIMABLE', booking_users: [] }, false, false)).toEqual({ claim: true, statuses: [], release: false });
  });

  it('has no action on a finished appointment', () => {
    expect(hasAnyAction(appointmentActions({ status: 'COMPLETED', booking_users: [] }, true, true))).toBe(false);
    expect(hasAnyAction(appointmentActions({ status: 'CLAIMABLE', booking_users: [] }, false, false))).toBe(true);
  });
});
