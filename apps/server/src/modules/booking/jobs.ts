import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs';
import type { BookingDeps } from './deps';
import { topUpDemoRota } from './demo-rota';
import { RELEASE_EXPIRED_HOLDS } from './holds';

/** The demo practitioner's rolling week of shifts, every night at 00:05 London time. */
export const TOP_UP_DEMO_ROTA = defineJob({
  name: 'booking.top-up-demo-rota',
  schema: z.object({}),
  schedule: { cron: '5 0 * * *', tz: 'Europe/London', data: {} },
  run: async (_data, deps: BookingDeps) => {
    await topUpDemoRota(deps);
  },
});

/**
 * Starts the booking engine's background work: hold expiry and, when the demo is seeded, the
 * demo rota's top-up (also once at start). Every server process calls this; pg-boss hands each
 * job to one of them.
 */
export async function startBookingJobs(deps: BookingDeps, jobs: Jobs, options: { demo: boolean }): Promise<void> {
  await jobs.register(RELEASE_EXPIRED_HOLDS, deps);
  if (!options.demo) return;
  await jobs.register(TOP_UP_DEMO_ROTA, deps);
  await topUpDemoRota(deps);
}
