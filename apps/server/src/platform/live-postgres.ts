import type { FastifyBaseLogger } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { livePayloads } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';

export const LIVE_CHANNEL = 'vireo_live';

/** NOTIFY refuses payloads of 8,000 bytes or more; bigger events go through `live_payloads`. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

/** Stored payloads are read within milliseconds; older rows are pruned when a new one is stored. */
const PAYLOAD_RETENTION_MS = 5 * 60_000;

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/** How the listener reports to the hub. */
export interface LiveListener {
  /** An event as published by some server process (not yet validated). */
  deliver(event: unknown): void;
  /** The listener was disconnected and notifications may have been lost. */
  resync(): void;
  log: FastifyBaseLogger | null;
}

/** On the wire: the event itself, or the id of its row in `live_payloads`. */
type Notification = { event: unknown } | { ref: number };

/**
 * Cross-process delivery through PostgreSQL: publishing is `pg_notify`, and every server process
 * LISTENs on a connection of its own, reconnecting with backoff when it drops. The publishing
 * process hears its own notifications too, so every process delivers through the same path.
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
    if (client) await client.end().catch(() => undefined);
    await this.inbound;
  }

  async publish(serialisedEvent: string): Promise<void> {
    // The event is already JSON: wrap it as `{ event }` without serialising it a second time.
    const direct = `{"event":${serialisedEvent}}`;
    if (Buffer.byteLength(direct, 'utf8') <= NOTIFY_PAYLOAD_LIMIT) {
      await this.options.db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${direct})`);
      return;
    }
    const now = this.options.clock.now();
    const [row] = await this.options.db
      .insert(livePayloads)
      .values({ payload: serialisedEvent, createdAt: now })
      .returning({ id: livePayloads.id });
    if (!row) throw new Error('live payload insert returned nothing');
    await this.options.db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ ref: row.id } satisfies Notification)})`);
    await this.options.db.delete(livePayloads).where(lt(livePayloads.createdAt, new Date(now.getTime() - PAYLOAD_RETENTION_MS)));
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
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const payload = message.payload;
      this.inbound = this.inbound.then(() => this.receive(payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.current !== client) return;
    this.failures = 0;
    if (this.missedWhileDown) {
      this.missedWhileDown = false;
      this.listener?.resync();
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.current !== client) return;
    this.current = null;
    this.missedWhileDown = true;
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
      if ('event' in notification) {
        this.listener?.deliver(notification.event);
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
