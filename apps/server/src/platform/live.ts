import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { CallServerMessage, LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE, LIVE_SESSION_CHANGED, LIVE_SESSION_REVOKED, LIVE_SESSION_TOPIC, LiveName, PermissionSchema, RoleNameSchema, type Permission, type RoleName } from '@vireo/contracts';
import { hasPermission, type AuthContext, type SessionResolver } from './access';
import type { AuditLog } from './audit';
import { callerOf } from './caller';
import type { Clock } from './clock';
import type { Database } from './db';
import { LiveSocket, type CallClientMessage, type LiveSocketHost, type LiveTimings } from './live-socket';
import { PostgresLiveChannel } from './live-postgres';
import { TABLES_CHANNEL, type TableWatcher } from './page-cache';

export type { CallClientMessage, CallMembership, LiveSocket, LiveTimings } from './live-socket';

/**
 * Handles the `call.*` messages of sockets (the video module). The hub only carries them: it
 * hands each message over, tells the handler when a socket closes, and delivers what the handler
 * addresses to a socket by id, in whichever server process that socket is.
 */
export interface CallHandler {
  message(socket: LiveSocket, message: CallClientMessage): Promise<void>;
  closed(socket: LiveSocket): Promise<void>;
  /** Every heartbeat: the ids of this process's sockets that are in a call. */
  heartbeat(connectionIds: readonly string[]): Promise<void>;
}

/** A message for one socket by id, through the channel when it lives in another process. */
const DirectShape = z.object({ direct: z.object({ to: z.string(), message: z.record(z.string(), z.unknown()) }) });

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Who may receive an event. A socket receives it when its session meets every criterion named:
 * `permission` (granted by any role of the user, contracts' `PERMISSIONS`), one of `roles`, one of
 * `userIds`, one of `organisationIds` (the user's organisation), one of `sessionIds`. An audience
 * must name at least one criterion; modules name a permission rather than roles.
 */
export interface LiveAudience {
  permission?: Permission;
  roles?: readonly RoleName[];
  userIds?: readonly string[];
  organisationIds?: readonly string[];
  sessionIds?: readonly string[];
  /**
   * Guest sockets (no session; authenticated with a module's guest token, see `LiveHub.guests`)
   * whose key is listed. An audience naming guests names nothing else: they have no session to match.
   */
  guestKeys?: readonly string[];
}

/** Turns a guest token (the `guest` first message) into the guest's key, or null when it is not valid. */
export type GuestResolver = (token: string) => Promise<string | null>;

export interface LiveEvent {
  /** What a page subscribes to, e.g. `appointments`. */
  topic: string;
  /** What happened, e.g. `appointment.claimed`. */
  kind: string;
  audience: LiveAudience;
  /** Sent to the browser as is: ids and states, never more personal data than the audience may see. */
  data: JsonValue;
}

export const DEFAULT_LIVE_TIMINGS: LiveTimings = {
  authTimeoutMs: LIVE_AUTH_TIMEOUT_MS,
  sessionCheckMs: 30_000,
  heartbeatMs: 30_000,
};

/** Events carry ids and states; anything this large is a mistake. */
const MAX_EVENT_BYTES = 256 * 1024;
/** How long shutdown waits for browsers to acknowledge the close before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

const Audience = z
  .object({
    permission: PermissionSchema.optional(),
    roles: z.array(RoleNameSchema).optional(),
    userIds: z.array(z.string()).optional(),
    organisationIds: z.array(z.string()).optional(),
    sessionIds: z.array(z.string()).optional(),
    guestKeys: z.array(z.string()).optional(),
  })
  .refine((a) => a.permission !== undefined || a.roles !== undefined || a.userIds !== undefined || a.organisationIds !== undefined || a.sessionIds !== undefined || a.guestKeys !== undefined, {
    message: 'an audience names at least one of permission, roles, userIds, organisationIds, sessionIds, guestKeys',
  })
  .refine((a) => a.guestKeys === undefined || (a.permission ?? a.roles ?? a.userIds ?? a.organisationIds ?? a.sessionIds) === undefined, {
    message: 'an audience of guests names nothing else',
  });
const EventShape = z.object({ topic: LiveName, kind: LiveName, audience: Audience, data: z.unknown() });

/** Whether the session `auth` belongs to `audience` (see LiveAudience). */
export function matchesAudience(auth: AuthContext, audience: LiveAudience): boolean {
  if (audience.guestKeys) return false;
  if (audience.permission && !hasPermission(auth, audience.permission)) return false;
  if (audience.roles && !auth.roles.some((role) => audience.roles!.includes(role.name))) return false;
  if (audience.userIds && !audience.userIds.includes(auth.userId)) return false;
  if (audience.organisationIds && !audience.organisationIds.includes(auth.organisationId)) return false;
  if (audience.sessionIds && !audience.sessionIds.includes(auth.sessionId)) return false;
  return true;
}

export interface LiveDependencies {
  database: Database;
  resolveSession: SessionResolver;
  audit: AuditLog;
  clock: Clock;
}

/**
 * Live updates: the browsers' sockets of this process, and `publish` for every module. On
 * PostgreSQL an event travels through NOTIFY to every server process, each of which delivers it to
 * its own sockets; on PGlite there is one process and delivery is direct.
 */
export class LiveHub implements LiveSocketHost {
  readonly timings: LiveTimings;
  readonly resolveSession: SessionResolver;
  /** Guest tokens by kind of guest; a module registers its own (`registerGuests`). */
  resolveGuest: GuestResolver = () => Promise.resolve(null);
  log: FastifyBaseLogger | null = null;
  private readonly sockets = new Set<LiveSocket>();
  private readonly authenticatedSockets = new Set<LiveSocket>();
  private readonly byTopic = new Map<string, Set<LiveSocket>>();
  private readonly channel: PostgresLiveChannel | null;
  private owner: object | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private sessionListener: ((audience: LiveAudience | null) => void) | null = null;
  private readonly byId = new Map<string, LiveSocket>();
  private callHandler: CallHandler | null = null;
  private readonly tableWatchers: TableWatcher[] = [];
  private unlistenTables: (() => Promise<void>) | null = null;

  constructor(
    private readonly deps: LiveDependencies,
    timings: Partial<LiveTimings> = {},
  ) {
    this.timings = { ...DEFAULT_LIVE_TIMINGS, ...timings };
    this.resolveSession = deps.resolveSession;
    const { database } = deps;
    this.channel =
      database.kind === 'postgres' && database.connectionString
        ? new PostgresLiveChannel({ connectionString: database.connectionString, db: database.db, clock: deps.clock, queryTimeoutMs: 10_000 })
        : null;
  }

  /**
   * Tells `watcher` of every change to the tables behind cached answers (TABLES_CHANNEL, from any
   * process) and whether this process hears of them: from `start` while the listening connection
   * is up (on PGlite, PGlite's own LISTEN) until `stop`.
   */
  watchTables(watcher: TableWatcher): void {
    this.tableWatchers.push(watcher);
  }

  /**
   * Resolves true once this process has heard of every change to the watched tables committed
   * before the call (on PostgreSQL a round trip on the listening connection, shared by concurrent
   * callers; on PGlite at once), false while it is not listening.
   */
  tablesHeard(): Promise<boolean> {
    if (this.channel) return this.channel.heardUpToNow();
    return Promise.resolve(this.unlistenTables !== null);
  }

  /** Lets holders of the module's guest tokens open a socket (one resolver per process: the chat's customers). */
  registerGuests(resolver: GuestResolver): void {
    this.resolveGuest = resolver;
  }

  /** Sockets that have authenticated and are still open. */
  get connectionCount(): number {
    return this.authenticatedSockets.size;
  }

  /** The PostgreSQL backend listening for this process, or null on PGlite. */
  get listenerPid(): number | null {
    return this.channel?.listenerPid ?? null;
  }

  /**
   * Starts listening and the heartbeat. `owner` is the app that runs the hub; a second app built
   * on the same context (as some tests do) neither starts nor stops it.
   */
  async start(owner: object, log: FastifyBaseLogger): Promise<void> {
    if (this.owner) return;
    this.owner = owner;
    this.log = log;
    const tablesChanged = (table: string) => this.tableWatchers.forEach((watcher) => watcher.changed(table));
    const listening = (heard: boolean) => this.tableWatchers.forEach((watcher) => watcher.listening(heard));
    if (this.channel) await this.channel.start({ deliver: (event) => this.deliverFromChannel(event), resync: () => this.resyncAll(), tablesChanged, listening, log });
    else if (this.deps.database.pglite) {
      this.unlistenTables = await this.deps.database.pglite.listen(TABLES_CHANNEL, tablesChanged);
      listening(true);
    }
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.timings.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** Graceful shutdown: every browser is told the server is going away (they reconnect elsewhere). */
  async stop(owner: object): Promise<void> {
    if (this.owner !== owner) return;
    this.owner = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    const closing = [...this.sockets].map((socket) => {
      socket.close(LIVE_CLOSE.goingAway, 'Server shutting down');
      return socket.closedWithin(CLOSE_GRACE_MS);
    });
    await Promise.all(closing);
    await this.channel?.stop();
    if (this.unlistenTables) {
      this.tableWatchers.forEach((watcher) => watcher.listening(false));
      await this.unlistenTables();
      this.unlistenTables = null;
    }
  }

  /** Takes over a freshly upgraded socket; it must authenticate with its first message. */
  accept(socket: WebSocket, request: FastifyRequest): void {
    const live = new LiveSocket(socket, request, this);
    if (!this.owner) {
      live.close(LIVE_CLOSE.goingAway, 'Server shutting down');
      return;
    }
    this.sockets.add(live);
    this.byId.set(live.id, live);
  }

  /** The video module's handler of call messages (without one, call messages are refused). */
  setCallHandler(handler: CallHandler): void {
    this.callHandler = handler;
  }

  async callMessage(socket: LiveSocket, message: CallClientMessage): Promise<void> {
    if (!this.callHandler) {
      socket.close(LIVE_CLOSE.badMessage, 'Calls are not available');
      return;
    }
    await this.callHandler.message(socket, message);
  }

  /**
   * Sends `message` to the socket `connectionId`, here or in another server process. Messages
   * from one socket's handling arrive in the order sent (each waits for the previous NOTIFY).
   */
  async sendTo(connectionId: string, message: CallServerMessage): Promise<void> {
    const local = this.byId.get(connectionId);
    if (local) {
      local.send(message);
      return;
    }
    if (this.channel) await this.channel.publish(JSON.stringify({ direct: { to: connectionId, message } }));
  }

  /** Runs `act` on the socket `connectionId` if it is in this process; answers whether it is. */
  withLocalSocket(connectionId: string, act: (socket: LiveSocket) => void): boolean {
    const local = this.byId.get(connectionId);
    if (local) act(local);
    return Boolean(local);
  }

  /**
   * Sends `event` to every socket, in every server process, that subscribed to its topic and whose
   * session matches its audience. Call it after the change has committed.
   */
  async publish(event: LiveEvent): Promise<void> {
    const checked = EventShape.safeParse(event);
    if (!checked.success) throw new Error(`Invalid live event: ${checked.error.issues.map((i) => i.message).join('; ')}`);
    const serialised = JSON.stringify(event);
    if (Buffer.byteLength(serialised, 'utf8') > MAX_EVENT_BYTES) throw new Error(`Live event ${event.kind} is larger than ${MAX_EVENT_BYTES} bytes`);
    if (this.channel) await this.channel.publish(serialised);
    else this.deliver(JSON.parse(serialised) as LiveEvent);
  }

  /**
   * Called in this process for every session event from any process, with its audience, and with
   * null when the channel was down and events may have been lost (the session store forgets).
   */
  onSessionChange(listener: (audience: LiveAudience | null) => void): void {
    this.sessionListener = listener;
  }

  /** A user's sessions were revoked (their sockets close everywhere) or their roles changed. */
  publishSessionChange(change: { userId: string; revoked: boolean }): Promise<void> {
    return this.publish({
      topic: LIVE_SESSION_TOPIC,
      kind: change.revoked ? LIVE_SESSION_REVOKED : LIVE_SESSION_CHANGED,
      audience: { userIds: [change.userId] },
      data: { reason: change.revoked ? 'revoked' : 'changed' },
    });
  }

  /** Tells the sockets of a signed-out session, in every process, and closes them. */
  publishSessionRevoked(userId: string, sessionId: string): Promise<void> {
    return this.publish({
      topic: LIVE_SESSION_TOPIC,
      kind: LIVE_SESSION_REVOKED,
      audience: { userIds: [userId], sessionIds: [sessionId] },
      data: { reason: 'signed_out' },
    });
  }

  authenticated(socket: LiveSocket): void {
    this.authenticatedSockets.add(socket);
  }

  topicsChanged(socket: LiveSocket, added: readonly string[], removed: readonly string[]): void {
    for (const topic of added) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(socket);
    }
    for (const topic of removed) this.forgetTopic(socket, topic);
  }

  closed(socket: LiveSocket): void {
    this.sockets.delete(socket);
    this.byId.delete(socket.id);
    if (socket.call && this.callHandler) {
      this.callHandler.closed(socket).catch((error: unknown) => this.log?.error({ err: error }, 'live socket: leaving the call failed'));
    }
    this.authenticatedSockets.delete(socket);
    for (const topic of socket.topics) this.forgetTopic(socket, topic);
  }

  async authDenied(request: FastifyRequest): Promise<void> {
    await this.deps.audit.record({ action: 'live.auth', outcome: 'denied', resourceType: 'session' }, callerOf(request));
  }

  private forgetTopic(socket: LiveSocket, topic: string): void {
    const set = this.byTopic.get(topic);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.byTopic.delete(topic);
  }

  private deliverFromChannel(event: unknown): void {
    const direct = DirectShape.safeParse(event);
    if (direct.success) {
      const parsed = CallServerMessage.safeParse(direct.data.direct.message);
      if (parsed.success) this.byId.get(direct.data.direct.to)?.send(parsed.data);
      return;
    }
    const checked = EventShape.safeParse(event);
    if (!checked.success) {
      this.log?.warn('live notification ignored: not an event');
      return;
    }
    this.deliver(checked.data as LiveEvent);
  }

  private deliver(event: LiveEvent): void {
    if (event.topic === LIVE_SESSION_TOPIC) {
      this.sessionListener?.(event.audience);
      if (event.kind !== LIVE_SESSION_REVOKED) return;
    }
    const candidates = event.topic === LIVE_SESSION_TOPIC ? this.authenticatedSockets : this.byTopic.get(event.topic);
    if (!candidates) return;
    // Serialised once: with a thousand sockets the same text goes to each.
    const message = JSON.stringify({ type: 'event', topic: event.topic, kind: event.kind, data: event.data });
    const guests = event.audience.guestKeys;
    const recipients = [...candidates].filter((socket) =>
      socket.auth ? matchesAudience(socket.auth, event.audience) : socket.guestKey !== null && guests !== undefined && guests.includes(socket.guestKey),
    );
    for (const socket of recipients) socket.sendRaw(message);
    if (event.topic === LIVE_SESSION_TOPIC && event.kind === LIVE_SESSION_REVOKED) {
      for (const socket of recipients) socket.close(LIVE_CLOSE.sessionInvalid, 'Signed out');
    }
  }

  private resyncAll(): void {
    this.sessionListener?.(null);
    const message = JSON.stringify({ type: 'resync' });
    for (const socket of this.authenticatedSockets) socket.sendRaw(message);
  }

  private heartbeat(): void {
    for (const socket of this.sockets) socket.heartbeat();
    void this.channel?.check();
    if (this.callHandler) {
      const inCall = [...this.sockets].filter((socket) => socket.call).map((socket) => socket.id);
      this.callHandler.heartbeat(inCall).catch((error: unknown) => this.log?.error({ err: error }, 'live: call heartbeat failed'));
    }
  }
}
