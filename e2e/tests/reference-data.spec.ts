import { expect as baseExpect, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

const API = '/api/commerce/v1';
// Lazy pages, their texts and failed loads' retries (1 s, then 2 s) on a busy machine: room to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** Answers the list call with `body` (an empty list, or a failure) while the page loads. */
async function answerList(page: Page, path: string, status: number, body: unknown) {
  await page.route(`**${API}/${path}`, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}

test.describe('super admin reference data: countries, drugs, pages', () => {
  test('the hub shows the Countries, Drugs and Pages cards; empty and failed lists say so', async ({ page }) => {
    await signIn(page, DEMO.admin);
    for (const card of ['Countries Management', 'Drugs Management', 'Pages Management']) await expect(page.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();

    await answerList(page, 'country', 200, { success: true, countries: [] });
    await page.getByRole('link', { name: /^Countries Management/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/countries-management$/);
    await expect(page.getByText('No countries to display')).toBeVisible();
    await page.unroute(`**${API}/country`);
    await answerList(page, 'country', 500, { success: false, message: 'Internal Server Error' });
    await page.reload();
    await expect(page.getByText('Error fetching Countries')).toBeVisible();
    await expectAccessible(page);

    await answerList(page, 'drug?*', 200, { success: true, drugs: [], total: 0 });
    await page.goto('/super_admin/drugs-management');
    await expect(page.getByText('No drugs to display')).toBeVisible();
    await page.unroute(`**${API}/drug?*`);
    await answerList(page, 'drug?*', 500, { success: false, message: 'Internal Server Error' });
    await page.reload();
    await expect(page.getByText('Error fetching Drugs')).toBeVisible();

    await answerList(page, 'page', 200, { success: true, pages: [] });
    await page.goto('/super_admin/pages-management');
    await expect(page.getByText('No pages to display')).toBeVisible();
  });

  test('a country: every message, create, a code in use, edit with its history, delete', async ({ page, request }) => {
    const admin = await apiSession(request, DEMO.admin);
    // A run against a server a previous run used starts without the country.
    await request.delete(`${API}/country/NOR`, { headers: { authorization: `Bearer ${admin.token}` } });

    await signInTo(page, DEMO.admin, '/super_admin/countries-management');
    await expect(page.getByRole('table', { name: 'Countries Management' }).getByRole('columnheader')).toHaveText([
      'Name',
      'NCA Address ID',
      'Prohibited Schedule',
      'Prohibited Schedule Narcotics',
      'Prohibited Schedule Psychotropics',
      'Restriction Id',
      'Vaccine Information Id',
      'Actions',
    ]);
    await page.getByRole('tab', { name: 'Create Country' }).click();
    await expect(page).toHaveURL(/\/super_admin\/new-country$/);

    const form = page.getByRole('form', { name: 'Create Country' });
    await form.getByRole('button', { name: 'Add item: Recommendations' }).click();
    await form.getByRole('button', { name: 'Add item: Prohibited Schedule Narcotics' }).click();
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('Input name')).toBeVisible();
    await expect(form.getByText('ISO 3166-1 alpha-3 code required')).toBeVisible();
    await expect(form.getByText('Input Prohibited Schedule')).toBeVisible();
    await expect(form.getByText('Input number')).toBeVisible();
    await expect(form.getByText('Input Recommendation')).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await form.getByLabel('Name').fill('Norway');
    await form.getByLabel('Country Code').fill('NRW');
    await form.getByLabel('Address').fill('Norwegian Medical Products Agency, Oslo');
    await form.getByLabel('Email').fill('post@example.test');
    await form.getByLabel('Prohibited Schedule', { exact: false }).first().fill('2');
    await form.getByLabel('Narcotics schedule 1', { exact: true }).fill('1');
    await form.getByRole('button', { name: 'Add item: Prohibited Schedule Psychotropics' }).click();
    await form.getByLabel('Psychotropics schedule 1', { exact: true }).fill('3');
    await form.getByLabel('Recommendation 1', { exact: true }).fill('Carry a doctor’s letter.\nKeep medicines in their packaging.');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('ISO 3166-1 alpha-3 code required')).toBeVisible();
    await form.getByLabel('Country Code').fill('nor');
    await form.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/super_admin\/country\/NOR$/);
    await expect(page.getByRole('status').filter({ hasText: 'Country has been created successfully.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Norway (NOR)' })).toBeVisible();
    await expect(page.getByLabel('Narcotic', { exact: true })).toHaveValue('The government travel sector has not uploaded any information regarding this destination.');
    await expect(page.getByLabel('Most travellers')).toHaveValue('default');
    await expectAccessible(page);

    // The same code again: the server's answer in a toast.
    await page.goto('/super_admin/new-country');
    await form.getByLabel('Name').fill('Norway again');
    await form.getByLabel('Country Code').fill('NOR');
    await form.getByLabel('Prohibited Schedule', { exact: false }).first().fill('1');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('A country with this code already exists.')).toBeVisible();

    await page.goto('/super_admin/country/NOR');
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Country NOR' });
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Input name')).toBeVisible();
    await edit.getByLabel('Name').fill('Kingdom of Norway');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Country has been successfully edited.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Kingdom of Norway (NOR)' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Change history' });
    await expect(history.getByText(/Edited · Test|Edited ·/)).toBeVisible();
    await expect(history.getByText('name', { exact: true })).toBeVisible();
    await expect(history.getByText(/Created ·/)).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Counties list' }).click();
    await expect(page).toHaveURL(/\/super_admin\/countries-management$/);
    await page.getByRole('button', { name: 'Delete Kingdom of Norway' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete this country?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('row', { name: /Kingdom of Norway/ })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Kingdom of Norway' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('row', { name: /Kingdom of Norway/ })).toHaveCount(0);
  });

  test('a drug: every message, create, edit, delete', async ({ page }) => {
    const name = `Aaa e2e codeine ${Date.now()}`;
    await signInTo(page, DEMO.admin, '/super_admin/drugs-management');
    await expect(page.getByRole('table', { name: 'Drugs Management' }).getByRole('columnheader')).toHaveText(['Name', 'Base Component', 'Type', 'Show In Autocomplete', 'Class', 'Actions']);
    await page.getByRole('tab', { name: 'Create Drug' }).click();
    await expect(page).toHaveURL(/\/super_admin\/new-drug$/);
    const form = page.getByRole('form', { name: 'Create Drug' });
    await form.getByRole('button', { name: 'Create' }).click();
    for (const message of ['Input name', 'Input Base Component', 'Input type', 'Input class']) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await form.getByLabel('Drug Name').fill(name);
    await form.getByLabel('Base Component').fill('Codeine');
    await form.getByLabel('Type').fill('Tablet');
    await form.getByLabel('Class').fill('2');
    await form.getByLabel('Show in Autocomplete').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/super_admin\/drug\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Drug has been successfully created.' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name });
    await edit.getByLabel('Class').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Input class')).toBeVisible();
    await edit.getByLabel('Class').fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Drug has been successfully edited.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Change history' }).getByText('class', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Drugs list' }).click();
    await expect(page).toHaveURL(/\/super_admin\/drugs-management$/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Yes');
    await expect(row).toContainText('3');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this drug?');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(row).toHaveCount(0);
  });

  test('an info page: written in Markdown, opened from View in a new tab, raw HTML shown as text', async ({ page, context }) => {
    const slug = `e2e-${Date.now()}`;
    await signIn(page, DEMO.admin);
    await page.getByRole('link', { name: /^Pages Management/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/pages-management$/);
    await expect(page.getByRole('table', { name: 'Pages Management' }).getByRole('columnheader')).toHaveText(['Title', 'Source', 'View', 'Actions']);
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New info page' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Input title')).toBeVisible();
    await expect(dialog.getByText('Input source')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Title').fill('Travelling with medicines');
    await dialog.getByLabel('Source').fill('Travel desk');
    await dialog.getByLabel('Address').fill(slug);
    await dialog.getByLabel('Text (Markdown)').fill('## Before you fly\n\nCarry a **letter** from your doctor.\n\n<b>not bold</b>');
    await dialog.getByLabel('Published').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);

    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name: 'View Travelling with medicines (opens in a new tab)' }).last().click();
    const info = await popup;
    await expect(info).toHaveURL(new RegExp(`/info/${slug}$`));
    await expect(info.getByRole('heading', { level: 1, name: 'Travelling with medicines' })).toBeVisible();
    await expect(info.getByRole('heading', { level: 2, name: 'Before you fly' })).toBeVisible();
    await expect(info.locator('strong')).toHaveText('letter');
    await expect(info.getByText('<b>not bold</b>')).toBeVisible();
    await expectAccessible(info);
    await info.close();

    await page.getByRole('button', { name: 'Edit Travelling with medicines' }).last().click();
    const editDialog = page.getByRole('dialog', { name: 'Edit info page' });
    await editDialog.getByLabel('Published').uncheck();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toHaveCount(0);
    const hidden = await context.newPage();
    await hidden.goto(`/info/${slug}`);
    await expect(hidden.getByRole('heading', { level: 1, name: 'This page is not available.' })).toBeVisible();
    await hidden.close();

    await page.getByRole('button', { name: 'Delete Travelling with medicines' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('link', { name: `View Travelling with medicines (opens in a new tab)` })).toHaveCount(0);
  });
});
