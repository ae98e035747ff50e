import { type AlternativeLinkResponse } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { useRefreshBooking } from '../practitioner';

/** POST /{id}/8x8link: a new alternative video link, e-mailed by the service to the appointment's people. */
export function useEmailAlternativeLink() {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest<typeof AlternativeLinkResponse>(`/api/booking/${appointmentId}/8x8link`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}
