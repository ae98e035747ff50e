import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createPractitioner, farDay, PRACTITIONER_PASSWORD as PASSWORD, uniqueSuffix, type Practitioner } from '../accounts';
import { expectAccessible, signIn } from '../fixtures';

/**
 * The video call between a practitioner and a customer, in two browser contexts of Debian's
 * Chromium with fake camera and microphone (playwright.config.ts). The media goes peer to peer over
 * loopback; the signalling over each page's live socket. Each test books its own appointment with
 * a practitioner of its own, on a day months ahead.
 */

const SERVICE = 'video_gp_vireo';

/** A slot of the practitioner's, booked by a customer through the public wizard's API: its id and the link token. */
async function bookedAppointment(request: APIRequestContext, practitioner: Practitioner): Promise<{ id: string; shortToken: string }> {
  const start = farDay();
  const headers = { authorization: `Bearer ${practitioner.token}` };
  const shift = await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: [SERVICE], languages: ['EN'] } });
  expect(shift.status()).toBe(201);
  const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
  const { appointments } = (await list.json()) as { appointments: { id: string; status: string }[] };
  const slot = appointments.find((a) => a.status === 'AVAILABLE')!;
  const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    data: {
      hold_token: holdToken,
      amount: 2900,
      card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
      billing_details: { first_name: 'Ada', last_name: 'Lovelace', email: `e2e-video-customer-${uniqueSuffix()}@example.test`, dateOfBirth: '10-12-1985' },
      toc_accept: true,
      service: SERVICE,
    },
  });
  expect(paid.status()).toBe(201);
  const { short_token: shortToken } = (await paid.json()) as { short_token: string };
  return { id: slot.id, shortToken };
}

/** Keeps every RTCPeerConnection the page makes, so the test can read its statistics as the quality indicator does. */
function recordPeerConnections() {
  const Original = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
  window.RTCPeerConnection = class extends Original {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      peers.push(this);
    }
  };
}

/** The video frames the page has decoded from the other party, read from getStats. */
function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter((pc) => pc.connectionState !== 'closed');
    let frames = 0;
    for (const pc of peers) {
      const report = await pc.getStats();
      report.forEach((stat: { type: string; kind?: string; framesDecoded?: number }) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'video') frames += stat.framesDecoded ?? 0;
      });
    }
    return frames;
  });
}

/** The other party's video is playing: decoded frames keep rising. */
async function expectRemoteVideoPlaying(page: Page): Promise<void> {
  await expect.poll(() => framesDecoded(page), { timeout: 60_000 }).toBeGreaterThan(5);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
}

/** The call's own status line (the side panel has status regions of its own, such as the customer's online dot). */
const callStatus = (page: Page) => page.locator('[role="status"][data-phase]');

async function statusOf(request: APIRequestContext, practitioner: Practitioner, id: string): Promise<string> {
  const res = await request.get(`/api/booking/${id}`, { headers: { authorization: `Bearer ${practitioner.token}` } });
  return ((await res.json()) as { appointment: { status: string } }).appointment.status;
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await context.addInitScript(recordPeerConnections);
  return context;
}

test.describe('video consultation', () => {
  test('practitioner and customer see each other; a network drop is restored; closing the page gives PRACTITIONER_LEFT; hang-up completes', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const practitioner = await createPractitioner(request);
    const appointment = await bookedAppointment(request, practitioner);

    const practitionerContext = await newContext(browser);
    let practitionerPage = await practitionerContext.newPage();
    await signIn(practitionerPage, practitioner.email, PASSWORD);
    await practitionerPage.goto(`/practitioner/video-appointment?appointmentId=${appointment.id}`);
    await expect(callStatus(practitionerPage)).toHaveText('Waiting for the customer to join…', { timeout: 30_000 });
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('PRACTITIONER_ATTENDED');

    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
    await expect(customerPage.getByRole('heading', { name: 'Your video appointment' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('PATIENT_ATTENDED');

    await expectRemoteVideoPlaying(practitionerPage);
    await expectRemoteVideoPlaying(customerPage);
    await expect(callStatus(customerPage)).toHaveText('Connected');
    await expect(callStatus(practitionerPage)).toHaveText('Connected');
    await expect(practitionerPage.getByText(/^Connection: (good|fair|poor)$/)).toBeVisible({ timeout: 15_000 });
    await expect(practitionerPage.getByRole('complementary', { name: 'Appointment details' })).toBeVisible();
    await expectAccessible(practitionerPage);
    await expectAccessible(customerPage);

    // The customer's network drops and returns: the call comes back by itself.
    await customerContext.setOffline(true);
    await customerPage.waitForTimeout(3_000);
    await customerContext.setOffline(false);
    await expect(callStatus(customerPage)).toHaveText('Connected', { timeout: 30_000 });
    await expectRemoteVideoPlaying(customerPage);
    await expectRemoteVideoPlaying(practitionerPage);

    // The practitioner closes the page: PRACTITIONER_LEFT about 2 seconds later, and the customer is told.
    const closedAt = Date.now();
    await practitionerPage.close();
    await expect(callStatus(customerPage)).toHaveText('Waiting for the practitioner to join…');
    await expect.poll(() => statusOf(request, practitioner, appointment.id), { intervals: [250] }).toBe('PRACTITIONER_LEFT');
    const leftAfterMs = Date.now() - closedAt;
    expect(leftAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(leftAfterMs).toBeLessThan(8_000);
    test.info().annotations.push({ type: 'PRACTITIONER_LEFT after', description: `${leftAfterMs} ms` });

    // Back in the room, the practitioner ends the call: no results yet, so they are warned first.
    practitionerPage = await practitionerContext.newPage();
    await practitionerPage.goto(`/practitioner/video-appointment?appointmentId=${appointment.id}`);
    await expectRemoteVideoPlaying(practitionerPage);
    await practitionerPage.getByRole('button', { name: 'Hang up' }).click();
    await expect(practitionerPage.getByRole('dialog')).toContainText('You have not submitted results for all patients.');
    await practitionerPage.getByRole('button', { name: 'End call' }).click();
    await expect(callStatus(practitionerPage)).toHaveText('The call has ended.');
    await expect(callStatus(customerPage)).toHaveText('The call has ended.');
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('COMPLETED');

    await practitionerContext.close();
    await customerContext.close();
  });

  test('pause puts the call on hold and the customer waits', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const practitioner = await createPractitioner(request);
    const appointment = await bookedAppointment(request, practitioner);
    const practitionerContext = await newContext(browser);
    const practitionerPage = await practitionerContext.newPage();
    await signIn(practitionerPage, practitioner.email, PASSWORD);
    await practitionerPage.goto(`/practitioner/video-appointment?appointmentId=${appointment.id}`);
    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
    await expectRemoteVideoPlaying(practitionerPage);

    await practitionerPage.getByRole('button', { name: 'Pause' }).click();
    await expect(callStatus(practitionerPage)).toHaveText('You have left the call. The appointment is on hold.');
    await expect(callStatus(customerPage)).toHaveText('The practitioner has paused the call. Please stay on this page: they will be back shortly.');
    await expect.poll(() => statusOf(request, practitioner, appointment.id)).toBe('ON_HOLD');
    // On hold, leaving does not make it PRACTITIONER_LEFT.
    await practitionerPage.close();
    await customerPage.waitForTimeout(3_000);
    expect(await statusOf(request, practitioner, appointment.id)).toBe('ON_HOLD');
    await practitionerContext.close();
    await customerContext.close();
  });

  test('a browser without RTCPeerConnection goes to /unsupported-browser', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    });
    const page = await context.newPage();
    await page.goto('/appointment/call?appointmentId=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL('/unsupported-browser');
    await context.close();
  });
});
