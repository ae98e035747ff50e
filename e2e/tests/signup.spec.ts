import { expect } from '@playwright/test';
import { expectAccessible, test } from '../fixtures';
import { mailbox } from '../mailbox';

const PASSWORD = 'a new customer password';

test.describe('sign-up (b2c)', () => {
  test('a new customer signs up from the sign-in page, confirms the e-mailed link once and lands on the b2c home with the kit shop', async ({ page }) => {
    const email = `newcomer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/identity\/sign-up/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('This field is required');
    await expect(page.getByRole('checkbox', { name: /I accept the terms and conditions/ })).toHaveAccessibleDescription('You must accept this acknowledge');
    await expectAccessible(page);

    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Khan');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('something else entirely');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('The passwords do not match');
    await expect(page.getByLabel('First name')).toHaveValue('Nadia');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('We have sent an e-mail to the address you gave');
    await expectAccessible(page);

    // Before the link, the right password is refused with a way to send it again.
    await page.goto('/identity/sign-in');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Your e-mail address is not verified yet');
    await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    await expectAccessible(page);

    const mail = await mailbox.waitFor(email);
    const link = /https?:\/\/[^\s]+\/identity\/verify-email\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page.getByRole('status')).toHaveText('Your e-mail address is confirmed. You can now sign in.');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/b2c/dashboard');
    await expect(page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /Buy Antigen Kits/ })).toBeVisible();

    await page.goto(link!);
    await expect(page.getByRole('alert')).toContainText('This link is not valid');
    await expect(page.getByRole('button', { name: 'Send the link again' })).toBeVisible();
    await expectAccessible(page);
  });
});
