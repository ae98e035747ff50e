/** A server process for the benchmarks, and the load they put on it: `main.ts` as a single node process, so its RSS is the server's own. */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { freePort } from '../apps/server/src/test/processes';

const root = path.resolve(import.meta.dirname, '..');

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  httpUrl: string;
  liveUrl: string;
}

/** Starts a server on `databaseUrl` (no demo data) and waits until /api/health answers. */
export async function startServer(databaseUrl: string, dataDir: string): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', VIREO_SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const httpUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${httpUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!child.pid) throw new Error('server has no pid');
  return { child, pid: child.pid, httpUrl, liveUrl: `ws://127.0.0.1:${port}/api/live` };
}

export async function stopServer(server: BenchServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

export async function rssBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error('VmRSS not found');
  return Number(kib) * 1024;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A session token for `email` on `server`, through the login API and its one-time token. */
export async function signIn(server: { url: string }, email: string, password: string): Promise<string> {
  const auth = await fetch(`${server.url}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!auth.ok) throw new Error(`sign-in failed: ${auth.status}`);
  const { token: oneTime } = (await auth.json()) as { token: string };
  return ((await (await fetch(`${server.url}/api/login/token/${oneTime}`)).json()) as { token: string }).token;
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p95: number;
  failures: number;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

/** What `measure` sends as the n-th request when told: its path and headers of its own (e.g. one code and one client address each). */
export type VaryRequest = (n: number) => { path: string; headers: Record<string, string> };

/**
 * autocannon with `connections` for `durationSeconds`; p95 from every response's time (autocannon itself reports p97.5,
 * not p95). With `vary`, each request's path and extra headers are its.
 */
export function measure(name: string, url: string, token: string | null, load: { connections: number; durationSeconds: number }, vary?: VaryRequest): Promise<Measured> {
  const times: number[] = [];
  let sent = 0;
  const requests = vary && [{ setupRequest: (request: { path: string; headers?: Record<string, string> }) => { const own = vary(sent++); return { ...request, path: own.path, headers: { ...request.headers, ...own.headers } }; } }];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: load.connections, duration: load.durationSeconds, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(requests && { requests }) }, (error, result) => {
      if (error) reject(error);
      else resolve({ name, requestsPerSecond: result.requests.average, p95: p95(times), failures: result.non2xx + result.errors + result.timeouts });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** A statement as the server sends it: its text with $1, $2… and their values. */
export interface PlannedStatement {
  text: string;
  values: unknown[];
}

/**
 * Prints PostgreSQL's plan of each statement (its values written in as literals, as EXPLAIN takes no parameters) and
 * answers how many plans scan one of `tables` sequentially, each marked where it is printed.
 */
export async function printPlans(client: pg.Client, plans: Record<string, PlannedStatement>, tables: readonly string[], print: (line: string) => void): Promise<number> {
  const scan = new RegExp(`Seq Scan on (${tables.join('|')})\\b`);
  let sequential = 0;
  for (const [name, query] of Object.entries(plans)) {
    const literals = query.values.map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`));
    let text = query.text;
    literals.forEach((literal, i) => (text = text.replace(`$${i + 1}`, literal)));
    const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`)).rows.map((line) => line['QUERY PLAN']);
    const scans = plan.some((line) => scan.test(line));
    if (scans) sequential++;
    print(`  -- ${name}${scans ? '   <-- SEQUENTIAL SCAN' : ''}`);
    for (const line of plan) print(`     ${line}`);
  }
  return sequential;
}
