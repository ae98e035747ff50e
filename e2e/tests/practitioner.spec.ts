import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createPractitioner, farDay, PRACTITIONER_PASSWORD as PASSWORD, uniqueSuffix, type Practitioner } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, test } from '../fixtures';

/**
 * The practitioner workspace. Each test creates its own practitioners (through the API, as the demo
 * super admin) and its own claimable appointments on a day months ahead that no other spec uses,
 * so it neither changes the demo accounts nor depends on what other specs book.
 */

const SERVICE = 'video_gp_vireo';
const HOUR = 3600;

const isoDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** The start of a slot as the Time column shows it: HH:mm in London, then the end. */
const startsAt = (epochSeconds: number) => `${londonClock.format(new Date(epochSeconds * 1000))}–`;

/** A 20-minute shift of `practitioner` at `start`, and its one slot booked by a customer: the practitioner's WAITING appointment. */
async function bookedAppointment(request: APIRequestContext, practitioner: Practitioner, start: number): Promise<string> {
  const headers = { authorization: `Bearer ${practitioner.token}` };
  const shift = await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: [SERVICE], languages: ['EN'] } });
  expect(shift.status()).toBe(201);
  const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
  const { appointments } = (await list.json()) as { appointments: { id: string; status: string }[] };
  const slot = appointments.find((a) => a.status === 'AVAILABLE')!;
  const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
  expect(held.status()).toBe(200);
  const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    data: {
      hold_token: holdToken,
      amount: 2900,
      card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
      billing_details: { first_name: 'Ada', last_name: 'Lovelace', email: `e2e-customer-${uniqueSuffix()}@example.test`, dateOfBirth: '10-12-1985' },
      toc_accept: true,
      service: SERVICE,
    },
  });
  expect(paid.status()).toBe(201);
  return slot.id;
}

/** A claimable appointment at `start`: booked with `owner`, who releases it. */
async function claimableAppointment(request: APIRequestContext, owner: Practitioner, start: number): Promise<string> {
  const id = await bookedAppointment(request, owner, start);
  const released = await request.post(`/api/booking/${id}/release`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(released.status()).toBe(200);
  return id;
}

async function practitionerPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/practitioner/dashboard');
  return page;
}

/** Shows the Claimable Appointments of one day through Customize. */
async function claimableOn(page: Page, day: string) {
  const section = page.getByRole('region', { name: 'Claimable Appointments' });
  await section.getByRole('button', { name: 'Customize' }).click();
  await section.getByLabel('Claimable Appointments: From').fill(day);
  await section.getByLabel('Claimable Appointments: To').fill(day);
  return section.getByRole('table', { name: 'Claimable Appointments' });
}

test.describe('practitioner workspace', () => {
  test('one practitioner claims; the other’s claimable list drops the row without a reload', async ({ browser, request }) => {
    const [owner, first, second] = [await createPractitioner(request), await createPractitioner(request), await createPractitioner(request)];
    const start = farDay();
    await claimableAppointment(request, owner, start);

    const claimer = await practitionerPage(browser, first.email);
    const watcher = await practitionerPage(browser, second.email);
    for (const heading of ['Claimable Appointments', 'Upcoming Appointments', 'Available Appointments', 'Past Appointments']) {
      await expect(claimer.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expectAccessible(claimer);

    const claimerTable = await claimableOn(claimer, isoDay(start));
    const watcherTable = await claimableOn(watcher, isoDay(start));
    await expect(claimerTable.getByRole('button', { name: 'Claim' })).toHaveCount(1);
    await expect(watcherTable.getByRole('button', { name: 'Claim' })).toHaveCount(1);
    // Services show by their product name, never by code.
    await expect(claimerTable.getByRole('cell', { name: 'Vireo video-guided antigen test' })).toBeVisible();
    await expect(claimerTable.getByText(SERVICE)).toHaveCount(0);

    await claimerTable.getByRole('button', { name: 'Claim' }).click();
    await expect(claimer.getByText('Appointment claimed')).toBeVisible();
    await expect(watcherTable.getByText('No appointments to display')).toBeVisible();
    await expect(claimerTable.getByText('No appointments to display')).toBeVisible();
    await watcher.context().close();
    await claimer.context().close();
  });

  test('claiming over an own appointment asks first; Yes claims with override', async ({ browser, request }) => {
    const [owner, practitioner] = [await createPractitioner(request), await createPractitioner(request)];
    const start = farDay();
    await bookedAppointment(request, practitioner, start);
    await claimableAppointment(request, owner, start);

    const page = await practitionerPage(browser, practitioner.email);
    const table = await claimableOn(page, isoDay(start));
    await table.getByRole('button', { name: 'Claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim appointment' });
    await expect(dialog).toContainText('You already have an appointment booked at this time. Are you sure you want to claim this appointment?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Appointment claimed')).toBeVisible();
    await expect(table.getByText('No appointments to display')).toBeVisible();

    // Both appointments are now the practitioner's: the planning page lists them, and each opens.
    await page.getByRole('link', { name: 'Open planning' }).click();
    await expect(page).toHaveURL('/practitioner/planning');
    for (const heading of ['Upcoming Appointments', 'Available Appointments', 'Past Appointments', 'Availability', 'All Appointments']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
    await upcoming.getByRole('button', { name: 'Customize' }).click();
    await upcoming.getByLabel('Upcoming Appointments: From').fill(isoDay(start));
    await upcoming.getByLabel('Upcoming Appointments: To').fill(isoDay(start));
    await expect(upcoming.getByRole('link', { name: 'View' })).toHaveCount(2);
    await expect(upcoming.getByRole('link', { name: 'Join' }).first()).toHaveAttribute('target', '_blank');
    await expectAccessible(page);

    await upcoming.getByRole('link', { name: 'View' }).first().click();
    await expect(page).toHaveURL(/\/practitioner\/appointment\?appointmentId=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Appointment');
    await expect(page.getByRole('table', { name: 'Booking users' })).toContainText('Ada Lovelace');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expectNoDeveloperText(page);
    await page.getByLabel('Note', { exact: true }).fill('Customer asked for an English-speaking practitioner.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Customer asked for an English-speaking practitioner.');
    await expect(page.getByRole('table', { name: 'Status changes' })).toContainText('Not Started');
    await expectAccessible(page);
    await page.context().close();
  });

  test('a live event refetches only the lists its appointment starts within', async ({ browser, request }) => {
    test.slow();
    const practitioner = await createPractitioner(request);
    // After today ends in London and within the week ahead, whatever the hour.
    const start = Math.ceil((Date.now() / 1000 + 36 * HOUR) / HOUR) * HOUR;
    const headers = { authorization: `Bearer ${practitioner.token}` };
    const shift = await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: [SERVICE], languages: ['EN'] } });
    expect(shift.status()).toBe(201);
    const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
    const [slot] = ((await list.json()) as { appointments: { id: string }[] }).appointments;

    const page = await practitionerPage(browser, practitioner.email);
    const available = page.getByRole('region', { name: 'Available Appointments' });
    await available.getByRole('button', { name: 'Week' }).click();
    const table = available.getByRole('table', { name: 'Available Appointments' });
    await expect(table).toContainText(startsAt(start));
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (sent.method() === 'GET' && url.pathname.startsWith('/api/booking/')) asked.push(`${url.pathname}${url.search}`);
    });

    // A customer holds the slot: the event reaches the practitioner's tab, and only the week's list can hold it.
    const held = await request.post(`/api/booking/${slot!.id}/status`, { data: { status: 'LOCKED' } });
    expect(held.status()).toBe(200);
    await expect(table.getByText('No appointments to display')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.map((url) => url.split('?')[0]), asked.join('\n')).toEqual(['/api/booking/search']);
    await page.context().close();
  });

  test('a list is sorted and paged by the service: Time descending puts the latest slot first', async ({ browser, request }) => {
    const practitioner = await createPractitioner(request);
    const start = farDay();
    // Four hours of 20-minute slots: twelve open appointments, more than a page of ten.
    const shift = await request.post('/api/booking/shifts', {
      headers: { authorization: `Bearer ${practitioner.token}` },
      data: { start_time: start, end_time: start + 4 * HOUR, services: [SERVICE], languages: ['EN'] },
    });
    expect(shift.status()).toBe(201);
    const lastStart = start + 4 * HOUR - 20 * 60;

    const page = await practitionerPage(browser, practitioner.email);
    const section = page.getByRole('region', { name: 'Available Appointments' });
    await section.getByRole('button', { name: 'Customize' }).click();
    await section.getByLabel('Available Appointments: From').fill(isoDay(start));
    await section.getByLabel('Available Appointments: To').fill(isoDay(start));
    const table = section.getByRole('table', { name: 'Available Appointments' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(10);
    await expect(section.getByText('1–10 of 12')).toBeVisible();
    await expect(rows.first()).toContainText(startsAt(start));

    const time = table.getByRole('button', { name: 'Time' });
    const ascending = page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === 'time');
    await time.click();
    await ascending;
    const descending = page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === '-time');
    await time.click();
    await descending;
    await expect(table.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(startsAt(lastStart));
    await expectAccessible(page);

    const secondPage = page.waitForRequest((r) => new URL(r.url()).searchParams.get('offset') === '10');
    await section.getByRole('button', { name: 'Go to next page' }).click();
    await secondPage;
    await expect(section.getByText('11–12 of 12')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(startsAt(start + 20 * 60));
    await expect(rows.last()).toContainText(startsAt(start));

    await section.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(rows).toHaveCount(12);
    await expect(rows.first()).toContainText(startsAt(lastStart));
    await expectAccessible(page);
    await page.context().close();
  });

  test('a role other than practitioner is signed out of the practitioner dashboard', async ({ page }) => {
    await signIn(page, DEMO.patient);
    await page.goto('/practitioner/dashboard');
    await expect(page).toHaveURL('/login');
  });
});
