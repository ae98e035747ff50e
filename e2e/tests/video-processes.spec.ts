import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest } from '@playwright/test';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../../apps/server/src/test/processes';
import { createPractitioner, PRACTITIONER_PASSWORD as PASSWORD } from '../accounts';
import { signInTo, test } from '../fixtures';
import { bookedAppointment, callStatus, expectRemoteVideoPlaying, newContext, statusOf } from '../video-call';

/**
 * The call with its two parties on different server processes of one PostgreSQL database (the
 * machine's, as the API suite's PostgreSQL run uses): signalling, join and call states travel
 * between the processes through LISTEN/NOTIFY. The run's own e2e server is not involved.
 */

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let servers: ServerProcess[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = await createScratchDatabase(databaseUrl);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-e2e-processes-'));
  const env = { DATABASE_URL: scratch.url, VIREO_SEED_DEMO: 'true', DATA_DIR: dataDir, LOGIN_ATTEMPTS_PER_IP: '1000', BOOKING_HOLDS_PER_ADDRESS: '1000' };
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (servers.length !== 2) throw new Error('a server process did not start');
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await scratch?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

test('a practitioner on one server process and a customer on another see each other, and hang-up completes', async ({ browser }) => {
  test.setTimeout(300_000);
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const api = await playwrightRequest.newContext({ baseURL: a.url });
  const practitioner = await createPractitioner(api);
  const appointment = await bookedAppointment(api, practitioner);

  const practitionerContext = await newContext(browser, a.url);
  const practitionerPage = await practitionerContext.newPage();
  await signInTo(practitionerPage, practitioner.email, `/practitioner/video-appointment?appointmentId=${appointment.id}`, PASSWORD);
  await expect(callStatus(practitionerPage)).toHaveText('Waiting for the customer to join…', { timeout: 60_000 });

  const customerContext = await newContext(browser, b.url);
  const customerPage = await customerContext.newPage();
  await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
  await expect(customerPage.getByRole('heading', { name: 'Your video appointment' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => statusOf(api, practitioner, appointment.id)).toBe('PATIENT_ATTENDED');

  await expectRemoteVideoPlaying(practitionerPage);
  await expectRemoteVideoPlaying(customerPage);
  await expect(callStatus(practitionerPage)).toHaveText('Connected');
  await expect(callStatus(customerPage)).toHaveText('Connected');

  await practitionerPage.getByRole('button', { name: 'Hang up' }).click();
  await practitionerPage.getByRole('dialog').getByRole('button', { name: 'End call' }).click();
  await expect(callStatus(customerPage)).toHaveText('The call has ended.');
  await expect.poll(() => statusOf(api, practitioner, appointment.id)).toBe('COMPLETED');

  await practitionerContext.close();
  await customerContext.close();
  await api.dispose();
});
