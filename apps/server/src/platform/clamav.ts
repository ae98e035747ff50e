import net from 'node:net';

export type ScanResult = { clean: true } | { clean: false; signature: string };

/** How long a scan may take, connection included, before it counts as failed. */
const SCAN_TIMEOUT_MS = 15_000;
/** INSTREAM chunk size (clamd's StreamMaxLength limits the whole, not the chunk). */
const CHUNK_BYTES = 64 * 1024;

/** `host:port`, `[v6]:port` or a Unix socket path (starting with `/`). */
function connectOptions(address: string): net.NetConnectOpts {
  if (address.startsWith('/')) return { path: address };
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(address);
  if (!match) throw new Error('CLAMD_ADDRESS must be host:port or a socket path');
  return { host: (match[1] ?? match[2])!, port: Number(match[3]) };
}

/** Checks CLAMD_ADDRESS at start, so a wrong value stops the server rather than every upload. */
export function parseClamdAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  connectOptions(value);
  return value;
}

/**
 * Scans `data` with clamd's INSTREAM command (`zINSTREAM\0`, then length-prefixed chunks and a
 * zero-length one; the answer is `stream: OK` or `stream: <signature> FOUND`). Anything else, or
 * no answer in time, throws: the caller refuses the file rather than keep it unscanned.
 */
export function scanWithClamd(address: string, data: Buffer, timeoutMs = SCAN_TIMEOUT_MS): Promise<ScanResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(connectOptions(address));
    const replies: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, result?: ScanResult) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(result!);
    };
    socket.setTimeout(timeoutMs, () => finish(new Error('clamd did not answer in time')));
    socket.on('error', (error) => finish(error));
    socket.on('data', (chunk) => replies.push(chunk));
    socket.on('end', () => {
      const reply = Buffer.concat(replies).toString('utf8').replace(/\0/g, '').trim();
      if (reply === 'stream: OK') return finish(null, { clean: true });
      const found = /^stream: (.+) FOUND$/.exec(reply);
      if (found) return finish(null, { clean: false, signature: found[1]! });
      finish(new Error(`clamd answered: ${reply.slice(0, 200)}`));
    });
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
        const chunk = data.subarray(offset, offset + CHUNK_BYTES);
        const size = Buffer.alloc(4);
        size.writeUInt32BE(chunk.length);
        socket.write(size);
        socket.write(chunk);
      }
      socket.write(Buffer.alloc(4));
    });
  });
}
