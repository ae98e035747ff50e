import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  type AppointmentListResponse,
  type AppointmentResponse,
  BOOKING_LIVE,
  type MessageResponse,
  type StatusResponse,
  type SuccessOnly,
  type AppointmentStatus,
} from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useLiveQuery } from '../../lib/useLive';
import { BOOKING_QUERY_KEY, pagingParams, type ListPage } from '../appointments';
import { startsWithin, type EpochRange } from './ranges';

/** Polling while the live socket is down (spec 2 §9): the claimable list every 5 s, other lists every 60 s. */
export const CLAIMABLE_POLL_MS = 5_000;
export const LIST_POLL_MS = 60_000;
/** Appointment details are refreshed every 5 s by the spec; live events do it while the socket is open. */
export const DETAILS_POLL_MS = 5_000;

const live = (pollMs: number) => ({ topic: BOOKING_LIVE.appointmentsTopic, pollMs });

type Params = Record<string, string | number>;
const query = (params: Params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** A staff list: where the service answers it, how the chosen range filters it, and how often to poll it without live updates. */
interface ListSource {
  name: string;
  path: string;
  filter: (range: EpochRange) => Params;
  pollMs: number;
}

const startingIn = (range: EpochRange): Params => ({ date_from: range.from, date_to: range.to });

/**
 * One page of a staff list, kept current by live updates: an event refetches it only when one of its
 * appointments starts within the list's range (others cannot change it). While another page or order
 * loads, the table keeps the page it shows instead of falling back to the loading bar.
 */
function useListPage(source: ListSource, range: EpochRange | null, page: ListPage) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, source.name, range?.from, range?.to, page],
      queryFn: ({ signal }) => apiRequest<typeof AppointmentListResponse>(`${source.path}?${query({ ...source.filter(range!), ...pagingParams(page) })}`, { signal }),
      enabled: range !== null,
      placeholderData: keepPreviousData,
    },
    { ...live(source.pollMs), relevant: (event) => startsWithin(range, event.data.appointments) },
  );
}

/** Claimable appointments starting in the chosen range that have not ended; the service filters by the range. */
export function useClaimableAppointments(range: EpochRange | null, page: ListPage) {
  return useListPage({ name: 'claimable', path: '/api/booking/getclaimappointments', filter: startingIn, pollMs: CLAIMABLE_POLL_MS }, range, page);
}

/** Booked appointments ahead of now: the practitioner's own (a manager's: everyone's). */
export function useUpcomingAppointments(range: EpochRange | null, page: ListPage) {
  return useListPage({ name: 'upcoming', path: '/api/booking/getappointments', filter: startingIn, pollMs: LIST_POLL_MS }, range, page);
}

/** Open slots not yet booked: the practitioner's own (a manager's: everyone's). */
export function useAvailableAppointments(range: EpochRange | null, page: ListPage) {
  const filter = (r: EpochRange) => ({ status: 'AVAILABLE', start_time_from: r.from, start_time_to: r.to });
  return useListPage({ name: 'available', path: '/api/booking/search', filter, pollMs: LIST_POLL_MS }, range, page);
}

/** Booked appointments that have ended; in the list's own order, newest first. */
export function usePastAppointments(range: EpochRange | null, page: ListPage) {
  return useListPage({ name: 'past', path: '/api/booking/getpastappointments', filter: startingIn, pollMs: LIST_POLL_MS }, range, page);
}

/** Every appointment of every status in a window (at most 62 days). */
export function useAllAppointments(range: EpochRange | null, page: ListPage) {
  return useListPage({ name: 'all', path: '/api/booking/practitioner', filter: startingIn, pollMs: LIST_POLL_MS }, range, page);
}

export function useAppointment(id: string | null) {
  return useLiveQuery(
    {
      queryKey: [...BOOKING_QUERY_KEY, 'appointment', id],
      queryFn: ({ signal }) => apiRequest<typeof AppointmentResponse>(`/api/booking/${id}`, { signal }).then((a) => a.appointment),
      enabled: id !== null,
    },
    { ...live(DETAILS_POLL_MS), relevant: (event) => event.data.appointments.some((item) => item.id === id) },
  );
}

export function claimAppointment(id: string, options: { override?: boolean; assigneeRoleId?: string }) {
  const params = query({ ...(options.override ? { override: 'true' } : {}), ...(options.assigneeRoleId ? { assigneeRoleId: options.assigneeRoleId } : {}) });
  return apiRequest<typeof MessageResponse>(`/api/booking/${id}/claim${params ? `?${params}` : ''}`, { method: 'POST', body: { booking_id: id } });
}

export function releaseAppointment(id: string) {
  return apiRequest<typeof MessageResponse>(`/api/booking/${id}/release`, { method: 'POST' });
}

export function addNote(id: string, content: string) {
  return apiRequest<typeof MessageResponse>(`/api/booking/${id}/addnote`, { method: 'POST', body: { content } });
}

export function changeStatus(id: string, status: AppointmentStatus) {
  return apiRequest<typeof StatusResponse>(`/api/booking/${id}/status`, { method: 'POST', body: { status } });
}

/** Marks the practitioner online now (presence). */
export function sendHeartbeat() {
  return apiRequest<typeof SuccessOnly>('/api/booking/practitioner', { method: 'PATCH' });
}

/** Refetches every booking list and record now (after this tab changed something). */
export function useRefreshBooking(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: BOOKING_QUERY_KEY });
}
