import { BOOKING_LIVE } from '@vireo/contracts';
import type { BookingDeps } from './deps';
import { publishAppointmentChanges } from './live-events';
import { slotServices } from './services';
import { topUpRollingShifts } from './supply';

export const DEMO_PRACTITIONER_EMAIL = 'practitioner@demo.test';
export const DEMO_ROTA_DAYS = 7;

/**
 * A week of shifts for the demo practitioner from today, topped up each day. The new slots are
 * published, so open dashboards show them at once. Answers how many shifts it added.
 */
export async function topUpDemoRota(deps: Pick<BookingDeps, 'db' | 'clock' | 'live' | 'services'>): Promise<number> {
  const added = await topUpRollingShifts(deps.db, deps.clock, { email: DEMO_PRACTITIONER_EMAIL, days: DEMO_ROTA_DAYS, services: slotServices(deps.services), languages: ['EN', 'DE'] });
  await publishAppointmentChanges(deps, BOOKING_LIVE.kinds.created, added.slots.map((row) => ({ row, previousStatus: null })));
  return added.shifts;
}
