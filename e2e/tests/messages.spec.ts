import { expect } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, signIn, test } from '../fixtures';
import { mailbox } from '../mailbox';

test.describe('super admin Messages (/super_admin/messages)', () => {
  test('lists the recorded e-mails, opens one with its link, and sends it again', async ({ page, request }) => {
    // The e2e server speaks SMTP: a message is recorded as it is sent, so something must take it.
    const admin = await apiSession(request, DEMO.admin);
    const email = `messages-${Date.now()}@example.test`;
    const invited = await request.post('/api/doctors', { headers: { authorization: `Bearer ${admin.token}` }, data: { first_name: 'Nia', last_name: 'Mensah', email } });
    expect(invited.status()).toBe(201);
    await mailbox.waitFor(email);

    await signIn(page, DEMO.admin);
    await page.getByRole('link', { name: /^Messages/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const open = page.getByRole('button', { name: `Open the message to ${email}: Set your Vireo password` });
    await expect(open).toBeVisible();
    await expect(page.getByRole('table', { name: 'Messages' }).getByRole('columnheader')).toHaveText(['Recipient', 'Subject', 'Status', 'Time', 'Actions']);
    await expectAccessible(page);

    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Set your Vireo password' });
    await expect(dialog).toContainText('/identity/set-password?token=');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await expect(dialog.getByRole('status')).toHaveText('The message will be sent again in a moment.');
    await expect.poll(async () => (await mailbox.list(email)).length, { timeout: 30_000 }).toBe(2);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(open).toHaveCount(2);
  });

  test('a failed load says so and offers to try again', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route('**/api/messages?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.goto('/super_admin/messages');
    await expect(page.getByText('The messages could not be loaded.')).toBeVisible({ timeout: 30_000 }); // after the query's own retries
    await expectAccessible(page);
    await page.unroute('**/api/messages?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table', { name: 'Messages' })).toBeVisible();
  });

  test('a shift manager asking for the page is sent home', async ({ page }) => {
    await signIn(page, DEMO.shiftManager);
    await page.goto('/super_admin/messages');
    await expect(page).toHaveURL(/\/shift_manager\/dashboard$/);
  });
});
