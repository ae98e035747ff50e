import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AppointmentListResponse,
  type AppointmentResponse,
  CLAIMABLE_BADGE_DAYS_AHEAD,
  type DoctorResponse,
  type DoctorShiftsResponse,
  type DoctorsResponse,
  type MessageResponse,
  type NotesHistoryResponse,
  ROTA_LIVE,
  type RotaDayResponse,
  type RotaShiftResponse,
  type ShiftOverviewResponse,
  type ShiftSlotsResponse,
  type SlotChangeResponse,
  type StatusResponse,
  type SuccessOnly,
  type CreateDoctorRequest,
} from '@vireo/contracts';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { apiRequest } from '../../lib/api';
import { useLiveQuery, useLiveTopic } from '../../lib/useLive';
import { BOOKING_QUERY_KEY, pagingParams, type ListPage } from '../appointments';

/** Fallback polling while the live socket is down (spec 2 §7, §9). */
export const POLL = { liveList: 15_000, claimable: 5_000, overview: 30_000, nextAppointments: 30_000, rota: 60_000 } as const;

const query = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

/**
 * One page of a search. The table's sort, when it has one, replaces the `sort` of `params`. While
 * another page loads, the table keeps showing the last one.
 */
export function useAppointmentSearch(key: string, params: Record<string, string | number | boolean | undefined>, page: ListPage, pollMs: number) {
  const all = { ...params, ...pagingParams(page) };
  return useLiveQuery(
    {
      queryKey: ['shift-manager', 'search', key, all],
      queryFn: () => apiRequest<typeof AppointmentListResponse>(`/api/booking/search?${query(all)}`, {}),
      placeholderData: keepPreviousData,
    },
    { topic: ROTA_LIVE.appointments, pollMs },
  );
}

/** The claimable window of the live view, as the badge counts it: the start of today to the end of the day three days ahead (UTC). */
function claimableWindow(now: Date): { date_from: number; date_to: number } {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { date_from: startOfToday / 1000, date_to: startOfToday / 1000 + (CLAIMABLE_BADGE_DAYS_AHEAD + 1) * 86_400 };
}

export function useClaimable(page: ListPage) {
  return useLiveQuery(
    {
      queryKey: ['shift-manager', 'claimable', page],
      queryFn: () => apiRequest<typeof AppointmentListResponse>(`/api/booking/getclaimappointments?${query({ ...claimableWindow(new Date()), ...pagingParams(page) })}`, {}),
      placeholderData: keepPreviousData,
    },
    { topic: ROTA_LIVE.appointments, pollMs: POLL.claimable },
  );
}

export function useShiftOverview() {
  const queryClient = useQueryClient();
  const queryKey = ['shift-manager', 'overview'];
  const result = useLiveQuery({ queryKey, queryFn: () => apiRequest<typeof ShiftOverviewResponse>('/api/rota/overview', {}) }, { topic: ROTA_LIVE.rota, pollMs: POLL.overview });
  useLiveTopic(ROTA_LIVE.presence, () => void queryClient.invalidateQueries({ queryKey, exact: true }));
  useLiveTopic(ROTA_LIVE.appointments, () => void queryClient.invalidateQueries({ queryKey, exact: true }));
  return result;
}

export function useMakeWaiting() {
  return useSubmitMutation({ mutationFn: (id: string) => apiRequest<typeof StatusResponse>(`/api/booking/${id}/status`, { method: 'POST', body: { status: 'WAITING' } }) });
}

export function useDoctors() {
  return useLiveQuery({ queryKey: ['shift-manager', 'doctors'], queryFn: () => apiRequest<typeof DoctorsResponse>('/api/doctors', {}) }, { topic: ROTA_LIVE.doctors, pollMs: POLL.rota });
}

export function useDoctorShifts(userId: string | null, from: number, to: number) {
  return useQuery({
    queryKey: ['shift-manager', 'doctor-shifts', userId, from, to],
    queryFn: () => apiRequest<typeof DoctorShiftsResponse>(`/api/doctors/${userId}/shifts?${query({ date_from: from, date_to: to })}`, {}),
    enabled: userId !== null,
  });
}

export function useDoctorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['shift-manager', 'doctors'] });
  return {
    create: useSubmitMutation({ mutationFn: (body: CreateDoctorRequest) => apiRequest<typeof DoctorResponse>('/api/doctors', { method: 'POST', body }), onSuccess: refresh }),
    setDisabled: useSubmitMutation({
      mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) => apiRequest<typeof DoctorResponse>(`/api/doctors/${id}`, { method: 'PATCH', body: { disabled } }),
      onSuccess: refresh,
    }),
    resend: useSubmitMutation({ mutationFn: (id: string) => apiRequest<typeof MessageResponse>(`/api/doctors/${id}/invitation`, { method: 'POST' }) }),
  };
}

export function useRotaDay(day: string) {
  return useLiveQuery(
    { queryKey: ['shift-manager', 'rota', day], queryFn: () => apiRequest<typeof RotaDayResponse>(`/api/rota/day?${query({ date: day })}`, {}) },
    { topic: ROTA_LIVE.rota, pollMs: POLL.rota },
  );
}

export function useShiftMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['shift-manager'] });
  return {
    create: useSubmitMutation({
      mutationFn: (body: { practitioner_id: string; start_time: number; end_time: number }) => apiRequest<typeof RotaShiftResponse>('/api/rota/shifts', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    move: useSubmitMutation({
      mutationFn: ({ id, ...body }: { id: string; start_time: number; end_time: number }) => apiRequest<typeof RotaShiftResponse>(`/api/rota/shifts/${id}`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    remove: useSubmitMutation({ mutationFn: (id: string) => apiRequest<typeof SuccessOnly>(`/api/rota/shifts/${id}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}

export function useShiftSlots(shiftId: string | null) {
  return useLiveQuery(
    {
      queryKey: ['shift-manager', 'shift-slots', shiftId],
      queryFn: () => apiRequest<typeof ShiftSlotsResponse>(`/api/rota/shifts/${shiftId}/slots`, {}),
      enabled: shiftId !== null,
    },
    { topic: ROTA_LIVE.appointments, pollMs: POLL.liveList },
  );
}

export function useSlotMutations(shiftId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['shift-manager'] });
  return {
    reassign: useSubmitMutation({
      mutationFn: (body: { appointment_ids: string[]; practitioner_id: string }) => apiRequest<typeof SlotChangeResponse>(`/api/rota/shifts/${shiftId}/reassign`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    release: useSubmitMutation({
      mutationFn: (body: { appointment_ids: string[] }) => apiRequest<typeof SlotChangeResponse>(`/api/rota/shifts/${shiftId}/release`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
  };
}

/** Kept under the booking key, so the shared appointment actions refresh them when they change it. */
export function useAppointment(id: string | null) {
  return useLiveQuery(
    { queryKey: [...BOOKING_QUERY_KEY, 'shift-details', 'appointment', id], queryFn: () => apiRequest<typeof AppointmentResponse>(`/api/booking/${id}`, {}), enabled: id !== null },
    { topic: ROTA_LIVE.appointments, pollMs: 5_000 },
  );
}

export function useNotesHistory(id: string | null) {
  return useLiveQuery(
    { queryKey: [...BOOKING_QUERY_KEY, 'shift-details', 'notes', id], queryFn: () => apiRequest<typeof NotesHistoryResponse>(`/api/booking/${id}/noteshistory`, {}), enabled: id !== null },
    { topic: ROTA_LIVE.appointments, pollMs: 5_000 },
  );
}
