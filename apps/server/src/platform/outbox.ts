import type { Clock } from './clock';
import type { Db } from './db';
import { outboxEvents } from '../db/schema';

/** Domain events the spec names (spec 3 §7.1); modules add theirs here. */
export type DomainEvent =
  | 'appointment.booked'
  | 'appointment.rebook'
  | 'order.payment.complete'
  | 'booking_user.metadata.updated';

/**
 * Writes a domain event to the outbox. Call it with the transaction that makes the change, so
 * the event exists exactly when the change does; workers deliver it afterwards.
 */
export async function emitEvent(
  tx: Db,
  clock: Clock,
  event: { name: DomainEvent; organisationId: string | null; payload: Record<string, unknown> },
): Promise<void> {
  await tx.insert(outboxEvents).values({
    event: event.name,
    organisationId: event.organisationId,
    payload: event.payload,
    createdAt: clock.now(),
  });
}
