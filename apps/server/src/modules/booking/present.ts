import type { Appointment } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import { presentBookingUser } from './booking-users';
import type { AppointmentDetails } from './repo';

const seconds = (date: Date | null) => (date ? epochSeconds(date) : null);

/** The appointment as the booking service answers it (spec 2 §3 field names). */
export function presentAppointment(details: AppointmentDetails, now: Date, alternativeVideoUrl: string | undefined): Appointment {
  const { row } = details;
  const people = details.bookingUsers.map((u) => presentBookingUser(u, now));
  return {
    id: row.id,
    appointmentId: row.id,
    type: row.type,
    test_type: row.testType,
    status: row.status,
    start_time: seconds(row.startTime),
    end_time: seconds(row.endTime),
    status_last_updated: epochSeconds(row.statusLastUpdated),
    language: row.language,
    tz_location: row.tzLocation,
    booking_user: people[0] ?? null,
    booking_users: people,
    testing_kit_id: row.testingKitId,
    status_changes: details.statusChanges.map((c) => ({ changed_to: c.changedTo, created_at: epochSeconds(c.createdAt) })),
    notes: details.notes.map((n) => ({ id: n.id, content: n.content, created_at: epochSeconds(n.createdAt), author: n.author })),
    user_video_token: row.userVideoToken,
    provider_booking_reference: row.providerBookingReference,
    paid: row.paid,
    cost: row.amountPence,
    practitioner:
      row.practitionerUserId && details.practitioner
        ? { user_id: row.practitionerUserId, user_name: details.practitioner.name, user_number: details.practitioner.telephone }
        : null,
    appointmentDetails: { start_time: seconds(row.startTime), end_time: seconds(row.endTime) },
    claimable_slot: row.claimableSlot,
    alternative_video_link: row.alternativeVideoRoom && alternativeVideoUrl ? alternativeLink(alternativeVideoUrl, row.alternativeVideoRoom) : null,
    alternative_video_available: alternativeVideoUrl !== undefined,
  };
}

/** A room on the alternative video service (a Jitsi-compatible meeting server: `{address}/{room}`). */
export function alternativeLink(alternativeVideoUrl: string, room: string): string {
  return `${alternativeVideoUrl.replace(/\/+$/, '')}/${encodeURIComponent(room)}`;
}
