import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.test`;
/** Names take letters only: the time written in letters keeps each run's people apart. */
const uniqueName = (base: string) => `${base}${[...String(Date.now() * 10 + (++counter % 10))].map((d) => 'abcdefghij'[Number(d)]).join('')}`;

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('auth_token')))!;
}

/** Creates a practitioner who has never signed in (so is Offline) through Doctors Management's API. */
async function newPractitioner(request: APIRequestContext, token: string, lastName: string): Promise<{ id: string; name: string }> {
  const res = await request.post('/api/doctors', { headers: { authorization: `Bearer ${token}` }, data: { first_name: 'Ola', last_name: lastName, email: uniqueEmail('doctor') } });
  expect(res.status()).toBe(201);
  const { doctor } = (await res.json()) as { doctor: { user_id: string } };
  return { id: doctor.user_id, name: `Ola ${lastName}` };
}

/** A practitioner with a password (their slots are offered to customers), made by the demo super admin in the shift manager's organisation. */
async function activePractitioner(request: APIRequestContext, lastName: string): Promise<{ id: string; name: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const clinic = (await apiSession(request, DEMO.shiftManager)).organisationId;
  const headers = { authorization: `Bearer ${admin.token}` };
  const email = uniqueEmail('active-doctor');
  const user = await request.post('/api/identity/users', {
    headers,
    data: { first_name: 'Ola', last_name: lastName, email, password: 'e2e practitioner password', username: email, organisation_id: clinic, date_of_birth: Date.UTC(1980, 2, 3) / 1000 },
  });
  expect(user.status()).toBe(201);
  const { user: created } = (await user.json()) as { user: { id: string } };
  expect((await request.post('/api/identity/roles', { headers, data: { name: 'practitioner', user_id: created.id, organisation_id: clinic } })).status()).toBe(201);
  return { id: created.id, name: `Ola ${lastName}` };
}

/** A shift that began on the latest 20-minute boundary at least 11 minutes ago and runs three hours. */
async function shiftStartedElevenMinutesAgo(request: APIRequestContext, token: string, practitionerId: string): Promise<{ id: string; start: number }> {
  const now = Math.floor(Date.now() / 1000);
  const start = Math.floor((now - 11 * 60) / 1200) * 1200;
  const res = await request.post('/api/rota/shifts', { headers: { authorization: `Bearer ${token}` }, data: { practitioner_id: practitionerId, start_time: start, end_time: start + 3 * 3600 } });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { shift: { id: string } }).shift.id, start };
}

test.describe('shift manager', () => {
  test('the dashboard shows an offline practitioner more than 10 minutes into their shift in red', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const token = await tokenOf(page);
    const late = await newPractitioner(request, token, uniqueName('Late'));
    await shiftStartedElevenMinutesAgo(request, token, late.id);
    await page.goto('/shift_manager/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Shift Manager' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: late.name });
    await expect(row).toContainText('Offline (Late');
    await expect(row).toHaveCSS('background-color', 'rgb(211, 47, 47)');
    await expect(page.getByRole('heading', { name: 'Live status' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Claimable Appointments' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the Planning tab shows the five planning tables over every practitioner, and links to the rota', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const token = await tokenOf(page);
    const doctor = await newPractitioner(request, token, uniqueName('Plan'));
    // A shift a month ahead, beyond the demo rota, so the custom range holds few slots besides these three.
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const start = Date.parse(`${day}T10:00:00Z`) / 1000;
    const shift = await request.post('/api/rota/shifts', { headers: { authorization: `Bearer ${token}` }, data: { practitioner_id: doctor.id, start_time: start, end_time: start + 3600 } });
    expect(shift.status()).toBe(201);

    await page.goto('/shift_manager/dashboard');
    await page.getByRole('tab', { name: 'Planning' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Planning' });
    for (const title of ['Upcoming Appointments', 'Available Appointments', 'Past Appointments', 'Availability', 'All Appointments']) {
      await expect(panel.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(panel.getByRole('table', { name: 'Upcoming Appointments' }).getByRole('columnheader', { name: 'Practitioner' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open the rota' })).toHaveAttribute('href', '/practitioner/rota');
    await expectAccessible(page);

    // Another practitioner's open slots are the manager's to see.
    const available = panel.getByRole('region', { name: 'Available Appointments' });
    await available.getByRole('button', { name: 'Customize' }).click();
    await available.getByLabel('Available Appointments: From').fill(day);
    await available.getByLabel('Available Appointments: To').fill(day);
    await expect(available.getByRole('row').filter({ hasText: doctor.name })).toHaveCount(3);
    await expectAccessible(page);

    await panel.getByRole('link', { name: 'Open the rota' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rota' })).toBeVisible();
  });

  test('the waiting-room timer turns red at 15 minutes', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const token = await tokenOf(page);
    const auth = { authorization: `Bearer ${token}` };
    const doctor = await activePractitioner(request, uniqueName('Wait'));
    const shift = await shiftStartedElevenMinutesAgo(request, token, doctor.id);
    const slots = (await (await request.get(`/api/rota/shifts/${shift.id}/slots`, { headers: auth })).json()) as { slots: { id: string; status: string }[] };
    const slot = slots.slots.filter((s) => s.status === 'AVAILABLE').at(-1)!;
    const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
    const paid = await request.post(`/api/booking/${slot.id}/payment`, {
      data: {
        hold_token: ((await held.json()) as { hold_token: string }).hold_token,
        amount: 2900,
        card: { number: '4242 4242 4242 4242', expiration_date: '12/39', cvv: '123' },
        billing_details: { first_name: 'Wendy', last_name: 'Wait', email: uniqueEmail('waiting'), dateOfBirth: '09-12-1986' },
        toc_accept: true,
        service: 'video_gp_vireo',
      },
    });
    expect(paid.status()).toBe(201);
    // The practitioner paused the call: the appointment waits in the waiting room from now.
    expect((await request.post(`/api/booking/${slot.id}/status`, { headers: auth, data: { status: 'ON_HOLD' } })).status()).toBe(200);

    await page.goto('/shift_manager/live/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Vireo' })).toBeVisible();
    const timer = page.getByTestId('waiting-timer').first();
    await expect(timer).toHaveCSS('color', /rgba?\(0, 0, 0/);
    await expectAccessible(page);
    // The server's status time is real; the page's clock moves on 16 minutes.
    await page.clock.setFixedTime(Date.now() + 16 * 60_000);
    await expect(timer).toHaveText(/^1[56]:\d\d$/);
    await expect(timer).toHaveCSS('color', 'rgb(211, 47, 47)');
    await page.getByRole('tab', { name: 'My Rooms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Rooms' })).toBeVisible();
    await expectAccessible(page);
  });

  test('doctors management creates a practitioner by invitation and disables them', async ({ page }) => {
    await signInTo(page, DEMO.shiftManager, '/shift_manager/doctors-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Doctors Management' })).toBeVisible();
    await expectAccessible(page);
    const lastName = uniqueName('Mensah');
    await page.getByRole('button', { name: 'Add practitioner' }).click();
    await page.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(page.getByRole('dialog').getByText('This field is required.').first()).toBeVisible();
    await expectNoDeveloperText(page);
    await page.getByLabel('First name').fill('K');
    await page.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(page.getByRole('dialog').getByText('Enter at least 2 characters.')).toBeVisible();
    await page.getByLabel('First name').fill('Kofi');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('E-mail').fill(uniqueEmail('kofi'));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(page.getByText('The practitioner has been invited by e-mail to set a password.')).toBeVisible();
    // Other tests of the worker may have added practitioners to the demo clinic: past a page of them, show them all.
    const row = page.getByRole('row').filter({ hasText: lastName });
    const rowsPerPage = page.getByRole('combobox', { name: /Rows per page/ });
    await expect(row.or(rowsPerPage).first()).toBeVisible();
    if (!(await row.isVisible())) {
      await rowsPerPage.click();
      await page.getByRole('option', { name: '100' }).click();
    }
    await expect(row).toContainText('Invitation sent');
    await row.getByRole('button', { name: /^Disable/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: /^Enable/ })).toBeVisible();
  });

  test("the server's field error appears on its field: an e-mail address already in use", async ({ page }) => {
    await signInTo(page, DEMO.shiftManager, '/shift_manager/doctors-management');
    await page.getByRole('button', { name: 'Add practitioner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Kofi');
    await dialog.getByLabel('Last name').fill(uniqueName('Owusu'));
    // The demo practitioner's address passes every check the browser makes; only the server knows it is taken.
    await dialog.getByLabel('E-mail').fill(DEMO.practitioner);
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    const email = dialog.getByLabel('E-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('An account with this e-mail address already exists.');
    await expect(email).toBeFocused();
    await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'false');
    await expectAccessible(page);
  });

  test('the rota creates and deletes a shift, marking a practitioner who has not set a password', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const doctor = await newPractitioner(request, await tokenOf(page), uniqueName('Rota'));
    await page.goto('/practitioner/rota');
    await expect(page.getByRole('heading', { level: 1, name: 'Rota' })).toBeVisible();
    // Invited, not activated: their shifts are not offered to customers until they set a password.
    await expect(page.getByRole('rowheader').filter({ hasText: doctor.name })).toContainText('Not activated');
    await expect(page.getByRole('rowheader').filter({ hasText: 'Not activated' }).filter({ hasText: 'Dr' })).toHaveCount(0);
    // Tomorrow, so the shift is in the future whatever the time of day.
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('button', { name: `Add shift: ${doctor.name}` }).click();
    await page.getByLabel('Start').fill('09:00');
    await page.getByLabel('End').fill('11:00');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Shift created')).toBeVisible();
    const shift = page.getByRole('button', { name: `Edit shift: ${doctor.name} 09:00–11:00` });
    await expect(shift).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Shift details: ${doctor.name} 09:00–11:00, 0 of 6 booked`) })).toBeVisible();
    await expectAccessible(page);
    await shift.click();
    await page.getByRole('button', { name: 'Delete shift' }).click();
    await expect(page.getByText('Shift deleted')).toBeVisible();
    await expect(shift).toHaveCount(0);
  });

  test('the rota refuses an end before the start unless the shift is marked overnight', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const doctor = await newPractitioner(request, await tokenOf(page), uniqueName('Night'));
    await page.goto('/practitioner/rota');
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('button', { name: `Add shift: ${doctor.name}` }).click();
    await page.getByLabel('Start').fill('18:00');
    await page.getByLabel('End').fill('09:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('End must be after start')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByLabel('Overnight shift (finishes the next day)').check();
    await expect(page.getByText('End must be after start')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Shift created')).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^Edit shift: ${doctor.name} 18:00`) })).toBeVisible();
  });

  test('shift details offers the slots of a shift and releases selected ones after confirmation', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const token = await tokenOf(page);
    const doctor = await newPractitioner(request, token, uniqueName('Slots'));
    const shift = await shiftStartedElevenMinutesAgo(request, token, doctor.id);
    await page.goto(`/practitioner/shift-details?shiftId=${shift.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shift details' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Select entire shift').check();
    await page.getByRole('button', { name: 'Release' }).click();
    await expect(page.getByText('Are you sure you want to release the selected appointments?')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Appointments released')).toBeVisible();
  });

  test('shift details offers the appointment page\'s status actions for an appointment', async ({ page, request }) => {
    await signIn(page, DEMO.shiftManager);
    const token = await tokenOf(page);
    const doctor = await newPractitioner(request, token, uniqueName('Status'));
    const shift = await shiftStartedElevenMinutesAgo(request, token, doctor.id);
    const slots = (await (await request.get(`/api/rota/shifts/${shift.id}/slots`, { headers: { authorization: `Bearer ${token}` } })).json()) as { slots: { id: string; status: string }[] };
    const slot = slots.slots.filter((s) => s.status === 'AVAILABLE').at(-1)!;

    await page.goto(`/practitioner/shift-details?appointmentId=${slot.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Shift details' })).toBeVisible();
    const actions = page.getByRole('region', { name: 'Change status' });
    await expect(actions.getByRole('button', { name: 'Release' })).toBeVisible();
    await expectAccessible(page);
    await actions.getByRole('button', { name: 'Unavailable' }).click();
    await expect(page.getByText('Status changed')).toBeVisible();
    await expect(page.getByText(/^Status: Unavailable/)).toBeVisible();
    // Taken out of supply, the empty slot can only be put back.
    await expect(actions.getByRole('button', { name: 'Available' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Release' })).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'UNAVAILABLE' })).toHaveCount(1);
  });
});
