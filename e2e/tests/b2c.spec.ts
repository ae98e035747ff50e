import { expect as baseExpect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, createPractitioner, uniqueSuffix } from '../accounts';
import { issueCertificate } from '../certificates';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, signInTo, test } from '../fixtures';
import { bookedAppointment } from '../video-call';

const COMMERCE = '/api/commerce/v1';
/** A shippable kit of the demo catalogue. */
const KIT_SKU = 'FLX-UK-ANT-SNS-001';
const run = Date.now().toString(36).toUpperCase();
let kitCounter = 0;
/** Kit IDs of digits after one letter, so the letter-O hint stays quiet for them. */
const kitId = () => `K${Date.now() % 1_000_000_000}${++kitCounter}`;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An order of `kits.length` kits placed by the demo traveller and dispatched with those kit IDs; its id and short token. */
async function dispatchedOrder(request: APIRequestContext, kits: string[]): Promise<{ id: string; shortToken: string }> {
  const products = (await (await request.get(`${COMMERCE}/product`)).json()) as { data: { id: string; sku: string }[] };
  const productId = products.data.find((product) => product.sku === KIT_SKU)!.id;
  const traveller = await apiSession(request, DEMO.traveller);
  const address = { address_1: '1 Test Street', town: 'London', postcode: 'SW1A 1AA' };
  const placed = await request.post(`${COMMERCE}/order`, {
    headers: bearer(traveller.token),
    data: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: `e2e-kit-${uniqueSuffix()}@example.test` },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: kits.length }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status()).toBe(201);
  const { order_details } = (await placed.json()) as { order_details: { id: string; short_token: string } };
  const admin = await apiSession(request, DEMO.admin);
  const dispatched = await request.patch(`${COMMERCE}/order/${order_details.id}/process`, {
    headers: bearer(admin.token),
    data: { units: kits.map((kit) => ({ product_id: productId, kit_id: kit, tracking_reference: 'RM123456785GB' })) },
  });
  expect(dispatched.status()).toBe(200);
  return { id: order_details.id, shortToken: order_details.short_token };
}

/** A self-swab appointment for the order's people, made by the traveller; its id. */
async function selfSwab(request: APIRequestContext, orderId: string, people: [string, string][]): Promise<string> {
  const traveller = await apiSession(request, DEMO.traveller);
  const booked = await request.post('/api/booking/', {
    headers: bearer(traveller.token),
    data: {
      type: 'self_swab',
      toc_accept: true,
      booking_users: people.map(([first_name, last_name]) => ({
        first_name,
        last_name,
        email: 'ada.lovelace@example.test',
        phone: '+44 7911 123456',
        date_of_birth: Date.UTC(1985, 11, 10) / 1000,
        metadata: { order_id: orderId },
      })),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { appointment: { id: string } }).appointment.id;
}

/** Whether a paste into the field is refused (its default prevented). */
function pasteRefused(field: Locator): Promise<boolean> {
  return field.evaluate((element) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'PASTED1');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const failWith = (page: Page, url: string, status = 500) =>
  page.route(url, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));

test.describe('b2c pages', () => {
  test('the b2c home shows the spec’s cards; My Appointments and Test Results say when they are empty or fail', async ({ page }) => {
    await signIn(page, DEMO.traveller);
    await expect(page).toHaveURL('/b2c/dashboard');
    const hub = page.getByRole('list', { name: 'Management' });
    await expect(hub.getByRole('link', { name: /Buy Antigen Kits/ })).toHaveAttribute('href', '/b2c/order-test-kit');
    await expect(hub.getByText('Order at least 8 working days before the procedure.')).toBeVisible();
    await expect(hub.getByRole('link', { name: /My Appointments/ })).toHaveAttribute('href', '/b2c/appointments');
    await expect(hub.getByRole('link', { name: /Test Results/ })).toHaveAttribute('href', '/b2c/test-results');
    await expectAccessible(page);

    await page.route('**/api/booking/mine', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, upcoming: [], past: [] }) }));
    await hub.getByRole('link', { name: /My Appointments/ }).click();
    await expect(page.getByText('No appointments to display')).toBeVisible();
    await expectAccessible(page);
    await page.unroute('**/api/booking/mine');
    await failWith(page, '**/api/booking/mine');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await page.route('**/api/certificates/mine', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, certificates: [] }) }));
    await page.goto('/b2c/test-results');
    await expect(page.getByText('No results yet')).toBeVisible();
    await expectAccessible(page);
    await page.unroute('**/api/certificates/mine');
    await failWith(page, '**/api/certificates/mine');
    await page.reload();
    await expect(page.getByText('Error fetching results')).toBeVisible();
  });

  test('My Appointments: Join and Edit links; Delete more than 24 hours ahead frees the time, within 24 hours warns and only notifies the practitioner; a failed delete says so', async ({ page, request }) => {
    const practitioner = await createPractitioner(request, { first: 'Morgan', last: 'Delacroix' });
    const traveller = await apiSession(request, DEMO.traveller);
    const customer = { token: traveller.token, email: DEMO.traveller };
    const far = await bookedAppointment(request, practitioner, customer);
    // Within 24 hours: the next 20-minute boundary at least an hour from now.
    const soonStart = Math.ceil((Date.now() / 1000 + 3600) / 1200) * 1200;
    const soon = await bookedAppointment(request, practitioner, customer, undefined, soonStart);

    await signInTo(page, DEMO.traveller, '/b2c/appointments');
    const table = page.getByRole('table', { name: 'Upcoming appointments' });
    const farRow = table.getByRole('row').filter({ has: page.locator(`a[href*="${far.id}"]`) });
    const soonRow = table.getByRole('row').filter({ has: page.locator(`a[href*="${soon.id}"]`) });
    await expect(farRow.getByRole('link', { name: /^Join/ })).toHaveAttribute('href', `/appointment?appointmentId=${far.id}&short_token=${far.shortToken}`);
    await expect(farRow.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', `/b2c/edit-appointment?appointmentId=${far.id}&short_token=${far.shortToken}&service=video_gp_vireo`);
    await expectAccessible(page);

    await failWith(page, `**/api/booking/${far.id}?*`);
    await farRow.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete appointment' }).click();
    await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
    await page.unroute(`**/api/booking/${far.id}?*`);

    await farRow.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('The time will be freed, and you can book a new time with the same link.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete appointment' }).click();
    await expect(page.getByText('Your appointment has been deleted. You can book a new time with the same link.')).toBeVisible();
    await expect(table.locator(`a[href*="${far.id}"]`)).toHaveCount(0);

    await soonRow.getByRole('button', { name: /^Delete/ }).click();
    await expect(dialog.getByText('This appointment starts within 24 hours: it can no longer be changed, and deleting it will only notify the practitioner.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete appointment' }).click();
    await expect(page.getByText('Your appointment has been cancelled and the practitioner has been notified.')).toBeVisible();
    await expect(table.locator(`a[href*="${soon.id}"]`)).toHaveCount(0);
  });

  test('Edit opens the booking wizard’s customer-edit link', async ({ page }) => {
    await signIn(page, DEMO.traveller);
    const id = '00000000-0000-4000-8000-000000000001';
    await page.goto(`/b2c/edit-appointment?appointmentId=${id}&short_token=ABCDEFGHJKLMNPQRSTUV&service=video_gp_vireo`);
    await expect(page).toHaveURL(`/booking/edit?appointmentId=${id}&short_token=ABCDEFGHJKLMNPQRSTUV&service=video_gp_vireo`);
  });

  test('Test Results lists a certificate of the customer’s booking with its test date, result and a download', async ({ page, request }) => {
    const practitioner = await createPractitioner(request, { first: 'Sasha', last: 'Okafor' });
    const traveller = await apiSession(request, DEMO.traveller);
    const booked = await bookedAppointment(request, practitioner, { token: traveller.token, email: DEMO.traveller });
    await issueCertificate(request, practitioner, booked.id);
    await signInTo(page, DEMO.traveller, '/b2c/test-results');
    const table = page.getByRole('table', { name: 'Test results' });
    for (const header of ['Test Date', 'Results', 'Download']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Ada Lovelace' }).first();
    await expect(row.getByRole('cell', { name: 'Negative' })).toBeVisible();
    const link = row.getByRole('link', { name: /^Download the certificate of Ada Lovelace/ });
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAccessible(page);
  });

  test('Book an Appointment (a new tab) lets the customer choose a paid order, whose wizard opens; with none, Buy Now', async ({ page, request }) => {
    await page.route('**/api/commerce/v1/order?page_size=50', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: [], totalCount: 0 }) }));
    await signIn(page, DEMO.traveller);
    const hub = page.getByRole('list', { name: 'Management' });
    await expect(hub.getByRole('link', { name: /Book an Appointment/ })).toHaveAttribute('target', '_blank');
    await page.goto('/b2c/book-appointment');
    await expect(page.getByText("You haven't bought any test kit yet")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/b2c/order-test-kit');
    await expectAccessible(page);
    await page.unroute('**/api/commerce/v1/order?page_size=50');

    const order = await dispatchedOrder(request, [kitId()]);
    await page.reload();
    const orders = page.getByRole('list', { name: 'Choose the order to book with' });
    await expectAccessible(page);
    await orders.getByRole('link', { name: 'Book with this order' }).first().click();
    await expect(page).toHaveURL(new RegExp(`short_token=${order.shortToken}`));
    await expect(page.getByText('Select Test', { exact: true }).first()).toBeVisible();
  });

  test('Register Trip saves a trip on an order with every message, and shows it again', async ({ page, request }) => {
    await dispatchedOrder(request, [kitId()]);
    await signInTo(page, DEMO.traveller, '/b2c/register-trip');
    const form = page.getByRole('form', { name: 'Trip' });
    await form.getByRole('button', { name: 'Save trip' }).click();
    for (const message of ['Input transport number', 'Input departure country', 'Input departure date and time']) await expect(form.getByText(message)).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);
    await form.getByLabel('Flight number').fill('ba117');
    await form.getByLabel('Departure country').fill('GB');
    await form.getByLabel('Departure (UK time)').fill('2027-07-01T10:30');
    await form.getByLabel('Arrival (UK time)').fill('2027-07-01T09:00');
    await form.getByRole('button', { name: 'Save trip' }).click();
    await expect(form.getByText('Arrival must be after departure')).toBeVisible();
    await form.getByLabel('Arrival country').fill('US');
    await form.getByLabel('Arrival (UK time)').fill('2027-07-01T13:45');
    await form.getByRole('button', { name: 'Save trip' }).click();
    await expect(page.getByText('Your trip has been saved. It fills in the Travel Details when you book with this order.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Trip' }).getByLabel('Flight number')).toHaveValue('BA117');
  });
});

test.describe('kits', () => {
  test('kit registration by the order’s link: every message, paste blocked, the letter-O hint, a kit not sent, success for one person who is then disabled', async ({ page, request }) => {
    const [kit, spare] = [kitId(), kitId()];
    const order = await dispatchedOrder(request, [kit, spare]);
    const appointmentId = await selfSwab(request, order.id, [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
    ]);

    await failWith(page, `**/api/booking/${appointmentId}/kit-registration`);
    await page.goto(`/register-kit/${appointmentId}?short_token=${order.shortToken}`);
    await expect(page.getByText('There was an error loading your kit registration, please close the page and try again')).toBeVisible();
    await page.unroute(`**/api/booking/${appointmentId}/kit-registration`);
    await page.reload();

    const form = page.getByRole('form', { name: 'Register your kit' });
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of ['Select user', 'Input Kit ID', 'Repeat your Kit ID', 'Choose Sample Date and Time', 'Choose Sample Time', 'Field must be checked']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoDeveloperText(page);
    await expectAccessible(page);

    const kitField = form.getByRole('textbox', { name: 'Kit ID', exact: true });
    const repeatField = form.getByRole('textbox', { name: 'Repeat Kit ID', exact: true });
    expect(await pasteRefused(kitField)).toBe(true);
    expect(await pasteRefused(repeatField)).toBe(true);
    await kitField.fill('ko0o12');
    await expect(kitField).toHaveValue('KO0O12');
    await expect(form.getByText('More than one character is not a digit: check that the letter O was not typed for a zero.')).toBeVisible();
    await repeatField.fill('KO0O13');
    await expect(form.getByText('Kit IDs should match')).toBeVisible();

    await form.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: 'Ada Lovelace' }).click();
    await kitField.fill('K404404');
    await repeatField.fill('K404404');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await form.getByLabel('Sample date').fill(today);
    await form.getByLabel('Sample time (UK)').fill('00:05');
    await form.getByLabel(/I took the sample/).check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('This kit was not sent with this order. Check the kit ID on the kit’s label.')).toBeVisible();
    await expect(form.getByText('Something went wrong!')).toBeVisible();

    await kitField.fill(kit.toLowerCase());
    await repeatField.fill(kit);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Data submitted successfully! Please submit data for other users as well' })).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('combobox', { name: 'Person' }).click();
    await expect(page.getByRole('option', { name: 'Ada Lovelace (registered)' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    // The success message shows for 5 seconds.
    await expect(page.getByText('Data submitted successfully! Please submit data for other users as well')).toBeHidden({ timeout: 10_000 });
  });

  test('activate-kit opens the order’s kit registration from a kit ID and the order reference; a wrong reference is refused saying why; /test-register lists the owner’s kits', async ({ page, request }) => {
    const kit = kitId();
    const order = await dispatchedOrder(request, [kit]);
    const appointmentId = await selfSwab(request, order.id, [['Ada', 'Lovelace']]);
    await page.goto('/activate-kit');
    const form = page.getByRole('form', { name: 'Activate your kit' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(form.getByText('Input Kit ID')).toBeVisible();
    await expect(form.getByText('Input your order reference')).toBeVisible();
    await expectAccessible(page);
    await form.getByLabel('Kit ID').fill(kit);
    await form.getByLabel('Order reference').fill(`${run}WRONGREFERENCE`.slice(0, 20));
    await form.getByRole('button', { name: 'Continue' }).click();
    // The refusal says why, beside the field to check.
    await expect(form.getByLabel('Order reference')).toHaveAccessibleDescription('This kit was sent with another order. Check the order reference in your order confirmation e-mail.');
    await form.getByLabel('Order reference').fill(order.shortToken.toLowerCase());
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/register-kit/${appointmentId}\\?short_token=`));
    await expect(page.getByRole('form', { name: 'Register your kit' })).toBeVisible();

    await signInTo(page, DEMO.traveller, '/test-register');
    const list = page.getByRole('list', { name: 'Kits awaiting registration' });
    const link = list.locator(`a[href="/register-kit/${appointmentId}"]`);
    await expect(link).toBeVisible();
    await expectAccessible(page);
    await link.click();
    await expect(page.getByRole('form', { name: 'Register your kit' }).getByRole('button', { name: 'Submit' })).toBeVisible();
  });
});
