import { BOOKING_LIVE, BOOKING_LIVE_DATA, type AppointmentStatus } from '@vireo/contracts';
import { epochSeconds } from '../../platform/clock';
import type { JsonValue, LiveAudience } from '../../platform/live';
import type { BookingDeps } from './deps';
import type { AppointmentRow } from './repo';

export type AppointmentLiveKind = (typeof BOOKING_LIVE.kinds)[Exclude<keyof typeof BOOKING_LIVE.kinds, 'presence'>];

/** One appointment after a committed change, with what it was before. */
export interface AppointmentChange {
  row: Pick<AppointmentRow, 'id' | 'status' | 'startTime' | 'practitionerUserId' | 'bookerUserId'>;
  /** The status before the change; null when it had none or the change does not tell. */
  previousStatus: AppointmentStatus | null;
  /** The practitioner it belonged to before the change, when the change took it away (a release). */
  previousPractitionerUserId?: string | null;
}

/** Events carry ids and states only; this many appointments per event keeps a sweep's event small. */
const ITEMS_PER_EVENT = 500;

interface AudienceGroup {
  audience: LiveAudience;
  items: { id: string; status: AppointmentStatus | null; previous_status: AppointmentStatus | null; start_time: number | null }[];
}

/**
 * Who hears about each change, as one event per audience: shift managers and super admins hear
 * about every appointment; every practitioner about one that is or was claimable; the assigned
 * practitioner (before and after) about their own; the patient who booked it about theirs.
 */
export function audiencesOf(changes: readonly AppointmentChange[]): AudienceGroup[] {
  const groups = new Map<string, AudienceGroup>();
  const add = (key: string, audience: LiveAudience, item: AudienceGroup['items'][number]) => {
    const group = groups.get(key) ?? { audience, items: [] };
    if (!group.items.some((existing) => existing.id === item.id)) group.items.push(item);
    groups.set(key, group);
  };
  for (const { row, previousStatus, previousPractitionerUserId } of changes) {
    const item = { id: row.id, status: row.status, previous_status: previousStatus, start_time: row.startTime ? epochSeconds(row.startTime) : null };
    add('managers', { permission: 'appointments.manage' }, item);
    if (row.status === 'CLAIMABLE' || previousStatus === 'CLAIMABLE') add('practitioners', { permission: 'appointments.attend' }, item);
    for (const userId of new Set([row.practitionerUserId, previousPractitionerUserId, row.bookerUserId])) {
      if (userId) add(`user:${userId}`, { userIds: [userId] }, item);
    }
  }
  return [...groups.values()];
}

/**
 * Publishes committed appointment changes on the `appointments` topic, whose one publisher this is
 * (other modules call it): every event's data is checked against `BOOKING_LIVE_DATA.appointments`. The change has already
 * committed, so a failure to publish must not fail the request: browsers that miss an event
 * catch up when they resync or poll, and the failure is reported as a process warning.
 */
export async function publishAppointmentChanges(deps: Pick<BookingDeps, 'live'>, kind: AppointmentLiveKind, changes: readonly AppointmentChange[]): Promise<void> {
  if (changes.length === 0) return;
  const events = audiencesOf(changes).flatMap(({ audience, items }) => {
    const chunks: AudienceGroup['items'][] = [];
    for (let i = 0; i < items.length; i += ITEMS_PER_EVENT) chunks.push(items.slice(i, i + ITEMS_PER_EVENT));
    return chunks.map((chunk) => ({ topic: BOOKING_LIVE.appointmentsTopic, kind, audience, data: BOOKING_LIVE_DATA.appointments.parse({ appointments: chunk }) satisfies JsonValue }));
  });
  await publishAll(deps, events);
}

/** Tells shift managers and super admins that a practitioner is online (their shift overview). */
export async function publishPresence(deps: Pick<BookingDeps, 'live'>, userId: string, lastOnline: Date): Promise<void> {
  await publishAll(deps, [
    {
      topic: BOOKING_LIVE.presenceTopic,
      kind: BOOKING_LIVE.kinds.presence,
      audience: { permission: 'appointments.manage' },
      data: BOOKING_LIVE_DATA.presence.parse({ user_id: userId, last_online: epochSeconds(lastOnline) }),
    },
  ]);
}

async function publishAll(deps: Pick<BookingDeps, 'live'>, events: Parameters<BookingDeps['live']['publish']>[0][]): Promise<void> {
  const outcomes = await Promise.allSettled(events.map((event) => deps.live.publish(event)));
  for (const outcome of outcomes) {
    // The logger's error serializer keeps the type and code, never the message (a failed query's parameters).
    if (outcome.status === 'rejected') deps.live.log?.warn({ err: outcome.reason }, 'live update not published');
  }
}
