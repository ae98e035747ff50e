import { ageOn, BOOKING, type Appointment, type BookingUser } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { AppointmentDetails, BookingUserRow } from './repo';

const seconds = (date: Date | null) => (date ? epochSeconds(date) : null);

export function presentBookingUser(row: BookingUserRow, now: Date): BookingUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    minor: ageOn(row.dateOfBirth, epochSeconds(now)) < BOOKING.minorUnderAge,
    sex: (row.sex as BookingUser['sex']) ?? undefined,
    ethnicity: (row.ethnicity as BookingUser['ethnicity']) ?? undefined,
    street_address: row.streetAddress ?? undefined,
    extended_address: row.extendedAddress ?? undefined,
    locality: row.locality ?? undefined,
    region: row.region ?? undefined,
    country: row.country ?? undefined,
    postal_code: row.postalCode ?? undefined,
    language: row.language ?? undefined,
    tz_location: row.tzLocation ?? undefined,
    toc_accept: row.tocAccept,
    bundle_id: row.bundleId ?? undefined,
    product_id: row.productId ?? undefined,
    kit_id: row.kitId ?? undefined,
    selected_kit: row.selectedKit ?? undefined,
    vaccine_information: (row.vaccineInformation as BookingUser['vaccine_information']) ?? undefined,
    metadata: row.metadata,
  };
}

/** The appointment as the booking service answers it (spec 2 §3 field names). */
export function presentAppointment(details: AppointmentDetails, now: Date, publicUrl: string): Appointment {
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
    alternative_video_link: row.alternativeVideoRoom ? alternativeLink(publicUrl, row.id, row.alternativeVideoRoom) : null,
  };
}

export function alternativeLink(publicUrl: string, appointmentId: string, room: string): string {
  return `${publicUrl}/appointment?appointmentId=${appointmentId}&room=${room}`;
}
