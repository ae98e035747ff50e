import { STATUS_LABELS, type AppointmentStatus } from '@vireo/contracts';

/** The spec's display label of a status (On Hold, Ongoing, …), or the status in words. */
export function statusLabel(status: AppointmentStatus | null): string {
  if (!status) return '';
  const label = STATUS_LABELS[status];
  if (label) return label;
  const words = status.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
