import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createHarness, type Harness } from '../test/harness';
import { CACHE_CONTROL, RequestLog, webSocketOrigin } from './http';

/**
 * Delivery of the built web app and of API answers (issue 13): compressed, cached as their names allow,
 * under the app's Content-Security-Policy. The web app here is a small build-like folder: hashed files
 * under assets/ with the .br and .gz files the build writes beside them.
 */

let h: Harness;
let web: FastifyInstance;
let webDist: string;

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLE = `body { margin: 0; }\n${'.tile { padding: 8px; }\n'.repeat(50)}`;
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Vireo</title>${'<link rel="modulepreload" href="/assets/app-Ab12Cd34.js" />'.repeat(12)}</head><body><div id="root"></div></body></html>`;

async function writeWithEncodings(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

const get = (url: string, acceptEncoding?: string) =>
  web.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

beforeAll(async () => {
  h = await createHarness();
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-web-dist-'));
  await writeWithEncodings(path.join(webDist, 'index.html'), INDEX);
  await writeWithEncodings(path.join(webDist, 'assets/app-Ab12Cd34.js'), SCRIPT);
  await writeWithEncodings(path.join(webDist, 'assets/app-Ef56Gh78.css'), STYLE);
  await writeWithEncodings(path.join(webDist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4"/>'.repeat(40)}</svg>`);
  await fs.mkdir(path.join(webDist, 'media'));
  await fs.writeFile(path.join(webDist, 'media/swab-test.webm'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]));
  web = await buildApp({ ...h.ctx, config: { ...h.ctx.config, webDist } }, { logger: false, serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await h.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each([
    ['/assets/app-Ab12Cd34.js', SCRIPT, /javascript/],
    ['/assets/app-Ef56Gh78.css', STYLE, /^text\/css/],
  ])('sends %s as its brotli or gzip file, cached for a year as immutable', async (url, text, type) => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(url, accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(type);
      expect(decode(encoding, res.rawPayload)).toBe(text);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers the app’s pages with index.html, compressed and revalidated on every visit', async () => {
    for (const url of ['/login', '/patient/dashboard', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(decode('br', res.rawPayload)).toBe(INDEX);
      expect(res.headers['cache-control']).toBe(CACHE_CONTROL.html);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('keeps a day’s caching for files with stable names: the favicon compressed, the swab video as it is', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const video = await get('/media/swab-test.webm', 'br, gzip');
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves the identity pages compressed and never stored', async () => {
    const res = await get('/identity/sign-in', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', res.rawPayload)).toMatch(/<form/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer on the fly, brotli or gzip as accepted, and leaves it uncached', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/api/docs/json', accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      const doc = JSON.parse(decode(encoding, res.rawPayload)) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
      expect(res.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 4);
    }
  });

  it('sends a small answer as it is, still varying on Accept-Encoding', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets scripts open WebSockets to the app’s own origin only', async () => {
    const res = await get('/api/health');
    const directives = String(res.headers['content-security-policy']).split(';').map((d) => d.trim());
    const connectSrc = directives.find((d) => d.startsWith('connect-src '))!.split(' ').slice(1);
    expect(connectSrc).toEqual(["'self'", webSocketOrigin(h.ctx.config.publicUrl)]);
    expect(webSocketOrigin('http://localhost:8080')).toBe('ws://localhost:8080');
    expect(webSocketOrigin('https://vireo.example.org/')).toBe('wss://vireo.example.org');
  });
});

describe('request log', () => {
  async function logLines(level: string, urls: string[]): Promise<{ msg: string; req?: { route?: string }; res?: { statusCode?: number } }[]> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
    app.get('/api/health', async () => ({ success: true }));
    app.get('/api/things', async () => ({ success: true }));
    app.get('/api/broken', async () => {
      throw new Error('broken');
    });
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.close();
    return lines.map((line) => JSON.parse(line) as { msg: string });
  }

  it('writes no line per request at the default level', async () => {
    expect(await logLines('info', ['/api/things', '/api/health', '/api/things'])).toEqual([]);
  });

  it('writes request lines at debug, never for health checks', async () => {
    const lines = await logLines('debug', ['/api/health', '/api/things', '/api/health']);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('the log of a started app', () => {
  it('holds no line for health checks nor for requests at the default level, and writes JSON when not on a terminal', async () => {
    const lines: string[] = [];
    const app = await createHarness({}, { logStream: { write: (line) => void lines.push(line) } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await app.call('GET', '/api/health')).status).toBe(200);
      expect((await app.call('GET', '/api/login/session')).status).toBe(401);
      app.app.log.info('marker');
    } finally {
      await app.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: { route?: string } });
    expect(entries.filter((entry) => entry.req?.route === '/api/health' || /request/.test(entry.msg))).toEqual([]);
    expect(entries.map((entry) => entry.msg)).toContain('marker');
  });
});
