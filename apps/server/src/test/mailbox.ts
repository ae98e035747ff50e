import { EventEmitter, once } from 'node:events';
import net from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A small SMTP server for tests, on a free local port. `mode` decides how it treats the next
 * connections: 'accept' keeps each message, 'reject' answers the message with a 451 (a failure
 * the sender retries), 'hang' accepts the connection and never greets (a sender stuck mid-send).
 */
export class TestMailbox extends EventEmitter {
  readonly received: ReceivedMail[] = [];
  mode: 'accept' | 'reject' | 'hang' = 'accept';
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server) {
    super();
  }

  static async open(): Promise<TestMailbox> {
    const mailbox: TestMailbox = new TestMailbox(net.createServer((socket) => mailbox.serve(socket)));
    mailbox.server.listen(0, '127.0.0.1');
    await once(mailbox.server, 'listening');
    return mailbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  /** Resolves at the next connection a sender opens. */
  nextConnection(): Promise<unknown> {
    return once(this, 'connection');
  }

  private serve(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    this.emit('connection');
    if (this.mode === 'hang') return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    reply('220 vireo-test-mailbox ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (this.mode === 'reject') reply('451 Try again later');
          else {
            this.received.push({ to: recipients, raw });
            reply('250 OK: queued');
            this.emit('mail');
          }
          recipients = [];
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 vireo-test-mailbox');
        else if (command === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
