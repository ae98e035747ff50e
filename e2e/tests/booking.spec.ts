import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, signInTo, startServer, test } from '../fixtures';
import { londonDay } from '../purchase-codes';
import type { ServerProcess } from '../../apps/server/src/test/processes';

/** The public service of the product ('video_gp_{product}', £29) and the test gateway's cards (README). */
const SERVICE = 'video_gp_vireo';
const APPROVED_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

const slotButtons = (page: Page) => page.getByRole('group', { name: 'Available times' }).getByRole('button');
const holdTimer = (page: Page) => page.getByRole('timer', { name: 'Time left to complete your booking' });

/**
 * Chooses a time and waits for the server's hold. Tests take different positions in the list so
 * that parallel workers rarely reach for the same slot of the shared demo rota.
 */
async function chooseSlot(page: Page, position: number): Promise<string> {
  await expect(slotButtons(page).first()).toBeVisible();
  const count = await slotButtons(page).count();
  const held = page.waitForResponse((response) => /\/api\/booking\/[^/]+\/status$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST');
  await slotButtons(page).nth(Math.min(position, count - 1)).click();
  const response = await held;
  expect(response.status()).toBe(200);
  await expect(holdTimer(page)).toHaveText(/^\d\d:\d\d$/);
  return new URL(response.url()).pathname.split('/')[3]!;
}

async function fillBasicInformation(page: Page, email: string) {
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('L');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Telephone').fill('x');
  await expect(next).toBeDisabled();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Last name').blur();
  await page.getByLabel('E-mail').blur();
  await expect(page.getByText('Input is invalid')).toBeVisible();
  await expect(page.getByText('Input email is invalid')).toBeVisible();
  await expect(page.getByText('Input telephone is invalid')).toBeVisible();
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Telephone').fill('07911 123456');
  await page.getByLabel('E-mail').fill(email);
  await expect(next).toBeEnabled();
  await next.click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Address line 1').fill('1 Queen Square');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByLabel('Postcode').fill('BS1 4LH');
}

const uniqueEmail = (label: string) => `booking-${label}-${Date.now()}@example.test`;

test.describe('patient booking (/authenticated/book)', () => {
  test('a signed-in patient picks a time, sees the summary and books at no charge', async ({ page }) => {
    await signInTo(page, DEMO.patient, '/authenticated/book');
    await expect(page.getByRole('heading', { level: 1, name: /Book an Appointment/ })).toBeVisible();
    await expect(page.getByRole('main').getByText('Select Date and Time', { exact: true })).toBeVisible();
    await expect(page.getByText(/Times are shown in Europe\/London \((GMT|BST)\)\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    const shown = await slotButtons(page).count();
    expect(shown).toBeLessThanOrEqual(18);
    await expectAccessible(page);

    await chooseSlot(page, 0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Time zone Europe\/London/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Price Covered by your organisation/ })).toBeVisible();
    await expect(holdTimer(page)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('You must accept this acknowledge')).toBeVisible();
    await page.getByLabel('I accept the terms and conditions of the appointment').check();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { name: 'Your Appointment Has Been Booked' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Booking reference VIR-/ })).toBeVisible();
    await expect(holdTimer(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a day lists its first 18 times, and Show more lists the rest', async ({ page }) => {
    await signInTo(page, DEMO.traveller, '/authenticated/book');
    await expect(slotButtons(page).first()).toBeVisible();
    // The demo rota runs 08:00–20:00 (36 slots a day) for a week, so the day after tomorrow has more than 18.
    const now = new Date();
    const later = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2);
    if (later.getMonth() !== now.getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('gridcell', { name: String(later.getDate()), exact: true }).click();
    await expect(slotButtons(page)).toHaveCount(18);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => slotButtons(page).count()).toBeGreaterThan(18);
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });
});

test.describe('public booking wizard (/book)', () => {
  test('without a service the visitor is sent back to the e-mail link', async ({ page }) => {
    await page.goto('/book');
    await expect(page.getByText('Missing details, please book using the link in your email')).toBeVisible();
    await expectAccessible(page);
  });

  test('a visitor books with an approved card and gets the confirmation', async ({ page }) => {
    await page.goto(`/book?service=${SERVICE}`);
    await expect(page.getByRole('main').getByText('Select Time', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await chooseSlot(page, 2);
    const heldTime = (await slotButtons(page).and(page.locator('[aria-pressed="true"]')).textContent()) ?? '';
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expectAccessible(page);
    // Back: the held time is still listed, selected and named.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(slotButtons(page).filter({ hasText: heldTime })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`Your reserved time: `)).toContainText(heldTime);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const email = uniqueEmail('approved');
    await fillBasicInformation(page, email);

    await expect(page.getByRole('row', { name: /Price £29\.00/ })).toBeVisible();
    await fillCard(page, APPROVED_CARD);
    await page.getByLabel('I accept the terms and conditions of the appointment').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay £29.00 and book' }).click();
    await expect(page.getByRole('heading', { name: 'Your Appointment Has Been Booked' })).toBeVisible();
    await expect(page.getByText(`We have sent a confirmation with a calendar invitation to ${email}.`, { exact: false })).toBeVisible();
    await expectAccessible(page);
  });

  test('Discount in the public booking wizard: charged the discounted price, one use counted', async ({ page, request }) => {
    const code = `WIZ${Date.now().toString(36).toUpperCase()}`;
    const admin = { authorization: `Bearer ${(await apiSession(request, DEMO.admin)).token}` };
    const created = await request.post('/api/commerce/v1/discount', { headers: admin, data: { project: 'Booking wizard', code, type: 'percentage', value: 10, active_from: londonDay(0), active_to: londonDay(30), uses: 2 } });
    expect(created.status()).toBe(201);
    const usedTimes = async () => {
      const listed = await request.get(`/api/commerce/v1/discount?filter[code]=${code}`, { headers: admin });
      return ((await listed.json()) as { data: { used_times: number }[] }).data[0]!.used_times;
    };

    await page.goto(`/book?service=${SERVICE}`);
    await chooseSlot(page, 6);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Discount code (optional)').fill('NO-SUCH-CODE');
    await fillBasicInformation(page, uniqueEmail('discount'));
    // A code that cannot be used stays on the step, with the spec's words on its field.
    await expect(page.getByLabel('Discount code (optional)')).toHaveAccessibleDescription('Your code is invalid');
    await expectAccessible(page);
    await page.getByLabel('Discount code (optional)').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(page.getByRole('row', { name: /Price £29\.00/ })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Discount \\(${code.toLowerCase()}\\) −£2\\.90`) })).toBeVisible();
    await expect(page.getByRole('row', { name: /Total to pay £26\.10/ })).toBeVisible();
    await expectAccessible(page);
    await fillCard(page, APPROVED_CARD);
    await page.getByLabel('I accept the terms and conditions of the appointment').check();
    const paid = page.waitForResponse((response) => /\/api\/booking\/[^/]+\/payment$/.test(new URL(response.url()).pathname));
    await page.getByRole('button', { name: 'Pay £26.10 and book' }).click();
    expect(((await (await paid).json()) as { confirmation: { amount: number } }).confirmation.amount).toBe(2610);
    await expect(page.getByRole('heading', { name: 'Your Appointment Has Been Booked' })).toBeVisible();
    expect(await usedTimes()).toBe(1);
  });

  test('a reload during the hold returns to the held time with its countdown; Back and Forward move between steps', async ({ page, request }) => {
    await page.goto(`/book?service=${SERVICE}`);
    const slotId = await chooseSlot(page, 10);
    const heldTime = (await slotButtons(page).and(page.locator('[aria-pressed="true"]')).textContent()) ?? '';
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(/step=details/);
    await fillBasicInformation(page, uniqueEmail('reload'));
    await expect(page).toHaveURL(/step=finish/);
    await expect(page.getByRole('row', { name: /^Time \d/ })).toContainText(heldTime);
    const before = await holdTimer(page).textContent();

    await page.reload();
    await expect(page).toHaveURL(/step=finish/);
    await expect(page.getByRole('row', { name: /^Time \d/ })).toContainText(heldTime);
    await expect(page.getByRole('row', { name: /^Name Ada Lovelace/ })).toBeVisible();
    // The countdown goes on from the server's end of the hold: it did not start again at 30:00.
    await expect(holdTimer(page)).toHaveText(/^\d\d:\d\d$/);
    expect((await holdTimer(page).textContent())! <= before!).toBe(true);
    expect((await holdTimer(page).textContent())!).not.toBe('30:00');
    // Still this visitor's hold: someone else cannot take the time.
    const rival = await request.post(`/api/booking/${slotId}/status`, { data: { status: 'LOCKED' } });
    expect(rival.status()).toBe(409);

    await page.goBack();
    await expect(page).toHaveURL(/step=details/);
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await page.goBack();
    await expect(slotButtons(page).filter({ hasText: heldTime })).toHaveAttribute('aria-pressed', 'true');
    await page.goForward();
    await page.goForward();
    await expect(page.getByRole('button', { name: 'Pay £29.00 and book' })).toBeVisible();
    await expectAccessible(page);
  });

  test('/authenticated/book: a reload during the hold returns to the summary of the held time', async ({ page }) => {
    await signInTo(page, DEMO.patient, '/authenticated/book');
    await chooseSlot(page, 12);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toBeVisible();
    const time = await page.getByRole('row', { name: /^Time \d/ }).textContent();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Time \d/ })).toHaveText(time!);
    await expect(holdTimer(page)).toHaveText(/^\d\d:\d\d$/);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText('Your reserved time: ')).toBeVisible();
  });

  test('a declined card shows the server’s message and keeps the hold', async ({ page, request }) => {
    await page.goto(`/book?service=${SERVICE}`);
    const slotId = await chooseSlot(page, 4);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await fillBasicInformation(page, uniqueEmail('declined'));
    await fillCard(page, DECLINED_CARD);
    await page.getByLabel('I accept the terms and conditions of the appointment').check();
    // An expired card is named at its expiry field, not only as 'Please check your card details.'
    await page.getByLabel('Expiry date (MM/YY)').fill('01/20');
    await page.getByRole('button', { name: 'Pay £29.00 and book' }).click();
    await expect(page.getByText('This card has expired.')).toBeVisible();
    await expect(page.getByLabel('Expiry date (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
    await page.getByRole('button', { name: 'Pay £29.00 and book' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined. Please use another card.' })).toBeVisible();
    await expect(holdTimer(page)).toBeVisible();
    await expectAccessible(page);
    // The slot is still held for this visitor: someone else cannot take it.
    const rival = await request.post(`/api/booking/${slotId}/status`, { data: { status: 'LOCKED' } });
    expect(rival.status()).toBe(409);

    await page.getByLabel('Card number').fill(APPROVED_CARD);
    await page.getByRole('button', { name: 'Pay £29.00 and book' }).click();
    await expect(page.getByRole('heading', { name: 'Your Appointment Has Been Booked' })).toBeVisible();
  });

  test('the euro service speaks German', async ({ page }) => {
    await page.goto('/book?service=video_gp_euro');
    await expect(page.getByRole('main').getByText('Uhrzeit wählen', { exact: true })).toBeVisible();
    await expect(page.getByText(/Die Uhrzeiten sind in Europe\/Berlin/)).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('main').getByText('Select Time', { exact: true })).toBeVisible();
  });
});

interface OpenSlot {
  id: string;
  cost: number;
  start_time: number;
}

/** The open slots of the public service on the day `daysAhead` from today. */
async function openSlots(request: APIRequestContext, daysAhead: number): Promise<OpenSlot[]> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  const date = `${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`;
  const answer = await request.get(`/api/booking/?service=${SERVICE}&date=${date}&validate_users=true`);
  return answer.status() === 200 ? ((await answer.json()) as { slots: OpenSlot[] }).slots : [];
}

/** Holds and pays for a slot through the API, as the wizard does; answers the confirmation e-mail's manage link. */
async function bookThroughApi(request: APIRequestContext, slot: OpenSlot, email: string): Promise<string> {
  const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
  expect(held.status()).toBe(200);
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    data: {
      hold_token: holdToken,
      amount: slot.cost,
      card: { number: APPROVED_CARD, expiration_date: '12/39', cvv: '123' },
      billing_details: { first_name: 'Grace', last_name: 'Hopper', email, phone: '+44 7911 123456', dateOfBirth: '09-12-1986' },
      toc_accept: true,
      service: SERVICE,
    },
  });
  expect(paid.status()).toBe(201);
  const { short_token: shortToken, confirmation } = (await paid.json()) as { short_token: string; confirmation: { id: string } };
  return `/book/manage?${new URLSearchParams({ appointmentId: confirmation.id, short_token: shortToken, service: SERVICE }).toString()}`;
}

/** A booking three days ahead: well before the 24-hour cutoff. */
async function bookAheadThroughApi(request: APIRequestContext, email: string): Promise<string> {
  const slots = await openSlots(request, 3);
  expect(slots.length).toBeGreaterThan(0);
  return bookThroughApi(request, slots[slots.length - 1]!, email);
}

test.describe('customer manage page (/book/manage)', () => {
  test('more than 24 hours ahead the customer deletes, then rebooks with the same link at no charge, every detail filled in', async ({ page, request }) => {
    const email = uniqueEmail('manage');
    const link = await bookAheadThroughApi(request, email);
    const apiCalls: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/')) apiCalls.push(call.url());
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Appointment' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Status Booked/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Time zone Europe\/London/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change time' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Delete appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this appointment?' });
    await expect(dialog).toContainText('without paying again');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('Your appointment has been deleted. You can book a new time with the same link.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Status Cancelled/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Book a new time' }).click();
    await chooseSlot(page, 6);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Every detail comes from the deleted booking.
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1986-12-09');
    await expect(page.getByLabel('Telephone')).toHaveValue('+44 7911 123456');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('row', { name: /Price No charge: this replaces your deleted booking/ })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByLabel('I accept the terms and conditions of the appointment').check();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { name: 'Your Appointment Has Been Booked' })).toBeVisible();
    await expectAccessible(page);
    // The link token only ever travelled in the x-short-token header.
    const token = new URL(link, page.url()).searchParams.get('short_token')!;
    expect(apiCalls.filter((url) => url.includes(token))).toEqual([]);
  });

  test('more than 24 hours ahead the customer moves the booking to another time (/booking/edit)', async ({ page, request }) => {
    const link = await bookAheadThroughApi(request, uniqueEmail('move'));
    await page.goto(link);
    await page.getByRole('link', { name: 'Change time' }).click();
    await expect(page).toHaveURL(/\/booking\/edit\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change your appointment' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Booking Appointment', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Current appointment: /)).toBeVisible();
    await expectAccessible(page);
    await chooseSlot(page, 8);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const newTime = (await page.getByRole('row', { name: /^Time \d/ }).getByRole('cell').last().textContent())!;
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Move my appointment to this time' }).click();
    await expect(page.getByText('Your appointment has been moved. We have sent you a new confirmation e-mail.')).toBeVisible();
    await page.getByRole('link', { name: 'View or change this booking' }).click();
    await expect(page.getByRole('row', { name: /Status Booked/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Time \d/ })).toContainText(newTime);
    // The first e-mail's link follows the booking to its new time, and the address names the booking where it is now.
    await page.goto(link);
    await expect(page.getByRole('row', { name: /Status Booked/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Time \d/ })).toContainText(newTime);
    const oldId = new URL(link, page.url()).searchParams.get('appointmentId');
    await expect.poll(() => new URL(page.url()).searchParams.get('appointmentId')).not.toBe(oldId);
    await expect(page.getByRole('button', { name: 'Delete appointment' })).toBeVisible();
    await expectAccessible(page);
  });

  test('within 24 hours the page warns, offers no change, deleting only notifies the practitioner, and the link then expires', async ({ page, request }) => {
    // The demo rota runs 08:00–20:00 every day, so the next 23 hours always hold an open slot.
    const cutoff = Date.now() / 1000 + 23 * 3600;
    const soon = [...(await openSlots(request, 0)), ...(await openSlots(request, 1))].find((slot) => slot.start_time < cutoff);
    expect(soon).toBeDefined();
    await page.goto(await bookThroughApi(request, soon!, uniqueEmail('late')));
    await expect(page.getByText('This appointment starts within 24 hours: it can no longer be changed, and deleting it will only notify the practitioner.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change time' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Delete appointment' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this appointment?' })).toContainText('the practitioner will be notified');
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('Your appointment has been cancelled and the practitioner has been notified.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book a new time' })).toHaveCount(0);
    // Cancelled with no rebook left: the link no longer opens it, and says it was cancelled (spec 2's words).
    await page.reload();
    await expect(page.getByText('This appointment has been cancelled.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a link without its token explains what is missing', async ({ page }) => {
    await page.goto('/book/manage?appointmentId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('This link is incomplete. Please use the link in your confirmation e-mail.')).toBeVisible();
    await expectAccessible(page);
  });
});

/**
 * The countdown needs a hold of seconds, not 30 minutes. BOOKING_HOLD_SECONDS is read once when a
 * server starts, and every spec of a worker shares that worker's server, so this test starts its own
 * server (fresh database, same web build) with a 12-second hold instead of shortening the hold for
 * every other spec's booking flows.
 */
test.describe('hold countdown', () => {
  const HOLD_SECONDS = 12;
  let server: ServerProcess | null = null;
  let shortHoldURL = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ BOOKING_HOLD_SECONDS: String(HOLD_SECONDS), SMTP_URL: '' });
    shortHoldURL = server.url;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('at zero the hold is dropped and the wizard returns to the slot step', async ({ page, request }) => {
    await page.goto(`${shortHoldURL}/book?service=${SERVICE}`);
    const slotId = await chooseSlot(page, 0);
    await expect(holdTimer(page)).toHaveText(/^00:(0\d|1[0-2])$/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await expect(holdTimer(page)).toBeVisible();

    await expect(page.getByText('Your reservation has expired, please choose a time again.')).toBeVisible({ timeout: (HOLD_SECONDS + 5) * 1000 });
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await expect(slotButtons(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await expectAccessible(page);
    // The slot is back in supply: anyone may hold it now.
    const again = await request.post(`${shortHoldURL}/api/booking/${slotId}/status`, { data: { status: 'LOCKED' } });
    expect(again.status()).toBe(200);
  });
});
