import { expect, type Page } from '@playwright/test';
import { DEMO, signIn, test } from '../fixtures';

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

/** The main area's first box: how far it stands from the main area's left and right padding edges, and how wide it and the area are. */
async function contentGaps(page: Page) {
  return page.getByRole('main').evaluate((main) => {
    const style = getComputedStyle(main);
    const area = main.getBoundingClientRect();
    const inner = { left: area.left + parseFloat(style.paddingLeft), right: area.right - parseFloat(style.paddingRight) };
    const box = (main.firstElementChild as HTMLElement).getBoundingClientRect();
    return { left: box.left - inner.left, right: inner.right - box.right, width: box.width, areaWidth: inner.right - inner.left };
  });
}

test('on a wide screen the patient and manager pages’ content stands in the middle, and on a phone it still fits', async ({ page }) => {
  await signIn(page, DEMO.manager);
  const paths = ['/patient/profile', '/patient/shipping-info', '/patient/health-assessment', '/patient/test-results', '/patient/help'];
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const path of paths) {
    expect(await sidewaysOverflow(page, path), path).toBe(0);
    const gaps = await contentGaps(page);
    expect(gaps.width, `${path} is narrower than the main area`).toBeLessThan(gaps.areaWidth - 100);
    expect(Math.abs(gaps.left - gaps.right), `${path}: ${gaps.left} px left, ${gaps.right} px right`).toBeLessThanOrEqual(2);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of paths) expect(await sidewaysOverflow(page, path), path).toBe(0);
});
