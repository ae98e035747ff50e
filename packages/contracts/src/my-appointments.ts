import { z } from 'zod';
import { AppointmentStatusSchema } from './booking';
import { EpochSeconds, Uuid } from './validation';

export * from './my-appointments-constants';

// Kept apart from booking.ts, which nearly every page imports: only the patient's My Appointments page needs these.

/**
 * GET /mine: one of the signed-in patient's own bookings, for their My Appointments page. The
 * manage link is the booking's own (/book/manage with its link token), null for a booking made
 * before links were kept for their booker.
 */
export const MyAppointment = z.object({
  id: Uuid,
  type: z.string(),
  status: /* @__PURE__ */ AppointmentStatusSchema.nullable(),
  start_time: /* @__PURE__ */ EpochSeconds.nullable(),
  end_time: /* @__PURE__ */ EpochSeconds.nullable(),
  tz_location: z.string(),
  manage_link: z.string().nullable(),
  /** The booking's link token, while the link works (the b2c list's Join and Edit links); else null. */
  short_token: z.string().nullable(),
});
export type MyAppointment = z.infer<typeof MyAppointment>;
/** Upcoming (not ended) soonest first; past newest first, at most MY_APPOINTMENTS_PAST of them. */
export const MyAppointmentsResponse = z.object({ success: z.literal(true), upcoming: z.array(MyAppointment), past: z.array(MyAppointment) });
