import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { LIVE_CLOSE, LiveClientMessage, type CallRole, type CallServerMessage, type LiveServerMessage } from '@vireo/contracts';
import type { AuthContext, SessionResolver } from './access';

/** A guest token (see `LiveClientMessage` `guest`) to the guest's key, or null. */
type GuestResolver = (token: string) => Promise<string | null>;

export interface LiveTimings {
  /** A socket must send `auth` within this time. */
  authTimeoutMs: number;
  /** How often each socket's session is resolved again (revocation, expiry, disabled user, role changes). */
  sessionCheckMs: number;
  /** Ping interval; a socket that has not answered the previous ping is dropped. */
  heartbeatMs: number;
}

/** Beyond this much unsent data the browser is not keeping up: drop it, it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What a socket needs from the hub that owns it. */
export interface LiveSocketHost {
  readonly timings: LiveTimings;
  readonly resolveSession: SessionResolver;
  readonly resolveGuest: GuestResolver;
  readonly log: FastifyBaseLogger | null;
  authenticated(socket: LiveSocket): void;
  topicsChanged(socket: LiveSocket, added: readonly string[], removed: readonly string[]): void;
  closed(socket: LiveSocket): void;
  authDenied(request: FastifyRequest): Promise<void>;
  /** A `call.*` message; answers whether the socket is (still) in a call. */
  callMessage(socket: LiveSocket, message: CallClientMessage): Promise<void>;
}

/** The `call.*` messages of the live protocol (contracts' video.ts). */
export type CallClientMessage = Extract<LiveClientMessage, { type: `call.${string}` }>;

/** The call a socket has joined (set by the call handler). */
export interface CallMembership {
  appointmentId: string;
  participantId: string;
  role: CallRole;
  /**
   * The connections of the room's other members as last looked up, by role (null: nobody there);
   * emptied whenever the server tells this socket that someone joined, left, paused or ended.
   */
  peerConnectionIds: Partial<Record<CallRole, string | null>>;
  /** How many such changes this socket has been told of, so a lookup that raced one is not kept. */
  peerChanges: number;
}

/**
 * One browser's socket: waits for `auth` as the first message, then handles subscriptions and
 * pings, and re-resolves its session every `sessionCheckMs` so a revoked or expired session ends
 * the socket even when no event says so.
 */
export class LiveSocket {
  /** Names this socket across server processes (call signalling is addressed to it). */
  readonly id = randomUUID();
  auth: AuthContext | null = null;
  /**
   * The call this socket is in. A customer's socket has no session: its first message may be
   * `call.join` with a video token, and it may then send only call messages and pings.
   */
  call: CallMembership | null = null;
  /** A guest's key (a socket without a session that sent a valid guest token): it gets only events addressed to it. */
  guestKey: string | null = null;
  readonly topics = new Set<string>();
  /** Kept in memory only, to resolve the session again; never logged. */
  private token: string | null = null;
  private answeredPing = true;
  private finished = false;
  private inbox: Promise<void> = Promise.resolve();
  private authTimer: NodeJS.Timeout | null;
  private checkTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    readonly request: FastifyRequest,
    private readonly host: LiveSocketHost,
  ) {
    socket.on('message', (data, isBinary) => {
      this.answeredPing = true;
      // One message at a time, so a `subscribe` sent right behind `auth` waits for the session.
      this.inbox = this.inbox
        .then(() => this.receive(data, isBinary))
        .catch((error: unknown) => {
          this.host.log?.error({ err: error }, 'live socket: message handling failed');
          this.close(1011, 'Server error');
        });
    });
    socket.on('pong', () => {
      this.answeredPing = true;
    });
    socket.on('close', () => this.finish());
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.authTimeout, 'Authentication timed out'), host.timings.authTimeoutMs);
  }

  get open(): boolean {
    return !this.finished && this.socket.readyState === this.socket.OPEN;
  }

  /** Sends an already serialised server message; a socket too far behind is dropped. */
  sendRaw(text: string): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.host.log?.warn({ userId: this.auth?.userId }, 'live socket dropped: not reading its messages');
      this.socket.terminate();
      return;
    }
    this.socket.send(text);
  }

  send(message: LiveServerMessage | CallServerMessage): void {
    if (this.call && message.type === 'call.peer') {
      this.call.peerConnectionIds = {};
      this.call.peerChanges += 1;
    }
    if (message.type === 'call.left') this.call = null;
    this.sendRaw(JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState >= this.socket.CLOSING) return;
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  /** Called on every heartbeat tick: drop the socket if it never answered the last ping. */
  heartbeat(): void {
    if (!this.answeredPing) {
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
  }

  /** Resolves when the socket has closed, or after `ms` (then it is cut off). */
  closedWithin(ms: number): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.socket.terminate();
        resolve();
      }, ms);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async receive(data: RawData, isBinary: boolean): Promise<void> {
    if (this.finished) return;
    const message = isBinary ? null : parseClientMessage(data);
    if (!message) {
      this.close(LIVE_CLOSE.badMessage, 'Malformed message');
      return;
    }
    if (message.type.startsWith('call.')) {
      if (!this.auth && !this.call && message.type !== 'call.join') {
        this.close(LIVE_CLOSE.sessionInvalid, 'Authenticate first');
        return;
      }
      if (this.authTimer) clearTimeout(this.authTimer);
      this.authTimer = null;
      await this.host.callMessage(this, message as CallClientMessage);
      if (!this.auth && !this.call && this.guestKey === null && !this.finished) this.close(LIVE_CLOSE.sessionInvalid, 'Not in a call');
      return;
    }
    if (!this.auth && this.guestKey === null) {
      if (message.type === 'ping' && this.call) this.send({ type: 'pong' });
      else if (message.type === 'auth') await this.authenticate(message.token);
      else if (message.type === 'guest') await this.authenticateGuest(message.token);
      else this.close(LIVE_CLOSE.sessionInvalid, 'Authenticate first');
      return;
    }
    switch (message.type) {
      case 'auth':
      case 'guest':
        this.close(LIVE_CLOSE.badMessage, 'Already authenticated');
        return;
      case 'subscribe': {
        const added = message.topics.filter((topic) => !this.topics.has(topic));
        for (const topic of added) this.topics.add(topic);
        this.host.topicsChanged(this, added, []);
        this.send({ type: 'subscribed', topics: [...this.topics] });
        return;
      }
      case 'unsubscribe': {
        const removed = message.topics.filter((topic) => this.topics.delete(topic));
        this.host.topicsChanged(this, [], removed);
        this.send({ type: 'subscribed', topics: [...this.topics] });
        return;
      }
      case 'ping':
        this.send({ type: 'pong' });
        return;
      default:
        return;
    }
  }

  private async authenticate(token: string): Promise<void> {
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    let auth: AuthContext | null;
    try {
      auth = await this.host.resolveSession(token);
    } catch (error) {
      this.host.log?.error({ err: error }, 'live socket: session lookup failed');
      this.close(1011, 'Server error');
      return;
    }
    if (this.finished) return;
    if (!auth) {
      await this.host.authDenied(this.request).catch((error: unknown) => this.host.log?.error({ err: error }, 'live socket: audit failed'));
      this.close(LIVE_CLOSE.sessionInvalid, 'Session is not valid');
      return;
    }
    this.auth = auth;
    this.token = token;
    this.host.authenticated(this);
    this.send({ type: 'ready' });
    this.scheduleSessionCheck();
  }

  private async authenticateGuest(token: string): Promise<void> {
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    let key: string | null;
    try {
      key = await this.host.resolveGuest(token);
    } catch (error) {
      this.host.log?.error({ err: error }, 'live socket: guest lookup failed');
      this.close(1011, 'Server error');
      return;
    }
    if (this.finished) return;
    if (!key) {
      await this.host.authDenied(this.request).catch((error: unknown) => this.host.log?.error({ err: error }, 'live socket: audit failed'));
      this.close(LIVE_CLOSE.sessionInvalid, 'Token is not valid');
      return;
    }
    this.guestKey = key;
    this.host.authenticated(this);
    this.send({ type: 'ready' });
  }

  private scheduleSessionCheck(): void {
    // Jitter spreads the checks of many sockets opened together (a deploy, a reconnect storm).
    const delay = this.host.timings.sessionCheckMs * (0.8 + Math.random() * 0.4);
    this.checkTimer = setTimeout(() => void this.checkSession(), delay);
  }

  private async checkSession(): Promise<void> {
    if (this.finished || !this.token) return;
    try {
      const auth = await this.host.resolveSession(this.token);
      if (this.finished) return;
      if (!auth) {
        this.close(LIVE_CLOSE.sessionInvalid, 'Session ended');
        return;
      }
      // Roles can change while the socket is open; audiences are matched against the fresh ones.
      this.auth = auth;
    } catch (error) {
      this.host.log?.warn({ err: error }, 'live socket: session check failed; retrying later');
    }
    this.scheduleSessionCheck();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.authTimer) clearTimeout(this.authTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.token = null;
    this.host.closed(this);
  }
}

function parseClientMessage(data: RawData): LiveClientMessage | null {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = LiveClientMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}
