import { expect, type Page } from '@playwright/test';
import { mailbox } from '../mailbox';
import { DEMO, expectAccessible, signIn, signInTo, test } from '../fixtures';

const tile = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('organisation manager', () => {
  test('the dashboard has the Admin tiles and, under Personal, the patient tiles', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await expect(page).toHaveURL('/manager/dashboard');
    await expect(page.getByRole('tab', { name: 'Admin' })).toHaveAttribute('aria-selected', 'true');
    for (const title of ['Organisation Results', 'Monitor Sign-ups', 'Help Portal']) await expect(tile(page, title)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Personal' }).click();
    await expect(tile(page, 'Organisation Results')).toHaveCount(0);
    // The demo manager has completed onboarding and has a kit with a result (the demo seed).
    await expect(tile(page, 'Book an Appointment').getByRole('link', { name: /Book appointment/ })).toBeVisible();
    await expect(tile(page, 'Test Results').getByRole('link', { name: 'View results' })).toBeVisible();
    await expect(tile(page, 'Order Home Test Kit')).toHaveCount(0);
    await expect(tile(page, 'Shipping Info')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Admin' }).click();
    await tile(page, 'Organisation Results').getByRole('link', { name: 'View results' }).click();
    await expect(page).toHaveURL('/manager/test-results');
  });

  test('Employee Results: one row per employee, sortable, searchable by name prefix', async ({ page }) => {
    await signInTo(page, DEMO.manager, '/manager/test-results');
    const table = page.getByRole('table', { name: 'Employee Results' });
    for (const column of ['First Name', 'Last Name', 'Check Date', 'Symptomatic', 'Test Date', 'Test Result']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expectAccessible(page);

    await table.getByRole('button', { name: 'Last Name' }).click();
    const lastNames = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b)));
    await table.getByRole('button', { name: 'Last Name' }).click();
    const descending = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a)));

    const search = page.getByLabel('Enter Employee Name');
    await search.fill('mor');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    const morgan = table.getByRole('row').filter({ hasText: 'Morgan' });
    await expect(morgan).toContainText('Hughes');
    await expect(morgan).toContainText('Negative');
    await expect(morgan.getByRole('cell').nth(3)).toHaveText('No');
    await search.fill('Priya P');
    await expect(table.getByRole('row').filter({ hasText: 'Priya' })).toContainText('Patel');
    await search.fill('pat');
    await expect(table.getByRole('row').filter({ hasText: 'Priya' })).toHaveCount(1);
    await search.fill('organ');
    await expect(table.getByText('No results to display')).toBeVisible();
  });

  test('Employee Results shows "Error fetching results" when the server fails', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.route('**/api/userdata/organisations/symptom_history', (route) => route.fulfill({ status: 400, json: { success: false, message: 'Missing details.' } }));
    await page.goto('/manager/test-results');
    await expect(page.getByText('Error fetching results')).toBeVisible();
  });

  test('an invited employee creates their account from the e-mail and shows as registered', async ({ page, browser }) => {
    await signInTo(page, DEMO.manager, '/manager/sign-ups');
    await expect(page.getByText('Retrieved registrations')).toBeVisible();
    const table = page.getByRole('table', { name: 'Sign-ups' });
    await expect(table.getByRole('row').filter({ hasText: 'new.starter@demo.test' }).getByRole('img', { name: 'Pending' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: DEMO.patient }).getByRole('img', { name: 'Registered' })).toBeVisible();
    await expectAccessible(page);

    const email = `invitee-${Date.now()}@example.test`;
    // Names take letters only: the run's own surname keeps this test's employee apart from earlier runs'.
    const surname = `Khan${Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)))}`;
    await page.getByLabel('E-mail addresses').fill(`${email}, not-an-address`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByText('These are not e-mail addresses: not-an-address')).toBeVisible();
    await page.getByLabel('E-mail addresses').fill(`${email}\n${DEMO.patient}`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${email}: Invited` })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`${DEMO.patient}: Already registered`);
    await expect(table.getByRole('row').filter({ hasText: email }).getByRole('img', { name: 'Pending' })).toBeVisible();
    await expectAccessible(page);

    const mail = await mailbox.waitFor(email);
    const link = /https?:\/\/[^\s]+\/identity\/register\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const invitee = await browser.newPage();
    await invitee.goto(link!);
    await expect(invitee.getByText(`Demo Ltd has invited ${email}`)).toBeVisible();
    await expectAccessible(invitee);
    await invitee.getByLabel('First name').fill('Nadia');
    await invitee.getByLabel('Last name').fill(surname);
    await invitee.getByLabel('Date of birth').fill('1992-03-04');
    await invitee.getByLabel('Password', { exact: true }).fill('a long enough password');
    await invitee.getByLabel('Confirm password').fill('a long enough password');
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(invitee).toHaveURL('/patient/dashboard');
    await expect(invitee.getByRole('heading', { name: `Welcome, Nadia ${surname}` })).toBeVisible();
    await expect(tile(invitee, 'Health Profile')).toBeVisible();

    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: email }).getByRole('img', { name: 'Registered' })).toBeVisible();
    await page.goto('/manager/test-results');
    await page.getByLabel('Enter Employee Name').fill(surname);
    await expect(page.getByRole('table', { name: 'Employee Results' }).getByRole('row').filter({ hasText: surname })).toContainText('Nadia');
  });

  test('Sign-ups shows "Error retrieving registrations" when the server fails, and the empty text', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.route('**/api/userdata/organisations/registrations', (route) => route.fulfill({ status: 400, json: { success: false, message: 'Missing details.' } }), { times: 1 });
    await page.goto('/manager/sign-ups');
    await expect(page.getByText('Error retrieving registrations')).toBeVisible();
    await expect(page.getByText('No registrations to display')).toBeVisible();
  });

  test('the manager help has the three RT-PCR questions and the Employee Results table', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await tile(page, 'Help Portal').getByRole('link', { name: 'Open help' }).click();
    await expect(page).toHaveURL('/patient/help');
    await expect(page.getByRole('heading', { name: 'Vireo Help', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Understanding|What to do after)/ })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'How do I take a swab test?' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Employee Results' })).toBeVisible();
    await page.getByRole('button', { name: 'What to do after a positive result' }).click();
    await expect(page.getByText('Self-isolate straight away for at least 10 full days')).toBeVisible();
    await expectAccessible(page);
  });

  test('a patient cannot open the manager pages', async ({ page }) => {
    await signIn(page, DEMO.patient);
    await page.goto('/manager/sign-ups');
    await expect(page).toHaveURL('/patient/dashboard');
    const denied = await page.request.get('/api/userdata/organisations/registrations', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
    });
    expect(denied.status()).toBe(403);
  });
});
