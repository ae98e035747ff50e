import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

/** A second super admin, holding no granted permission, created by the demo admin. */
async function createSuperAdmin(request: APIRequestContext, lastName: string): Promise<{ email: string; password: string; id: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const email = `e2e-admin-${Date.now()}-${lastName.toLowerCase()}@example.test`.replace(/[^a-z0-9@.-]/g, '');
  const password = 'e2e super admin password';
  const headers = { authorization: `Bearer ${admin.token}` };
  const user = await request.post('/api/identity/users', {
    headers,
    data: { first_name: 'Casey', last_name: lastName, email, password, username: email, organisation_id: admin.organisationId, date_of_birth: Date.UTC(1988, 2, 3) / 1000 },
  });
  expect(user.status()).toBe(201);
  const { user: created } = (await user.json()) as { user: { id: string } };
  const role = await request.post('/api/identity/roles', { headers, data: { name: 'super_admin', user_id: created.id, organisation_id: admin.organisationId } });
  expect(role.status()).toBe(201);
  return { email, password, id: created.id };
}

const hubCards = (page: Page) => page.getByRole('list', { name: 'Management' }).getByRole('heading', { level: 2 });

test.describe('the catalogue and the permissions granted account by account', () => {
  test('a super admin sees the hub cards of the permissions they hold, and Processor once its API answers', async ({ page, request }) => {
    await signIn(page, DEMO.admin);
    await expect(hubCards(page)).toHaveText(['Doctors Management', 'Order Management', 'Certificate Management', 'Discount Management', 'Product Management', 'Pages Management', 'Uploaded Results Management', 'PCR Tests Management', 'Dropbox management', 'Countries Management', 'Drugs Management', 'Processor', 'Messages', 'Permissions']);
    await expectAccessible(page);

    const plain = await createSuperAdmin(request, 'Plain');
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, plain.email, plain.password);
    await expect(hubCards(page)).toHaveText(['Doctors Management', 'Order Management', 'Certificate Management', 'Uploaded Results Management', 'PCR Tests Management', 'Dropbox management', 'Countries Management', 'Drugs Management', 'Processor', 'Messages']);
    await page.goto('/super_admin/product-management');
    await expect(page).toHaveURL(/\/super_admin\/dashboard$/);
    await page.goto('/super_admin/permissions');
    await expect(page).toHaveURL(/\/super_admin\/dashboard$/);
    await page.goto('/super_admin/generate-discount');
    await expect(page).toHaveURL(/\/super_admin\/dashboard$/);
  });

  test('a product is created, edited, switched and deleted', async ({ page }) => {
    test.setTimeout(180_000); // the whole life of a product, with five accessibility checks
    const sku = `E2E-${Date.now()}`;
    await signIn(page, DEMO.admin);
    await page.getByRole('link', { name: /^Product Management/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Product Table' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toContainText('ANT-CONSULT-001');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Kits' }).click();
    await expect(page.getByRole('table', { name: 'Approved kits' })).toContainText('X2010051');
    await page.getByRole('tab', { name: 'New Product' }).click();
    await expect(page).toHaveURL(/\/super_admin\/product\/create$/);
    await expect(page.getByLabel('Country')).toHaveValue('UK');

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Input title')).toBeVisible();
    await expect(page.getByText('Input price')).toBeVisible();
    await expect(page.getByText('Input MRP')).toBeVisible();
    await expect(page.getByText('Choose yes or no')).toHaveCount(5);
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Arrival Antigen Test');
    await page.getByLabel('Price').fill('0.99');
    await page.getByLabel('MRP').fill('0.5');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Minimal price is 1')).toBeVisible();
    await expect(page.getByText('Minimal value is 1')).toBeVisible();
    await page.getByLabel('Price').fill('1.00');
    await page.getByLabel('MRP').fill('12.50');
    await page.getByLabel('SKU').fill('FLX-UK-ANT-SNS-001');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Antigen' }).click();
    await page.getByRole('checkbox', { name: 'before_flight' }).check();
    for (const [label, answer] of [
      ['Out of stock', 'No'],
      ['Discount exempt', 'No'],
      ['VAT exempt', 'Yes'],
      ['Shippable', 'Yes'],
      ['Bookable', 'Yes'],
    ] as const) {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: answer, exact: true }).click();
    }
    await page.getByRole('combobox', { name: 'Booking' }).click();
    await page.getByRole('option', { name: 'After purchase' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Point 1 text').fill('Results in 15 minutes');
    await page.getByRole('button', { name: 'Create' }).click();
    // The server's refusal, which names no field of the form, is shown in a toast.
    await expect(page.getByText('A product with this SKU already exists')).toBeVisible();
    await page.getByLabel('SKU').fill(sku);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/super_admin\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Arrival Antigen Test' })).toBeVisible();
    await expect(page.getByLabel('Price')).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Arrival Antigen Test Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Arrival Antigen Test Renamed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Change history' })).toContainText('Edited by Alex Morgan');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to Product List' }).click();
    const table = page.getByRole('table', { name: 'Products' });
    const inStock = table.getByRole('switch', { name: 'Arrival Antigen Test Renamed in stock' }).or(table.getByRole('checkbox', { name: 'Arrival Antigen Test Renamed in stock' }));
    await expect(inStock).toBeChecked();
    await inStock.click();
    await expect(inStock).not.toBeChecked();
    const allInStock = page.getByRole('checkbox', { name: 'All in stock' }).or(page.getByRole('switch', { name: 'All in stock' }));
    await expect(allInStock).not.toBeChecked();
    await allInStock.click();
    await expect(inStock).toBeChecked();
    await expect(allInStock).toBeChecked();

    await table.getByRole('button', { name: 'Delete Arrival Antigen Test Renamed' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete this product?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(table).toContainText(sku);
    await table.getByRole('button', { name: 'Delete Arrival Antigen Test Renamed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(table).not.toContainText(sku);
  });

  test('the Kits tab: a kit is added with its lot IDs, edited and retired; its messages', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E Rapid Kit ${Date.now()}`;
    await signInTo(page, DEMO.admin, '/super_admin/product-management');
    await page.getByRole('tab', { name: 'Kits' }).click();
    const table = page.getByRole('table', { name: 'Approved kits' });
    await expect(table).toContainText('X2010051');

    await page.getByRole('button', { name: 'New kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New kit' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Input name')).toBeVisible();
    await expect(dialog.getByText('Input specificity')).toBeVisible();
    await expect(dialog.getByText('Input sensitivity')).toBeVisible();
    await expect(dialog.getByText('Add at least one lot ID')).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Specificity').fill('high');
    await dialog.getByLabel('Sensitivity').fill('96.5');
    await dialog.getByLabel('Lot ID', { exact: true }).fill('LOT 1');
    await dialog.getByRole('button', { name: 'Add lot ID' }).click();
    await expect(dialog.getByText('Letters, digits, ., /, - and _ only')).toBeVisible();
    await dialog.getByLabel('Lot ID', { exact: true }).fill('E2E-LOT-1');
    await dialog.getByLabel('Lot ID', { exact: true }).press('Enter');
    await dialog.getByLabel('Lot ID', { exact: true }).fill('E2E-LOT-2');
    await dialog.getByRole('button', { name: 'Add lot ID' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Input a percentage from 0 to 100, like 99.6%')).toBeVisible();
    await dialog.getByLabel('Specificity').fill('99.2%');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Kit has been created.')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('99.2%');
    await expect(row).toContainText('96.5%');
    await expect(row).toContainText('E2E-LOT-1, E2E-LOT-2');
    await expectAccessible(page);

    await table.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('button', { name: 'Remove lot ID E2E-LOT-1' }).click();
    await edit.getByLabel('Lot ID', { exact: true }).fill('E2E-LOT-3');
    await edit.getByRole('button', { name: 'Add lot ID' }).click();
    await edit.getByLabel('Name').fill('Innova SARS-CoV-2 Antigen Rapid Qualitative Test');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('An approved kit with this name already exists')).toBeVisible();
    await edit.getByLabel('Name').fill(`${name} v2`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Kit has been saved.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `${name} v2` })).toContainText('E2E-LOT-2, E2E-LOT-3');

    await table.getByRole('button', { name: `Retire ${name} v2` }).click();
    const confirm = page.getByRole('dialog', { name: `Retire ${name} v2` });
    await expect(confirm).toContainText('Are you sure you want to retire this kit?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Kit has been retired.')).toBeVisible();
    await expect(table).not.toContainText(name);
  });

  test('a failed list says Error fetching products and offers to try again', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route(/\/api\/commerce\/v1\/product\?/, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Missing details.' }) }));
    await page.goto('/super_admin/product-management');
    await expect(page.getByText('Error fetching products')).toBeVisible();
    await page.unroute(/\/api\/commerce\/v1\/product\?/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  });

  test('permissions are granted and revoked from the Permissions page, at once', async ({ page, request }) => {
    const other = await createSuperAdmin(request, 'Granted');
    await signIn(page, DEMO.admin);
    await page.getByRole('link', { name: /^Permissions/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    await page.getByLabel('Search by name or e-mail').fill(other.email);
    const table = page.getByRole('table', { name: 'Accounts and their permissions' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    const products = table.getByRole('checkbox', { name: /^Products for Casey/ }).or(table.getByRole('switch', { name: /^Products for Casey/ }));
    await expect(products).not.toBeChecked();
    await products.click();
    await expect(page.getByText(/Products granted to Casey/)).toBeVisible();
    await expect(products).toBeChecked();

    const api = await apiSession(request, other.email, other.password);
    const inactive = () => request.get('/api/commerce/v1/product?include_inactive=true', { headers: { authorization: `Bearer ${api.token}` } });
    expect((await inactive()).status()).toBe(200);
    await products.click();
    await expect(page.getByText(/Products revoked from Casey/)).toBeVisible();
    expect((await inactive()).status()).toBe(403);

    await page.getByLabel('Search by name or e-mail').fill(DEMO.admin);
    const own = table.getByRole('checkbox', { name: 'Permissions for Alex Morgan' }).or(table.getByRole('switch', { name: 'Permissions for Alex Morgan' }));
    await expect(own).toBeChecked();
    await own.click();
    await expect(page.getByText('At least one account must keep permissions.manage: grant it to another account first.')).toBeVisible();
    await expect(own).toBeChecked();
  });
});
