import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivateKitResponse, KitRegisteredResponse, KitRegistrationRequest, KitRegistrationResponse, KitsAwaitingResponse } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** Kit registration and activation over the booking service (spec 3 §5; issue 18). */
const BASE = '/api/booking';
const KITS_QUERY_KEY = ['kits'] as const;

/** The link's short token goes in x-short-token only; a signed-in owner needs none. */
const tokenHeaders = (shortToken: string) => (shortToken ? { 'x-short-token': shortToken } : undefined);

export function useKitRegistration(appointmentId: string, shortToken: string) {
  return useQuery({
    queryKey: [...KITS_QUERY_KEY, 'registration', appointmentId],
    queryFn: ({ signal }) =>
      apiRequest<typeof KitRegistrationResponse>(`${BASE}/${encodeURIComponent(appointmentId)}/kit-registration`, { signal, headers: tokenHeaders(shortToken), signOutOnAuthError: false }),
    retry: false,
  });
}

export function useRegisterKit(appointmentId: string, shortToken: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ bookingUserId, body }: { bookingUserId: string; body: KitRegistrationRequest }) =>
      apiRequest<typeof KitRegisteredResponse>(`${BASE}/${encodeURIComponent(appointmentId)}/booking-users/${encodeURIComponent(bookingUserId)}/kit`, {
        method: 'POST',
        body,
        headers: tokenHeaders(shortToken),
        signOutOnAuthError: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KITS_QUERY_KEY }),
  });
}

export function useActivateKit() {
  return useSubmitMutation({
    mutationFn: (body: { kit_id: string; short_token: string }) => apiRequest<typeof ActivateKitResponse>(`${BASE}/-/activate-kit`, { method: 'POST', body, signOutOnAuthError: false }),
  });
}

export function useKitsAwaiting() {
  return useQuery({
    queryKey: [...KITS_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => apiRequest<typeof KitsAwaitingResponse>(`${BASE}/kits/mine`, { signal }).then((answer) => answer.appointments),
  });
}
