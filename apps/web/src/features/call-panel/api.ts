import { useQuery } from '@tanstack/react-query';
import { type AlternativeLinkResponse, type AppointmentResponse, type ApprovedKitsResponse, type FileResponse, type MessageResponse, type NotesHistoryResponse, type BookingUserUpdate } from '@vireo/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { BOOKING_QUERY_KEY } from '../appointments';
import { useRefreshBooking } from '../practitioner';

/** POST /{id}/8x8link: a new alternative video link, e-mailed by the service to the appointment's people. */
export function useEmailAlternativeLink() {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest<typeof AlternativeLinkResponse>(`/api/booking/${appointmentId}/8x8link`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}

/**
 * The approved kits with their specificity, sensitivity and lot IDs (GET /api/commerce/v1/approved_kits).
 * A failure leaves the list empty (spec 2 §8); the practitioner can still reject.
 */
export function useApprovedKits() {
  return useQuery({
    queryKey: ['approved-kits'],
    queryFn: ({ signal }) => apiRequest<typeof ApprovedKitsResponse>('/api/commerce/v1/approved_kits', { signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });
}

type BookingUserChange = z.input<typeof BookingUserUpdate>;

/**
 * PUT /{id}/booking-users/{userId}: the address, the ID check, the sample and kit, and the
 * certificate's payload in `metadata`. The appointment in the answer replaces the one shown.
 */
export function useUpdateBookingUser(appointmentId: string) {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: ({ userId, change }: { userId: string; change: BookingUserChange | { metadata: Record<string, unknown> } }) =>
      apiRequest<typeof AppointmentResponse>(`/api/booking/${appointmentId}/booking-users/${userId}`, { method: 'PUT', body: change }),
    onSuccess: () => refresh(),
  });
}

/** POST /{id}/addnote */
export function useAddNote(appointmentId: string) {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: (content: string) => apiRequest<typeof MessageResponse>(`/api/booking/${appointmentId}/addnote`, { method: 'POST', body: { content } }),
    onSuccess: () => refresh(),
  });
}

/** GET /{id}/noteshistory: the notes and status changes, refetched with the appointment. */
export function useNotesHistory(appointmentId: string) {
  return useQuery({
    queryKey: [...BOOKING_QUERY_KEY, 'notes-history', appointmentId],
    queryFn: ({ signal }) => apiRequest<typeof NotesHistoryResponse>(`/api/booking/${appointmentId}/noteshistory`, { signal }),
  });
}

/** POST /{id}/uploadfile (multipart: the image in `file`, the person in `booking_user_id`): answers the server's message. */
function uploadImage(appointmentId: string, bookingUserId: string, image: Blob): Promise<string> {
  const form = new FormData();
  form.append('booking_user_id', bookingUserId);
  form.append('file', image, 'result.webp');
  return apiRequest<typeof FileResponse>(`/api/booking/${appointmentId}/uploadfile`, { method: 'POST', body: form }).then((answer) => answer.message);
}

export function useUploadImage(appointmentId: string) {
  return useSubmitMutation({ mutationFn: ({ bookingUserId, image }: { bookingUserId: string; image: Blob }) => uploadImage(appointmentId, bookingUserId, image) });
}
