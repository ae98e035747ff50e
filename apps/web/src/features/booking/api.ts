import { useQuery } from '@tanstack/react-query';
import {
  type AppointmentResponse,
  type BookingConfirmation,
  type DateSearchResponse,
  type DeleteResponse,
  type InfoResponse,
  type ServicesResponse,
  type SlotsResponse,
  type StatusResponse,
  type PaymentRequest,
  type PriceRequest,
  type PriceResponse,
} from '@vireo/contracts';
import { type z } from 'zod';
import { apiRequest } from '../../lib/api';

const BASE = '/api/booking';

/** The customer's link token travels in this header, never in an API URL. */
const linkHeaders = (shortToken: string | undefined): Record<string, string> => (shortToken ? { 'x-short-token': shortToken } : {});

/**
 * Public pages must not sign a visitor out when the booking service refuses something, and a
 * signed-in patient's page keeps the shell's rule; `publicPage` chooses.
 */
export interface CallContext {
  publicPage: boolean;
  shortToken?: string;
}

const options = (context: CallContext) => ({ signOutOnAuthError: !context.publicPage, headers: linkHeaders(context.shortToken) });

export function useServices(context: CallContext) {
  return useQuery({
    queryKey: ['booking', 'services', context.publicPage],
    queryFn: ({ signal }) => apiRequest<typeof ServicesResponse>(`${BASE}/services`, { signal, ...options(context) }),
    staleTime: 5 * 60_000,
  });
}

export function useAvailableDates(service: string, from: string, to: string, context: CallContext) {
  return useQuery({
    queryKey: ['booking', 'dates', service, from, to],
    queryFn: ({ signal }) => apiRequest<typeof DateSearchResponse>(`${BASE}/datesearch?${new URLSearchParams({ service, date_from: from, date_to: to }).toString()}`, { signal, ...options(context) }),
  });
}

/** 204 (no slots) arrives without a body. */
type SlotsOrNone = z.ZodOptional<typeof SlotsResponse>;

export interface SlotSearch {
  service: string;
  date: string;
  group?: string | undefined;
  user?: string | undefined;
}

export function useSlots(search: SlotSearch | null, context: CallContext) {
  return useQuery({
    queryKey: ['booking', 'slots', search],
    enabled: search !== null,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ service: search!.service, date: search!.date, validate_users: 'true' });
      if (search!.group) query.set('group', search!.group);
      if (search!.user) query.set('user', search!.user);
      const answer = await apiRequest<SlotsOrNone>(`${BASE}/?${query.toString()}`, { signal, ...options(context) });
      return answer?.slots ?? [];
    },
  });
}

/** Holds a slot (LOCKED); with the previous hold's token the server moves the hold in one step. */
export function holdSlot(slotId: string, holdToken: string | undefined, context: CallContext) {
  return apiRequest<typeof StatusResponse>(`${BASE}/${slotId}/status`, { method: 'POST', body: { status: 'LOCKED', ...(holdToken ? { hold_token: holdToken } : {}) }, ...options(context) });
}

export function releaseSlot(slotId: string, holdToken: string, context: CallContext) {
  return apiRequest<typeof StatusResponse>(`${BASE}/${slotId}/status`, { method: 'POST', body: { status: 'AVAILABLE', hold_token: holdToken }, ...options(context) });
}

/**
 * Gives a hold back while the page is closing: a keepalive request outlives the page, so a closed
 * tab frees the time at once instead of after the hold period.
 */
export function releaseSlotOnExit(slotId: string, holdToken: string): void {
  void fetch(`${BASE}/${slotId}/status`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ status: 'AVAILABLE', hold_token: holdToken }),
  }).catch(() => undefined);
}

/** What the held slot costs with a discount code (the server's rule; no use is taken): 400 'Your code is invalid' on `discount_code`. */
export function priceSlot(slotId: string, request: PriceRequest, context: CallContext) {
  return apiRequest<typeof PriceResponse>(`${BASE}/${slotId}/price`, { method: 'POST', body: request, ...options(context) }).then((answer) => answer.price);
}

export function payForSlot(slotId: string, payment: PaymentRequest, context: CallContext) {
  return apiRequest<typeof BookingConfirmation>(`${BASE}/${slotId}/payment`, { method: 'POST', body: payment, ...options(context) });
}

export function useAppointmentInfo(appointmentId: string, shortToken: string, enabled: boolean) {
  return useQuery({
    queryKey: ['booking', 'info', appointmentId],
    enabled,
    queryFn: ({ signal }) => apiRequest<typeof InfoResponse>(`${BASE}/${appointmentId}/info`, { signal, ...options({ publicPage: true, shortToken }) }),
    retry: false,
  });
}

/** The whole booking, people included, as its link holder may read it (the rebook's prefill). */
export function useAppointment(appointmentId: string, shortToken: string, enabled: boolean) {
  return useQuery({
    queryKey: ['booking', 'appointment', appointmentId],
    enabled,
    queryFn: ({ signal }) => apiRequest<typeof AppointmentResponse>(`${BASE}/${appointmentId}`, { signal, ...options({ publicPage: true, shortToken }) }).then((r) => r.appointment),
    retry: false,
  });
}

export function deleteAppointment(appointmentId: string, shortToken: string) {
  return apiRequest<typeof DeleteResponse>(`${BASE}/${appointmentId}?action=delete&actor=patient`, { method: 'DELETE', ...options({ publicPage: true, shortToken }) });
}

export function rescheduleAppointment(appointmentId: string, slotId: string, holdToken: string, shortToken: string) {
  return apiRequest<typeof AppointmentResponse>(`${BASE}/${appointmentId}/reschedule/${slotId}`, { method: 'POST', body: { hold_token: holdToken }, ...options({ publicPage: true, shortToken }) });
}
