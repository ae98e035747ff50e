import http from 'node:http';
import net from 'node:net';
import { mailboxPort } from './playwright.config';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, good for finding links. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The run's mailbox, started once by the global setup (mailbox-setup.ts): a minimal SMTP server that
 * keeps every message the e2e server sends (its SMTP_URL points here), and lists them as JSON over
 * HTTP on `httpPort` for the tests, whichever worker they run in. Browser tests follow the links
 * Vireo e-mails this way.
 */
export async function startMailbox(smtpPort: number, httpPort: number): Promise<() => Promise<void>> {
  const messages: CapturedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 vireo-e2e-mailbox ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ to: recipients, raw, text: decodeQuotedPrintable(raw) });
          recipients = [];
          reply('250 OK: queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 vireo-e2e-mailbox');
        else if (command === 'MAIL') reply('250 OK');
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
    socket.on('error', () => undefined);
  });
  const listing = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages));
  });
  const listen = (what: net.Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      what.once('error', reject);
      what.listen(port, '127.0.0.1', resolve);
    });
  await listen(server, smtpPort);
  await listen(listing, httpPort);
  const close = (what: net.Server) => new Promise<void>((resolve) => what.close(() => resolve()));
  return async () => {
    await close(listing);
    await close(server);
  };
}

/** The messages the run's mailbox has received so far, oldest first. */
async function received(): Promise<CapturedMail[]> {
  const response = await fetch(`http://127.0.0.1:${mailboxPort}/`);
  return (await response.json()) as CapturedMail[];
}

export const mailbox = {
  /** Every message so far, or those to `to`. */
  async list(to?: string): Promise<CapturedMail[]> {
    const all = await received();
    return to === undefined ? all : all.filter((message) => message.to.includes(to));
  },
  /**
   * The first message to `to` (that `matches`, when given), waiting up to 30 s: e-mails go out
   * through the outbox relay, which retries a failed attempt 15 s later.
   */
  async waitFor(to: string, matches: (message: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const found = (await mailbox.list(to)).find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail arrived for ${to}`);
  },
};
