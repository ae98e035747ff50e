import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../fixtures';

/** Every page of the app, grouped by who can open it (the demo manager is also a Demo Ltd patient with results). */
const PAGES: { who: string | null; paths: string[] }[] = [
  { who: null, paths: ['/login', '/book?service=video_gp_vireo', '/unsupported-browser', '/no-such-page'] },
  {
    who: DEMO.manager,
    paths: [
      '/manager/dashboard',
      '/manager/test-results',
      '/manager/sign-ups',
      '/patient/profile',
      '/patient/shipping-info',
      '/patient/health-assessment',
      '/patient/symptom-checker',
      '/patient/order-test-kit',
      '/patient/test-results',
      '/patient/help',
      '/authenticated/book',
    ],
  },
  { who: DEMO.patient, paths: ['/patient/dashboard'] },
  { who: DEMO.practitioner, paths: ['/practitioner/dashboard', '/practitioner/planning', '/practitioner/live/dashboard', '/practitioner/rota'] },
  { who: DEMO.shiftManager, paths: ['/shift_manager/dashboard', '/shift_manager/doctors-management', '/shift_manager/live/dashboard', '/practitioner/rota'] },
  { who: DEMO.admin, paths: ['/super_admin/dashboard', '/super_admin/doctors-management'] },
  { who: DEMO.support, paths: ['/customer_services/dashboard'] },
  { who: DEMO.traveller, paths: ['/b2c/dashboard'] },
];

const WIDTHS = [1280, 375];

/** How far the page scrolls sideways, once its heading is shown and its requests have settled. */
async function sidewaysOverflow(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('no page scrolls sideways', () => {
  for (const { who, paths } of PAGES) {
    test(`${who ?? 'signed out'}: ${paths.length} pages at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
      if (who) await signIn(page, who);
      const overflowing: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of paths) {
          const overflow = await sidewaysOverflow(page, path);
          if (overflow > 0) overflowing.push(`${path} at ${width} px: ${overflow} px`);
        }
      }
      expect(overflowing).toEqual([]);
    });
  }
});

test('on a phone the practitioner’s drawer opens from the menu button and closes after choosing a page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.shiftManager);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Doctors Management' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('link', { name: 'Doctors Management' }).click();
  await expect(page).toHaveURL('/shift_manager/doctors-management');
  await expect(page.getByRole('link', { name: 'Doctors Management' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');
});
