import { WebSocket, type ClientOptions } from 'ws';
import { z } from 'zod';
import { CallServerMessage, LiveServerMessage } from '@vireo/contracts';

/** What a socket receives: the live protocol's messages and, in a call, the call's. */
const Received = z.union([LiveServerMessage, CallServerMessage]);
type Received = z.infer<typeof Received>;

export type ReceivedLiveEvent = Extract<LiveServerMessage, { type: 'event' }>;

interface Waiter {
  match: (message: Received) => boolean;
  resolve: (message: Received) => void;
}

/** A Node client for GET /api/live that keeps what it receives, for tests and benchmarks. */
export class LiveTestClient {
  /** Received and not yet taken by `next`. */
  private readonly pending: Received[] = [];
  private readonly waiters: Waiter[] = [];
  /** Resolves with the close code and reason once the socket has closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Called with each message as it arrives (before any waiter sees it). */
  onMessage: ((message: Received) => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })));
    socket.on('message', (data) => {
      const message = Received.parse(JSON.parse(String(data)));
      this.onMessage?.(message);
      const index = this.waiters.findIndex((waiter) => waiter.match(message));
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(message);
      else this.pending.push(message);
    });
  }

  static open(url: string, options?: ClientOptions): Promise<LiveTestClient> {
    const socket = new WebSocket(url, options);
    const client = new LiveTestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Opens a socket, authenticates and subscribes; resolves once the server has confirmed both. */
  static async signedIn(url: string, token: string, topics: string[] = []): Promise<LiveTestClient> {
    const client = await LiveTestClient.open(url);
    client.send({ type: 'auth', token });
    if (topics.length > 0) client.send({ type: 'subscribe', topics });
    await client.next((m) => m.type === 'ready');
    if (topics.length > 0) await client.next((m) => m.type === 'subscribed');
    return client;
  }

  send(message: object | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (already received or still to come) that matches; fails after `timeoutMs`. */
  next(match: (message: Received) => boolean = () => true, timeoutMs = 5_000): Promise<Received> {
    const index = this.pending.findIndex(match);
    if (index >= 0) return Promise.resolve(this.pending.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('no matching live message arrived in time'));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      this.waiters.push(waiter);
    });
  }

  nextEvent(kind: string, timeoutMs?: number): Promise<ReceivedLiveEvent> {
    return this.next((m) => m.type === 'event' && m.kind === kind, timeoutMs) as Promise<ReceivedLiveEvent>;
  }

  /** Every event up to and including the first of kind `marker`, in arrival order. */
  async eventsUntil(marker: string): Promise<ReceivedLiveEvent[]> {
    const events: ReceivedLiveEvent[] = [];
    for (;;) {
      const message = await this.next((m) => m.type === 'event');
      if (message.type !== 'event') continue;
      events.push(message);
      if (message.kind === marker) return events;
    }
  }

  /** A round trip through the server's message handling: `ping` answered by `pong`. */
  async ping(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next((m) => m.type === 'pong');
  }

  /**
   * Resolves once the server has pinged this socket `count` more times. A hub's heartbeat pings a
   * socket only if it answered the previous ping (the client answers by itself unless `autoPong`
   * is off), so this also proves the socket outlived count - 1 heartbeats. Fails if it closes first.
   */
  heartbeats(count: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const onPing = () => {
        if (++seen < count) return;
        this.socket.off('ping', onPing);
        resolve();
      };
      this.socket.on('ping', onPing);
      void this.closed.then(({ code }) => reject(new Error(`the socket closed (${code}) after ${seen} of ${count} heartbeats`)));
    });
  }

  async close(): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}
