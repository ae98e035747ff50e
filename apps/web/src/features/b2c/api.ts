import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse, FlightOrderResponse, MyAppointmentsResponse, MyCertificatesResponse, OrderListResponse, TripRequest, TripResponse } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** The b2c customer's own appointments, results and trips (spec 2 §2.10; issue 18). */
const B2C_QUERY_KEY = ['b2c'] as const;

export function useMyAppointments() {
  return useQuery({
    queryKey: [...B2C_QUERY_KEY, 'appointments'],
    queryFn: ({ signal }) => apiRequest<typeof MyAppointmentsResponse>('/api/booking/mine', { signal }),
  });
}

/** Delete as the booker (the session): more than 24 hours ahead the time is freed, within 24 hours only the practitioner is told. */
export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest<typeof DeleteResponse>(`/api/booking/${encodeURIComponent(appointmentId)}?action=delete&actor=patient`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...B2C_QUERY_KEY, 'appointments'] }),
  });
}

export function useMyCertificates() {
  return useQuery({
    queryKey: [...B2C_QUERY_KEY, 'certificates'],
    queryFn: ({ signal }) => apiRequest<typeof MyCertificatesResponse>('/api/certificates/mine', { signal }).then((answer) => answer.certificates),
  });
}

/** The customer's own orders (newest first), for choosing the one a trip belongs to. */
export function useMyOrders() {
  return useQuery({
    queryKey: [...B2C_QUERY_KEY, 'orders'],
    queryFn: ({ signal }) => apiRequest<typeof OrderListResponse>('/api/commerce/v1/order?page_size=50', { signal }).then((answer) => answer.data),
  });
}

/** The trip saved on an order, if any (the first of GET /flight-order/{id}). */
export function useTrip(orderId: string) {
  return useQuery({
    queryKey: [...B2C_QUERY_KEY, 'trip', orderId],
    queryFn: ({ signal }) => apiRequest<typeof FlightOrderResponse>(`/api/commerce/v1/flight-order/${encodeURIComponent(orderId)}`, { signal }).then((answer) => answer.flightDetails[0] ?? null),
    enabled: orderId !== '',
  });
}

export function useSaveTrip() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ orderId, trip }: { orderId: string; trip: TripRequest }) =>
      apiRequest<typeof TripResponse>(`/api/commerce/v1/flight-order/${encodeURIComponent(orderId)}`, { method: 'PUT', body: trip }),
    onSuccess: (_answer, { orderId }) => queryClient.invalidateQueries({ queryKey: [...B2C_QUERY_KEY, 'trip', orderId] }),
  });
}
