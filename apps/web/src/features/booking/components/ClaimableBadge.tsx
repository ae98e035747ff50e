import type { RoleName } from '@vireo/contracts';
import { lazy, Suspense } from 'react';
import { useCurrentSession } from '../../../lib/session';

/** The staff who claim appointments, and so see how many are waiting (GET /getclaimappointments/count). */
export const CLAIMABLE_BADGE_ROLES: readonly RoleName[] = ['practitioner', 'shift_manager', 'super_admin'];
/** The count, its query and the live client load only for those roles. */
const ClaimableCount = lazy(() => import('./ClaimableCount').then((m) => ({ default: m.ClaimableCount })));

/**
 * The top bar's claimable-appointments badge (spec 1 §2): "There are N claimable appointments" ("There is 1…" for one),
 * counting from the start of today to the end of the day three days ahead (UTC), hidden while
 * loading or when N is zero, and kept current by live updates.
 */
export function ClaimableBadge() {
  const session = useCurrentSession();
  return CLAIMABLE_BADGE_ROLES.includes(session.role.name) ? (
    <Suspense fallback={null}>
      <ClaimableCount />
    </Suspense>
  ) : null;
}
