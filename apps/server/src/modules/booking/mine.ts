import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { BOOKED_STATUSES, MY_APPOINTMENTS_PAST, type MyAppointment } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import { appointments } from '../../db/schema';
import type { SignedInCaller } from '../../platform/caller';
import type { BookingDeps } from './deps';
import { statusIn } from './list-page';
import { manageLink } from './mail';
import { linkExpired } from './policy';
import type { AppointmentRow } from './repo';

/** What a booker's list names: booked or cancelled, never a slot a reschedule left behind (it has no booker). */
const LISTED = statusIn([...BOOKED_STATUSES, 'USER_CANCELLED', 'PROVIDER_CANCELLED']);

/**
 * GET /mine: the caller's own bookings (they booked them signed in), upcoming and past, each with
 * its link while the link works. The read of their people is audited like any list's.
 */
export async function myAppointments(deps: BookingDeps, caller: SignedInCaller): Promise<{ upcoming: MyAppointment[]; past: MyAppointment[] }> {
  const now = deps.clock.now();
  const own = (when: SQL) => and(eq(appointments.bookerUserId, caller.auth.userId), LISTED, when);
  const [upcoming, past] = await Promise.all([
    deps.db.select().from(appointments).where(own(gte(appointments.endTime, now))).orderBy(asc(appointments.startTime), asc(appointments.id)),
    deps.db.select().from(appointments).where(own(lt(appointments.endTime, now))).orderBy(desc(appointments.startTime), desc(appointments.id)).limit(MY_APPOINTMENTS_PAST),
  ]);
  await deps.audit.listRead(caller, 'appointment', [...upcoming, ...past].map((row) => row.id));
  const item = async (row: AppointmentRow): Promise<MyAppointment> => {
    const token = row.shortTokenSealed && !linkExpired(row, now) ? await deps.sealer.open(row.shortTokenSealed) : null;
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      start_time: row.startTime ? epochSeconds(row.startTime) : null,
      end_time: row.endTime ? epochSeconds(row.endTime) : null,
      tz_location: row.tzLocation,
      manage_link: token ? manageLink('', row.id, token, row.type) : null,
      short_token: token,
    };
  };
  return { upcoming: await Promise.all(upcoming.map(item)), past: await Promise.all(past.map(item)) };
}
