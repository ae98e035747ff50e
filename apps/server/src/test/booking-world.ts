import { expect } from 'vitest';
import type { Harness, TestUser } from './harness';

export const HOUR = 3_600_000;
export const TEST_CARD = { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' };
export const DECLINED_CARD = { number: '4000000000000002', expiration_date: '12/39', cvv: '123' };
export const PUBLIC_SERVICE = 'video_gp_vireo';
export const PUBLIC_PRICE = 2900;

/** The people of a booking test: a practitioner's shift, patients, managers, in fresh organisations. */
export interface BookingWorld {
  practitioner: TestUser;
  otherPractitioner: TestUser;
  manager: TestUser;
  admin: TestUser;
  support: TestUser;
  patient: TestUser;
  otherPatient: TestUser;
}

export async function bookingWorld(h: Harness): Promise<BookingWorld> {
  const clinic = await h.org();
  const company = await h.org();
  return {
    practitioner: await h.user({ org: clinic, roles: ['practitioner'] }),
    otherPractitioner: await h.user({ org: clinic, roles: ['practitioner'] }),
    manager: await h.user({ org: clinic, roles: ['shift_manager'] }),
    admin: await h.user({ org: clinic, roles: ['super_admin'] }),
    support: await h.user({ org: clinic, roles: ['customer_services'] }),
    patient: await h.user({ org: company, roles: ['patient'] }),
    otherPatient: await h.user({ org: company, roles: ['patient'] }),
  };
}

/** Monday 1 March 2027, 09:00 in London: where the booking suites that need a weekday start their clock, in a week no other suite books in. */
export const MONDAY_START = new Date('2027-03-01T09:00:00Z');

/** The next whole hour after now plus `hoursAhead`, in epoch seconds. */
export function hourFromNow(h: Harness, hoursAhead: number): number {
  const now = h.clock.now().getTime();
  return Math.ceil(now / HOUR) * (HOUR / 1000) + hoursAhead * 3600;
}

/** Creates a shift through the API and answers its AVAILABLE slot ids, earliest first. */
export async function shiftWithSlots(
  h: Harness,
  practitioner: TestUser,
  options: { hoursAhead?: number; hours?: number; services?: string[]; languages?: ('EN' | 'DE')[] } = {},
): Promise<{ shiftId: string; slots: { id: string; start_time: number; end_time: number }[] }> {
  const start = hourFromNow(h, options.hoursAhead ?? 48);
  const res = await h.call('POST', '/api/booking/shifts', {
    token: practitioner.token,
    body: { start_time: start, end_time: start + (options.hours ?? 1) * 3600, services: options.services ?? ['video_gp', PUBLIC_SERVICE, 'video_gp_euro'], languages: options.languages ?? ['EN', 'DE'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const slots = await h.call('GET', `/api/booking/practitioner?date_from=${start}&date_to=${start + (options.hours ?? 1) * 3600}`, { token: practitioner.token });
  expect(slots.status).toBe(200);
  return {
    shiftId: res.body.shift.id,
    slots: slots.body.appointments.filter((a: { status: string }) => a.status === 'AVAILABLE').map((a: { id: string; start_time: number; end_time: number }) => ({ id: a.id, start_time: a.start_time, end_time: a.end_time })),
  };
}

export async function hold(h: Harness, slotId: string, holdToken?: string, token?: string) {
  return h.call('POST', `/api/booking/${slotId}/status`, { token, body: { status: 'LOCKED', ...(holdToken ? { hold_token: holdToken } : {}) } });
}

export function person(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    phone: '+44 7911 123456',
    date_of_birth: Date.UTC(1985, 5, 1) / 1000,
    sex: 'Female',
    ...overrides,
  };
}

export function paymentBody(holdToken: string, overrides: Record<string, unknown> = {}) {
  return {
    hold_token: holdToken,
    amount: PUBLIC_PRICE,
    card: TEST_CARD,
    billing_details: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', phone: '+44 7911 123456', dateOfBirth: '01-06-1985' },
    booking_users: [person()],
    toc_accept: true,
    service: PUBLIC_SERVICE,
    ...overrides,
  };
}

/** Holds and pays for a slot as the public (no session) and answers the confirmation. */
export async function bookPublicly(h: Harness, slotId: string, overrides: Record<string, unknown> = {}) {
  const held = await hold(h, slotId);
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  const paid = await h.call('POST', `/api/booking/${slotId}/payment`, { body: paymentBody(held.body.hold_token, overrides) });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return paid.body as { short_token: string; confirmation: { id: string; reference: string }; appointment: { id: string; booking_users: { id: string }[] } };
}

/** A patient (covered for video_gp) books for themself. */
export async function bookAsPatient(h: Harness, patient: TestUser, slotId: string) {
  const held = await hold(h, slotId, undefined, patient.token);
  expect(held.status).toBe(200);
  const paid = await h.call('POST', `/api/booking/${slotId}/payment`, {
    token: patient.token,
    body: {
      hold_token: held.body.hold_token,
      amount: 0,
      billing_details: { first_name: 'Pat', last_name: 'Ient', email: patient.user.email, dateOfBirth: '01-01-1990' },
      toc_accept: true,
      service: 'video_gp',
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return paid.body as { short_token: string; appointment: { id: string; booking_users: { id: string }[] } };
}
