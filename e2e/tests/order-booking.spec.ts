import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, uniqueSuffix } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signInTo, test } from '../fixtures';
import { passenger } from '../passengers';

const COMMERCE = '/api/commerce/v1';
const APPROVED_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const SERVICE = 'video_gp_vireo';
const FIT_TO_FLY = 'FLX-UK-ANT-SNS-001';
const SELF_SWAB = 'SELF-SWABBING';
const VIRTUAL = 'COVID-TEST-CERTIFICATE';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function productIds(request: APIRequestContext): Promise<Map<string, string>> {
  const answer = await request.get(`${COMMERCE}/product`);
  const { data } = (await answer.json()) as { data: { id: string; sku: string }[] };
  return new Map(data.map((product) => [product.sku, product.id]));
}

interface PlacedOrder {
  id: string;
  shortToken: string;
  email: string;
}

/** An order placed by the demo traveller through the API, paid with the approved card unless told otherwise. */
async function placeOrder(request: APIRequestContext, sku: string, quantity: number, card = APPROVED_CARD): Promise<PlacedOrder> {
  const traveller = await apiSession(request, DEMO.traveller);
  const email = `e2e-ob-${uniqueSuffix()}@example.test`;
  const address = { address_1: '1 Test Street', town: 'London', county: 'Greater London', postcode: 'SW1A 1AA' };
  const productId = (await productIds(request)).get(sku);
  expect(productId, sku).toBeDefined();
  const placed = await request.post(`${COMMERCE}/order`, {
    headers: bearer(traveller.token),
    data: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity }],
      card: { number: card, expiration_date: '12/30', cvv: '123' },
    },
  });
  expect([201, 402]).toContain(placed.status());
  const { order_details } = (await placed.json()) as { order_details: { id: string; short_token: string } };
  return { id: order_details.id, shortToken: order_details.short_token, email };
}

const bookingPage = (order: PlacedOrder) => `/b2c/book-appointment?short_token=${order.shortToken}&service=${SERVICE}`;

/** A London wall-clock day `days` from now, 'yyyy-MM-dd'. */
function londonDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}

/** 'Select Test' with the order's only product, `people` people, at the shipping address. */
async function selectTest(page: Page, people: string): Promise<void> {
  await page.getByLabel('Number of people').fill(people);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=travel/);
}

/** 'Travel Details': a flight from Westminster leaving in four days (the Fit to Fly window is then 1 to 1.6 days ahead). */
async function travel(page: Page): Promise<void> {
  await page.getByLabel('Flight number').fill('BA117');
  await page.getByLabel('Departure date').fill(londonDay(4));
  await page.getByLabel('Departure time').fill('12:00');
  await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('order booking: the short-token wizard (spec 2 §2.7)', () => {
  test('a cancelled order, a failed one, an order without a test kit and one with no units left are blocked', async ({ page, request }) => {
    const admin = await apiSession(request, DEMO.admin);
    const cancelled = await placeOrder(request, FIT_TO_FLY, 1);
    const cancel = await request.delete(`${COMMERCE}/order/${cancelled.id}?email=${encodeURIComponent(cancelled.email)}`, { headers: bearer(admin.token) });
    expect(cancel.status()).toBe(200);
    await page.goto(bookingPage(cancelled));
    await expect(page.getByText('This order has been cancelled')).toBeVisible();
    await expectAccessible(page);

    const failed = await placeOrder(request, FIT_TO_FLY, 1, DECLINED_CARD);
    await page.goto(bookingPage(failed));
    await expect(page.getByText('This order has been failed')).toBeVisible();

    const certificate = await placeOrder(request, VIRTUAL, 1);
    await page.goto(bookingPage(certificate));
    await expect(page.getByText("You haven't bought any test kit yet")).toBeVisible();

    const used = await placeOrder(request, FIT_TO_FLY, 1);
    const kit = (await productIds(request)).get(FIT_TO_FLY)!;
    const fulfil = await request.patch(`${COMMERCE}/order/${used.id}/item`, { headers: bearer(admin.token), data: { product_id: kit, fulfilled: 1 } });
    expect(fulfil.status()).toBe(200);
    await page.goto(bookingPage(used));
    await expect(page.getByText("You don't have available appointments for that order")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/b2c\/order-test-kit|\/login/);
  });

  test('each step says what is missing in the spec’s words', async ({ page, request }) => {
    const order = await placeOrder(request, FIT_TO_FLY, 2);
    await page.goto(bookingPage(order));
    await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Fit to Fly Antigen Test/ })).toBeChecked();
    await expectAccessible(page);

    const people = page.getByLabel('Number of people');
    for (const [typed, message] of [
      ['', 'Input number of people'],
      ['0', 'Minimum 1 person for appointment'],
      ['5', 'Maximum 4 people per appointment'],
      ['3', "You can't book more people than the quantity of test that you have bought"],
    ] as const) {
      await people.fill(typed);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await people.fill('2');
    await page.getByLabel('The appointment takes place at my shipping address').uncheck();
    await page.getByLabel('Postcode').fill('');
    await page.getByLabel(/^Address\s\*?$/).fill('');
    await page.getByLabel('City').fill('');
    await page.getByLabel('County').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Input postcode', 'Input address', 'Input city', 'Input county']) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);
    await page.getByLabel('The appointment takes place at my shipping address').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=travel/);

    await expect(page.getByText('Take this test 72 to 57 hours before a flight.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Input Flight number')).toBeVisible();
    await expect(page.getByText('Input travel date')).toBeVisible();
    await page.getByRole('radio', { name: 'Train' }).check();
    await expect(page.getByText('Input Train number')).toBeVisible();
    await page.getByRole('radio', { name: 'Flight' }).check();
    await expectAccessible(page);
    await travel(page);
    await expect(page).toHaveURL(/step=appointment/);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('You should select appointment time')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=passengers/);

    await expect(page.getByRole('heading', { name: 'Passenger 1 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Input first name', 'Input last name', 'Input email', 'Input phone', 'Input date of birth', 'Input ethnicity', 'Select sex', 'Input Passport/National identity card number'])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Phone').fill('+447911123456');
    await page.getByLabel(/^Passport\/National identity card number/).fill('P1234567');
    await page.getByLabel('Repeat passport/National identity card number').fill('P7654321');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Input phone without country code')).toBeVisible();
    await expect(page.getByText('Passport/Travel ID documents should match')).toBeVisible();
    await page.getByLabel('Phone').fill('12');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expectNoDeveloperText(page);
    await expectAccessible(page);
  });

  test('two people book the order’s units end to end; Back goes through the people first', async ({ page, request }) => {
    test.setTimeout(120_000);
    const order = await placeOrder(request, FIT_TO_FLY, 2);
    await page.goto(bookingPage(order));
    await selectTest(page, '2');
    await travel(page);
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await passenger(page, 'Grace', 'Hopper', 'P1234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Passenger 2 of 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Passenger 1 of 2' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Alan', 'Turing', 'P7654321');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=summary/);

    await page.reload();
    await expect(page).toHaveURL(/step=summary/);
    await expect(page.getByRole('cell', { name: 'Grace Hopper, Alan Turing' })).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('You must accept this acknowledge')).toBeVisible();
    await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/en/consultation/terms');
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your Appointment Has Been Booked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book next appointment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(bookingPage(order));
    await expect(page.getByText("You don't have available appointments for that order")).toBeVisible();
  });

  test('with units left after the booking, Book next appointment starts again', async ({ page, request }) => {
    test.setTimeout(120_000);
    const order = await placeOrder(request, FIT_TO_FLY, 3);
    await page.goto(bookingPage(order));
    await selectTest(page, '1');
    await travel(page);
    await page.getByRole('group').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Ada', 'Byron', 'P1111111');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your Appointment Has Been Booked')).toBeVisible();
    await page.getByRole('button', { name: 'Book next appointment' }).click();
    await expect(page.getByRole('radio', { name: /Fit to Fly Antigen Test \(2 left on this order\)/ })).toBeChecked();
    await expect(page.getByLabel('Number of people')).toHaveValue('1');
  });

  test('a self-swab kit skips the booking and ends at Confirmation with Register your kit', async ({ page, request }) => {
    const order = await placeOrder(request, SELF_SWAB, 1);
    await page.goto(bookingPage(order));
    await expect(page.getByText('Booking Appointment')).toHaveCount(0);
    await expect(page.getByText('Confirmation', { exact: true })).toBeVisible();
    await selectTest(page, '1');
    await travel(page);
    await expect(page).toHaveURL(/step=passengers/);
    await passenger(page, 'Mary', 'Somerville', 'P2222222');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your details have been saved.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register your kit' })).toHaveAttribute('href', /^\/register-kit\/[0-9a-f-]{36}$/);
    await expectAccessible(page);
  });

  test('when the hold runs out the wizard returns to Booking Appointment with the first passenger', async ({ page, request }) => {
    const order = await placeOrder(request, FIT_TO_FLY, 2);
    await page.clock.install();
    await page.goto(bookingPage(order));
    await selectTest(page, '2');
    await travel(page);
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Grace', 'Hopper', 'P1234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Passenger 2 of 2' })).toBeVisible();
    await page.clock.fastForward(31 * 60_000);
    await expect(page).toHaveURL(/step=appointment/);
    await expect(page.getByText('Your hold on this time slot has expired. Please choose a time again.')).toBeVisible();
    // The browser's clock back in step with the server's, so that a new hold runs its full time.
    await page.clock.setSystemTime(new Date());
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Passenger 1 of 2' })).toBeVisible();
  });
});

test.describe('order booking: staff edit a booking (spec 2 §2.9)', () => {
  test('customer services get all six steps and cannot lower the number of people', async ({ page, request }) => {
    test.setTimeout(120_000);
    const order = await placeOrder(request, FIT_TO_FLY, 2);
    await page.goto(bookingPage(order));
    await selectTest(page, '2');
    await travel(page);
    await page.getByRole('group').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Edit', 'Me', 'P3333333');
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Also', 'Me', 'P4444444');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your Appointment Has Been Booked')).toBeVisible();
    const appointmentId = (await page.locator('strong').first().textContent())!.trim();

    await signInTo(page, DEMO.support, `/booking/edit?appointmentId=${appointmentId}&short_token=${order.shortToken}&service=${SERVICE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit booking' })).toBeVisible();
    for (const step of ['How many people will take the test?', 'Travel Details', 'Booking Appointment', 'Passenger Details', 'Summary', 'Booking Confirmation']) await expect(page.getByText(step, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Order list' })).toHaveAttribute('href', '/customer_services/order-list');
    await expect(page.getByRole('link', { name: 'Customer services dashboard' })).toHaveAttribute('href', '/customer_services/dashboard');
    await expectAccessible(page);
    await page.getByLabel('Number of people').fill('1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText("You can't reduce quantity of booking users")).toBeVisible();
    await page.getByLabel('Number of people').fill('2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=travel/);
    await expect(page.getByLabel('Flight number')).toHaveValue('BA117');
  });

  test('the customer’s link keeps the three-step customer-edit mode', async ({ page }) => {
    await page.goto(`/booking/edit?appointmentId=00000000-0000-4000-8000-000000000000&short_token=ABCDEFGHJKLMNPQRSTUV&service=${SERVICE}`);
    await expect(page.getByText('We could not find this booking. Please use the link in your latest confirmation e-mail.')).toBeVisible();
    await expect(page.getByText('How many people will take the test?')).toHaveCount(0);
  });
});
