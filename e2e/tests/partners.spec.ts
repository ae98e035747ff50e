import { expect as baseExpect } from '@playwright/test';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

// Lazy pages and their texts on a busy machine: room to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('partners on Pages Management', () => {
  test('the seeded partners are listed; a partner is created with the form’s messages, then edited', async ({ page }) => {
    const run = Date.now().toString(36);
    await signInTo(page, DEMO.admin, '/super_admin/pages-management');
    const table = page.getByRole('table', { name: 'Partners' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Kind', 'Source label', 'Code prefixes', 'Booking page', 'Actions']);
    await expect(table.getByRole('row', { name: /OFL/ }).first()).toContainText('FLX-UK-ANT-SNS-001: F2F (not F2FAW)');
    await expect(table.getByRole('row', { name: /Florida Tix/ })).toContainText('ANT-CONSULT-001: FT?A');
    await expect(table.getByRole('link', { name: '/book_test_attraction_world, the booking page of Attraction World (opens in a new tab)' })).toHaveAttribute('href', '/book_test_attraction_world');

    await page.getByRole('button', { name: 'Add partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'New partner' });
    await dialog.getByLabel('Page address').fill('not valid');
    await dialog.getByLabel('Home page').fill('http://insecure.example/');
    await dialog.getByLabel('Prefixes 1').fill('e-pcr');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Input name')).toBeVisible();
    await expect(dialog.getByText('Use letters, digits and underscores')).toBeVisible();
    await expect(dialog.getByText('Input source label')).toBeVisible();
    await expect(dialog.getByText('Enter the home page as an https address')).toBeVisible();
    await expect(dialog.getByText('Select product')).toBeVisible();
    await expect(dialog.getByText('Capital letters, digits and ? only')).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await dialog.getByLabel('Name').fill(`Sky Air ${run}`);
    await dialog.getByLabel('Page address').fill(`sky_air_${run}`);
    await dialog.getByLabel('Source label').fill('floridatix');
    await dialog.getByLabel('Home page').fill('https://skyair.example/');
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Airline' }).click();
    await dialog.getByRole('combobox', { name: 'Product 1' }).click();
    await page.getByRole('option', { name: /FLX-UK-ANT-SNS-001/ }).click();
    await dialog.getByLabel('Prefixes 1').fill('eant, eair');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await dialog.getByRole('combobox', { name: 'Product 2' }).click();
    await page.getByRole('option', { name: /SYN-UK-PCR-SNS-001/ }).click();
    await dialog.getByLabel('Prefixes 2').fill('EPCR');
    await dialog.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: 'The partner’s logo' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A partner with this source label already exists.')).toBeVisible();
    await dialog.getByLabel('Source label').fill(`skyair-${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Partner has been created.')).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(`Sky Air ${run}`) });
    await expect(row).toContainText('Airline');
    await expect(row).toContainText('FLX-UK-ANT-SNS-001: EANT, EAIR; SYN-UK-PCR-SNS-001: EPCR');
    await expect(row.getByRole('link')).toHaveAttribute('href', `/book_test_sky_air_${run}`);

    await row.getByRole('button', { name: `Edit Sky Air ${run}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit partner' });
    await expect(edit.getByLabel('Prefixes 1')).toHaveValue('EANT, EAIR');
    await edit.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'European' }).click();
    await edit.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'German' }).click();
    await edit.getByRole('button', { name: 'Remove product 2' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText('Partner has been saved.')).toBeVisible();
    await expect(row).toContainText('European');
    await expect(row).not.toContainText('EPCR');
    await expectAccessible(page);
  });

  test('a failed list says so', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route('**/api/commerce/v1/partner', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.goto('/super_admin/pages-management');
    await expect(page.getByText('Error fetching partners')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('consultation terms', () => {
  test('English and German, public, each linking the other; the terms are among the built-in pages', async ({ page }) => {
    await page.goto('/en/consultation/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions for Test Consultations');
    for (const heading of ['1. A screening service, not a diagnosis', '2. Your health data and your consent (UK GDPR)', '3. Sharing with partners', '4. Results and certificates', '5. Samples that cannot be evaluated', '6. Our liability', '7. Support']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByText('Certificates are issued in English.')).toBeVisible();
    await expect(page.getByText(/7 AM to 7 PM UK time, seven days a week/)).toBeVisible();
    await expect(page.getByText(/Version \d{4}-\d{2}-\d{2}/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Deutsche Fassung' }).click();
    await expect(page).toHaveURL(/\/de\/consultation\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen für Testkonsultationen');
    await expect(page.getByRole('main')).toHaveAttribute('lang', 'de');
    await expect(page.getByText(/von 7 bis 19 Uhr britischer Zeit/)).toBeVisible();
    await expect(page.getByText(/kostenlosen Wiederholungstest/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'English version' }).click();
    await expect(page).toHaveURL(/\/en\/consultation\/terms$/);

    await signInTo(page, DEMO.admin, '/super_admin/pages-management');
    await expect(page.getByRole('table', { name: 'Pages Management' }).getByRole('link', { name: 'View Terms and Conditions (German) (opens in a new tab)' })).toHaveAttribute('href', '/de/consultation/terms');
  });
});
