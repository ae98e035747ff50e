import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from './clock';
import { rowsOf, type Db } from './db';
import { defineJob, type Jobs } from './jobs';
import type { Sealer } from './sealing';
import { outboxDeliveries, outboxEvents } from '../db/schema';

/** Domain events: the spec's (spec 3 §7.1) and the ones Vireo's own messages hang on; modules add theirs here. */
export type DomainEvent =
  | 'appointment.booked'
  | 'appointment.rebook'
  | 'appointment.cancelled'
  | 'appointment.alternative_link'
  | 'appointment.link_renewed'
  | 'order.payment.complete'
  | 'order.dispatched'
  | 'order.cancelled'
  | 'booking_user.metadata.updated'
  | 'kit_order.placed'
  | 'registration.invited'
  | 'practitioner.invited'
  | 'message.resend'
  | 'password_reset.requested'
  | 'email_verification.requested'
  | 'chat.transcript_requested'
  | 'chat.customer_answered'
  | 'certificate.issued'
  | 'receipt.missed'
  | 'certificate.email_requested';

export interface NewEvent {
  name: DomainEvent;
  organisationId: string | null;
  /** What happened, for every handler (and the workflow processor): ids and facts, never a usable token. */
  payload: Record<string, unknown>;
  /** Tokens a handler must put in a message (a one-time link's): sealed at rest, cleared once delivered. */
  secrets?: Record<string, string>;
}

export interface OutboxEvent {
  id: number;
  name: DomainEvent;
  organisationId: string | null;
  payload: Record<string, unknown>;
  secrets: Record<string, string>;
  createdAt: Date;
}

/**
 * Delivers one event. `db` is the delivery's own transaction: what the handler writes through it
 * (the recorded message) commits together with the delivered mark, so a delivery that dies half
 * way leaves nothing behind and is done again whole. Throwing fails the attempt; it is retried.
 */
export type OutboxHandler = (event: OutboxEvent, db: Db) => Promise<void>;

/** Events per insert in `emitAll`: seven parameters each, well under PostgreSQL's 65,535 a statement. */
const EMIT_CHUNK = 1_000;

/** Wait before attempt n+1 after n failures: 15 s doubling, at most an hour; it never gives up. */
export function retryDelayMs(failures: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, failures - 1), 3_600_000);
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'skipped';

const DeliveryRef = z.object({ eventId: z.number().int().positive(), handler: z.string().min(1) });

/**
 * One job per (event, handler), written in the transaction that writes the event: it exists
 * exactly when the change commits, and its queue notifies the workers, so delivery starts at
 * once. pg-boss does not retry it (retryLimit 0): the delivery record in `outbox_deliveries`
 * holds attempts and backoff, so the relay's retry schedule is the same with or without pg-boss.
 */
export const DELIVER_OUTBOX_EVENT = defineJob({
  name: 'outbox.deliver',
  schema: DeliveryRef,
  queue: { notify: true, retryLimit: 0, expireInSeconds: 300 },
  run: async (data, relay: OutboxRelay) => {
    await relay.deliver(data.eventId, data.handler);
  },
});

/**
 * Every minute (and when a process starts) one process delivers whatever is due and not
 * being delivered: retries whose backoff has passed, and deliveries a dead process left, whose
 * row lock ended with its connection.
 */
export const SWEEP_OUTBOX = defineJob({
  name: 'outbox.sweep',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 600 },
  schedule: { cron: '* * * * *', data: {} },
  run: async (_data, relay: OutboxRelay) => {
    await relay.deliverDue();
  },
});

interface Registered {
  event: DomainEvent;
  run: OutboxHandler;
}

/**
 * The outbox relay. Modules register handlers by event name (`relay.on(event, handlerName, fn)`);
 * `emit` writes an event, one delivery record per handler and one delivery job per handler in the
 * change's transaction. Each (event, handler) is delivered once: the attempt locks its delivery
 * row (`FOR UPDATE SKIP LOCKED`), runs the handler in that transaction and marks it delivered in
 * the same commit. A failure is recorded with the next attempt's time (backoff), and a job is
 * queued for then; the sweep catches anything whose job was lost.
 */
export class OutboxRelay {
  private readonly handlers = new Map<string, Registered>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: Jobs;
      sealer: Sealer;
    },
  ) {}

  /** Registers a handler; its name is its delivery key, so it must stay the same across releases. */
  on(event: DomainEvent, handler: string, run: OutboxHandler): void {
    if (this.handlers.has(handler)) throw new Error(`outbox handler ${handler} is registered twice`);
    this.handlers.set(handler, { event, run });
  }

  private handlersOf(event: DomainEvent): string[] {
    return [...this.handlers].filter(([, h]) => h.event === event).map(([name]) => name);
  }

  /** Writes an event with the change that caused it: call it with that change's transaction. Answers its id. */
  async emit(tx: Db, event: NewEvent): Promise<number> {
    const [id] = await this.emitAll(tx, [event]);
    return id!;
  }

  /**
   * Writes events with the change that caused them, as `emit` does each, in a few statements whatever their number:
   * the events, their deliveries and their jobs each go in inserts of EMIT_CHUNK rows (an upload of 10,000 results
   * emits 10,000 events; one statement each took most of its request). Answers their ids in order.
   */
  async emitAll(tx: Db, events: NewEvent[]): Promise<number[]> {
    const now = this.deps.clock.now();
    const ids: number[] = [];
    for (let i = 0; i < events.length; i += EMIT_CHUNK) {
      const chunk = events.slice(i, i + EMIT_CHUNK);
      const handlersOf = chunk.map((event) => this.handlersOf(event.name));
      const values = await Promise.all(
        chunk.map(async (event, k) => {
          const handled = handlersOf[k]!.length > 0;
          const secrets = handled && event.secrets && Object.keys(event.secrets).length > 0 ? await this.deps.sealer.seal(JSON.stringify(event.secrets)) : null;
          return { event: event.name, organisationId: event.organisationId, payload: event.payload, secrets, createdAt: now, deliveredAt: handled ? null : now };
        }),
      );
      const rows = await tx.insert(outboxEvents).values(values).returning({ id: outboxEvents.id });
      if (rows.length !== chunk.length) throw new Error('outbox insert returned fewer rows than it was given');
      const deliveries = rows.flatMap((row, k) => handlersOf[k]!.map((handler) => ({ eventId: row.id, handler })));
      if (deliveries.length > 0) {
        await tx.insert(outboxDeliveries).values(deliveries.map((delivery) => ({ ...delivery, nextAttemptAt: now })));
        await this.deps.jobs.sendAll(DELIVER_OUTBOX_EVENT, deliveries, { tx });
      }
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  /** Makes one attempt at one delivery; skipped when it is delivered already or in hand elsewhere. */
  async deliver(eventId: number, handler: string): Promise<DeliveryOutcome> {
    const registered = this.handlers.get(handler);
    if (!registered) return 'skipped';
    const { db, clock } = this.deps;
    let failures = 0;
    let outcome: DeliveryOutcome;
    try {
      outcome = await db.transaction(async (tx): Promise<DeliveryOutcome> => {
        const [claimed] = rowsOf<{ attempts: number; event: DomainEvent; organisation_id: string | null; payload: Record<string, unknown>; secrets: string | null; created_at: string | Date }>(
          await tx.execute(sql`
            SELECT d.attempts, e.event, e.organisation_id, e.payload, e.secrets, e.created_at
            FROM ${outboxDeliveries} d JOIN ${outboxEvents} e ON e.id = d.event_id
            WHERE d.event_id = ${eventId} AND d.handler = ${handler} AND d.delivered_at IS NULL
            FOR UPDATE OF d SKIP LOCKED`),
        );
        if (!claimed) return 'skipped';
        failures = claimed.attempts;
        const event: OutboxEvent = {
          id: eventId,
          name: claimed.event,
          organisationId: claimed.organisation_id,
          payload: claimed.payload,
          secrets: claimed.secrets ? (JSON.parse(await this.deps.sealer.open(claimed.secrets)) as Record<string, string>) : {},
          createdAt: new Date(claimed.created_at),
        };
        await registered.run(event, tx);
        await tx
          .update(outboxDeliveries)
          .set({ deliveredAt: clock.now(), attempts: claimed.attempts + 1, lastError: null })
          .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.handler, handler)));
        return 'delivered';
      });
    } catch (error) {
      const nextAttemptAt = new Date(clock.now().getTime() + retryDelayMs(failures + 1));
      await db
        .update(outboxDeliveries)
        .set({ attempts: failures + 1, lastError: (error as Error).message.slice(0, 500), nextAttemptAt })
        .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.handler, handler), isNull(outboxDeliveries.deliveredAt)));
      await this.deps.jobs.send(DELIVER_OUTBOX_EVENT, { eventId, handler }, { startAfter: nextAttemptAt, singletonKey: `${eventId}:${handler}:${failures + 1}` });
      return 'failed';
    }
    if (outcome === 'delivered') await this.closeIfDone(eventId);
    return outcome;
  }

  /**
   * Marks the event delivered once every handler has it, and forgets its secrets. Run after each
   * delivery's commit, so whichever handler finishes last sees all the others committed.
   */
  private async closeIfDone(eventId: number): Promise<void> {
    await this.deps.db.execute(sql`
      UPDATE ${outboxEvents} SET delivered_at = ${this.deps.clock.now().toISOString()}::timestamptz, secrets = NULL
      WHERE id = ${eventId} AND delivered_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${outboxDeliveries} d WHERE d.event_id = ${eventId} AND d.delivered_at IS NULL)`);
  }

  /** Attempts every delivery that is due now, oldest first (the sweep; tests call it with their clock). */
  async deliverDue(limit = 200): Promise<Record<DeliveryOutcome, number>> {
    const counts: Record<DeliveryOutcome, number> = { delivered: 0, failed: 0, skipped: 0 };
    // Only this process's handlers: a handler a later release dropped must not fill every sweep.
    const names = [...this.handlers.keys()];
    if (names.length === 0) return counts;
    const due = await this.deps.db
      .select({ eventId: outboxDeliveries.eventId, handler: outboxDeliveries.handler })
      .from(outboxDeliveries)
      .where(and(isNull(outboxDeliveries.deliveredAt), lte(outboxDeliveries.nextAttemptAt, this.deps.clock.now()), inArray(outboxDeliveries.handler, names)))
      .orderBy(asc(outboxDeliveries.nextAttemptAt))
      .limit(limit);
    for (const { eventId, handler } of due) counts[await this.deliver(eventId, handler)] += 1;
    return counts;
  }

  /** Works this process's share of deliveries and sweeps, and asks for a sweep now for what a stopped process left. */
  async start(): Promise<void> {
    await this.deps.jobs.register(DELIVER_OUTBOX_EVENT, this);
    await this.deps.jobs.register(SWEEP_OUTBOX, this);
    await this.deps.jobs.send(SWEEP_OUTBOX, {});
  }
}
