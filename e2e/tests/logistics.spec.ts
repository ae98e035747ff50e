import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { apiSession, uniqueSuffix } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';

const COMMERCE = '/api/commerce/v1';
/** A shippable kit of the demo catalogue. */
const KIT_SKU = 'FLX-UK-ANT-SNS-001';
const run = Date.now().toString(36).toUpperCase();
// Lazy pages, their texts and failed loads' retries on a busy machine: room to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Open all day, every day: a drop-off for today is refused once the box has closed for the day, and these tests drop
 * off today by the real clock, at whatever hour they run.
 */
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_hour: '00:00', end_hour: '23:59' }));

/** A dropbox open every day, made through the API; answers its id. */
async function createDropbox(request: APIRequestContext, name: string): Promise<string> {
  const admin = await apiSession(request, DEMO.admin);
  const created = await request.post(`${COMMERCE}/dropbox`, {
    headers: bearer(admin.token),
    data: {
      facility: { name, address_1: '2 Station Road', address_2: '', city: 'York', county: 'North Yorkshire', postcode: 'YO1 7AA', country: 'UK', type: 'Pharmacy', first_name: '', last_name: '', phone: '', email: '' },
      opening_times: EVERY_DAY,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

/** An order of one kit placed by the demo customer and dispatched with `kitId` by the super admin, through the API; answers its short token. */
async function dispatchedOrder(request: APIRequestContext, kitId: string): Promise<string> {
  const products = (await (await request.get(`${COMMERCE}/product`)).json()) as { data: { id: string; sku: string }[] };
  const productId = products.data.find((product) => product.sku === KIT_SKU)!.id;
  const traveller = await apiSession(request, DEMO.traveller);
  const address = { address_1: '1 Test Street', town: 'London', postcode: 'SW1A 1AA' };
  const placed = await request.post(`${COMMERCE}/order`, {
    headers: bearer(traveller.token),
    data: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: `e2e-drop-${uniqueSuffix()}@example.test` },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: 1 }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status()).toBe(201);
  const { order_details } = (await placed.json()) as { order_details: { id: string; short_token: string } };
  const admin = await apiSession(request, DEMO.admin);
  const dispatched = await request.patch(`${COMMERCE}/order/${order_details.id}/process`, {
    headers: bearer(admin.token),
    data: { units: [{ product_id: productId, kit_id: kitId, tracking_reference: 'RM123456785GB' }] },
  });
  expect(dispatched.status()).toBe(200);
  return order_details.short_token;
}

/** The text of the QR code in a PNG file, drawn by the browser and read by jsQR. */
async function qrText(page: Page, png: Buffer): Promise<string | undefined> {
  const { width, height, pixels } = await page.evaluate(async (dataUrl) => {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return { width: canvas.width, height: canvas.height, pixels: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, `data:image/png;base64,${png.toString('base64')}`);
  return jsQR(new Uint8ClampedArray(pixels), width, height)?.data;
}

const table = (page: Page) => page.getByRole('table', { name: 'Dropboxes' });

test.describe('dropboxes and drop-offs', () => {
  test('the hub card opens the Pickups Table; its Dropbox List tab the Dropbox Table; an empty and a failed load say so', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route(`**${COMMERCE}/dropbox`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [] }) }));
    await page.getByRole('link', { name: /^Dropbox management/ }).click();
    await expect(page).toHaveURL(/\/super_admin\/pickups-list$/);
    await expect(page.getByRole('heading', { name: 'Pickups Table' })).toBeVisible();
    await page.getByRole('tab', { name: 'Dropbox List' }).click();
    await expect(page).toHaveURL(/\/super_admin\/dropbox-list$/);
    await expect(page.getByRole('heading', { name: 'Dropbox Table' })).toBeVisible();
    await expect(page.getByText('No dropboxes to display')).toBeVisible();
    await page.unroute(`**${COMMERCE}/dropbox`);
    await page.route(`**${COMMERCE}/dropbox`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.reload();
    await expect(page.getByText('Error fetching Drop Boxes')).toBeVisible();
    await expectAccessible(page);
  });

  test('create a dropbox with every message, edit its opening times, deactivate and activate it, download its QR code', async ({ page }) => {
    const name = `E2E Dropbox ${run}`;
    await signInTo(page, DEMO.admin, '/super_admin/dropbox-list');
    await page.getByRole('link', { name: 'Create Dropbox' }).click();
    await expect(page).toHaveURL(/\/super_admin\/dropbox\/create$/);

    const form = page.getByRole('form', { name: 'Create Dropbox' });
    await form.getByRole('textbox', { name: 'Country', exact: true }).fill('');
    await form.getByLabel('Monday closes').fill('07:00');
    await form.getByRole('button', { name: 'Create' }).click();
    for (const message of ['Input name', 'Input address line', 'Input city', 'Input county', 'Input postcode', 'The closing time must be after the opening time']) await expect(form.getByText(message)).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Address line 1', exact: true }).fill('10 Market Street');
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Leeds');
    await form.getByRole('textbox', { name: 'County', exact: true }).fill('West Yorkshire');
    await form.getByRole('textbox', { name: 'Postcode', exact: true }).fill('ls1 6dt');
    await form.getByRole('textbox', { name: 'Country', exact: true }).fill('UK');
    await form.getByLabel('Monday closes').fill('18:30');
    await form.getByRole('checkbox', { name: 'Open on Sunday' }).uncheck();
    await expect(form.getByLabel('Sunday opens')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/super_admin\/dropbox\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByRole('status').filter({ hasText: 'Dropbox has been created.' })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const view = page.getByRole('form', { name });
    await expect(view.getByRole('textbox', { name: 'Postcode', exact: true })).toHaveValue('LS1 6DT');
    await expect(view.getByLabel('Monday closes')).toHaveValue('18:30');
    await expect(view.getByRole('checkbox', { name: 'Open on Sunday' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Edit' }).click();
    await view.getByLabel('Saturday opens').fill('10:00');
    await view.getByLabel('Saturday closes').fill('09:00');
    await view.getByRole('button', { name: 'Save' }).click();
    await expect(view.getByText('The closing time must be after the opening time')).toBeVisible();
    await view.getByLabel('Saturday closes').fill('14:00');
    await view.getByRole('checkbox', { name: 'Open on Sunday' }).check();
    await view.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Dropbox has been saved.' })).toBeVisible();
    await page.reload();
    await expect(view.getByLabel('Saturday opens')).toHaveValue('10:00');
    await expect(view.getByLabel('Saturday closes')).toHaveValue('14:00');
    await expect(view.getByLabel('Sunday opens')).toHaveValue('08:00');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to the dropboxes' }).click();
    const row = table(page).getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, 'Leeds', 'Active', 'ViewDeactivateDownload QR']);
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(page.getByText('Dropbox has been deactivated.')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Inactive');
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Active');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download QR of ${name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`dropbox-e2e-dropbox-${run.toLowerCase()}.png`);
    const text = await qrText(page, await readFile(await file.path()));
    expect(text).toMatch(new RegExp(`^https?://[^/]+/collection/0\\?dropbox=${id}$`));

    await page.getByRole('button', { name: 'Deactivate all' }).click();
    await expect(page.getByText('Every dropbox has been deactivated.')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Inactive');
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(row.getByRole('cell').nth(2)).toHaveText('Active');
    await row.getByRole('link', { name: `View ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/super_admin/dropbox/${id}$`));
    await expectAccessible(page);
  });

  test('a customer drops off a dispatched kit at a dropbox and gets a receipt; a kit the order did not send is refused', async ({ page, request }) => {
    const boxName = `E2E Drop ${run}`;
    await createDropbox(request, boxName);
    const kitId = `E2E-DROP-${run}`;
    const shortToken = await dispatchedOrder(request, kitId);

    await page.route(`**${COMMERCE}/drop-off/dropboxes`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.goto('/drop-off');
    await expect(page.getByText('Error fetching Drop Boxes')).toBeVisible();
    await page.unroute(`**${COMMERCE}/drop-off/dropboxes`);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Drop off your sample' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Drop off your sample' });
    await form.getByRole('button', { name: 'Confirm drop-off' }).click();
    for (const message of ['Input your order reference', 'Input Kit ID', 'Select a dropbox']) await expect(form.getByText(message)).toBeVisible();
    await expectNoDeveloperText(page);

    await form.getByRole('textbox', { name: 'Order reference', exact: true }).fill(shortToken.toLowerCase());
    await form.getByRole('textbox', { name: 'Kit ID', exact: true }).fill('E2E-NEVER-SENT');
    await form.getByRole('combobox', { name: 'Dropbox' }).click();
    await page.getByRole('option', { name: new RegExp(`^${boxName}`) }).click();
    const hours = form.getByRole('region', { name: 'Opening times' });
    await expect(hours).toContainText('Sunday00:00–23:59');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Confirm drop-off' }).click();
    await expect(form.getByText('We could not find this kit for this order reference, or this dropbox is not taking drop-offs.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Kit ID', exact: true }).fill(kitId.toLowerCase());
    await form.getByRole('button', { name: 'Confirm drop-off' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your drop-off has been recorded.' })).toBeVisible();
    const receipt = page.getByRole('main');
    await expect(receipt).toContainText(shortToken);
    await expect(receipt).toContainText(kitId);
    await expect(receipt).toContainText(`${boxName}, 2 Station Road, York, YO1 7AA`);
    await expect(receipt).toContainText(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()));
    await expectAccessible(page);
  });

  test('a drop-off, then the courier collects it through the dropbox QR code’s link, sets it back and again; the pickups count it and the receipts list it', async ({ page, request }) => {
    const boxName = `E2E Pickup ${run}`;
    const dropboxId = await createDropbox(request, boxName);
    const kitId = `E2E-PICK-${run}`;
    const shortToken = await dispatchedOrder(request, kitId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const dropped = await request.post(`${COMMERCE}/drop-off`, { data: { short_token: shortToken, kit_id: kitId, dropbox_id: dropboxId, date: today } });
    expect(dropped.status()).toBe(201);

    const admin = await apiSession(request, DEMO.admin);
    const sheet = await request.get(`${COMMERCE}/dropbox/${dropboxId}/render?format=png`, { headers: bearer(admin.token) });
    await signIn(page, DEMO.admin);
    const link = await qrText(page, await sheet.body());
    expect(link).toMatch(new RegExp(`/collection/0\\?dropbox=${dropboxId}$`));
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'Pick up Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Expected today at ${boxName}` })).toBeVisible();
    const expected = page.getByRole('table', { name: 'Receipts expected today' });
    await expect(expected.getByRole('row', { name: new RegExp(kitId) })).toContainText('Not collected');
    await expectAccessible(page);
    await expected.getByRole('link', { name: `Collect kit ${kitId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/[0-9a-f-]{36}\\?dropbox=${dropboxId}$`));
    await expect(page.getByText('Order collection status has been changed successfully')).toBeVisible();
    const collected = page.getByRole('switch', { name: 'Collected' });
    await expect(collected).toBeChecked();
    await expect(page.getByRole('main')).toContainText(shortToken);
    await expect(page.getByRole('main')).toContainText(boxName);
    await expectAccessible(page);
    await collected.click();
    await expect(collected).not.toBeChecked();
    await expect(page.getByRole('main')).toContainText('Collected by—');
    await collected.click();
    await expect(collected).toBeChecked();
    await expect(page.getByRole('main')).not.toContainText('Collected by—');

    await page.goto('/super_admin/pickups-list');
    await expect(page.getByRole('heading', { name: 'Pickups Table' })).toBeVisible();
    const pickups = page.getByRole('table', { name: 'Pickups' });
    await pickups.getByRole('button', { name: 'Expected Samples' }).click();
    await pickups.getByRole('button', { name: 'Expected Samples' }).click();
    const row = pickups.getByRole('row', { name: new RegExp(boxName) });
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    await expect(row.getByRole('cell').nth(5)).not.toHaveText('—');
    await expectAccessible(page);
    await row.getByRole('link', { name: `View the receipts of ${boxName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/super_admin/dropbox-receipts/${dropboxId}\\?date=${today}$`));
    const receipts = page.getByRole('table', { name: 'Receipts' });
    await expect(receipts.getByRole('row', { name: new RegExp(kitId) })).toContainText(shortToken);
    await expect(receipts.getByRole('row', { name: new RegExp(kitId) }).getByRole('cell').nth(2)).not.toHaveText('Not collected');
    await expectAccessible(page);
  });

  test('the receipts list shows a missed receipt in red, an empty day and a failed load', async ({ page, request }) => {
    const dropboxId = await createDropbox(request, `E2E Missed ${run}`);
    const missed = { id: '00000000-0000-4000-8000-000000000001', order_id: '00000000-0000-4000-8000-000000000002', order_reference: 'MISSEDREF', kit_id: 'E2E-MISSED', expected_dropoff_date: '2026-11-20', collection_time: null, missed: true };
    const url = `**${COMMERCE}/dropbox/${dropboxId}/receipts?*`;
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [missed], total: 1 }) }));
    await signInTo(page, DEMO.admin, `/super_admin/dropbox-receipts/${dropboxId}?date=2026-11-20`);
    const row = page.getByRole('table', { name: 'Receipts' }).getByRole('row', { name: /E2E-MISSED/ });
    await expect(row).toContainText('Missed');
    await expect(row.getByRole('cell').first()).toHaveCSS('color', 'rgb(142, 27, 27)');
    await expectAccessible(page);
    await page.unroute(url);
    await page.getByLabel('Date').fill('2026-11-21');
    await expect(page.getByText('No receipts to display')).toBeVisible();
    await page.route(url, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.getByLabel('Date').fill('2026-11-22');
    await expect(page.getByText('Error fetching receipts')).toBeVisible();
  });

  test('customer services find an order by kit ID or reference; a sample without a drop-off needs the dropbox’s QR code', async ({ page, request }) => {
    const boxName = `E2E Support ${run}`;
    const dropboxId = await createDropbox(request, boxName);
    const kitId = `E2E-SUPPORT-${run}`;
    const shortToken = await dispatchedOrder(request, kitId);
    await signIn(page, DEMO.support);
    await expect(page.getByRole('link', { name: /Pick up Management/ })).toHaveCount(0);
    await page.goto('/collection/0');
    await expect(page.getByRole('heading', { name: 'Pick up Management' })).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Order id, order reference or kit ID' });
    await search.fill('E2E-NOT-A-KIT');
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect(page.getByText('No order with samples matches this search.')).toBeVisible();
    await expectAccessible(page);
    await search.fill(kitId.toLowerCase());
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Scan the dropbox’s QR code first: a sample without a drop-off needs the dropbox it is collected at.')).toBeVisible();

    await page.goto(`/collection/0?dropbox=${dropboxId}`);
    await expect(page.getByText('No receipts to display')).toBeVisible();
    await search.fill(shortToken);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect(page.getByText('Order collection status has been changed successfully')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Collected' })).toBeChecked();
    await expect(page.getByRole('main')).toContainText(boxName);
    await expect(page.getByRole('main')).toContainText(kitId);
  });
});
