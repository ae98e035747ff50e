import { describe, expect, it } from 'vitest';
import { withTwoServers } from '../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('both migrate the same empty database at once, and a session from one works on the other', async () => {
    await withTwoServers(baseUrl!, async (a, b) => {
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
      expect((await fetch(`${a.url}/api/login/session`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await fetch(`${a.url}/api/login/token/${oneTime}`)).status).toBe(401);
    });
  }, 120_000);
});
