import { LIVE_CLOSE, LIVE_PATH, readLiveServerMessage, type LiveClientMessage, type LiveEventMessage, type LiveServerMessage } from '@vireo/contracts';
import { LOGIN_PATH } from './config';
import { hardNavigate } from './navigation';
import { clearStorage, getAuthToken } from './storage';

export type { LiveEventMessage } from '@vireo/contracts';

/** `open`: authenticated and receiving; anything else means pages fall back to polling. */
export type LiveStatus = 'connecting' | 'open' | 'down';

export interface LiveTopicListener {
  onEvent(event: LiveEventMessage): void;
  /**
   * The subscription has (again) become effective: on first subscribing, after a reconnect, and
   * when the server says events may have been missed. Anything shown from this topic should be
   * fetched afresh.
   */
  onSync?(): void;
}

/** The part of the browser's WebSocket the connection uses (tests pass a fake). */
export interface LiveSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveConnectionOptions {
  url(): string;
  token(): string | null;
  /** What the token is: a session's (`auth`, the default) or a guest's, such as a customer's chat token (`guest`). */
  tokenKind?: 'auth' | 'guest';
  createSocket(url: string): LiveSocketLike;
  /** The server closed with 4401: the session is gone. */
  signedOut(): void;
  /** The window, for `online` and `storage` events; absent outside a browser. */
  window?: Pick<Window, 'addEventListener'>;
  random?: () => number;
}

export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
/** The browser cannot see protocol pings, so it pings at the application level to notice a dead link. */
export const CLIENT_PING_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;

const OPEN = 1;

/**
 * One WebSocket per tab, shared by every page and hook: authenticates with its first message,
 * keeps the union of the topics its listeners want, and reconnects with backoff (re-authenticating
 * and re-subscribing) until the session is signed out.
 */
export class LiveConnection {
  private currentStatus: LiveStatus = 'down';
  private socket: LiveSocketLike | null = null;
  private readonly listeners = new Map<string, Set<LiveTopicListener>>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  /** Topics the server has confirmed on the current socket. */
  private confirmed = new Set<string>();
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private sessionEnded = false;
  private windowWatched = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  get status(): LiveStatus {
    return this.currentStatus;
  }

  /** Whether the server has confirmed `topic` on the current socket: from now on, nothing published on it is missed. */
  isConfirmed(topic: string): boolean {
    return this.confirmed.has(topic);
  }

  /** Listens to `topic`; opens the socket if needed. Returns the function that stops listening. */
  subscribe(topic: string, listener: LiveTopicListener): () => void {
    let set = this.listeners.get(topic);
    const isNewTopic = !set;
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    // Sent as soon as the socket is open, even before the server's `ready`: the server handles a socket's messages in
    // order, so it follows the `auth`. (A topic added between `onopen` and `ready` used to wait for no one and was never
    // subscribed.) Before the socket opens, `onopen` subscribes every topic listened to by then.
    if (isNewTopic) this.send({ type: 'subscribe', topics: [topic] });
    // Joining a topic the server has already confirmed: the subscription is effective for this listener now.
    if (this.confirmed.has(topic)) listener.onSync?.();
    this.ensureConnected();
    return () => {
      const current = this.listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(topic);
      this.confirmed.delete(topic);
      this.send({ type: 'unsubscribe', topics: [topic] });
    };
  }

  /** For useSyncExternalStore: notifies status changes; opens the socket if needed. */
  watchStatus = (listener: (status: LiveStatus) => void): (() => void) => {
    this.statusListeners.add(listener);
    this.ensureConnected();
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  /** Closes the socket and stops reconnecting until the next subscribe. */
  disconnect(): void {
    this.clearRetry();
    this.dropSocket();
    this.setStatus('down');
  }

  private ensureConnected(): void {
    if (this.sessionEnded || this.socket || this.retryTimer) return;
    this.watchWindow();
    this.connect();
  }

  private connect(): void {
    this.retryTimer = null;
    const token = this.options.token();
    if (!token) {
      this.setStatus('down');
      return;
    }
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      // The token goes in the first message, never in the URL (logs, history).
      this.send({ type: this.options.tokenKind ?? 'auth', token });
      const topics = [...this.listeners.keys()];
      if (topics.length > 0) this.send({ type: 'subscribe', topics });
    };
    socket.onmessage = (event) => this.receive(event);
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
    socket.onerror = () => undefined;
  }

  private receive(event: MessageEvent): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
    let message: LiveServerMessage | null;
    try {
      message = readLiveServerMessage(JSON.parse(String(event.data)));
    } catch {
      return;
    }
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.failures = 0;
        this.setStatus('open');
        this.startPinging();
        return;
      case 'subscribed': {
        const wanted = message.topics.filter((topic) => this.listeners.has(topic));
        const fresh = wanted.filter((topic) => !this.confirmed.has(topic));
        this.confirmed = new Set(wanted);
        for (const topic of fresh) this.sync(topic);
        return;
      }
      case 'event':
        for (const listener of [...(this.listeners.get(message.topic) ?? [])]) listener.onEvent(message);
        return;
      case 'resync':
        for (const topic of this.confirmed) this.sync(topic);
        return;
      case 'pong':
        return;
    }
  }

  private sync(topic: string): void {
    for (const listener of [...(this.listeners.get(topic) ?? [])]) listener.onSync?.();
  }

  private closed(code: number): void {
    this.dropSocket();
    this.setStatus('down');
    if (code === LIVE_CLOSE.sessionInvalid) {
      this.sessionEnded = true;
      this.options.signedOut();
      return;
    }
    if (this.listeners.size === 0 && this.statusListeners.size === 0) return;
    const random = this.options.random ?? Math.random;
    // Full jitter halves the herd of tabs that all lost the same server at once.
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.failures) * (0.5 + random() / 2);
    this.failures += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPinging(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping' });
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        // No answer: the link is dead even if the browser has not noticed; start over.
        if (this.socket) this.closed(1006);
      }, PONG_TIMEOUT_MS);
    }, CLIENT_PING_MS);
  }

  private dropSocket(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
    this.confirmed = new Set();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState <= OPEN) socket.close();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private watchWindow(): void {
    const target = this.options.window;
    if (!target || this.windowWatched) return;
    this.windowWatched = true;
    target.addEventListener('online', () => {
      if (this.currentStatus === 'open' || this.sessionEnded) return;
      // The network is back: try now rather than after the backoff.
      this.failures = 0;
      this.clearRetry();
      this.dropSocket();
      this.connect();
    });
    target.addEventListener('storage', (event) => {
      if (event.key !== null && event.key !== 'auth_token') return;
      // Another tab signed in or out: this socket speaks for a session that is no longer this tab's.
      this.clearRetry();
      this.dropSocket();
      this.setStatus('down');
      if (!this.sessionEnded && this.options.token()) this.connect();
    });
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: LiveStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

/** The tab's socket to /api/live on the page's own origin. */
export function browserLiveOptions(): LiveConnectionOptions {
  return {
    url: () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${LIVE_PATH}`,
    token: getAuthToken,
    createSocket: (url) => new WebSocket(url),
    signedOut: () => {
      clearStorage();
      if (window.location.pathname !== LOGIN_PATH) hardNavigate(LOGIN_PATH);
    },
    window: typeof window === 'undefined' ? undefined : window,
  };
}

/** The one connection of this tab. */
export const liveConnection = new LiveConnection(browserLiveOptions());
