import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from '../fixtures';

test.describe('sign-in and layouts', () => {
  const accounts = [
    { email: DEMO.patient, dashboard: '/patient/dashboard', layout: 'topbar' },
    { email: DEMO.manager, dashboard: '/manager/dashboard', layout: 'topbar' },
    { email: DEMO.practitioner, dashboard: '/practitioner/dashboard', layout: 'drawer' },
    { email: DEMO.shiftManager, dashboard: '/shift_manager/dashboard', layout: 'drawer' },
    { email: DEMO.admin, dashboard: '/super_admin/dashboard', layout: 'topbar' },
    { email: DEMO.support, dashboard: '/customer_services/dashboard', layout: 'topbar' },
    { email: DEMO.traveller, dashboard: '/b2c/dashboard', layout: 'topbar' },
  ] as const;

  for (const account of accounts) {
    test(`${account.email} signs in through the identity page and lands on ${account.dashboard}`, async ({ page }) => {
      await signIn(page, account.email);
      await expect(page).toHaveURL(account.dashboard);
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
      const drawer = page.getByRole('navigation', { name: 'Main' });
      if (account.layout === 'drawer') {
        await expect(drawer).toBeVisible();
        await expect(drawer.getByRole('link', { name: 'Live Appointments' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
      } else {
        await expect(drawer).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
      }
      await expectAccessible(page);
    });
  }

  test('the shift manager’s drawer offers Doctors Management, the practitioner’s does not', async ({ browser }) => {
    const shift = await browser.newPage();
    await signIn(shift, DEMO.shiftManager);
    await expect(shift.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Doctors Management' })).toBeVisible();
    const practitioner = await browser.newPage();
    await signIn(practitioner, DEMO.practitioner);
    await expect(practitioner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Doctors Management' })).toHaveCount(0);
  });

  test('role homes offer cards only for pages that exist, and each opens its page', async ({ browser }) => {
    const admin = await browser.newPage();
    await signIn(admin, DEMO.admin);
    const adminCards = admin.getByRole('list', { name: 'Management' }).getByRole('link');
    await expect(adminCards).toHaveText([/Doctors Management/, /Order Management/, /Certificate Management/, /Discount Management/, /Product Management/, /Pages Management/, /Uploaded Results Management/, /PCR Tests Management/, /Dropbox management/, /Countries Management/, /Drugs Management/, /Processor/, /Messages/, /Permissions/]);
    await adminCards.filter({ hasText: 'Doctors Management' }).click();
    await expect(admin).toHaveURL('/super_admin/doctors-management');
    await expect(admin.getByRole('heading', { level: 1, name: 'Doctors Management' })).toBeVisible();
    const traveller = await browser.newPage();
    await signIn(traveller, DEMO.traveller);
    const travellerCards = traveller.getByRole('list', { name: 'Management' }).getByRole('link');
    // Spec 2 §2.10's four cards; Book an Appointment opens in a new tab.
    await expect(travellerCards).toHaveText([/Buy Antigen Kits/, /Book an Appointment/, /My Appointments/, /Test Results/]);
    await expect(travellerCards.filter({ hasText: 'Book an Appointment' })).toHaveAttribute('target', '_blank');
    await expectAccessible(traveller);
    await travellerCards.filter({ hasText: 'Test Results' }).click();
    await expect(traveller).toHaveURL('/b2c/test-results');
  });

  test('menus offer only pages that exist: the chats for staff, no health profile for staff, account pages in the drawer', async ({ browser }) => {
    const practitioner = await browser.newPage();
    await signIn(practitioner, DEMO.practitioner);
    const drawer = practitioner.getByRole('navigation', { name: 'Main' });
    await expect(drawer.getByRole('link', { name: /^Internal Chats/ })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await drawer.getByRole('link', { name: 'My Account' }).click();
    await expect(practitioner).toHaveURL('/patient/profile');
    const admin = await browser.newPage();
    await signIn(admin, DEMO.admin);
    await admin.getByRole('button', { name: 'Profile menu' }).click();
    await expect(admin.getByRole('menuitem')).toHaveText(['My Account', 'Chats with Customers', 'Change Password', 'Logout']);
  });

  test('a wrong password shows one clear error on the identity page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login with Vireo' }).click();
    await page.getByLabel('E-mail address').fill(DEMO.patient);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to authenticate user.');
    await expectAccessible(page);
  });
});

test.describe('route guard', () => {
  test('an unauthenticated visit to /patient/dashboard goes to /login, which remembers the page', async ({ page }) => {
    await page.goto('/patient/dashboard');
    await expect(page).toHaveURL('/login?next=%2Fpatient%2Fdashboard');
    await expect(page.getByRole('button', { name: 'Login with Vireo' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a patient opening /manager/dashboard lands on /patient/dashboard', async ({ page }) => {
    await signIn(page, DEMO.patient);
    await page.goto('/manager/dashboard');
    await expect(page).toHaveURL('/patient/dashboard');
  });

  test('/login with a stored session goes straight to the dashboard', async ({ page }) => {
    await signIn(page, DEMO.patient);
    await page.goto('/login');
    await expect(page).toHaveURL('/patient/dashboard');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });

  test('/verify-token with a nonsense token shows "Invalid login token"', async ({ page }) => {
    await page.goto('/verify-token?token=nonsense');
    await expect(page.getByText('Invalid login token')).toBeVisible();
    await expectAccessible(page);
  });
});

test('logout returns to /login, clears storage and ends the session', async ({ page }) => {
  await signIn(page, DEMO.patient);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const res = await page.request.get('/api/login/session', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});
