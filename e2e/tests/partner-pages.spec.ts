import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signInTo, test } from '../fixtures';
import { bearer, COMMERCE, FIT_TO_FLY, londonDay, purchaseCodes, usesLeft } from '../purchase-codes';

const PCR = 'SYN-UK-PCR-SNS-001';

/** The wizard's words a test types into or reads, in the page's language. */
const WORDS = {
  en: {
    travellers: 'Number of travellers',
    people: 'Number of people',
    code: (person: number) => `Code for person ${person}`,
    valid: 'Valid purchase code',
    next: 'Next',
    flight: 'Flight number',
    departureDate: 'Departure date',
    departureTime: 'Departure time',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    dateOfBirth: 'Date of birth',
    phone: 'Phone',
    ethnicity: 'Ethnicity',
    female: 'Female',
    passport: /^Passport\/National identity card number/,
    passportAgain: 'Repeat passport/National identity card number',
    acknowledge: /I confirm the details above are correct/,
    book: 'Book appointment',
    booked: 'Your Appointment Has Been Booked',
    home: 'Back to the home page',
  },
  de: {
    travellers: 'Anzahl der Reisenden',
    people: 'Anzahl der Personen',
    code: (person: number) => `Code für Person ${person}`,
    valid: 'Gültiger Kaufcode',
    next: 'Weiter',
    flight: 'Flugnummer',
    departureDate: 'Abreisedatum',
    departureTime: 'Abreisezeit',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    dateOfBirth: 'Geburtsdatum',
    phone: 'Telefon',
    ethnicity: 'Ethnische Zugehörigkeit',
    female: 'Weiblich',
    passport: /^Reisepass- oder Personalausweisnummer(?! wiederholen)/,
    passportAgain: 'Reisepass- oder Personalausweisnummer wiederholen',
    acknowledge: /Ich bestätige, dass die Angaben oben richtig sind/,
    book: 'Termin buchen',
    booked: 'Ihr Termin wurde gebucht',
    home: 'Zur Startseite',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** 'Number of travellers': the test, the people and a code each; Next. */
async function travellers(page: Page, words: Words, title: string, codes: readonly string[]): Promise<void> {
  await page.getByRole('radio', { name: title }).check();
  await page.getByLabel(words.people).fill(String(codes.length));
  for (const [index, code] of codes.entries()) await page.getByLabel(words.code(index + 1)).fill(code.toLowerCase());
  await expect(page.getByText(words.valid)).toHaveCount(codes.length);
  await page.getByRole('button', { name: words.next }).click();
}

/** 'Travel Details': a flight from Westminster leaving in four days (the Fit to Fly window is then 1 to 1.6 days ahead); Next. */
async function travel(page: Page, words: Words): Promise<void> {
  await page.getByLabel(words.flight).fill('BA117');
  await page.getByLabel(words.departureDate).fill(londonDay(4));
  await page.getByLabel(words.departureTime).fill('12:00');
  await page.getByRole('button', { name: words.next }).click();
}

/** 'Booking Appointment': the first time offered, held; Next. */
async function firstSlot(page: Page, words: Words): Promise<void> {
  await expect(page).toHaveURL(/step=appointment/);
  await page.getByRole('group').first().getByRole('button').first().click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: words.next }).click();
}

async function passenger(page: Page, words: Words, first: string, passport: string): Promise<void> {
  await page.getByLabel(words.firstName).fill(first);
  await page.getByLabel(words.lastName).fill('Hopper');
  await page.getByLabel(words.email).fill(`${first.toLowerCase()}@example.test`);
  await page.getByLabel(words.dateOfBirth).fill('1990-05-17');
  await page.getByLabel(words.phone).fill('7911123456');
  await page.getByRole('combobox', { name: words.ethnicity }).click();
  await page.getByRole('option', { name: 'White British' }).click();
  await page.getByRole('radio', { name: words.female }).check();
  await page.getByLabel(words.passport).fill(passport);
  await page.getByLabel(words.passportAgain).fill(passport);
  await page.getByRole('button', { name: words.next }).click();
}

/** 'Summary': the terms accepted and booked; the confirmation links the partner's home page. Answers the booking's reference. */
async function bookAtSummary(page: Page, words: Words, homePage: string): Promise<string> {
  await expect(page).toHaveURL(/step=summary/);
  await page.getByRole('checkbox', { name: words.acknowledge }).check();
  await page.getByRole('button', { name: words.book }).click();
  await expect(page.getByText(words.booked)).toBeVisible();
  await expect(page.getByRole('link', { name: words.home })).toHaveAttribute('href', homePage);
  return (await page.locator('strong').first().textContent())!.trim();
}

/** The order the partner page placed with `code` (its first), as staff see it in the order list. */
async function orderPaidWith(request: APIRequestContext, code: string): Promise<{ source: string; payment_flag: string; short_token: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const answer = await request.get(`${COMMERCE}/order?discount=${code}`, { headers: bearer(admin.token) });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { source: string; payment_flag: string; short_token: string }[] };
  expect(data).toHaveLength(1);
  return data[0]!;
}

/** A partner as a super admin adds it on Pages Management (POST /partner), its page address and label unique to this run. */
async function createPartner(request: APIRequestContext, partner: { name: string; kind: 'airline' | 'european'; service: string; language: 'EN' | 'DE'; rules: { sku: string; prefixes: string[] }[] }): Promise<{ slug: string; source: string; homePage: string }> {
  const admin = await apiSession(request, DEMO.admin);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const record = { slug: `${partner.kind}_${run}`, source: `${partner.kind}-${run}`, homePage: `https://${partner.kind}-${run}.example/` };
  const created = await request.post(`${COMMERCE}/partner`, {
    headers: bearer(admin.token),
    data: {
      name: partner.name,
      slug: record.slug,
      source: record.source,
      kind: partner.kind,
      service: partner.service,
      language: partner.language,
      home_page_url: record.homePage,
      logo: '',
      code_prefixes: partner.rules.map((rule) => ({ ...rule, excluded: [] })),
    },
  });
  expect(created.status()).toBe(201);
  return record;
}

/** A code of the wrong kind for the test at 'Number of travellers': Next stays on the step and says why. */
async function refusedCode(page: Page, words: Words, title: string, code: string, message: string): Promise<void> {
  await page.getByRole('radio', { name: title }).check();
  await page.getByLabel(words.people).fill('1');
  const field = page.getByLabel(words.code(1));
  await field.fill(code.toLowerCase());
  await expect(field).toHaveValue(code.toUpperCase());
  await page.getByRole('button', { name: words.next }).click();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: words.travellers })).toBeVisible();
}

test.describe('partner booking pages /book_test_{slug} (spec 2 §2.10)', () => {
  test('Attraction World: one traveller with a code books end to end without signing in; a code of another prefix is refused, the used-up code is invalid', async ({ page, request }) => {
    test.setTimeout(150_000);
    const { title, codes } = await purchaseCodes(request, 'F2FAW', 1);
    await page.goto('/book_test_attraction_world');
    await expect(page.getByRole('heading', { level: 1, name: 'Attraction World' })).toBeVisible();
    await expect(page.getByText('Number of travellers', { exact: true }).first()).toBeVisible();
    await expectAccessible(page);

    await refusedCode(page, WORDS.en, title, 'D2AWABC123', 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2FAW.');
    await expectNoDeveloperText(page);
    await expectAccessible(page);
    await travellers(page, WORDS.en, title, codes);
    await expect(page).toHaveURL(/step=travel/);
    await travel(page, WORDS.en);
    await firstSlot(page, WORDS.en);
    await passenger(page, WORDS.en, 'Grace', 'P1234567');
    await bookAtSummary(page, WORDS.en, 'https://attractionworld.example/');
    await expectAccessible(page);
    expect(await usesLeft(request, codes[0]!)).toBe(0);

    // Spec 3 §7: a partner's form calls a code with no use left invalid (the pharmacy's says expired).
    await page.goto('/book_test_attraction_world');
    await page.getByRole('radio', { name: title }).check();
    await page.getByLabel(WORDS.en.code(1)).fill(codes[0]!.toLowerCase());
    await expect(page.getByText('Your code is invalid', { exact: true })).toBeVisible();
    await expect(page.getByText('Your code is expired')).toHaveCount(0);
    await page.getByRole('button', { name: WORDS.en.next }).click();
    await expect(page.getByRole('region', { name: WORDS.en.travellers })).toBeVisible();
  });

  test('OFL: a Fit to Fly code starts with F2F but not F2FAW; one traveller books and the order carries the label OFL', async ({ page, request }) => {
    test.setTimeout(150_000);
    const { title, codes } = await purchaseCodes(request, 'F2F', 1);
    await page.goto('/book_test_OFL');
    await expect(page.getByRole('heading', { level: 1, name: 'OFL' })).toBeVisible();
    await refusedCode(page, WORDS.en, title, 'F2FAW12345', 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.');
    await travellers(page, WORDS.en, title, codes);
    await travel(page, WORDS.en);
    await firstSlot(page, WORDS.en);
    await passenger(page, WORDS.en, 'Grace', 'P1234567');
    await bookAtSummary(page, WORDS.en, 'https://ofl.example/');
    expect(await orderPaidWith(request, codes[0]!)).toMatchObject({ source: 'OFL', payment_flag: 'Complete' });
    expect(await usesLeft(request, codes[0]!)).toBe(0);
  });

  test('Florida Tix: two travellers with FTF2F codes book; customer services editing the booking cannot lower the number of people', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { title, codes } = await purchaseCodes(request, 'FTF2F', 2);
    await page.goto('/book_test_florida_tix');
    await expect(page.getByRole('heading', { level: 1, name: 'Florida Tix' })).toBeVisible();
    await refusedCode(page, WORDS.en, title, 'F2FAW12345', 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with FTF2F.');
    await travellers(page, WORDS.en, title, codes);
    await travel(page, WORDS.en);
    await firstSlot(page, WORDS.en);
    await passenger(page, WORDS.en, 'Grace', 'P1234567');
    await expect(page.getByRole('heading', { name: 'Passenger 2 of 2' })).toBeVisible();
    await passenger(page, WORDS.en, 'Alan', 'P7654321');
    const appointmentId = await bookAtSummary(page, WORDS.en, 'https://floridatix.example/');
    const order = await orderPaidWith(request, codes[0]!);
    expect(order).toMatchObject({ source: 'floridatix', payment_flag: 'Complete' });
    for (const code of codes) expect(await usesLeft(request, code), code).toBe(0);

    // A partner's booking is edited from the order drawer's Edit: customer services' /booking/edit.
    await signInTo(page, DEMO.support, `/booking/edit?appointmentId=${appointmentId}&short_token=${order.short_token}`);
    await page.getByLabel('Number of people').fill('1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText("You can't reduce quantity of booking users")).toBeVisible();
  });

  test('an airline partner added on Pages Management starts with Travel Details; a PCR code for the antigen test is refused; one traveller books', async ({ page, request }) => {
    test.setTimeout(150_000);
    const partner = await createPartner(request, {
      name: 'Northwind Airways',
      kind: 'airline',
      service: 'video_gp_product',
      language: 'EN',
      rules: [
        { sku: FIT_TO_FLY, prefixes: ['EANT', 'EAIR'] },
        { sku: PCR, prefixes: ['EPCR'] },
      ],
    });
    const { title, codes } = await purchaseCodes(request, 'EAIR', 1);
    await page.goto(`/book_test_${partner.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Airways' })).toBeVisible();
    await expect(page.locator('.MuiStepLabel-label')).toHaveText(['Travel Details', 'Number of travellers', 'Booking Appointment', 'Passenger Details', 'Summary', 'Booking Confirmation']);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await travel(page, WORDS.en);
    await expect(page).toHaveURL(/step=travellers/);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await refusedCode(page, WORDS.en, title, 'EPCR123456', 'You have chosen another test type');
    await expectAccessible(page);
    await travellers(page, WORDS.en, title, codes);
    await firstSlot(page, WORDS.en);
    await passenger(page, WORDS.en, 'Grace', 'P1234567');
    await bookAtSummary(page, WORDS.en, partner.homePage);
    expect(await orderPaidWith(request, codes[0]!)).toMatchObject({ source: partner.source, payment_flag: 'Complete' });
  });

  test('a European partner added on Pages Management books video_gp_euro in German', async ({ page, request }) => {
    test.setTimeout(150_000);
    const partner = await createPartner(request, { name: 'Reisewelt', kind: 'european', service: 'video_gp_euro', language: 'DE', rules: [{ sku: FIT_TO_FLY, prefixes: ['EUF2F'] }] });
    const { title, codes } = await purchaseCodes(request, 'EUF2F', 1);
    await page.goto(`/book_test_${partner.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reisewelt' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await refusedCode(page, WORDS.de, title, 'F2F1234567', 'Ungültiger Code. Dies ist kein Fit to Fly-Code. Bitte geben Sie einen Code ein, der mit EUF2F beginnt.');
    await expectAccessible(page);
    await travellers(page, WORDS.de, title, codes);
    await travel(page, WORDS.de);
    await firstSlot(page, WORDS.de);
    await passenger(page, WORDS.de, 'Grete', 'P1234567');
    const appointmentId = await bookAtSummary(page, WORDS.de, partner.homePage);
    expect(await orderPaidWith(request, codes[0]!)).toMatchObject({ source: partner.source, payment_flag: 'Complete' });
    const admin = await apiSession(request, DEMO.admin);
    const booked = await request.get(`/api/booking/${appointmentId}`, { headers: bearer(admin.token) });
    expect(((await booked.json()) as { appointment: { type: string; language: string } }).appointment).toMatchObject({ type: 'video_gp_euro', language: 'DE' });
  });
});
