import { useQuery } from '@tanstack/react-query';
import { AlternativeLinkResponse, AppointmentResponse, ApprovedKitsResponse, ErrorEnvelope, FileResponse, MessageResponse, MSG, NotesHistoryResponse, type BookingUserUpdate } from '@vireo/contracts';
import type { z } from 'zod';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS } from '../../lib/api';
import { getAuthToken } from '../../lib/storage';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { BOOKING_QUERY_KEY } from '../appointments';
import { useRefreshBooking } from '../practitioner';

/** POST /{id}/8x8link: a new alternative video link, e-mailed by the service to the appointment's people. */
export function useEmailAlternativeLink() {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest(`/api/booking/${appointmentId}/8x8link`, { method: 'POST', schema: AlternativeLinkResponse }),
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
    queryFn: ({ signal }) => apiRequest('/api/commerce/v1/approved_kits', { schema: ApprovedKitsResponse, signal }).then((answer) => answer.data),
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
      apiRequest(`/api/booking/${appointmentId}/booking-users/${userId}`, { method: 'PUT', body: change, schema: AppointmentResponse }),
    onSuccess: () => refresh(),
  });
}

/** POST /{id}/addnote */
export function useAddNote(appointmentId: string) {
  const refresh = useRefreshBooking();
  return useSubmitMutation({
    mutationFn: (content: string) => apiRequest(`/api/booking/${appointmentId}/addnote`, { method: 'POST', body: { content }, schema: MessageResponse }),
    onSuccess: () => refresh(),
  });
}

/** GET /{id}/noteshistory: the notes and status changes, refetched with the appointment. */
export function useNotesHistory(appointmentId: string) {
  return useQuery({
    queryKey: [...BOOKING_QUERY_KEY, 'notes-history', appointmentId],
    queryFn: ({ signal }) => apiRequest(`/api/booking/${appointmentId}/noteshistory`, { schema: NotesHistoryResponse, signal }),
  });
}

/**
 * POST /{id}/uploadfile (multipart: the image in `file`, the person in `booking_user_id`). Answers
 * the server's message; a refusal throws an ApiError with its message.
 */
async function uploadImage(appointmentId: string, bookingUserId: string, image: Blob): Promise<string> {
  const form = new FormData();
  form.append('booking_user_id', bookingUserId);
  form.append('file', image, 'result.webp');
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api/booking/${appointmentId}/uploadfile`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new ApiError(0, MSG.somethingWentWrong);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const envelope = ErrorEnvelope.safeParse(payload);
    throw new ApiError(response.status, envelope.success ? envelope.data.message : MSG.somethingWentWrong, envelope.success ? envelope.data.errors : undefined);
  }
  const parsed = FileResponse.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, MSG.malformedResponse);
  return parsed.data.message;
}

export function useUploadImage(appointmentId: string) {
  return useSubmitMutation({ mutationFn: ({ bookingUserId, image }: { bookingUserId: string; image: Blob }) => uploadImage(appointmentId, bookingUserId, image) });
}
