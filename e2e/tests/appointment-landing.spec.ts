import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createPractitioner, farDay, PRACTITIONER_PASSWORD as PASSWORD, uniqueSuffix, type Practitioner } from '../accounts';
import { expectAccessible, signInTo, test } from '../fixtures';
import { mailbox } from '../mailbox';

/**
 * The customer's video appointment landing page (/appointment, spec 2 §2.3, §4.1, §9). Each test books
 * its own appointment on a shift of its own practitioner, months ahead, and moves the page's clock
 * (Playwright's `page.clock`) to the instant it needs; the server keeps the real time, at which the
 * link is valid. Chromium's fake camera and microphone (playwright.config.ts) feed the device check.
 */

const KIT_SERVICE = 'video_gp_vireo';
const CONSULTATION = 'video_gp';
const PRICES: Record<string, number> = { [KIT_SERVICE]: 2900, [CONSULTATION]: 4500 };
const HOUR = 3600;

interface Booking {
  id: string;
  shortToken: string;
  start: number;
  practitioner: Practitioner;
  email: string;
}

/** A 20-minute shift of a new practitioner at `start` and its slot booked by a customer: the confirmation e-mail's join link. */
async function book(request: APIRequestContext, service: string, start = farDay()): Promise<Booking> {
  const practitioner = await createPractitioner(request);
  const headers = { authorization: `Bearer ${practitioner.token}` };
  const shift = await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: [service], languages: ['EN'] } });
  expect(shift.status()).toBe(201);
  const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
  const { appointments } = (await list.json()) as { appointments: { id: string; status: string }[] };
  const slot = appointments.find((a) => a.status === 'AVAILABLE')!;
  const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
  expect(held.status()).toBe(200);
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const email = `e2e-landing-customer-${uniqueSuffix()}@example.test`;
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    data: {
      hold_token: holdToken,
      amount: PRICES[service],
      card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
      billing_details: {
        first_name: 'Imogen',
        last_name: 'Hale',
        email,
        phone: '+44 7911 123456',
        dateOfBirth: '14-02-1990',
        street_address: '12 Harbour Street',
        locality: 'Whitby',
        postal_code: 'YO21 3PU',
      },
      toc_accept: true,
      service,
    },
  });
  expect(paid.status()).toBe(201);
  const { short_token: shortToken, confirmation } = (await paid.json()) as { short_token: string; confirmation: { id: string } };
  return { id: confirmation.id, shortToken, start, practitioner, email };
}

/** The first visit loads the page's code and texts; on a busy shared test machine that can take a while. */
const FIRST_LOAD = 30_000;

const landing = (booking: Booking, extra: Record<string, string> = {}) =>
  `/appointment?${new URLSearchParams({ appointmentId: booking.id, short_token: booking.shortToken, ...extra }).toString()}`;

/** Opens the landing page with the page's clock at `secondsFromStart` of the appointment's start. */
async function openAt(page: Page, booking: Booking, secondsFromStart: number, extra: Record<string, string> = {}) {
  await page.clock.install({ time: new Date((booking.start + secondsFromStart) * 1000) });
  await page.goto(landing(booking, extra));
  await expect(page.getByRole('heading', { level: 1, name: 'Your video appointment' })).toBeVisible({ timeout: FIRST_LOAD });
}

const quietSpace = (page: Page) => page.getByRole('radiogroup', { name: 'Are you in a quiet space where you can talk without being disturbed?' });
const testKit = (page: Page) => page.getByRole('radiogroup', { name: 'Do you have your test kit with you?' });
const countdown = (page: Page) => page.getByRole('timer', { name: 'Time until your appointment starts' });
const LATE = 'We are sorry, your practitioner is running late. Please stay with us: they will be with you as soon as possible.';

test.describe('video appointment landing page (/appointment)', () => {
  // Each test first creates a practitioner, a shift and a paid booking.
  test.describe.configure({ timeout: 120_000 });
  test('a cancelled appointment, a wrong link and a missing link show the cancelled notice', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    const deleted = await request.delete(`/api/booking/${booking.id}?action=delete&actor=patient`, { headers: { 'x-short-token': booking.shortToken } });
    expect(deleted.status()).toBe(200);
    await page.goto(landing(booking));
    await expect(page.getByText('This appointment has been cancelled.')).toBeVisible({ timeout: FIRST_LOAD });
    await expect(page.getByLabel('Camera', { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(landing({ ...booking, shortToken: 'x'.repeat(43) }));
    await expect(page.getByText('This appointment has been cancelled.')).toBeVisible();
    await page.goto(`/appointment?appointmentId=${booking.id}`);
    await expect(page.getByText('This appointment has been cancelled.')).toBeVisible();
  });

  test('more than 30 minutes ahead only the appointment shows; 30 minutes before, the device check opens', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    const apiCalls: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/')) apiCalls.push(call.url());
    });
    await openAt(page, booking, -2 * HOUR);
    const summary = page.getByRole('region', { name: 'Your appointment' });
    await expect(summary.getByRole('row', { name: /Time zone Europe\/London/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Date / })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Time \d\d:\d\d – \d\d:\d\d/ })).toBeVisible();
    await expect(page.getByText('Please click your appointment link at least 5 minutes before the start.')).toBeVisible();
    await expect(page.getByText(/Your appointment starts in more than 30 minutes/)).toBeVisible();
    await expect(page.getByLabel('Camera', { exact: true })).toHaveCount(0);
    await expect(quietSpace(page)).toHaveCount(0);
    await expectAccessible(page);

    // Without a reload, the page opens the check when the start comes within 30 minutes.
    await page.clock.fastForward('01:31:00');
    await expect(page.getByLabel('Camera', { exact: true })).toBeVisible();
    await expect(page.getByText(/Your appointment starts in more than 30 minutes/)).toHaveCount(0);
    // The link token only ever travelled in the x-short-token header.
    expect(apiCalls.filter((url) => url.includes(booking.shortToken))).toEqual([]);
  });

  test('device check with preview and level meter, the kit question, the countdown, the late apology and Join', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await openAt(page, booking, -10 * 60);
    await expect(countdown(page)).toHaveText(/^(09|10):\d\d$/);

    const preview = page.getByLabel('Your camera preview');
    await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: FIRST_LOAD }).toBeGreaterThan(0);
    const camera = page.getByLabel('Camera', { exact: true });
    await expect(camera.locator('option')).not.toHaveCount(0);
    await expect(page.getByLabel('Microphone', { exact: true }).locator('option')).not.toHaveCount(0);

    await expect(page.getByText('You are ready for your appointment')).toHaveCount(0);
    await quietSpace(page).getByLabel('Yes').check();
    // Chromium's fake microphone beeps: the meter rises above zero.
    const meter = page.getByRole('progressbar', { name: 'Microphone level' });
    await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);

    await expect(page.getByText('You are ready for your appointment')).toHaveCount(0);
    await testKit(page).getByLabel('No').check();
    await expect(page.getByText('Please have your unopened test kit with you: your practitioner will guide you through the test.')).toBeVisible();
    await expect(page.getByText('You are ready for your appointment')).toHaveCount(0);
    await testKit(page).getByLabel('Yes').check();
    await expect(page.getByText('You are ready for your appointment')).toBeVisible();
    await expectAccessible(page);

    // Ten minutes on: the start has come; 180 seconds past it the apology.
    await page.clock.fastForward('10:00');
    await expect(page.getByText('Your appointment is starting. Your practitioner will be with you shortly.')).toBeVisible();
    await expect(countdown(page)).toHaveCount(0);
    await expect(page.getByText(LATE)).toHaveCount(0);
    await page.clock.fastForward('03:01');
    await expect(page.getByText(LATE)).toBeVisible();

    const chosenCamera = await camera.inputValue();
    await page.getByRole('button', { name: 'Join Appointment' }).click();
    await expect.poll(() => visited.some((url) => new URL(url).pathname === '/appointment/call')).toBe(true);
    const call = new URL(visited.find((url) => new URL(url).pathname === '/appointment/call')!);
    expect(Object.fromEntries(call.searchParams)).toEqual({ appointmentId: booking.id, short_token: booking.shortToken });
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('vireo.video.devices'))) ?? 'null') as { videoDeviceId?: string; audioDeviceId?: string };
    expect(stored.videoDeviceId).toBe(chosenCamera);
    expect(typeof stored.audioDeviceId).toBe('string');
  });

  test('a consultation without a kit asks no kit question; skiptime=true opens the check a day ahead', async ({ page, request }) => {
    const booking = await book(request, CONSULTATION);
    await openAt(page, booking, -24 * HOUR, { skiptime: 'true' });
    await expect(page.getByLabel('Camera', { exact: true })).toBeVisible();
    await expect(countdown(page)).toHaveText(/^\d{4}:\d\d$/);
    await quietSpace(page).getByLabel('No').check();
    await expect(page.getByText('Please find a quiet, private place before your appointment starts.')).toBeVisible();
    await quietSpace(page).getByLabel('Yes').check();
    await expect(page.getByText('You are ready for your appointment')).toBeVisible();
    await expect(testKit(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Join Appointment' })).toBeVisible();
  });

  test('a browser without WebRTC goes to /unsupported-browser', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'RTCPeerConnection');
      Reflect.deleteProperty(window, 'webkitRTCPeerConnection');
    });
    await page.goto(landing(booking));
    await expect(page).toHaveURL('/unsupported-browser', { timeout: FIRST_LOAD });
    await expect(page.getByRole('heading', { name: 'Your browser is not supported' })).toBeVisible();
  });
});

test.describe('practitioner face-to-face appointment page (/practitioner/face-to-face-appointment)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows the customer details, the customer coming online live, copies the joining link and e-mails the alternative link', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInTo(page, booking.practitioner.email, `/practitioner/face-to-face-appointment?appointmentId=${booking.id}`, PASSWORD);
    // The page's code and texts load on first visit; the shared test machine can be slow.
    await expect(page.getByRole('heading', { level: 1, name: /^Face-to-face appointment/ })).toBeVisible({ timeout: FIRST_LOAD });
    const panel = page.getByRole('region', { name: 'Customer details' });
    await expect(panel.getByText('Vireo video-guided antigen test')).toBeVisible();
    const person = panel.getByRole('region', { name: 'Person 1' });
    await expect(person.getByText('Imogen Hale')).toBeVisible();
    await expect(person.getByText('14-02-1990')).toBeVisible();
    await expect(person.getByText(booking.email)).toBeVisible();
    await expect(person.getByText('12 Harbour Street, Whitby, YO21 3PU')).toBeVisible();
    await expect(person.getByText('+44 7911 123456')).toBeVisible();
    // The call widget rings the customer's open page (voice.spec.ts): ready once its token has come.
    await expect(person.getByRole('button', { name: 'Call Imogen Hale' })).toBeEnabled();
    await expect(panel.getByText('Customer offline')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join on alternative video link' })).toHaveCount(0);
    await expectAccessible(page);

    // The customer joins the call: the dot turns without a reload.
    const joined = await request.post(`/api/booking/${booking.id}/join`, { headers: { 'x-short-token': booking.shortToken }, data: { booking_id: booking.id } });
    expect(joined.status()).toBe(200);
    await expect(panel.getByText('Customer online')).toBeVisible();

    await panel.getByRole('button', { name: 'Copy joining link' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(page.url()).origin}/appointment?appointmentId=${booking.id}`);

    await panel.getByRole('button', { name: 'Email Alternative Link to Customer' }).click();
    await expect(page.getByText('Alternative Link has been sent successfully')).toBeVisible();
    const alternative = panel.getByRole('link', { name: 'Join on alternative video link' });
    await expect(alternative).toHaveAttribute('href', /^https:\/\/meet\.example\.test\/vireo-[0-9a-f-]{36}$/);
    const href = (await alternative.getAttribute('href'))!;
    // The booking's own confirmation may still be on its way to the same address: wait for the one with the link.
    const mail = await mailbox.waitFor(booking.email, (m) => m.text.includes(href));
    expect(mail.text).toContain(`/appointment?appointmentId=${booking.id}&short_token=${booking.shortToken}`);
  });

  test('another practitioner’s appointment is not found', async ({ page, request }) => {
    const booking = await book(request, KIT_SERVICE);
    const stranger = await createPractitioner(request);
    await signInTo(page, stranger.email, `/practitioner/face-to-face-appointment?appointmentId=${booking.id}`, PASSWORD);
    await expect(page.getByText('Cannot find appointment details').first()).toBeVisible({ timeout: FIRST_LOAD });
    await expect(page.getByText('Imogen Hale')).toHaveCount(0);
  });
});
