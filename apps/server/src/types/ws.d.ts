/**
 * Types for the part of `ws` 8 that Vireo uses. `ws` ships no types and @types/ws is not a
 * dependency; without this file @fastify/websocket's sockets would be typed `any`.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    headers?: Record<string, string>;
    handshakeTimeout?: number;
    maxPayload?: number;
    /** Answer pings automatically (default true); false simulates a peer that stopped responding. */
    autoPong?: boolean;
  }

  interface ServerOptions {
    maxPayload?: number;
    noServer?: boolean;
    clientTracking?: boolean;
    perMessageDeflate?: boolean;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly CONNECTING: 0;
    readonly OPEN: 1;
    readonly CLOSING: 2;
    readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    readonly bufferedAmount: number;
    constructor(address: string | URL, options?: ClientOptions);
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    ping(data?: string | Buffer, mask?: boolean, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'ping' | 'pong', listener: (data: Buffer) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'ping' | 'pong', listener: (data: Buffer) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    off(event: string, listener: (...args: never[]) => void): this;
  }

  class WebSocketServer extends EventEmitter {
    readonly clients: Set<WebSocket>;
    constructor(options: ServerOptions);
    close(callback?: (error?: Error) => void): void;
    on(event: 'connection', listener: (socket: WebSocket, request: IncomingMessage) => void): this;
  }

  export { WebSocket, WebSocketServer, WebSocketServer as Server, type ClientOptions, type RawData, type ServerOptions };
  export default WebSocket;
}
