import { expect, type Locator } from '@playwright/test';
import { createDemoLtdPatient } from '../accounts';
import { DEMO, DEMO_PASSWORD, expectAccessible, signIn, test } from '../fixtures';
import { mailbox } from '../mailbox';

/** The computed styles that make the look: colours and font. */
const looks = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { background: style.backgroundColor, color: style.color, font: style.fontFamily, transform: style.textTransform };
  });

test.describe('identity pages', () => {
  test('the sign-in page looks like the app: its button, font and top bar', async ({ page }) => {
    await page.goto('/login');
    const appButton = await looks(page.getByRole('button', { name: 'Login with Vireo' }));
    const appFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await expect(page).toHaveURL(/\/identity\/sign-in/);
    expect(await looks(page.getByRole('button', { name: 'Sign in' }))).toEqual(appButton);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(appFont);
    const topBar = await looks(page.getByRole('banner'));
    await expectAccessible(page);

    await page.getByLabel('E-mail address').fill(DEMO.patient);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/patient/dashboard');
    const appBar = await looks(page.getByRole('banner'));
    expect({ background: topBar.background, color: topBar.color }).toEqual({ background: appBar.background, color: appBar.color });
  });

  test('a page opened signed out opens again once signed in through the form; a page the role may not open gives its dashboard', async ({ page }) => {
    await page.goto('/patient/profile?tab=health');
    await expect(page).toHaveURL('/login?next=%2Fpatient%2Fprofile%3Ftab%3Dhealth');
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByLabel('E-mail address').fill(DEMO.patient);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Unable to authenticate user.');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/patient/profile?tab=health');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/super_admin/certificates-list');
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByLabel('E-mail address').fill(DEMO.patient);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/patient/dashboard');
  });

  test('a forgotten password is reset through the e-mailed link, which works once', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Missing details.');
    await page.getByLabel('E-mail address').fill(patient.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses that address, we have e-mailed it a link');
    await expectAccessible(page);

    const mail = await mailbox.waitFor(patient.email);
    const link = /https?:\/\/[^\s]+\/identity\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page.getByText(`Choose a new password for ${patient.email}`)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('a new e2e password');
    await page.getByLabel('Confirm new password').fill('another e2e password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The passwords do not match.');
    await page.getByLabel('New password', { exact: true }).fill('a new e2e password');
    await page.getByLabel('Confirm new password').fill('a new e2e password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');

    await page.goto(link!);
    await expect(page.getByRole('alert')).toContainText('This link is not valid');
    await signIn(page, patient.email, 'a new e2e password');
    await expect(page).toHaveURL('/patient/dashboard');
  });
});
