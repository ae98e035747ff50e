import { describe, expect, it } from 'vitest';
import { createScratchDatabase, startServerProcess } from '../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('both migrate the same empty database at once, and a session from one works on the other', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused' };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const auth = await fetch(`${a.url}/api/login/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'patient@demo.test', password: 'Vireo-demo-2026' }),
      });
      expect(auth.status).toBe(200);
      const { token: oneTime } = (await auth.json()) as { token: string };
      const exchanged = await fetch(`${b.url}/api/login/token/${oneTime}`);
      expect(exchanged.status).toBe(200);
      const { token } = (await exchanged.json()) as { token: string };
      const session = await fetch(`${a.url}/api/login/session`, { headers: { authorization: `Bearer ${token}` } });
      expect(session.status).toBe(200);
      const replay = await fetch(`${a.url}/api/login/token/${oneTime}`);
      expect(replay.status).toBe(401);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch.drop();
    }
  }, 120_000);
});
