// @module-tag wall-clock
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, signInOn, startServerProcess, type ServerProcess } from '../../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

async function api(server: ServerProcess, method: string, path: string, token: string) {
  const res = await fetch(`${server.url}/api/booking${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

const idsOf = (body: { appointments: { id: string }[] }) => body.appointments.map((a) => a.id);

describe.skipIf(!onPostgres)('list pages kept in memory across two server processes (runs on PostgreSQL only)', () => {
  it('a change by the other process, or by hand, shows on the next read of a list this process answered from memory', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused' };
    const servers: ServerProcess[] = [];
    const db = new pg.Client({ connectionString: scratch.url });
    try {
      const a = await startServerProcess(env);
      servers.push(a);
      const b = await startServerProcess(env);
      servers.push(b);
      await db.connect();
      const token = await signInOn(a, 'practitioner@demo.test');
      {
        const { rows: [practitioner] } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'practitioner@demo.test'`);
        const day = Math.floor(Date.now() / 86_400_000) * 86_400 + 20 * 86_400;
        const start = new Date((day + 10 * 3_600) * 1000);
        const { rows: [appointment] } = await db.query<{ id: string }>(
          `INSERT INTO appointments (type, status, start_time, end_time, status_last_updated, language, offered_services, offered_languages, practitioner_user_id, claimable_slot, paid, created_at)
           VALUES ('video_gp', 'WAITING', $1, $2, now(), 'EN', ARRAY['video_gp'], ARRAY['EN'], $3, false, true, now()) RETURNING id`,
          [start, new Date(start.getTime() + 20 * 60_000), practitioner!.id],
        );
        const id = appointment!.id;
        await db.query(`INSERT INTO booking_users (appointment_id, position, first_name, last_name, email, date_of_birth, created_at) VALUES ($1, 0, 'Cached', 'Before', 'cached@example.test', 0, now())`, [id]);
        const own = `/practitioner?date_from=${day}&date_to=${day + 86_400}`;
        const claimable = `/getclaimappointments?date_from=${day}&date_to=${day + 86_400}`;
        // B reads each list twice: the second answer comes from its memory.
        for (let i = 0; i < 2; i++) {
          expect(idsOf((await api(b, 'GET', own, token)).body)).toContain(id);
          expect(idsOf((await api(b, 'GET', claimable, token)).body)).not.toContain(id);
        }

        expect((await api(a, 'POST', `/${id}/release`, token)).status).toBe(200);
        expect(idsOf((await api(b, 'GET', own, token)).body)).not.toContain(id);
        const released = (await api(b, 'GET', claimable, token)).body;
        expect(idsOf(released)).toContain(id);
        expect(released.appointments.find((x: { id: string }) => x.id === id).booking_users[0].last_name).toBe('Before');

        await db.query(`UPDATE booking_users SET last_name = 'After' WHERE appointment_id = $1`, [id]);
        const renamed = (await api(b, 'GET', claimable, token)).body;
        expect(renamed.appointments.find((x: { id: string }) => x.id === id).booking_users[0].last_name).toBe('After');

        // Each of the practitioner's reads of the appointment in this window is on one record.
        const { rows: audits } = await db.query<{ read_count: number }>(
          `SELECT read_count FROM audit_events WHERE resource_id = $1 AND actor_user_id = $2 AND window_start IS NOT NULL`,
          [id, practitioner!.id],
        );
        expect(audits.length).toBeGreaterThanOrEqual(1);
        expect(audits.length).toBeLessThanOrEqual(2);
      }
    } finally {
      await db.end().catch(() => undefined);
      await Promise.all(servers.map((server) => server.stop()));
      await scratch.drop();
    }
  }, 180_000);
});
