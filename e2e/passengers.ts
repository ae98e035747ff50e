import type { Page } from '@playwright/test';

/** Fills the order-booking wizard's Passenger Details for one person in English (spec 2 §5 rules): a valid adult with a passport. */
export async function passenger(page: Page, first: string, last: string, passport: string): Promise<void> {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill(`${first.toLowerCase()}@example.test`);
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Phone').fill('7911123456');
  await page.getByRole('combobox', { name: 'Ethnicity' }).click();
  await page.getByRole('option', { name: 'White British' }).click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel(/^Passport\/National identity card number/).fill(passport);
  await page.getByLabel('Repeat passport/National identity card number').fill(passport);
}
