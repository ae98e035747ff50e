import net from 'node:net';

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
 * A minimal SMTP server that keeps every message it receives, so browser tests can follow the
 * links Vireo e-mails (the e2e server's SMTP_URL points here).
 */
export async function openMailbox(port: number): Promise<{ messages: CapturedMail[]; waitFor: (to: string) => Promise<CapturedMail>; close: () => Promise<void> }> {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    messages,
    async waitFor(to) {
      // Up to 30 s: e-mails go out through the outbox relay, which retries a failed attempt 15 s later.
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const found = messages.find((message) => message.to.includes(to));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail arrived for ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
