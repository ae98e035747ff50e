import { expect, type Page } from '@playwright/test';
import { apiSession, createDemoLtdPatient } from '../accounts';
import { DEMO, expectAccessible, signIn, signInTo, test } from '../fixtures';

const PINK = 'rgb(194, 24, 91)';
const ORANGE = 'rgb(160, 74, 0)';

const tile = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Fills the shipping form with a valid Bristol address. */
async function fillShipping(page: Page) {
  await page.getByLabel('Address line 1').fill('12 High Street');
  await page.getByLabel('Town or city').fill('Bristol');
  await page.getByLabel('County').fill('Avon');
  await page.getByLabel('Postcode').fill('bs1 4dj');
}

/** Answers About You with the given height and goes on. */
async function answerAboutYou(page: Page, height = '170') {
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Height (cm)').fill(height);
  await page.getByLabel('Weight (kg)').fill('65');
  await page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'No' }).check();
}

/** The London calendar date `days` ahead, as the calendar shows it: its day number, month and year. */
function daysAhead(days: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/**
 * Pages the calendar forward until it shows the month of `date`. Each look waits for one month's grid to stand alone
 * (the calendar has rendered, and no month is sliding away), so a calendar still loading is never paged past.
 */
async function showMonthOf(page: Page, date: Date) {
  const label = date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const month = page.getByRole('grid', { name: label, exact: true });
  for (let i = 0; i < 3; i += 1) {
    await expect(page.getByRole('grid')).toHaveCount(1);
    if (await month.isVisible()) break;
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(month).toBeVisible();
}

/** A day of the calendar; the timestamp tells it apart from the same day number in a month sliding away. */
const dayCell = (page: Page, date: Date) => page.locator(`button[role="gridcell"][data-timestamp="${date.getTime()}"]`);

/** Clicks the one visible button of that name, once the previous step's copy has gone. */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toHaveCount(1);
  await button.click();
}

/** The signed-in page's session, for reading what the server stored. */
async function bearer(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` };
}

/**
 * The health wizard's condition steps, each found by its question: Next moves the step through the URL, so an
 * answer given before the next step shows would tick the previous step's box again and leave Next disabled.
 */
const ownConditions = (page: Page) => page.getByRole('group', { name: 'Do you have any of these conditions?' });
const familyConditions = (page: Page) => page.getByRole('group', { name: /^Does anyone in your close family/ });

/**
 * Saves shipping details and completes the health wizard. It walks two pages and four steps before the
 * test's own part begins, which on a loaded machine takes most of the default minute: a test that
 * onboards gets three.
 */
async function onboard(page: Page) {
  test.slow();
  await page.goto('/patient/shipping-info');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully saved shipping details')).toBeVisible();
  await page.goto('/patient/health-assessment');
  await answerAboutYou(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await ownConditions(page).getByLabel('None of the above').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await familyConditions(page).getByLabel('None of the above').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Your risk level: Low')).toBeVisible();
}

test.describe('patient', () => {
  test('the tiles unlock as onboarding and ordering progress', async ({ page, request }) => {
    // Onboards by hand, then orders a kit: see onboard().
    test.slow();
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await expect(page).toHaveURL('/patient/dashboard');

    for (const title of ['Shipping Info', 'Health Profile', 'Symptom Checker', 'Order Home Test Kit', 'Book an Appointment', 'Test Results']) {
      await expect(tile(page, title)).toBeVisible();
    }
    await expect(tile(page, 'Help Portal')).toHaveCount(0);
    await expect(tile(page, 'Order Home Test Kit')).toContainText('at least 8 working days before your procedure');
    await expect(tile(page, 'Symptom Checker').getByRole('button', { name: 'Check symptoms' })).toBeDisabled();
    await expect(tile(page, 'Order Home Test Kit').getByRole('button', { name: 'Order kit' })).toBeDisabled();
    await expect(tile(page, 'Book an Appointment').getByRole('button', { name: 'Book appointment' })).toBeDisabled();
    await expect(tile(page, 'Test Results').getByRole('button', { name: 'View results' })).toBeDisabled();
    await expectAccessible(page);

    await tile(page, 'Shipping Info').getByRole('link', { name: 'Add shipping details' }).click();
    await expect(page).toHaveURL('/patient/shipping-info');
    await expectAccessible(page);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Successfully saved shipping details')).toBeVisible();
    await expect(page.getByText('BS1 4DJ')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/patient/dashboard');
    await expect(tile(page, 'Shipping Info')).toHaveCount(0);
    await expect(tile(page, 'Symptom Checker').getByRole('button', { name: 'Check symptoms' })).toBeDisabled();

    await tile(page, 'Health Profile').getByRole('link', { name: 'Complete health profile' }).click();
    await answerAboutYou(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await ownConditions(page).getByLabel('Diabetes').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await familyConditions(page).getByLabel('None of the above').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Your risk level: High')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(tile(page, 'Health Profile')).toHaveCount(0);
    await expect(tile(page, 'Symptom Checker').getByRole('link', { name: 'Check symptoms' })).toBeVisible();
    await expect(tile(page, 'Book an Appointment').getByRole('button', { name: 'Book appointment' })).toBeDisabled();

    await tile(page, 'Order Home Test Kit').getByRole('link', { name: 'Order kit' }).click();
    const date = daysAhead(20);
    await showMonthOf(page, date);
    await dayCell(page, date).click();
    await page.getByRole('button', { name: 'Order Kit' }).click();
    await expect(page.getByText('Thank you, your kit is on the way.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(tile(page, 'Order Home Test Kit')).toHaveCount(0);
    const book = tile(page, 'Book an Appointment').getByRole('link', { name: /Book appointment/ });
    await expect(book).toHaveAttribute('href', '/authenticated/book');
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(tile(page, 'Test Results').getByRole('link', { name: 'View results' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the health wizard gates Next, keeps "None of the above" alone, submits once and then shows a read-only view', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signInTo(page, patient.email, '/patient/health-assessment', patient.password);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expectAccessible(page);

    await answerAboutYou(page, '301');
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByText('Enter your height (cm)')).toBeVisible();
    await page.getByLabel('Height (cm)').fill('300');
    await next.click();

    await expect(page.getByText('Do you have any of these conditions?')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Diabetes').check();
    await page.getByLabel('Chronic lung disease').check();
    await page.getByLabel('None of the above').check();
    await expect(page.getByLabel('Diabetes')).not.toBeChecked();
    await expect(page.getByLabel('Chronic lung disease')).not.toBeChecked();
    await page.getByLabel('Chronic kidney disease').check();
    await expect(page.getByLabel('None of the above')).not.toBeChecked();
    await page.getByLabel('Chronic kidney disease').uncheck();
    await expect(next).toBeDisabled();
    await page.getByLabel('None of the above').check();
    await expectAccessible(page);
    await next.click();

    await expect(page.getByText('Does anyone in your close family')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('None of the above')).toBeChecked();
    await next.click();
    await familyConditions(page).getByLabel('Cardiovascular disease').check();

    let submissions = 0;
    await page.route('**/api/userdata/onboarding', async (route) => {
      submissions += 1;
      await (submissions === 1 ? route.fulfill({ status: 500, json: { success: false, message: 'Server Error Occurred' } }) : route.continue());
    });
    await next.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit health assessment' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    // Family conditions with a BMI of 30 or more: 65 kg at 300 cm is far below, and no smoking, so medium.
    await expect(page.getByText('Your risk level: Medium')).toBeVisible();
    expect(submissions).toBe(2);
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your health profile' })).toBeVisible();
    await expect(page.getByText('Cardiovascular disease')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the health wizard keeps its step in the URL: browser Back and Forward move between steps, and a reload keeps step and answers', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signInTo(page, patient.email, '/patient/dashboard', patient.password);
    await page.goto('/patient/health-assessment');
    await answerAboutYou(page);
    await press(page, 'Next');
    await expect(page).toHaveURL(/step=your-health/);
    await page.getByLabel('Diabetes').check();
    await press(page, 'Next');
    await expect(page.getByText('Does anyone in your close family')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/step=your-health/);
    await expect(page.getByLabel('Diabetes')).toBeChecked();
    await page.goBack();
    await expect(page.getByLabel('Height (cm)')).toHaveValue('170');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await page.goForward();
    await expect(page.getByLabel('Diabetes')).toBeChecked();

    await page.reload();
    await expect(page).toHaveURL(/step=your-health/);
    await expect(page.getByLabel('Diabetes')).toBeChecked();
    await press(page, 'Back');
    await expect(page.getByLabel('Weight (kg)')).toHaveValue('65');
    // Back went to the entry Next came from: one more browser Back leaves the wizard.
    await page.goBack();
    await expect(page).toHaveURL('/patient/dashboard');

    // A URL naming a step the answers do not reach yet shows the first step not done.
    await page.goto('/patient/health-assessment?step=result');
    await expect(page).toHaveURL(/step=family-health/);
    await expect(page.getByText('Does anyone in your close family')).toBeVisible();
    await expectAccessible(page);
  });

  test('a message appearing as a field loses focus moves nothing from under the pointer', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signInTo(page, patient.email, '/patient/health-assessment', patient.password);
    await page.getByLabel('Weight (kg)').fill('10');
    const no = page.getByRole('radiogroup', { name: 'Do you smoke?' }).getByRole('radio', { name: 'No' });
    const before = await no.boundingBox();
    await no.click();
    await expect(page.getByText('Enter your weight (kg)')).toBeVisible();
    await expect(no).toBeChecked();
    expect(await no.boundingBox()).toEqual(before);
  });

  test('the symptom checker skips Symptom Status on Back without a main symptom, and the server decides the colour', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await onboard(page);
    await page.goto('/patient/symptom-checker');
    await expectAccessible(page);
    await expect(page.getByText('Fever: a temperature above 37.5 °C (99.5 °F)')).toBeVisible();
    await expect(page.getByText('** Shortness of breath:')).toBeVisible();

    await press(page, 'Next');
    await expect(page.getByText('Do you have any of these other symptoms?')).toBeVisible();
    await expect(page.getByText('Symptom Status')).toHaveCount(0);
    await press(page, 'Back');
    await expect(page.getByText('Do you have any of these symptoms?')).toBeVisible();

    await page.getByLabel('A new, continuous cough').check();
    await press(page, 'Next');
    await expect(page.getByText('Which of these apply to you?')).toBeVisible();
    await press(page, 'Next');
    await page.getByLabel('Headache').check();
    await press(page, 'Back');
    await expect(page.getByText('Which of these apply to you?')).toBeVisible();
    await press(page, 'Next');
    await expect(page.getByRole('region', { name: 'Additional Symptoms' })).toBeVisible();
    await press(page, 'Next');

    await expect(page.getByLabel('No Contact')).toBeChecked();
    await expect(page.getByRole('link', { name: /list of high-risk countries/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
    await press(page, 'Next');
    const result = page.getByRole('status').filter({ hasText: 'Self-isolate straight away' });
    await expect(result).toBeVisible();
    await expect(result).toHaveCSS('color', PINK);
    await expect(page.getByRole('link', { name: 'My Results' })).toHaveAttribute('href', '/patient/test-results');
    await expectAccessible(page);

    await page.reload();
    await press(page, 'Next');
    await expect(page.getByRole('region', { name: 'Additional Symptoms' })).toBeVisible();
    await press(page, 'Next');
    await page.getByLabel('I had direct physical contact with a case').check();
    await expect(page.getByLabel('No Contact')).not.toBeChecked();
    await press(page, 'Next');
    const orange = page.getByRole('status').filter({ hasText: 'none of the main symptoms' });
    await expect(orange).toHaveCSS('color', ORANGE);
  });

  test('the symptom checker and the kit order keep step and answers through Back, Forward and reload', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await onboard(page);
    await page.goto('/patient/symptom-checker');
    await page.getByLabel('A new, continuous cough').check();
    await press(page, 'Next');
    await expect(page.getByText('Which of these apply to you?')).toBeVisible();
    await press(page, 'Next');
    await page.getByLabel('Headache').check();
    await page.goBack();
    await expect(page.getByText('Which of these apply to you?')).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('A new, continuous cough')).toBeChecked();
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/step=additional/);
    await page.reload();
    await expect(page.getByLabel('Headache')).toBeChecked();
    await press(page, 'Back');
    await expect(page.getByText('Which of these apply to you?')).toBeVisible();

    await page.goto('/patient/order-test-kit');
    const day12 = daysAhead(12);
    await showMonthOf(page, day12);
    await dayCell(page, day12).click();
    const chosen = page.getByRole('status').filter({ hasText: 'Appointment date' });
    const text = await chosen.textContent();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: text ?? '' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order Kit' })).toBeEnabled();
  });

  test('the kit order disables the next 11 days, shows its error with Back, then confirms', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await onboard(page);
    await page.goto('/patient/order-test-kit');
    await expect(page.getByText('at least 8 working days before the appointment')).toBeVisible();
    await expectAccessible(page);

    const day11 = daysAhead(11);
    await showMonthOf(page, day11);
    await expect(dayCell(page, day11)).toBeDisabled();
    const day12 = daysAhead(12);
    await showMonthOf(page, day12);
    await expect(dayCell(page, day12)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Order Kit' })).toBeDisabled();
    await dayCell(page, day12).click();

    await page.route('**/api/userdata/order', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server Error Occurred' } }), { times: 1 });
    await page.getByRole('button', { name: 'Order Kit' }).click();
    await expect(page.getByText('An error occurred, please try again')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back' }).click();

    await showMonthOf(page, day12);
    await dayCell(page, day12).click();
    await page.getByRole('button', { name: 'Order Kit' }).click();
    await expect(page.getByText('Thank you, your kit is on the way.')).toBeVisible();
    await expect(page.getByText(`We have sent a confirmation to ${patient.email}.`)).toBeVisible();
    await expect(page.getByText('Now book your online video appointment')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/patient/dashboard');
  });

  test('a double click on Order Kit places one order and confirms it', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await onboard(page);
    await page.goto('/patient/order-test-kit');
    const day12 = daysAhead(12);
    await showMonthOf(page, day12);
    await dayCell(page, day12).click();
    let posts = 0;
    page.on('request', (sent) => void (sent.method() === 'POST' && sent.url().endsWith('/api/userdata/order') && (posts += 1)));

    await page.getByRole('button', { name: 'Order Kit' }).dblclick();
    await expect(page.getByText('Thank you, your kit is on the way.')).toBeVisible();
    await expect(page.getByText('An error occurred, please try again')).toHaveCount(0);
    expect(posts).toBe(1);
    const orders = await request.get('/api/userdata/orders', { headers: await bearer(page) });
    expect((await orders.json()).orders).toHaveLength(1);
  });

  test('a double click on Next at the last step of the symptom checker stores one check', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await onboard(page);
    await page.goto('/patient/symptom-checker');
    await press(page, 'Next');
    // Each Next moves the step in the URL: wait for the step to change before pressing again.
    await expect(page.getByRole('region', { name: 'Additional Symptoms' })).toBeVisible();
    await press(page, 'Next');
    await expect(page.getByLabel('No Contact')).toBeChecked();
    let posts = 0;
    page.on('request', (sent) => void (sent.method() === 'POST' && sent.url().endsWith('/api/userdata/symptom') && (posts += 1)));

    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toHaveCount(1);
    await next.dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'You have no symptoms' })).toBeVisible();
    expect(posts).toBe(1);
    const history = await request.get('/api/userdata/roles/history', { headers: await bearer(page) });
    expect((await history.json()).symptoms).toHaveLength(1);
  });

  test('My Account edits personal information and shipping details, and shows a failed save', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL('/patient/profile');
    await expect(page.getByText('15/06/1990')).toBeVisible();
    await expectAccessible(page);

    const personal = page.getByRole('region', { name: 'Personal information' });
    await personal.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('R');
    await page.getByLabel('Last name').click();
    await expect(page.getByText('Enter at least 2 letters')).toBeVisible();
    await personal.getByRole('button', { name: 'Cancel' }).click();
    await expect(personal.getByText('Robin')).toBeVisible();
    await personal.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel('Telephone').fill('07911 123456');
    await expectAccessible(page);
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(personal.getByText('Your personal information has been saved.')).toBeVisible();
    await expect(personal.getByText('Rowan')).toBeVisible();
    await expect(personal.getByText('07911 123456')).toBeVisible();

    const shipping = page.getByRole('region', { name: 'Shipping information' });
    await expect(shipping.getByLabel('Address line 1')).toBeVisible();
    await shipping.getByLabel('Postcode').fill('NOT A POSTCODE');
    await shipping.getByLabel('Address line 1').click();
    await expect(shipping.getByText('Enter your postcode')).toBeVisible();
    await fillShipping(page);
    await page.route('**/api/userdata/roles/shipping', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server Error Occurred' } }), { times: 1 });
    await shipping.getByRole('button', { name: 'Save' }).click();
    await expect(shipping.getByText('Error saving shipping details')).toBeVisible();
    await shipping.getByRole('button', { name: 'Save' }).click();
    await expect(shipping.getByText('Successfully saved shipping details')).toBeVisible();
    await expect(shipping.getByText('BS1 4DJ')).toBeVisible();
    await shipping.getByRole('button', { name: 'Edit' }).click();
    await expect(shipping.getByLabel('Town or city')).toHaveValue('Bristol');
    await expectAccessible(page);
  });

  test('test results: empty, a pink Positive, downloads through a signed link, and the snackbars', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signInTo(page, patient.email, '/patient/test-results', patient.password);
    await expect(page.getByText('No results yet')).toBeVisible();
    await expectAccessible(page);

    await page.route(/\/api\/userdata\/roles\/results\?/, (route) => route.fulfill({ status: 200, json: { success: true, results: [{ id: 'x', surprise: true }] } }));
    await page.reload();
    // The browser does not parse answers again (lib/api.ts): an answer of another shape stops at the page's error boundary.
    await expect(page.getByRole('heading', { name: 'Something went wrong, please try again.' })).toBeVisible();
    await page.unroute(/\/api\/userdata\/roles\/results\?/);

    await page.route('**/api/userdata/roles', (route) => route.fulfill({ status: 400, json: { success: false, message: 'Missing details.' } }));
    await page.reload();
    await expect(page.getByText('Malformed request')).toBeVisible();
    await page.unroute('**/api/userdata/roles');

    await page.route(/\/api\/userdata\/roles\/results\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: unknown[] };
      const positive = { id: '6f1f5c8e-2b8a-4d7e-9f5e-1c2d3e4f5a6b', name: 'COVID-19 RT-PCR', sample_date: Date.UTC(2026, 0, 5, 9) / 1000, result: 'Positive', file_url: null };
      await route.fulfill({ response, json: { ...body, results: [positive] } });
    });
    await page.reload();
    await expect(page.getByRole('cell', { name: 'Positive' })).toHaveCSS('color', PINK);
    await expect(page.getByRole('cell', { name: '05/01/2026' })).toBeVisible();
  });

  test('a result letter opens in a new tab through its signed link', async ({ page }) => {
    await signInTo(page, DEMO.manager, '/patient/test-results');
    await expect(page.getByRole('cell', { name: 'Negative' })).toHaveCSS('color', 'rgba(0, 0, 0, 0.87)');
    const download = page.getByRole('link', { name: /Download the COVID-19 RT-PCR result of/ });
    await expect(download).toHaveAttribute('target', '_blank');
    // The new tab navigates to the signed link (a browser without a PDF viewer then saves the letter instead of showing it).
    const opened = page.context().waitForEvent('request', (request) => /\/api\/userdata\/results\/[0-9a-f-]{36}\/file\?/.test(request.url()));
    const [tab] = await Promise.all([page.waitForEvent('popup'), download.click()]);
    const navigation = await opened;
    expect(navigation.isNavigationRequest()).toBe(true);
    expect(navigation.frame().page()).toBe(tab);
    await tab.close();
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/api\/userdata\/results\/[0-9a-f-]{36}\/file\?user=.+&expires=\d+&signature=/);
    const letter = await page.request.get(href!);
    expect(letter.status()).toBe(200);
    expect(letter.headers()['content-type']).toBe('application/pdf');
    expect((await letter.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await page.request.get(href!.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.status()).toBe(404);
    await expectAccessible(page);
  });

  test('the help page answers every topic and plays the swab video without internet', async ({ page, context }) => {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('internetdisconnected'));
    const patient = await createDemoLtdPatient(page.request);
    await signInTo(page, patient.email, '/patient/help', patient.password);
    await expect(page.getByRole('heading', { name: 'Vireo Help', level: 1 })).toBeVisible();
    for (const topic of [
      'What is COVID-19?',
      'What are the symptoms?',
      'How can I protect myself and others?',
      'How do I take a swab test?',
      'Understanding your RT-PCR test result',
      'What to do after a negative result',
      'What to do after a positive result',
      'What to do after an unclear (inconclusive) result',
    ]) {
      await expect(page.getByRole('button', { name: topic })).toBeVisible();
    }
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'How do I take a swab test?' }).click();
    const video = page.getByLabel('How to take a swab test');
    await expect(video).toBeVisible();
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { time: element.currentTime, width: element.videoWidth, duration: element.duration };
    });
    expect(played.time).toBeGreaterThan(0.5);
    expect(played.width).toBe(640);
    expect(played.duration).toBeGreaterThan(30);
    await expect(page.getByText('Put the same swab about 2.5 cm (1 inch) into one nostril')).toBeVisible();
    await expectAccessible(page);
  });

  test('/unsupported-browser lists the supported browsers per device', async ({ page }) => {
    await page.goto('/unsupported-browser');
    await expect(page.getByRole('heading', { name: 'Your browser is not supported' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'iPhone and iPad (iOS)' })).toContainText('Safari');
    await expect(page.getByRole('region', { name: 'Android phones and tablets' })).toContainText('Chrome');
    await expect(page.getByRole('region', { name: 'Android phones and tablets' })).toContainText('Firefox');
    const mac = page.getByRole('region', { name: 'Mac computers (macOS)' });
    for (const browser of ['Chrome', 'Edge', 'Firefox', 'Opera', 'Safari']) await expect(mac.getByRole('listitem').filter({ hasText: browser })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Windows, Linux and Chromebook computers' }).getByRole('listitem').filter({ hasText: 'Safari' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('My Appointments (/patient/appointments)', () => {
  test('a patient sees their booking with its product name, time in its zone and status, and manages it from there', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request, 'Morgan');
    const session = await apiSession(request, patient.email, patient.password);
    const headers = { authorization: `Bearer ${session.token}` };
    const day = new Date(Date.now() + 4 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const slots = await request.get(`/api/booking/?service=video_gp&date=${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`, { headers });
    expect(slots.status()).toBe(200);
    const { slots: open } = (await slots.json()) as { slots: { id: string; cost: number }[] };
    const slot = open[open.length - 1]!;
    const held = await request.post(`/api/booking/${slot.id}/status`, { headers, data: { status: 'LOCKED' } });
    const { hold_token: holdToken } = (await held.json()) as { hold_token: string };
    const paid = await request.post(`/api/booking/${slot.id}/payment`, {
      headers,
      data: { hold_token: holdToken, amount: slot.cost, billing_details: { first_name: 'Morgan', last_name: 'Ashworth', email: patient.email, dateOfBirth: '15-06-1990' }, toc_accept: true, service: 'video_gp' },
    });
    expect(paid.status()).toBe(201);

    await signIn(page, patient.email, patient.password);
    await tile(page, 'My Appointments').getByRole('link', { name: 'View appointments' }).click();
    await expect(page).toHaveURL(/\/patient\/appointments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
    const upcoming = page.getByRole('table', { name: 'Upcoming' });
    const row = upcoming.getByRole('row').nth(1);
    await expect(row).toContainText('Video GP');
    await expect(row).toContainText(/\d{2}:\d{2} Europe\/London \((GMT|BST)\)/);
    await expect(row).toContainText('Not Started');
    await expect(page.getByText('You have no past appointments.')).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('link', { name: /^Manage the / }).click();
    await expect(page).toHaveURL(/\/book\/manage\?appointmentId=.+&short_token=.+/);
    await expect(page.getByRole('row', { name: /Status Booked/ })).toBeVisible();
  });

  test('the profile menu opens it, and a failed load offers to try again', async ({ page }) => {
    await signIn(page, DEMO.patient);
    await page.route('**/api/booking/mine', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal Server Error' }) }));
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Appointments' }).click();
    await expect(page.getByText('Your appointments could not be loaded.')).toBeVisible();
    await expectAccessible(page);
    await page.unroute('**/api/booking/mine');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
  });
});
