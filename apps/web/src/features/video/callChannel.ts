import { CallServerMessage, LIVE_PATH, type CallRole, type CallSignal, type LiveClientMessage } from '@vireo/contracts';

export type { CallServerMessage };
export type ChannelState = 'connecting' | 'open' | 'down';

/** Thrown by `token()` when the server will not give this page a token (it says why): the channel stops asking. */
export class CallRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallRefusal';
  }
}

export interface CallChannelOptions {
  /**
   * The video token; fetched again when the server refuses it (it expired). Null: join with the
   * patient's video cookie (set by POST /api/video/token, for instance on the join page). A
   * `CallRefusal` ends the channel (`onRefused`); any other failure is retried with backoff.
   */
  token(): Promise<string | null>;
  onRefused(message: string): void;
  /** The signed-in session's token, if any (the customer joins without one). */
  sessionToken: string | null;
  onMessage(message: CallServerMessage): void;
  onState(state: ChannelState): void;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;
/** The page pings to notice a dead link quickly (a call cannot wait for the server's 30-second heartbeat). */
const PING_MS = 5_000;
const PONG_TIMEOUT_MS = 4_000;

/**
 * The call's own connection to the live socket (GET /api/live): authenticates with the session when
 * there is one, joins the room with the video token, and reconnects with backoff, joining again,
 * until stopped. Signalling goes out through `signal`.
 */
export class CallChannel {
  private socket: WebSocket | null = null;
  private stopped = false;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: number | null = null;
  private pingTimer: number | null = null;
  private pongTimer: number | null = null;
  /** Undefined until fetched. */
  private token: string | null | undefined = undefined;
  private refusedOnce = false;

  constructor(private readonly options: CallChannelOptions) {}

  start(): void {
    window.addEventListener('online', this.reconnectNow);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    this.socket?.close(1000, 'Left the call');
    this.socket = null;
  }

  /** Sends a signal to one member of the room (by role). */
  signal(signal: CallSignal, to: CallRole): void {
    this.send({ type: 'call.signal', signal, to });
  }

  send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private readonly reconnectNow = () => {
    if (this.stopped || this.socket?.readyState === WebSocket.OPEN) return;
    if (this.retryTimer) window.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryMs = RETRY_FIRST_MS;
    void this.connect();
  };

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.options.onState('connecting');
    try {
      if (this.token === undefined) this.token = await this.options.token();
    } catch (error) {
      if (error instanceof CallRefusal) {
        this.stop();
        this.options.onRefused(error.message);
      } else this.scheduleRetry();
      return;
    }
    if (this.stopped) return;
    const socket = new WebSocket(`${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${LIVE_PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.options.sessionToken) socket.send(JSON.stringify({ type: 'auth', token: this.options.sessionToken }));
      socket.send(JSON.stringify(this.token ? { type: 'call.join', token: this.token } : { type: 'call.join' }));
      this.startPings(socket);
    };
    socket.onmessage = (event: MessageEvent) => {
      let json: unknown;
      try {
        json = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (json && typeof json === 'object' && (json as { type?: unknown }).type === 'pong') {
        if (this.pongTimer) window.clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      }
      const checked = CallServerMessage.safeParse(json);
      if (!checked.success) return;
      const parsed = checked.data;
      if (parsed.type === 'call.joined') {
        this.retryMs = RETRY_FIRST_MS;
        this.refusedOnce = false;
        this.options.onState('open');
      }
      if (parsed.type === 'call.error' && parsed.code === 'invalid' && !this.refusedOnce && this.token) {
        // The token expired during a long call or a long drop: fetch a new one and join again.
        this.refusedOnce = true;
        this.token = undefined;
        socket.close(1000, 'Joining again');
        return;
      }
      this.options.onMessage(parsed);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      this.options.onState('down');
      this.scheduleRetry();
    };
  }

  private startPings(socket: WebSocket): void {
    this.pingTimer = window.setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: 'ping' }));
      this.pongTimer ??= window.setTimeout(() => socket.close(4000, 'No answer'), PONG_TIMEOUT_MS);
    }, PING_MS);
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = window.setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private clearTimers(): void {
    if (this.pingTimer) window.clearInterval(this.pingTimer);
    if (this.pongTimer) window.clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }
}
