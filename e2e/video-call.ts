import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { farDay, uniqueSuffix, type Practitioner } from './accounts';

/**
 * The video call's browser-test helpers: a booked appointment, peer connections recorded by an
 * init script, and the call's media read from getStats (video frames decoded, audio energy).
 */

const SERVICE = 'video_gp_vireo';

/**
 * A slot of the practitioner's, booked through the public wizard's API: its id and the link token.
 * With `customer`, booked by that signed-in customer (their account is the booking's), with their
 * e-mail. Either way the booking user is Ada Lovelace, with a phone number, unless `bookingUsers` names the people.
 */
export async function bookedAppointment(
  request: APIRequestContext,
  practitioner: Practitioner,
  customer?: { token: string; email: string },
  /** The people on the booking, when not the payer alone (the payment's booking_users). */
  bookingUsers?: Record<string, unknown>[],
  /** The slot's start (epoch seconds, on a 20-minute boundary); a far day by default. */
  start: number = farDay(),
): Promise<{ id: string; shortToken: string; start: number }> {
  const headers = { authorization: `Bearer ${practitioner.token}` };
  const shift = await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: [SERVICE], languages: ['EN'] } });
  expect(shift.status()).toBe(201);
  const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
  const { appointments } = (await list.json()) as { appointments: { id: string; status: string }[] };
  const slot = appointments.find((a) => a.status === 'AVAILABLE')!;
  const asCustomer = customer ? { headers: { authorization: `Bearer ${customer.token}` } } : {};
  const held = await request.post(`/api/booking/${slot.id}/status`, { ...asCustomer, data: { status: 'LOCKED' } });
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    ...asCustomer,
    data: {
      hold_token: holdToken,
      amount: 2900,
      card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
      billing_details: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: customer?.email ?? `e2e-video-customer-${uniqueSuffix()}@example.test`,
        dateOfBirth: '10-12-1985',
        phone: '+44 7911 123456',
      },
      toc_accept: true,
      service: SERVICE,
      ...(bookingUsers ? { booking_users: bookingUsers } : {}),
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { short_token: shortToken } = (await paid.json()) as { short_token: string };
  return { id: slot.id, shortToken, start };
}

/** dd-MM-yyyy HH:mm in London, as the live dashboard's tables show a start. */
export function londonDayTime(seconds: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(seconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
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
export function framesDecoded(page: Page): Promise<number> {
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

/** The energy of the other party's audio received so far (inbound-rtp totalAudioEnergy, read from getStats). */
export function audioEnergy(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter((pc) => pc.connectionState !== 'closed');
    let energy = 0;
    for (const pc of peers) {
      const report = await pc.getStats();
      report.forEach((stat: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'audio') energy += stat.totalAudioEnergy ?? 0;
      });
    }
    return energy;
  });
}

/** How much audio energy the page receives over `ms` milliseconds. */
export async function audioEnergyOver(page: Page, ms: number): Promise<number> {
  const before = await audioEnergy(page);
  await page.waitForTimeout(ms);
  return (await audioEnergy(page)) - before;
}

/** The other party's video is playing: decoded frames keep rising. */
export async function expectRemoteVideoPlaying(page: Page): Promise<void> {
  await expect.poll(() => framesDecoded(page), { timeout: 60_000 }).toBeGreaterThan(5);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
}

/** The call's own status line (the side panel has status regions of its own, such as the customer's online dot). */
export const callStatus = (page: Page) => page.locator('[role="status"][data-phase]');

export async function statusOf(request: APIRequestContext, practitioner: Practitioner, id: string): Promise<string> {
  const res = await request.get(`/api/booking/${id}`, { headers: { authorization: `Bearer ${practitioner.token}` } });
  return ((await res.json()) as { appointment: { status: string } }).appointment.status;
}

/** A browser context allowed camera and microphone that records its peer connections; `baseURL` for another server process. */
export async function newContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'], ...(baseURL ? { baseURL } : {}) });
  await context.addInitScript(recordPeerConnections);
  return context;
}
