import type { LiveClientMessage, LiveServerMessage } from '@vireo/contracts';
import { LiveConnection, type LiveConnectionOptions, type LiveSocketLike } from './live';

/** A WebSocket the tests drive by hand: they open it, feed it server messages and close it. */
export class FakeSocket implements LiveSocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: LiveClientMessage[] = [];
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as LiveClientMessage);
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 2;
  }

  /** The server accepted the connection. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: LiveServerMessage): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** Accepts, and answers the auth and subscribe messages the way the server does. */
  acceptAndConfirm(): void {
    this.accept();
    this.receive({ type: 'ready' });
    const subscribe = this.sent.find((m) => m.type === 'subscribe');
    if (subscribe?.type === 'subscribe') this.receive({ type: 'subscribed', topics: subscribe.topics });
  }

  /** The server (or the network) ended the connection. */
  serverClose(code: number, reason = ''): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }
}

/** A connection whose sockets are FakeSockets, with a token and a sign-out the test controls. */
export function fakeLiveConnection(overrides: Partial<LiveConnectionOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const signedOut = { count: 0 };
  const connection = new LiveConnection({
    url: () => 'ws://vireo.test/api/live',
    token: () => 'session-token',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    signedOut: () => {
      signedOut.count += 1;
    },
    random: () => 1,
    ...overrides,
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { connection, sockets, latest, signedOut };
}
