import type { FastifyBaseLogger } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { livePayloads } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import { TABLES_CHANNEL } from './page-cache';

export const LIVE_CHANNEL = 'vireo_live';

/** NOTIFY refuses payloads of 8,000 bytes or more; bigger events go through `live_payloads`. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

/** Stored payloads are read within milliseconds; older rows are pruned when a new one is stored. */
/** `{"events":[` and `]}` around the events of one notification. */
const EVENTS_WRAPPER_BYTES = '{"events":[]}'.length;

const PAYLOAD_RETENTION_MS = 5 * 60_000;

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/** How the listener reports to the hub. */
export interface LiveListener {
  /** An event as published by some server process (not yet validated). */
  deliver(event: unknown): void;
  /** The listener was disconnected and notifications may have been lost. */
  resync(): void;
  /** A table with cached answers changed (TABLES_CHANNEL), in any process. */
  tablesChanged(table: string): void;
  /** Whether the connection listens now: false from its loss until it listens again. */
  listening(heard: boolean): void;
  log: FastifyBaseLogger | null;
}

/** On the wire: events published together, or the id of one event's row in `live_payloads`. */
type Notification = { events: unknown[] } | { ref: number };

interface Queued {
  serialisedEvent: string;
  sent: () => void;
  failed: (error: unknown) => void;
}

/**
 * Cross-process delivery through PostgreSQL: publishing is `pg_notify`, and every server process
 * LISTENs on a connection of its own, reconnecting with backoff when it drops. The publishing
 * process hears its own notifications too, so every process delivers through the same path.
 * One NOTIFY is in flight at a time: what is published meanwhile goes out together in the next
 * one (as many events as fit), in order. Under a burst (a call's ICE candidates, a claim's
 * fan-out) that is a few statements instead of one per event, as PostgreSQL serialises every
 * NOTIFY's commit on one lock.
 */
export class PostgresLiveChannel {
  private current: pg.Client | null = null;
  private stopped = false;
  private missedWhileDown = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Notifications are handled in order, even when one has to be read from `live_payloads`. */
  private inbound: Promise<void> = Promise.resolve();
  private listener: LiveListener | null = null;
  private readonly outbound: Queued[] = [];
  private sending = false;
  private barrier: Promise<boolean> | null = null;
  private nextBarrier: Promise<boolean> | null = null;

  constructor(
    private readonly options: { connectionString: string; db: Db; clock: Clock; queryTimeoutMs: number },
  ) {}

  /** The backend process id of the listening connection (tests end it to prove reconnection). */
  get listenerPid(): number | null {
    // `processID` is set by pg from the server's BackendKeyData; @types/pg does not declare it.
    return (this.current as (pg.Client & { processID?: number | null }) | null)?.processID ?? null;
  }

  async start(listener: LiveListener): Promise<void> {
    this.listener = listener;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.current;
    this.current = null;
    this.listener?.listening(false);
    if (client) await client.end().catch(() => undefined);
    await this.inbound;
  }

  publish(serialisedEvent: string): Promise<void> {
    return new Promise((sent, failed) => {
      this.outbound.push({ serialisedEvent, sent, failed });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.outbound.length > 0) {
      const batch = this.nextBatch();
      try {
        if (batch.length === 1 && Buffer.byteLength(batch[0]!.serialisedEvent, 'utf8') + EVENTS_WRAPPER_BYTES > NOTIFY_PAYLOAD_LIMIT) await this.notifyStored(batch[0]!.serialisedEvent);
        else await this.notify(`{"events":[${batch.map((queued) => queued.serialisedEvent).join(',')}]}`);
        for (const queued of batch) queued.sent();
      } catch (error) {
        for (const queued of batch) queued.failed(error);
      }
    }
    this.sending = false;
  }

  /** The queued events that fit in one notification together (always at least the first). */
  private nextBatch(): Queued[] {
    let bytes = EVENTS_WRAPPER_BYTES;
    let count = 0;
    for (const queued of this.outbound) {
      const size = Buffer.byteLength(queued.serialisedEvent, 'utf8') + 1;
      if (count > 0 && bytes + size > NOTIFY_PAYLOAD_LIMIT) break;
      bytes += size;
      count += 1;
    }
    return this.outbound.splice(0, count);
  }

  private async notify(payload: string): Promise<void> {
    await this.options.db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }

  /** An event too large for a notification: stored, and its row's id notified. */
  private async notifyStored(serialisedEvent: string): Promise<void> {
    const now = this.options.clock.now();
    const [row] = await this.options.db
      .insert(livePayloads)
      .values({ payload: serialisedEvent, createdAt: now })
      .returning({ id: livePayloads.id });
    if (!row) throw new Error('live payload insert returned nothing');
    await this.notify(JSON.stringify({ ref: row.id } satisfies Notification));
    await this.options.db.delete(livePayloads).where(lt(livePayloads.createdAt, new Date(now.getTime() - PAYLOAD_RETENTION_MS)));
  }

  /**
   * Resolves true once every notification committed before the call has been handled here, false
   * when that cannot be known (not listening). PostgreSQL sends a listening connection the
   * notifications pending for it before it answers a query, so one query on it is the barrier.
   * Calls while one runs share the next: the one running may have been sent before they came.
   */
  heardUpToNow(): Promise<boolean> {
    if (!this.barrier) return this.sendBarrier();
    this.nextBarrier ??= this.barrier.then(() => {
      this.nextBarrier = null;
      return this.sendBarrier();
    });
    return this.nextBarrier;
  }

  private sendBarrier(): Promise<boolean> {
    const client = this.current;
    const sent = client ? client.query('SELECT 1').then(() => this.current === client, () => false) : Promise.resolve(false);
    this.barrier = sent;
    void sent.then(() => {
      if (this.barrier === sent) this.barrier = null;
    });
    return sent;
  }

  /** Health check on the listening connection: a connection that stopped answering is replaced. */
  async check(): Promise<void> {
    const client = this.current;
    if (!client) return;
    try {
      await client.query('SELECT 1');
    } catch (error) {
      this.lost(client, error);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'vireo-live',
      keepAlive: true,
      query_timeout: this.options.queryTimeoutMs,
    });
    this.current = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === TABLES_CHANNEL) this.listener?.tablesChanged(message.payload ?? '');
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const payload = message.payload;
      this.inbound = this.inbound.then(() => this.receive(payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${TABLES_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.current !== client) return;
    this.failures = 0;
    this.listener?.listening(true);
    if (this.missedWhileDown) {
      this.missedWhileDown = false;
      this.listener?.resync();
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.current !== client) return;
    this.current = null;
    this.missedWhileDown = true;
    this.listener?.listening(false);
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.failures);
    this.failures += 1;
    this.listener?.log?.warn({ err: error, retryInMs: delay }, 'live listener lost its database connection');
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async receive(payload: string): Promise<void> {
    try {
      const notification = JSON.parse(payload) as Notification;
      if ('events' in notification) {
        for (const event of notification.events) this.listener?.deliver(event);
        return;
      }
      const [row] = await this.options.db.select({ payload: livePayloads.payload }).from(livePayloads).where(eq(livePayloads.id, notification.ref));
      if (row) this.listener?.deliver(JSON.parse(row.payload) as unknown);
      else this.listener?.log?.warn({ ref: notification.ref }, 'live payload already pruned');
    } catch (error) {
      this.listener?.log?.error({ err: error }, 'live notification could not be handled');
    }
  }
}
