import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, signInOn, startServerProcess, type ServerProcess } from '../../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

async function call(server: ServerProcess, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The first row a query answers once it answers one, polling. */
async function eventually<T>(db: pg.Client, query: string, within = 200_000): Promise<T | undefined> {
  const deadline = Date.now() + within;
  for (;;) {
    const { rows } = await db.query(query);
    if (rows.length > 0 || Date.now() > deadline) return rows[0] as T | undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.skipIf(!onPostgres)('the processor across server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('a worker killed (kill -9) mid-run loses nothing: another process retries the run, which finishes once and sends nothing twice', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    // The HTTP node's endpoint holds the first request (the worker is killed while waiting) and answers the rest.
    const requests: { key: string | undefined }[] = [];
    const held: http.ServerResponse[] = [];
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const hook = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests.push({ key: req.headers['idempotency-key'] as string | undefined });
        if (requests.length === 1) {
          held.push(res);
          arrived();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    // A lease of 3 s (a minute in production): it has passed by the time B has started, so B's first sweep takes the run.
    const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused', PROCESSOR_ALLOW_PRIVATE_HOSTS: 'true', PROCESSOR_RUN_LEASE_SECONDS: '3' };
    const servers: ServerProcess[] = [];
    const db = new pg.Client({ connectionString: scratch.url });
    try {
      const a = await startServerProcess(env);
      servers.push(a);
      await db.connect();
      const admin = await signInOn(a, 'admin@demo.test');
      const orgs = await call(a, admin, 'GET', '/processor/organisation');
      const organisationId = (orgs.body.organisations as { id: string; name: string }[]).find((o) => o.name === 'Vireo')!.id;
      const template = await call(a, admin, 'POST', '/processor/templates', { name: 'Paid', subject_en: 'Paid {{order_id}}', body_en: 'Order {{order_id}} is paid.', subject_de: 'Bezahlt', body_de: 'Bezahlt' });
      expect(template.status).toBe(201);
      const created = await call(a, admin, 'POST', '/processor/task', { event: 'order.payment.complete', organisation_id: organisationId });
      expect(created.status).toBe(201);
      const taskId = created.body.task.id as string;
      const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}-${target}-${targetPort}`, source, sourcePort, target, targetPort });
      // Start, template and recipient feed the e-mail; the recipient also feeds the HTTP node, which runs after the e-mail.
      const graph = {
        nodes: [
          { id: 'start', kind: 'event.start', params: {} },
          { id: 'tpl', kind: 'template.email', params: { template_id: template.body.template.id } },
          { id: 'who', kind: 'data.static', params: { value: { email: 'kill9@example.test' } } },
          { id: 'mail', kind: 'email.send', params: {} },
          { id: 'hook', kind: 'http.request', params: { url: hookUrl, timeout_ms: 30_000 } },
        ],
        edges: [edge('start', 'data', 'mail', 'data'), edge('tpl', 'template', 'mail', 'template'), edge('who', 'data', 'mail', 'recipient'), edge('who', 'data', 'hook', 'body')],
      };
      const saved = await call(a, admin, 'PUT', `/processor/task/${taskId}`, { description: 'kill -9', enabled: true, task: graph });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      const raised = await call(a, admin, 'POST', '/commerce/v1/processor/event/run', { organisation_id: organisationId, event: 'order.payment.complete', context: { order_id: 'KILL-9' } });
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      await firstArrived;
      // A's worker has sent the e-mail and waits on the HTTP node: killed now, mid-run.
      const mails = `SELECT recipient FROM messages WHERE template = 'processor.Paid'`;
      expect((await db.query(mails)).rows).toEqual([{ recipient: 'kill9@example.test' }]);
      await a.kill();
      const { rows: during } = await db.query(`SELECT status, attempts FROM processor_runs WHERE task_id = $1`, [taskId]);
      expect(during).toEqual([{ status: 'running', attempts: 1 }]);

      // B sweeps for runs whose lease lapsed (at its start, then every minute) and finishes it.
      const b = await startServerProcess(env);
      servers.push(b);
      const run = await eventually<{ id: string; status: string; attempts: number }>(db, `SELECT id, status, attempts FROM processor_runs WHERE task_id = '${taskId}' AND status <> 'running' AND status <> 'queued'`);
      expect(run).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect((await db.query(`SELECT count(*)::int AS n FROM processor_runs WHERE task_id = $1`, [taskId])).rows).toEqual([{ n: 1 }]);
      // The e-mail node's stored output was reused and its idempotency key claimed once: one e-mail.
      expect((await db.query(mails)).rows).toHaveLength(1);
      expect((await db.query(`SELECT key FROM processor_sends WHERE run_id = $1`, [run!.id])).rows).toEqual([{ key: `${run!.id}:mail:0` }]);
      // The HTTP node was tried again with the same idempotency key, so its receiver can tell it is the same call.
      expect(requests).toEqual([{ key: `${run!.id}:hook` }, { key: `${run!.id}:hook` }]);
      const { rows: entries } = await db.query(`SELECT message FROM processor_run_logs WHERE run_id = $1 ORDER BY id`, [run!.id]);
      expect(entries.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining(['Run started (try 1).', 'Run started (try 2).', 'Run succeeded.']));
    } finally {
      for (const res of held) res.destroy();
      await db.end().catch(() => undefined);
      await Promise.all(servers.map((server) => server.stop()));
      await new Promise((resolve) => hook.close(resolve));
      await scratch.drop();
    }
  }, 300_000);
});
