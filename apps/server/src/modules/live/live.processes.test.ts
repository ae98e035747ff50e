import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@vireo/contracts';
import { LiveTestClient } from '../../test/live-client';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const auth = await fetch(`${server.url}/api/login/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Vireo-demo-2026' }),
  });
  expect(auth.status).toBe(200);
  const { token: oneTime } = (await auth.json()) as { token: string };
  const exchanged = await fetch(`${server.url}/api/login/token/${oneTime}`);
  expect(exchanged.status).toBe(200);
  return ((await exchanged.json()) as { token: string }).token;
}

const socketUrl = (server: ServerProcess) => `${server.url.replace('http:', 'ws:')}/api/live`;

describe.skipIf(!onPostgres)('live updates across two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('signing out on process A reaches that session’s socket on process B, and no one else’s', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused' };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const practitionerToken = await signIn(a, 'practitioner@demo.test');
      const shiftManagerToken = await signIn(b, 'shift.manager@demo.test');

      const practitionerOnB = await LiveTestClient.signedIn(socketUrl(b), practitionerToken, ['appointments']);
      const shiftManagerOnB = await LiveTestClient.signedIn(socketUrl(b), shiftManagerToken, ['appointments']);
      const practitionerOnA = await LiveTestClient.signedIn(socketUrl(a), practitionerToken);

      const logout = await fetch(`${a.url}/api/login/logout`, { method: 'POST', headers: { authorization: `Bearer ${practitionerToken}` } });
      expect(logout.status).toBe(200);

      for (const client of [practitionerOnB, practitionerOnA]) {
        expect(await client.next()).toEqual({ type: 'event', topic: 'session', kind: 'session.revoked', data: { reason: 'signed_out' } });
        expect(await client.closed).toEqual({ code: LIVE_CLOSE.sessionInvalid, reason: 'Signed out' });
      }
      await shiftManagerOnB.ping();
      await shiftManagerOnB.close();
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch.drop();
    }
  }, 120_000);
});
