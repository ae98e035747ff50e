import { readFile } from 'node:fs/promises';
import { aYearAfter } from '@vireo/contracts';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

const BASE = '/api/commerce/v1/discount';
/** Codes and projects of this run: the lists are filtered to them, whatever other runs left behind. */
const run = Date.now().toString(36).toUpperCase();

/** A London day `days` from today, 'yyyy-MM-dd': the server checks codes against London days at real time. */
function londonDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}

async function adminHeaders(request: APIRequestContext) {
  const admin = await apiSession(request, DEMO.admin);
  return { authorization: `Bearer ${admin.token}` };
}

async function createDiscount(request: APIRequestContext, headers: Record<string, string>, project: string, code: string, uses: number): Promise<void> {
  const created = await request.post(BASE, { headers, data: { project, code, type: 'percentage', value: 10, active_from: londonDay(), active_to: londonDay(30), uses } });
  expect(created.status(), code).toBe(201);
}

const bodyRows = (section: Locator) => section.locator('tbody tr');
const firstCode = (section: Locator) => bodyRows(section).first().locator('td').first();

async function chooseProject(page: Page, section: Locator, project: string): Promise<void> {
  await section.getByRole('combobox', { name: 'Projects' }).click();
  await page.getByRole('option', { name: project, exact: true }).click();
  await page.keyboard.press('Escape');
}

test.describe('discounts: generate and list codes (discounts.manage)', () => {
  test('generate shows every message on an empty submit, generates a code and puts a taken code’s error on its field', async ({ page, request }) => {
    const project = `E2E Generate ${run}`;
    const code = `gen-${run}`;
    await signIn(page, DEMO.admin);
    await page.getByRole('link', { name: /^Discount Management/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/generate-discount$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Discount Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Generate Discount' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Active from')).toHaveValue(londonDay());
    await expectAccessible(page);

    await page.getByLabel('Active from').fill('');
    await page.getByLabel('Active to').fill('');
    await page.getByRole('button', { name: 'Generate' }).click();
    for (const message of ['Select project', 'Input discount unique code', 'Select discount type', 'Input value', 'Input start date', 'Select end date', 'Input uses quantity']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Project' }).fill(project);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(code.toUpperCase());
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Reduction' }).click();
    await page.getByLabel('Value (£)').fill('12.50');
    await page.getByLabel('Active from').fill(londonDay());
    await page.getByLabel('Active to').fill(londonDay(90));
    await page.getByLabel('Uses').fill('3');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Discount successfully generated')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue('');

    const headers = await adminHeaders(request);
    const listed = await request.get(`${BASE}?filter[code]=${code.toUpperCase()}`, { headers });
    const { data } = (await listed.json()) as { data: { project: string; type: string; value: number; uses: number; active_to: string }[] };
    expect(data).toEqual([expect.objectContaining({ project, type: 'reduction', value: 1250, uses: 3, active_to: londonDay(90) })]);

    // The project now exists: picked from the list this time.
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: project, exact: true }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Percentage' }).click();
    await page.getByLabel('Value (%)').fill('15');
    await page.getByLabel('Uses').fill('1');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('A discount with this code already exists')).toBeVisible();
    await expectAccessible(page);
  });

  test('the lists filter by code and project, sort, page, and the used list links to the orders of a code', async ({ page, request }) => {
    test.setTimeout(120_000);
    const project = `E2E List ${run}`;
    const other = `E2E Other ${run}`;
    const code = (n: number) => `L${run}-${String(n).padStart(2, '0')}`;
    const headers = await adminHeaders(request);
    for (let n = 1; n <= 12; n++) await createDiscount(request, headers, project, code(n), n);
    await createDiscount(request, headers, other, `O${run}-01`, 5);
    const applied = await request.post(`${BASE}/${code(3)}/apply`, { headers });
    expect(applied.status()).toBe(200);

    await signInTo(page, DEMO.admin, '/super_admin/generate-discount');
    await page.getByRole('tab', { name: 'Manage Discounts' }).click();
    await expect(page).toHaveURL(/\/super_admin\/discount-management$/);
    const unused = page.getByRole('region', { name: 'Discount List', exact: true });
    const used = page.getByRole('region', { name: 'Used Discount List' });

    await chooseProject(page, unused, project);
    await expect(bodyRows(unused)).toHaveCount(10);
    await expect(unused.getByText('1–10 of 11')).toBeVisible();
    await expect(unused).not.toContainText(code(3));
    await expect(unused).not.toContainText(`O${run}-01`);
    await expect(unused.getByRole('cell', { name: '10%' }).first()).toBeVisible();
    await unused.getByRole('button', { name: 'Go to next page' }).click();
    await expect(bodyRows(unused)).toHaveCount(1);
    await expect(unused.getByText('11–11 of 11')).toBeVisible();

    const codeHeader = unused.getByRole('columnheader', { name: 'Code' });
    await codeHeader.getByRole('button').click();
    await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCode(unused)).toHaveText(code(1));
    await codeHeader.getByRole('button').click();
    await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCode(unused)).toHaveText(code(12));
    await codeHeader.getByRole('button').click();
    await expect(codeHeader).not.toHaveAttribute('aria-sort');
    const usesHeader = unused.getByRole('columnheader', { name: 'Uses', exact: true });
    await usesHeader.getByRole('button').click();
    await expect(firstCode(unused)).toHaveText(code(1));

    await unused.getByRole('combobox', { name: 'Rows per page:' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(bodyRows(unused)).toHaveCount(11);

    await unused.getByLabel('Search by code').fill(`l${run}-1`);
    await expect(bodyRows(unused)).toHaveCount(3);
    await expect(unused).toContainText(code(10));
    await unused.getByLabel('Search by code').fill(`NONE-${run}`);
    await expect(unused.getByText('No discounts to display')).toBeVisible();

    await used.getByLabel('Search by code').fill(code(3));
    await expect(bodyRows(used)).toHaveCount(1);
    const usedRow = bodyRows(used).first();
    await expect(usedRow).toContainText(project);
    await expect(usedRow.locator('td').nth(8)).toHaveText('1');
    const viewOrder = used.getByRole('link', { name: `View Order for ${code(3)}` });
    await expect(viewOrder).toHaveText('View Order');
    await expect(viewOrder).toHaveAttribute('href', `/super_admin/order-list?discount=${code(3)}`);
    await expectAccessible(page);
  });

  test('the Purchase Codes tab generates a batch, lists it with its uses and exports its codes as CSV; a kept prefix is refused', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E batch ${run}`;
    const prefix = `E${run}`.slice(0, 10);
    await signInTo(page, DEMO.admin, '/super_admin/generate-discount');
    await page.getByRole('tab', { name: 'Purchase Codes' }).click();
    await expect(page).toHaveURL(/\/super_admin\/purchase-codes$/);
    await expect(page.getByRole('tab', { name: 'Purchase Codes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Purchase code batches' })).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'New purchase code batch' });
    await form.getByRole('button', { name: 'Generate codes' }).click();
    for (const message of ['Input name', 'Input prefix', 'Select product', 'Input number of codes']) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    // A kept prefix picks its own product; another product with it is refused by the server, on the prefix.
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Prefix' }).fill('ant');
    await expect(form.getByRole('textbox', { name: 'Prefix' })).toHaveValue('ANT');
    await expect(form.getByRole('combobox', { name: 'Product' })).toHaveText(/Fit to Fly Antigen Test \(FLX-UK-ANT-SNS-001\)/);
    await form.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: 'PCR Test (SYN-UK-PCR-SNS-001)' }).click();
    await form.getByRole('textbox', { name: /^Number of codes/ }).fill('10001');
    await form.getByRole('textbox', { name: 'Uses per code' }).fill('2');
    await form.getByRole('button', { name: 'Generate codes' }).click();
    await expect(form.getByText('From 1 to 10000 codes')).toBeVisible();
    await form.getByRole('textbox', { name: /^Number of codes/ }).fill('3');
    await form.getByRole('button', { name: 'Generate codes' }).click();
    await expect(form.getByText('This prefix belongs to another product')).toBeVisible();

    await form.getByRole('textbox', { name: 'Prefix' }).fill(prefix);
    await form.getByRole('button', { name: 'Generate codes' }).click();
    await expect(page.getByText('Purchase codes successfully generated')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    const row = page.getByRole('table', { name: 'Purchase code batches' }).getByRole('row').filter({ hasText: name });
    const validUntil = aYearAfter(londonDay());
    await expect(row.getByRole('cell')).toHaveText([name, prefix, 'PCR Test (SYN-UK-PCR-SNS-001)', '3', '2', validUntil, '0', '6', 'Export CSV']);
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Export CSV of ${name}` }).click();
    const file = await download;
    // The file is named by the batch's creation day (UTC).
    expect(file.suggestedFilename()).toBe(`purchase-codes-${prefix}-${new Date().toISOString().slice(0, 10)}.csv`);
    const text = await readFile(await file.path(), 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('code,uses,used,left,product_sku,valid_until');
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^${prefix}[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10},2,0,2,SYN-UK-PCR-SNS-001,${validUntil}$`));
  });

  test('a batch for the US source (vireo-us) offers and picks the US products; a prefix without a US product is refused', async ({ page }) => {
    const name = `E2E US batch ${run}`;
    await signIn(page, DEMO.admin);
    await page.goto('/super_admin/purchase-codes');
    const form = page.getByRole('form', { name: 'New purchase code batch' });
    const source = form.getByRole('combobox', { name: 'Source' });
    const product = form.getByRole('combobox', { name: 'Product' });
    await expect(source).toHaveText('Pharmacy (UK products, £)');

    // ANT picks the UK antigen test for Pharmacy, and the US one once the source is vireo-us.
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Prefix' }).fill('ANT');
    await expect(product).toHaveText(/Fit to Fly Antigen Test \(FLX-UK-ANT-SNS-001\)/);
    await source.click();
    await page.getByRole('option', { name: 'vireo-us (US products, $)' }).click();
    await expect(source).toHaveText('vireo-us (US products, $)');
    await expect(product).toHaveText(/Day 3 Antigen Test \(DAY-2-US-ANT-001\)/);
    // Only the US catalogue is offered.
    await product.click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: 'DAY-2-US-ANT-001' })).toHaveCount(1);
    await expect(options.filter({ hasText: 'FLX-UK-ANT-SNS-001' })).toHaveCount(0);
    await expect(options.filter({ hasText: 'SYN-UK-PCR-SNS-001' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // ATE has no US product: the server refuses it on the prefix.
    await form.getByRole('textbox', { name: 'Prefix' }).fill('ATE');
    await form.getByRole('textbox', { name: /^Number of codes/ }).fill('2');
    await form.getByRole('button', { name: 'Generate codes' }).click();
    await expect(form.getByText('This prefix belongs to another product')).toBeVisible();
    await expectNoDeveloperText(page);

    await form.getByRole('textbox', { name: 'Prefix' }).fill('ANT');
    await form.getByRole('button', { name: 'Generate codes' }).click();
    await expect(page.getByText('Purchase codes successfully generated')).toBeVisible();
    const row = page.getByRole('table', { name: 'Purchase code batches' }).getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(2)).toHaveText('Day 3 Antigen Test (DAY-2-US-ANT-001)');
    // The form is new again: Pharmacy, no product.
    await expect(source).toHaveText('Pharmacy (UK products, £)');
    await expectAccessible(page);
  });

  test('failed loads say Error fetching Discounts and Error fetching Projects', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const failure = { status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Missing details.' }) };
    await page.route(/\/api\/commerce\/v1\/discount\?/, (route) => route.fulfill(failure));
    await page.route(/\/api\/commerce\/v1\/discount\/-\/project$/, (route) => route.fulfill(failure));
    await page.goto('/super_admin/discount-management');
    await expect(page.getByText('Error fetching Discounts')).toHaveCount(2);
    await expect(page.getByText('Error fetching Projects')).toBeVisible();
  });

  test('a shift manager asking for the discount pages is sent home', async ({ page }) => {
    await signIn(page, DEMO.shiftManager);
    for (const path of ['/super_admin/generate-discount', '/super_admin/discount-management']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/shift_manager\/dashboard$/);
    }
  });
});
