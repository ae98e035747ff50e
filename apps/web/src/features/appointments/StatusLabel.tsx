import type { AppointmentStatus } from '@vireo/contracts';
import { useStatusLabel } from '../../lib/messageText';

/** An appointment status as the spec labels it (On Hold, Ongoing, Not Started, …), in the interface's language. */
export function StatusLabel({ status }: { status: AppointmentStatus | null }) {
  return useStatusLabel()(status);
}
