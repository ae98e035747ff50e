import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, createPractitioner, farDay, uniqueSuffix } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';
import { mailbox } from '../mailbox';

const COMMERCE = '/api/commerce/v1';
/** The sandbox gateway's cards: the first approved, the second declined. */
const APPROVED_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
/** A shippable kit of the demo catalogue (£29). */
const KIT_SKU = 'FLX-UK-ANT-SNS-001';
const KIT_TITLE = 'Fit to Fly Antigen Test';
const run = Date.now().toString(36).toUpperCase();

/** A London day `days` from today, 'yyyy-MM-dd'. */
function londonDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function kitId(request: APIRequestContext): Promise<string> {
  const products = await request.get(`${COMMERCE}/product`);
  const { data } = (await products.json()) as { data: { id: string; sku: string }[] };
  const kit = data.find((product) => product.sku === KIT_SKU);
  expect(kit, KIT_SKU).toBeDefined();
  return kit!.id;
}

async function createDiscount(request: APIRequestContext, code: string): Promise<void> {
  const admin = await apiSession(request, DEMO.admin);
  const created = await request.post(`${COMMERCE}/discount`, {
    headers: bearer(admin.token),
    data: { project: `E2E Orders ${run}`, code, type: 'percentage', value: 10, active_from: londonDay(), active_to: londonDay(30), uses: 50 },
  });
  expect(created.status(), code).toBe(201);
}

interface PlacedOrder {
  id: string;
  shortToken: string;
  email: string;
}

/** An order placed by the demo customer through the API (paid unless the card is declined), billed to an address of its own. */
async function placeOrder(request: APIRequestContext, options: { quantity?: number; discount?: string; card?: string } = {}): Promise<PlacedOrder> {
  const traveller = await apiSession(request, DEMO.traveller);
  const email = `e2e-order-${uniqueSuffix()}@example.test`;
  const address = { address_1: '1 Test Street', town: 'London', postcode: 'SW1A 1AA' };
  const placed = await request.post(`${COMMERCE}/order`, {
    headers: bearer(traveller.token),
    data: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: await kitId(request), quantity: options.quantity ?? 2 }],
      discount: options.discount,
      card: { number: options.card ?? APPROVED_CARD, expiration_date: '12/30', cvv: '123' },
    },
  });
  const declined = options.card === DECLINED_CARD;
  expect(placed.status()).toBe(declined ? 402 : 201);
  const { order_details } = (await placed.json()) as { order_details: { id: string; short_token: string; payment_flag: string } };
  expect(order_details.payment_flag).toBe(declined ? 'Failed' : 'Complete');
  return { id: order_details.id, shortToken: order_details.short_token, email };
}

/**
 * A new practitioner's 20-minute slot, held and booked with the order's token for one person (the
 * Fit to Fly kit: departure 60 hours after the slot, in its 72-to-57-hour window); answers the slot's start.
 */
async function bookWithOrder(request: APIRequestContext, order: PlacedOrder): Promise<number> {
  const start = farDay();
  const practitioner = await createPractitioner(request);
  const headers = bearer(practitioner.token);
  expect((await request.post('/api/booking/shifts', { headers, data: { start_time: start, end_time: start + 20 * 60, services: ['video_gp_vireo'], languages: ['EN'] } })).status()).toBe(201);
  const list = await request.get(`/api/booking/practitioner?date_from=${start}&date_to=${start + 20 * 60}`, { headers });
  const slot = ((await list.json()) as { appointments: { id: string; status: string }[] }).appointments.find((a) => a.status === 'AVAILABLE')!;
  const held = await request.post(`/api/booking/${slot.id}/status`, { data: { status: 'LOCKED' } });
  expect(held.status()).toBe(200);
  const paid = await request.post(`/api/booking/${slot.id}/payment`, {
    data: {
      token: order.shortToken,
      hold_token: ((await held.json()) as { hold_token: string }).hold_token,
      product_id: await kitId(request),
      type: 'video_gp_vireo',
      booking_users: [{ first_name: 'Grace', last_name: 'Hopper', email: order.email, date_of_birth: Date.UTC(1985, 5, 1) / 1000 }],
      flight_details: { transport_type: 'Flight', transport_number: 'BA117', transport_departure_date_time: new Date((start + 60 * 3600) * 1000).toISOString() },
      toc_accept: true,
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return start;
}

const rows = (page: Page) => page.getByRole('table', { name: 'Orders' }).locator('tbody tr');

async function search(page: Page, type: 'Short token' | 'Email' | 'Discount code', text: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Search by' }).click();
  await page.getByRole('option', { name: type }).click();
  await page.getByLabel('Search', { exact: true }).fill(text);
}

async function openOrder(page: Page, order: PlacedOrder): Promise<Locator> {
  await search(page, 'Short token', order.shortToken);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByRole('button', { name: `Open order ${order.id}` }).click();
  const drawer = page.getByRole('dialog', { name: `Order ${order.shortToken}` });
  await expect(drawer.getByRole('heading', { name: 'Purchase details' })).toBeVisible();
  return drawer;
}

test.describe('orders: the kit shop (b2c)', () => {
  test('a declined card shows the server’s message and keeps what was typed; the approved card places the order with its code', async ({ page, request }) => {
    test.setTimeout(150_000);
    const code = `SHOP-${run}`;
    await createDiscount(request, code);
    // A kit out of stock: on the shop's cards, but not to be chosen.
    const soldOut = `Sold Out Kit ${run}`;
    const productAdmin = await apiSession(request, DEMO.admin);
    const created = await request.post(`${COMMERCE}/product`, {
      headers: bearer(productAdmin.token),
      data: {
        country: 'UK', title: soldOut, sub_title: null, price: 19, msrp: 19, sku: `E2E-SOLD-OUT-${run}`, type: 'Antigen', tags: [], out_of_stock: 1, active: 1, bundle_id: null, service: null,
        description: null, points: [], footer: null, card_colour: 'doc-green', discount_exempt: 0, vat_exempt: 0, shippable: 1, bookable: 0, pre_book: null,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signIn(page, DEMO.traveller);
    await page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /Buy Antigen Kits/ }).click();
    await expect(page).toHaveURL(/\/b2c\/order-test-kit/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Antigen Kits' })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole('radio', { name: soldOut })).toBeDisabled();
    await expect(page.getByText('Out of stock')).toBeVisible();

    await page.getByRole('radio', { name: KIT_TITLE }).check();
    await page.getByRole('combobox', { name: 'Quantity' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=shipping/);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Input address line')).toBeVisible();
    await expectNoDeveloperText(page);
    await page.getByLabel('Address line 1').fill('10 Downing Street');
    await page.getByLabel('Town or city').fill('London');
    await page.getByLabel('Postcode').fill('SW1A 2AA');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=billing/);

    await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.traveller);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=payment/);

    await page.getByLabel('Discount code').fill(`nope-${run}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Your code is invalid')).toBeVisible();
    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
    await page.getByLabel('Card number').fill(DECLINED_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=summary/);

    const summary = page.getByRole('table', { name: 'Your order' });
    await expect(summary.getByRole('row', { name: new RegExp(`${KIT_TITLE} 2 £58.00`) })).toBeVisible();
    await expect(summary.getByRole('row', { name: `Discount (${code}) −£5.80` })).toBeVisible();
    await expect(summary.getByRole('row', { name: 'of which VAT £8.70' })).toBeVisible();
    await expect(summary.getByRole('row', { name: 'Total £52.20' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay £52.20 and place order' }).click();
    await expect(page.getByRole('alert')).toContainText('declined');
    await expect(page).toHaveURL(/step=summary/);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Card number')).toHaveValue(DECLINED_CARD);
    await expect(page.getByLabel('Discount code')).toHaveValue(code);
    await page.getByLabel('Card number').fill(APPROVED_CARD);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Pay £52.20 and place order' }).click();
    await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
    await expect(page).toHaveURL(/step=confirmation/);
    const shortToken = (await page.getByTestId('short-token').textContent()) ?? '';
    expect(shortToken).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    await expect(page.getByRole('link', { name: 'Book your appointment' })).toHaveAttribute('href', new RegExp(`/b2c/book-appointment\\?short_token=${shortToken}&service=video_gp_`));
    await expectAccessible(page);

    const admin = await apiSession(request, DEMO.admin);
    const found = await request.get(`${COMMERCE}/order?short_token=${shortToken}`, { headers: bearer(admin.token) });
    const { data } = (await found.json()) as { data: { payment_flag: string; price: number; discount: string }[] };
    expect(data).toEqual([expect.objectContaining({ payment_flag: 'Complete', price: 5220, discount: code })]);
  });
});

test.describe('orders: the order list and drawer (orders.manage)', () => {
  test('searches by short token, e-mail and discount code, and ?discount= prefills the code', async ({ page, request }) => {
    const code = `LIST-${run}`;
    await createDiscount(request, code);
    const order = await placeOrder(request, { discount: code });
    await signIn(page, DEMO.admin);
    await page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /Order Management/ }).click();
    await expect(page).toHaveURL('/super_admin/order-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Management' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await expectAccessible(page);

    await search(page, 'Email', order.email);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(order.shortToken);
    await expect(row).toContainText('£52.20');
    await expect(row).toContainText('Processing');
    await expect(row).toContainText('Complete');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('ID,Customer Email,Short Token,Shipping status,Payment status,Amount,Order placed,Source');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^[0-9a-f-]{36},${order.email.replace(/[.+]/g, '\\$&')},${order.shortToken},Processing,Complete,52\\.20 GBP,`));
    await search(page, 'Short token', order.shortToken);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(order.email);
    await search(page, 'Discount code', code.toLowerCase());
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(order.email);
    await search(page, 'Email', `nobody-${run}@example.test`);
    await expect(page.getByText('No Orders Found')).toBeVisible();

    await page.goto(`/super_admin/order-list?discount=${code}`);
    await expect(page.getByRole('combobox', { name: 'Search by' })).toHaveText('Discount code');
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(code);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(order.shortToken);
  });

  test('the drawer adds a note, changes quantity and fulfilment, and dispatches the kits', async ({ page, request }) => {
    test.setTimeout(120_000);
    const order = await placeOrder(request, { quantity: 2 });
    await signInTo(page, DEMO.admin, '/super_admin/order-list');
    const drawer = await openOrder(page, order);
    await expect(drawer).toContainText(order.email);
    await expect(drawer).toContainText('1 Test Street');
    await expectAccessible(page);

    await drawer.getByLabel('New note').fill('Customer called about delivery');
    await drawer.getByRole('button', { name: 'Add note' }).click();
    await expect(drawer.getByText('Note added successfully')).toBeVisible();
    await expect(drawer.getByText('Customer called about delivery')).toBeVisible();
    await expect(drawer.getByText('Note added successfully')).toHaveCount(0, { timeout: 5000 });

    const quantity = drawer.getByRole('spinbutton', { name: `Quantity of ${KIT_TITLE}` });
    await expect(quantity).toHaveAttribute('min', '0');
    await quantity.fill('3');
    await drawer.getByRole('button', { name: `Save the quantity of ${KIT_TITLE}` }).click();
    await expect(page.getByText('Quantity has been updated successfully!')).toBeVisible();
    await expect(quantity).toHaveValue('3');
    const fulfilment = drawer.getByRole('spinbutton', { name: `Fulfilment of ${KIT_TITLE}` });
    await fulfilment.fill('1');
    await drawer.getByRole('button', { name: `Save the fulfilment of ${KIT_TITLE}` }).click();
    await expect(page.getByText('Fulfillment has been updated successfully!')).toBeVisible();
    await expect(fulfilment).toHaveValue('1');

    for (const n of [1, 2, 3]) {
      await drawer.getByRole('textbox', { name: `Kit ID, ${KIT_TITLE}, unit ${n}` }).fill(`e2e-${run}-${n}`);
      await drawer.getByRole('textbox', { name: `Tracking reference, ${KIT_TITLE}, unit ${n}` }).fill(`TR${run}${n}`);
    }
    await expect(drawer.getByRole('textbox', { name: `Kit ID, ${KIT_TITLE}, unit 1` })).toHaveValue(`E2E-${run}-1`);
    await drawer.getByRole('button', { name: 'Dispatch' }).click();
    await expect(drawer.getByText('Shipping status: Dispatched')).toBeVisible();
    await expect(drawer.getByText(`E2E-${run}-3`, { exact: true })).toBeVisible();
    const history = drawer.getByRole('list', { name: 'History' });
    await expect(history.getByText(`Dispatched: E2E-${run}-1, E2E-${run}-2, E2E-${run}-3`)).toBeVisible();
    await expect(history.getByText('Note added')).toBeVisible();
    await expect(history.getByText('Order placed: Complete')).toBeVisible();
    await expectAccessible(page);

    // The order's organisation has the default order-confirmation task, which the resend runs again.
    await drawer.getByRole('button', { name: 'Resend the payment confirmation' }).click();
    await expect(page.getByText('Message has been resent successfully!')).toBeVisible();
  });

  test('a line’s product is changed to another on sale', async ({ page, request }) => {
    const order = await placeOrder(request, { quantity: 1 });
    await signInTo(page, DEMO.admin, '/super_admin/order-list');
    const drawer = await openOrder(page, order);
    await drawer.getByRole('combobox', { name: `Change product ${KIT_TITLE}` }).click();
    await page.getByRole('option', { name: 'PCR Test', exact: true }).click();
    await expect(page.getByText('The product has been changed.')).toBeVisible();
    const products = drawer.getByRole('table', { name: 'Products of the order' });
    await expect(products).toContainText('SYN-UK-PCR-SNS-001');
    await expect(products).not.toContainText(KIT_SKU);
    await expect(drawer.getByRole('spinbutton', { name: 'Quantity of PCR Test' })).toHaveValue('1');
  });

  test('cancel stays disabled until the billing e-mail is typed exactly, then cancels the order and its appointments and reloads', async ({ page, request }) => {
    const order = await placeOrder(request);
    await bookWithOrder(request, order);
    await signIn(page, DEMO.support);
    await page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /Order Management/ }).click();
    await expect(page).toHaveURL('/customer_services/order-list');
    const drawer = await openOrder(page, order);
    // The drawer's Appointments: the booking the order paid for, its people, Edit and the confirmation resent.
    const appointments = drawer.getByRole('list', { name: 'Appointments' });
    await expect(appointments.getByRole('listitem')).toHaveCount(1);
    await expect(appointments.getByText(/· Not Started$/)).toBeVisible();
    await expect(appointments.getByText(/^Grace Hopper · reference /)).toBeVisible();
    await expect(appointments.getByRole('link', { name: /^Edit the appointment of / })).toHaveAttribute('href', new RegExp(`^/booking/edit\\?appointmentId=[0-9a-f-]+&short_token=${order.shortToken}&service=video_gp_vireo$`));
    await appointments.getByRole('button', { name: /^Resend the confirmation of the appointment of / }).click();
    await expect(page.getByText('Message has been resent successfully!')).toBeVisible();
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.id}` });
    const confirm = dialog.getByRole('button', { name: 'Cancel order' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Billing e-mail').fill(order.email.toUpperCase());
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Billing e-mail').fill(`x${order.email}`);
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByLabel('Billing e-mail').fill(order.email);
    await expect(confirm).toBeEnabled();
    // A mark on this document: gone once the page has reloaded (waiting for 'load' after the click could miss a quick reload).
    await page.evaluate(() => Object.assign(window, { beforeCancel: true }));
    await confirm.click();
    await page.waitForFunction(() => !('beforeCancel' in window));
    const reopened = page.getByRole('dialog', { name: `Order ${order.shortToken}` });
    await expect(reopened.getByText('Shipping status: cancelled')).toBeVisible();
    await expect(reopened.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(reopened.getByRole('list', { name: 'Appointments' }).getByText(/· Provider cancelled$/)).toBeVisible();
    await expect(reopened.getByRole('list', { name: 'Appointments' }).getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  });

  test('Refund: paid order → cancelled by customer services → refunded, e-mailed', async ({ page, request }) => {
    const order = await placeOrder(request, { quantity: 1 });
    const staff = await apiSession(request, DEMO.support);
    const { data } = (await (await request.get(`${COMMERCE}/order/${order.id}`, { headers: bearer(staff.token) })).json()) as { data: { price: number } };
    const paid = `£${(data.price / 100).toFixed(2)}`;
    await signIn(page, DEMO.support);
    await page.getByRole('list', { name: 'Management' }).getByRole('link', { name: /Order Management/ }).click();
    const drawer = await openOrder(page, order);
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.id}` });
    await dialog.getByLabel('Billing e-mail').fill(order.email);
    await page.evaluate(() => Object.assign(window, { beforeCancel: true }));
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForFunction(() => !('beforeCancel' in window));
    const reopened = page.getByRole('dialog', { name: `Order ${order.shortToken}` });
    await expect(reopened.getByText(`Refunded ${paid}`, { exact: true })).toBeVisible();
    await expect(reopened.getByRole('list', { name: 'History' }).getByText(`Payment refunded: ${paid}`)).toBeVisible();
    await expectAccessible(page);
    const mail = await mailbox.waitFor(order.email, (message) => message.text.includes('has been cancelled'));
    expect(mail.text).toContain(`Your order ${order.shortToken} has been cancelled.`);
    // The mailbox reads the body byte by byte, so the pound sign is left out of the match.
    expect(mail.text).toMatch(new RegExp(`We have refunded \\S*${paid.slice(1).replace('.', '\\.')} to the card you paid with`));
  });

  test('the drawer deletes a booking the order paid for, and its unit is the order’s again', async ({ page, request }) => {
    const order = await placeOrder(request, { quantity: 1 });
    await bookWithOrder(request, order);
    await signInTo(page, DEMO.support, '/customer_services/order-list');
    const drawer = await openOrder(page, order);
    const appointments = drawer.getByRole('list', { name: 'Appointments' });
    await expect(appointments.getByText(/· Not Started$/)).toBeVisible();
    await expectAccessible(page);
    await appointments.getByRole('button', { name: /^Delete the appointment of / }).click();
    await expect(page.getByText('The appointment has been deleted.')).toBeVisible();
    await expect(appointments.getByText(/· Provider cancelled$/)).toBeVisible();
    await expect(appointments.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    const support = await apiSession(request, DEMO.support);
    const products = await request.get(`${COMMERCE}/order/${order.id}/product`, { headers: bearer(support.token) });
    expect(((await products.json()) as { data: { fulfilled: number }[] }).data[0]!.fulfilled).toBe(0);
  });

  test('customer services without orders.edit_items see quantities read-only, and the drawer asks nothing of the processor they may not use', async ({ page, request }) => {
    const order = await placeOrder(request);
    const processorCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith(`${COMMERCE}/processor`)) processorCalls.push(sent.url());
    });
    await signInTo(page, DEMO.support, '/customer_services/order-list');
    const drawer = await openOrder(page, order);
    const quantity = drawer.getByRole('spinbutton', { name: `Quantity of ${KIT_TITLE}` });
    await expect(quantity).toHaveValue('2');
    await expect(quantity).toHaveAttribute('readonly', '');
    await expect(drawer.getByRole('spinbutton', { name: `Fulfilment of ${KIT_TITLE}` })).toHaveAttribute('readonly', '');
    await expect(drawer.getByRole('button', { name: /^Save the/ })).toHaveCount(0);
    await expect(drawer.getByRole('combobox', { name: /^Change product/ })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Set payment Complete' })).toHaveCount(0);
    await expect(drawer.getByRole('heading', { name: 'Purchase details' })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Resend messages' })).toHaveCount(0);
    await expectAccessible(page);
    expect(processorCalls).toEqual([]);
  });

  test('a super admin granted orders.set_payment_complete sets a Failed payment Complete', async ({ page, request }) => {
    const order = await placeOrder(request, { card: DECLINED_CARD });
    await signInTo(page, DEMO.admin, '/super_admin/order-list');
    const drawer = await openOrder(page, order);
    await expect(drawer.getByText('Shipping status: failed')).toBeVisible();
    await drawer.getByRole('button', { name: 'Set payment Complete' }).click();
    await expect(page.getByText('The payment has been set to Complete.')).toBeVisible();
    await expect(drawer.getByText('Shipping status: Processing')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Set payment Complete' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/order=/);
    await expect(rows(page).first()).toContainText('Complete');
  });

  test('a failed load says Error fetching orders', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.route(/\/api\/commerce\/v1\/order\?/, (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Missing details.' }) }));
    await page.goto('/super_admin/order-list');
    await expect(page.getByText('Error fetching orders')).toBeVisible();
    await expectAccessible(page);
  });

  test('a patient asking for the order lists is sent home', async ({ page }) => {
    await signIn(page, DEMO.patient);
    for (const path of ['/super_admin/order-list', '/customer_services/order-list', '/b2c/order-test-kit']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/patient\/dashboard$/);
    }
  });
});
