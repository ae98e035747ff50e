import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A fresh, empty PostgreSQL database next to `baseUrl`, dropped by the returned function. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vireo_scratch_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // Clients that are still closing would get FATAL 57P01 from a forced drop: let them go first.
      const deadline = performance.now() + 5_000;
      while (performance.now() < deadline) {
        const { rows } = await admin.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]!.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
  /** kill -9: the process ends at once, mid-whatever it was doing. */
  kill(): Promise<void>;
}

/**
 * Starts `main.ts` as its own process on a free port (its PUBLIC_URL unless `env` names one) and waits
 * until /api/health answers. `logs` passes its warnings and errors through to this process's output.
 */
export async function startServerProcess(env: Record<string, string>, options: { logs?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Node itself with tsx's loader, not the tsx launcher: a signal (kill -9 included) reaches the server, not a wrapper.
  // The IPC channel ends the server with this process, however this process ends (exit-with-parent.ts).
  const preload = path.join(root, 'apps/server/src/test/exit-with-parent.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', preload, path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: options.logs ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.channel?.unref();
  // Two minutes: a first start migrates and seeds the demo data while other processes share the cores.
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error('server process did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/**
 * Two server processes on one fresh PostgreSQL database (seeded with the demo data), handed to
 * `use`, then stopped and the database dropped whatever happens.
 */
export async function withTwoServers(baseUrl: string, use: (a: ServerProcess, b: ServerProcess) => Promise<void>): Promise<void> {
  const scratch = await createScratchDatabase(baseUrl);
  const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused' };
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const [a, b] = servers;
    if (!a || !b) throw new Error('a server process did not start');
    await use(a, b);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
}

/** Signs a demo account in on a server process through the login API; answers the session token. */
export async function signInOn(server: ServerProcess, email: string, password = 'Vireo-demo-2026'): Promise<string> {
  const auth = await fetch(`${server.url}/api/login/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (auth.status !== 200) throw new Error(`sign-in answered ${auth.status}`);
  const { token: oneTime } = (await auth.json()) as { token: string };
  const exchanged = await fetch(`${server.url}/api/login/token/${oneTime}`);
  if (exchanged.status !== 200) throw new Error(`token exchange answered ${exchanged.status}`);
  return ((await exchanged.json()) as { token: string }).token;
}
