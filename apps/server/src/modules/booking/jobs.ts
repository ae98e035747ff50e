import type { PgBoss } from 'pg-boss';
import type { BookingDeps } from './deps';
import { RELEASE_EXPIRED_HOLDS_JOB, releaseExpiredHolds } from './holds';
import { topUpDemoRota } from './demo-rota';

export const TOP_UP_DEMO_ROTA_JOB = 'booking.top-up-demo-rota';

/**
 * Starts the booking engine's background work on pg-boss: hold expiry (a job at each hold's expiry
 * plus a sweep every minute) and, when the demo is seeded, the demo practitioner's rolling week of
 * shifts (at start and every night at 00:05 London time). Every server process calls this; pg-boss
 * hands each job to one of them.
 */
export async function startBookingJobs(deps: BookingDeps, jobs: PgBoss, options: { demo: boolean }): Promise<void> {
  await jobs.createQueue(RELEASE_EXPIRED_HOLDS_JOB);
  await jobs.work(RELEASE_EXPIRED_HOLDS_JOB, async () => {
    await releaseExpiredHolds(deps);
  });
  await jobs.schedule(RELEASE_EXPIRED_HOLDS_JOB, '* * * * *');
  if (!options.demo) return;
  await jobs.createQueue(TOP_UP_DEMO_ROTA_JOB);
  await jobs.work(TOP_UP_DEMO_ROTA_JOB, async () => {
    await topUpDemoRota(deps);
  });
  await jobs.schedule(TOP_UP_DEMO_ROTA_JOB, '5 0 * * *', null, { tz: 'Europe/London' });
  await topUpDemoRota(deps);
}
