import Chip from '@mui/material/Chip';
import { BOOKING_LIVE, type ClaimableCountResponse, claimableBadgeText, type AppointmentStatus } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useLiveQuery } from '../../lib/useLive';

/** While the live socket is down the count is polled as often as the claimable list (spec 2 §9: 5 s). */
const POLL_MS = 5_000;

/**
 * Only an appointment that is or was claimable changes the count: the server's own rule for which
 * changes every practitioner hears about (booking's `audiencesOf`), which tags each of them so.
 */
export function touchesClaimable(appointments: readonly { status: AppointmentStatus | null; previous_status: AppointmentStatus | null }[]): boolean {
  return appointments.some(({ status, previous_status: previous }) => status === 'CLAIMABLE' || previous === 'CLAIMABLE');
}

/** The badge of ClaimableBadge: the number of claimable appointments, hidden while loading or at zero. */
export function ClaimableCount() {
  const query = useLiveQuery(
    {
      queryKey: ['booking', 'claimable-count'],
      queryFn: ({ signal }) => apiRequest<typeof ClaimableCountResponse>('/api/booking/getclaimappointments/count', { signal }).then((answer) => answer.count),
    },
    { topic: BOOKING_LIVE.appointmentsTopic, pollMs: POLL_MS, relevant: (event) => touchesClaimable(event.data.appointments) },
  );
  const count = query.data ?? 0;
  if (count === 0) return null;
  return <Chip role="status" color="warning" label={claimableBadgeText(count)} />;
}
