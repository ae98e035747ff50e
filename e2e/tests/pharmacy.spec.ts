import { expect } from '@playwright/test';
import { apiSession, createPharmacist } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signIn, test } from '../fixtures';
import { bearer, COMMERCE, londonDay, purchaseCodes, usesLeft } from '../purchase-codes';
import { passenger } from '../passengers';

test.describe('pharmacy: the Purchase Code wizard (spec 2 §2.8)', () => {
  test("two people with a code each book end to end; the codes are then used up, and the form calls them expired", async ({ page, request }) => {
    test.setTimeout(150_000);
    const pharmacist = await createPharmacist(request);
    const {
      codes: [first, second],
    } = await purchaseCodes(request, 'ANT', 2);
    await signIn(page, pharmacist.email, pharmacist.password);
    await expect(page).toHaveURL(/\/pharmacy\/book/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Number of people').fill('2');
    const code1 = page.getByLabel('Code for person 1');
    const code2 = page.getByLabel('Code for person 2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Input your code')).toHaveCount(2);
    await code1.fill(first!.toLowerCase());
    await expect(code1).toHaveValue(first!);
    await expect(page.getByText('Valid purchase code')).toBeVisible();
    await code2.fill('XYZ1234');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
    await code2.fill(first!);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText("Codes can't be same for different people")).toBeVisible();
    await code2.fill('ANTZZZZZZZZZZ');
    await expect(page.getByText('Your code is invalid')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).not.toHaveURL(/step=travel/);
    await expectNoDeveloperText(page);
    await expectAccessible(page);
    await code2.fill(second!);
    await expect(page.getByText('Valid purchase code')).toHaveCount(2);
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of ['Input postcode', 'Input address', 'Input city', 'Input county']) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await page.getByLabel('Postcode').fill('SW1A 1AA');
    await page.getByLabel(/^Address\s\*?$/).fill('1 Test Street');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('County').fill('Greater London');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=travel/);

    await page.getByLabel('Flight number').fill('BA117');
    await page.getByLabel('Departure date').fill(londonDay(4));
    await page.getByLabel('Departure time').fill('12:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=appointment/);
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Grace', 'Hopper', 'P1234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Passenger 2 of 2' })).toBeVisible();
    await passenger(page, 'Alan', 'Turing', 'P7654321');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=summary/);
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your Appointment Has Been Booked')).toBeVisible();
    await expectAccessible(page);

    for (const code of [first!, second!]) expect(await usesLeft(request, code), code).toBe(0);

    // Spec 2 §5: the pharmacy form calls a code with no use left expired (a partner's says invalid).
    await page.goto('/pharmacy/book');
    await page.getByLabel('Code for person 1').fill(first!);
    await expect(page.getByText('Your code is expired')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).not.toHaveURL(/step=travel/);
  });
});

test.describe('pharmacy: the US form (?source={product}-us, spec 2 §2.8)', () => {
  test('an unknown source is refused; the US form takes a US code and books one person in dollars', async ({ page, request }) => {
    test.setTimeout(150_000);
    const {
      codes: [code],
    } = await purchaseCodes(request, 'ANT', 1, 'DAY-2-US-ANT-001');
    const pharmacist = await createPharmacist(request);
    await signIn(page, pharmacist.email, pharmacist.password);
    await expect(page).toHaveURL(/\/pharmacy\/book/);

    await page.goto('/pharmacy/book?source=acme-us');
    await expect(page.getByText('Unknown source. The pharmacy form places Pharmacy or US orders only.')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/pharmacy/book?source=vireo-us');
    const code1 = page.getByLabel('Code for person 1');
    await code1.fill(code!.toLowerCase());
    await expect(page.getByText('Valid purchase code')).toBeVisible();
    await page.getByLabel('Postcode').fill('SW1A 1AA');
    await page.getByLabel(/^Address\s\*?$/).fill('1 Test Street');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('County').fill('Greater London');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=travel/);
    await page.getByLabel('Flight number').fill('BA117');
    await page.getByLabel('Departure date').fill(londonDay(4));
    await page.getByLabel('Departure time').fill('12:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=appointment/);
    await page.getByLabel('Appointment date').fill(londonDay(3));
    await page.getByRole('group').first().getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await passenger(page, 'Grace', 'Hopper', 'P1234567');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=summary/);
    await page.getByRole('checkbox', { name: /I confirm the details above are correct/ }).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Your Appointment Has Been Booked')).toBeVisible();
    await expectAccessible(page);

    const admin = await apiSession(request, DEMO.admin);
    const orders = await request.get(`${COMMERCE}/order?discount=${code}`, { headers: bearer(admin.token) });
    expect(((await orders.json()) as { data: { source: string; currency: string; payment_flag: string }[] }).data).toMatchObject([{ source: 'vireo-us', currency: 'USD', payment_flag: 'Complete' }]);
  });
});
