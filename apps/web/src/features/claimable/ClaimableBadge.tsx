import { can } from '@vireo/contracts';
import { lazy, Suspense } from 'react';
import { useCurrentSession } from '../../lib/session';

/** The count, its query and the live client load only for the staff who claim appointments (GET /getclaimappointments/count). */
const ClaimableCount = lazy(() => import('./ClaimableCount').then((m) => ({ default: m.ClaimableCount })));

/**
 * The top bar's claimable-appointments badge (spec 1 §2): "There are N claimable appointments" ("There is 1…" for one),
 * counting from the start of today to the end of the day three days ahead (UTC), hidden while
 * loading or when N is zero, and kept current by live updates.
 */
export function ClaimableBadge() {
  const session = useCurrentSession();
  return can(session.role.name, 'appointments.claim') ? (
    <Suspense fallback={null}>
      <ClaimableCount />
    </Suspense>
  ) : null;
}
