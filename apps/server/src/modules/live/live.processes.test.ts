import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@vireo/contracts';
import { LiveTestClient } from '../../test/live-client';
import { signInOn as signIn, withTwoServers, type ServerProcess } from '../../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

const socketUrl = (server: ServerProcess) => `${server.url.replace('http:', 'ws:')}/api/live`;

describe.skipIf(!onPostgres)('live updates across two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('signing out on process A reaches that session’s socket on process B, and no one else’s', async () => {
    await withTwoServers(baseUrl!, async (a, b) => {
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
    });
  }, 120_000);
});
