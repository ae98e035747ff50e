import { useQueryClient } from '@tanstack/react-query';
import {
  AppointmentResponse,
  AppointmentsResponse,
  BOOKING_LIVE,
  MessageResponse,
  StatusResponse,
  SuccessOnly,
  type Appointment,
  type AppointmentStatus,
} from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useLiveQuery } from '../../lib/useLive';
import type { EpochRange } from './ranges';

/** Every booking list and record is cached under this key, so one invalidation refreshes them all. */
export const BOOKING_QUERY_KEY = ['booking'] as const;

/** Polling while the live socket is down (spec 2 §9): the claimable list every 5 s, other lists every 60 s. */
export const CLAIMABLE_POLL_MS = 5_000;
export const LIST_POLL_MS = 60_000;
/** Appointment details are refreshed every 5 s by the spec; live events do it while the socket is open. */
export const DETAILS_POLL_MS = 5_000;

const live = (pollMs: number) => ({ topic: BOOKING_LIVE.appointmentsTopic, pollMs });

export interface AppointmentList {
  appointments: Appointment[];
  /** How many matched in all, when the service caps the answer (1000). */
  total: number;
}

async function list(path: string, signal: AbortSignal): Promise<AppointmentList> {
  const answer = await apiRequest(path, { schema: AppointmentsResponse, signal });
  return { appointments: answer.appointments, total: answer.total ?? answer.appointments.length };
}

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Claimable appointments starting in the chosen range that have not ended; the service filters by the range. */
export function useClaimableAppointments(range: EpochRange | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'claimable', range?.from, range?.to],
      queryFn: ({ signal }) => list(`/api/booking/getclaimappointments?${query({ date_from: range!.from, date_to: range!.to })}`, signal),
      enabled: range !== null,
    },
    live(CLAIMABLE_POLL_MS),
  );
}

/** Booked appointments ahead of now: the practitioner's own (a manager's: everyone's). */
export function useUpcomingAppointments(range: EpochRange | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'upcoming', range?.from, range?.to],
      queryFn: ({ signal }) => list(`/api/booking/getappointments?${query({ date_from: range!.from, date_to: range!.to })}`, signal),
      enabled: range !== null,
    },
    live(LIST_POLL_MS),
  );
}

/** Open slots not yet booked: the practitioner's own (a manager's: everyone's). */
export function useAvailableAppointments(range: EpochRange | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'available', range?.from, range?.to],
      queryFn: ({ signal }) => list(`/api/booking/search?${query({ status: 'AVAILABLE', start_time_from: range!.from, start_time_to: range!.to })}`, signal),
      enabled: range !== null,
    },
    live(LIST_POLL_MS),
  );
}

/** Booked appointments that have ended, newest first. */
export function usePastAppointments(range: EpochRange | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'past', range?.from, range?.to],
      queryFn: ({ signal }) => list(`/api/booking/getpastappointments?${query({ date_from: range!.from, date_to: range!.to })}`, signal),
      enabled: range !== null,
    },
    live(LIST_POLL_MS),
  );
}

/** Every appointment of every status in a window (at most 62 days). */
export function useAllAppointments(range: EpochRange | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'all', range?.from, range?.to],
      queryFn: ({ signal }) => list(`/api/booking/practitioner?${query({ date_from: range!.from, date_to: range!.to })}`, signal),
      enabled: range !== null,
    },
    live(LIST_POLL_MS),
  );
}

export function useAppointment(id: string | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'appointment', id],
      queryFn: ({ signal }) => apiRequest(`/api/booking/${id}`, { schema: AppointmentResponse, signal }).then((a) => a.appointment),
      enabled: id !== null,
    },
    { ...live(DETAILS_POLL_MS), relevant: (event) => JSON.stringify(event.data).includes(`"${id}"`) },
  );
}

export function claimAppointment(id: string, options: { override?: boolean; assigneeRoleId?: string }) {
  const params = query({ ...(options.override ? { override: 'true' } : {}), ...(options.assigneeRoleId ? { assigneeRoleId: options.assigneeRoleId } : {}) });
  return apiRequest(`/api/booking/${id}/claim${params ? `?${params}` : ''}`, { method: 'POST', body: { booking_id: id }, schema: MessageResponse });
}

export function releaseAppointment(id: string) {
  return apiRequest(`/api/booking/${id}/release`, { method: 'POST', schema: MessageResponse });
}

export function addNote(id: string, content: string) {
  return apiRequest(`/api/booking/${id}/addnote`, { method: 'POST', body: { content }, schema: MessageResponse });
}

export function changeStatus(id: string, status: AppointmentStatus) {
  return apiRequest(`/api/booking/${id}/status`, { method: 'POST', body: { status }, schema: StatusResponse });
}

/** Marks the practitioner online now (presence). */
export function sendHeartbeat() {
  return apiRequest('/api/booking/practitioner', { method: 'PATCH', schema: SuccessOnly });
}

/** Refetches every booking list and record now (after this tab changed something). */
export function useRefreshBooking(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BOOKING_QUERY_KEY });
}
