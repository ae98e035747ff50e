import Chip from '@mui/material/Chip';
import { BOOKING_LIVE, ClaimableCountResponse, can, claimableBadgeText } from '@vireo/contracts';
import { apiRequest } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/session';
import { useLiveQuery } from '../../../lib/useLive';

/** While the live socket is down the count is polled as often as the claimable list (spec 2 §9: 5 s). */
const POLL_MS = 5_000;

function ClaimableCount() {
  const query = useLiveQuery(
    {
      queryKey: ['booking', 'claimable-count'],
      queryFn: ({ signal }) => apiRequest('/api/booking/getclaimappointments/count', { schema: ClaimableCountResponse, signal }).then((answer) => answer.count),
    },
    { topic: BOOKING_LIVE.appointmentsTopic, pollMs: POLL_MS },
  );
  const count = query.data ?? 0;
  if (count === 0) return null;
  return <Chip role="status" color="warning" label={claimableBadgeText(count)} />;
}

/**
 * The top bar's claimable-appointments badge (spec 1 §2): "There are N claimable appointments" ("There is 1…" for one),
 * counting from the start of today to the end of the day three days ahead (UTC), hidden while
 * loading or when N is zero, and kept current by live updates.
 */
export function ClaimableBadge() {
  const session = useCurrentSession();
  // The staff who claim appointments see how many are waiting (GET /getclaimappointments/count).
  return can(session.role.name, 'appointments.claim') ? <ClaimableCount /> : null;
}
