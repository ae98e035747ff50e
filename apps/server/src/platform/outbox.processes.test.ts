import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { TestMailbox } from '../test/mailbox';
import { createScratchDatabase, signInOn, startServerProcess, type ServerProcess } from '../test/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.VIREO_TEST_ON_POSTGRES === 'true' && Boolean(baseUrl);

async function api(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}/api/booking${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The rows a query answers once it answers any: B's delivery commits just after its SMTP conversation ends. */
async function committed(db: pg.Client, query: string, within = 150_000): Promise<unknown[]> {
  const deadline = Date.now() + within;
  for (;;) {
    const { rows } = await db.query(query);
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!onPostgres)('the outbox and its workflow runs across two server processes on one PostgreSQL (runs on PostgreSQL only)', () => {
  it('a process killed (kill -9) while sending a confirmation leaves it to the other, which sends it exactly once', async () => {
    const scratch = await createScratchDatabase(baseUrl!);
    const stuck = await TestMailbox.open();
    const working = await TestMailbox.open();
    stuck.mode = 'hang';
    // A workflow run's lease of 3 s (a minute in production): it has passed by the time B has started.
    const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: '/tmp/vireo-unused', PROCESSOR_RUN_LEASE_SECONDS: '3' };
    const servers: ServerProcess[] = [];
    const db = new pg.Client({ connectionString: scratch.url });
    try {
      const a = await startServerProcess({ ...env, SMTP_URL: stuck.url });
      servers.push(a);
      await db.connect();

      // A slot of the demo practitioner's rota, more than an hour ahead.
      const practitioner = await signInOn(a, 'practitioner@demo.test');
      const from = Math.floor(Date.now() / 1000) + 3600;
      const own = await api(a, 'GET', `/practitioner?date_from=${from}&date_to=${from + 6 * 86_400}`, undefined, practitioner);
      const slot = (own.body.appointments as { id: string; status: string }[]).find((s) => s.status === 'AVAILABLE');
      expect(slot).toBeDefined();
      const held = await api(a, 'POST', `/${slot!.id}/status`, { status: 'LOCKED' });
      expect(held.status).toBe(200);

      // A takes the confirmation at once (the outbox hands appointment.booked to the processor, whose default task
      // sends it) and sticks in its SMTP conversation.
      const sending = stuck.nextConnection();
      const paid = await api(a, 'POST', `/${slot!.id}/payment`, {
        hold_token: held.body.hold_token,
        amount: 2900,
        card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
        billing_details: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada.kill@example.test', phone: '+44 7911 123456', dateOfBirth: '01-06-1985' },
        booking_users: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada.kill@example.test', date_of_birth: Date.UTC(1985, 5, 1) / 1000 }],
        toc_accept: true,
        service: 'video_gp_vireo',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      await sending;

      await a.kill();
      // A's run is left under its lease; once that has passed, B's sweep (at its start, then every minute) takes it up.
      const b = await startServerProcess({ ...env, SMTP_URL: working.url });
      servers.push(b);

      const recorded = await committed(db, `SELECT recipient, status FROM messages WHERE template = 'booking.confirmed'`);
      expect(recorded).toEqual([{ recipient: 'ada.kill@example.test', status: 'sent' }]);
      const deliveries = await db.query(`SELECT d.attempts, d.delivered_at IS NOT NULL AS delivered FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.event = 'appointment.booked' AND d.handler = 'booking.confirmation-mail'`);
      expect(deliveries.rows).toEqual([{ attempts: 1, delivered: true }]);
      expect(working.received).toHaveLength(1);
      expect(working.received[0]!.raw).toContain(paid.body.confirmation.reference);
      expect(stuck.received).toHaveLength(0);
    } finally {
      await db.end().catch(() => undefined);
      await Promise.all(servers.map((server) => server.stop()));
      await stuck.close();
      await working.close();
      await scratch.drop();
    }
  }, 240_000);
});
