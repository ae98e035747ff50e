import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseClamdAddress, scanWithClamd } from './clamav';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that reads the whole request, then answers `reply` (or nothing, leaving the socket open). */
async function clamd(reply: string | null): Promise<{ address: string; requests: Buffer[] }> {
  const requests: Buffer[] = [];
  const server = net.createServer((socket) => {
    let data = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= 14 && data.subarray(-4).equals(Buffer.alloc(4))) {
        requests.push(data);
        if (reply !== null) socket.end(reply);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('clamd INSTREAM client', () => {
  it('sends the command, the bytes in length-prefixed chunks and the zero-length end', async () => {
    const server = await clamd('stream: OK\0');
    const data = Buffer.alloc(150 * 1024, 7);
    expect(await scanWithClamd(server.address, data)).toEqual({ clean: true });
    const request = server.requests[0]!;
    expect(request.subarray(0, 10).toString()).toBe('zINSTREAM\0');
    let offset = 10;
    const chunks: number[] = [];
    for (;;) {
      const size = request.readUInt32BE(offset);
      offset += 4 + size;
      if (size === 0) break;
      chunks.push(size);
    }
    expect(chunks).toEqual([65536, 65536, 22528]);
    expect(offset).toBe(request.length);
  });

  it('reads a finding, and fails on an error answer, silence or no server', async () => {
    expect(await scanWithClamd((await clamd('stream: Win.Test.EICAR_HDB-1 FOUND\0')).address, Buffer.from('x'))).toEqual({ clean: false, signature: 'Win.Test.EICAR_HDB-1' });
    await expect(scanWithClamd((await clamd('INSTREAM size limit exceeded. ERROR\0')).address, Buffer.from('x'))).rejects.toThrow(/clamd answered/);
    await expect(scanWithClamd((await clamd(null)).address, Buffer.from('x'), 200)).rejects.toThrow(/in time/);
    const closed = await clamd('stream: OK\0');
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(scanWithClamd(closed.address, Buffer.from('x'))).rejects.toThrow();
  });

  it('takes host:port, [v6]:port or a socket path, and refuses anything else at start', () => {
    expect(parseClamdAddress(undefined)).toBeUndefined();
    expect(parseClamdAddress('')).toBeUndefined();
    expect(parseClamdAddress('clamav:3310')).toBe('clamav:3310');
    expect(parseClamdAddress('[::1]:3310')).toBe('[::1]:3310');
    expect(parseClamdAddress('/run/clamav/clamd.ctl')).toBe('/run/clamav/clamd.ctl');
    expect(() => parseClamdAddress('clamav')).toThrow(/CLAMD_ADDRESS/);
    expect(() => parseClamdAddress('tcp://clamav:3310')).toThrow(/CLAMD_ADDRESS/);
  });
});
