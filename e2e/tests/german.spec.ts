import { expect, type Page } from '@playwright/test';
import { createDemoLtdPatient, uniqueSuffix } from '../accounts';
import { DEMO, expectAccessible, signIn, signInTo, test } from '../fixtures';

/** An i18n key shown instead of its text: a namespace or a group of the resources, a dot, then a key. */
const KEY =
  /\b(common|patient|manager|booking|titles|tiles|health|symptoms|order|results|shipping|personal|invite|signUps|tabs|slots|summary|basic|card|actions|confirmation|manage|server|steps|headings|nav|profile|layout|errors|table|help|language|hub|dashboard|verifyToken|roles)[.:][a-zA-Z]/;

/** The page speaks German: `<html lang="de">`, the texts given, none of the English ones, and no key in place of a text. */
async function expectGerman(page: Page, german: string[], english: string[]) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  for (const text of german) await expect(page.getByText(text).first()).toBeVisible();
  const body = page.locator('body');
  for (const text of english) await expect(body).not.toContainText(text);
  await expect(body).not.toContainText(KEY);
}

test.describe('German', () => {
  test('a patient who switches to Deutsch gets the dashboard, the health wizard and the help in German, and back in English', async ({ page, request }) => {
    const patient = await createDemoLtdPatient(request);
    await signIn(page, patient.email, patient.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Tell us where to send your home test kit.')).toBeVisible();

    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expectGerman(page, ['Startseite', 'Sagen Sie uns, wohin wir Ihr Heimtest-Kit senden sollen.', 'Versandadresse angeben', 'Gesundheitsprofil ausfüllen'],
      ['Tell us where to send', 'Add shipping details', 'Complete health profile', 'Welcome'],);
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await expectAccessible(page);

    // The choice holds across pages: a wizard page, whole.
    await page.goto('/patient/health-assessment');
    await expect(page.getByRole('heading', { level: 1, name: 'Gesundheitsprofil' })).toBeVisible();
    await expectGerman(page, ['Über Sie', 'Geschlecht', 'Größe (cm)', 'Rauchen Sie?', 'Weiter'], ['About You', 'Height (cm)', 'Do you smoke?', 'Next']);
    await page.getByRole('radio', { name: 'Weiblich' }).check();
    await page.getByLabel('Größe (cm)').fill('170');
    await page.getByLabel('Gewicht (kg)').fill('65');
    await page.getByRole('radiogroup', { name: 'Rauchen Sie?' }).getByRole('radio', { name: 'Nein' }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expectGerman(page, ['Haben Sie eine dieser Erkrankungen?', 'Nichts davon'], ['Do you have any of these conditions?', 'None of the above']);
    await expectAccessible(page);

    // The help page: every topic and the swab-test steps.
    await page.goto('/patient/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Vireo-Hilfe' })).toBeVisible();
    await page.getByRole('button', { name: 'Wie mache ich einen Abstrichtest?' }).click();
    await expectGerman(
      page,
      ['Was ist COVID-19?', 'Was tun nach einem unklaren (nicht eindeutigen) Ergebnis?', 'Führen Sie denselben Tupfer etwa 2,5 cm (1 Zoll) tief in ein Nasenloch ein'],
      ['What is COVID-19?', 'How do I take a swab test?', 'Put the same swab', 'The main symptoms of COVID-19 are', 'Self-isolate straight away'],
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'How do I take a swab test?' })).toBeVisible();
    await expect(page.getByText('Put the same swab about 2.5 cm (1 inch) into one nostril')).toBeVisible();
  });

  test('a manager who switches to Deutsch gets the sign-ups page in German', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expectGerman(page, ['Ergebnisse der Organisation', 'Registrierungen verfolgen'], ['Organisation Results', 'Monitor Sign-ups']);
    await page.goto('/manager/sign-ups');
    await expectGerman(page, ['Mitarbeitende einladen', 'Einladungen senden'], ['Invite employees', 'Send invitations', 'E-mail addresses']);
    await expect(page.getByLabel('E-Mail-Adressen')).toBeVisible();
    await expectAccessible(page);
  });

  test('a manager in German sees test results, the symptom checker’s fever threshold and advice, and the e-mail limit’s refusal in German', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The demo manager's negative RT-PCR result, among the employees' and on their own results page.
    await page.goto('/manager/test-results');
    const employees = page.getByRole('table', { name: 'Ergebnisse der Mitarbeitenden' });
    await expect(employees.getByRole('cell', { name: 'Negativ', exact: true })).toBeVisible();
    await expect(employees.getByRole('cell', { name: 'Negative', exact: true })).toHaveCount(0);
    await page.goto('/patient/test-results');
    const own = page.getByRole('table', { name: 'Ihre Testergebnisse' });
    await expect(own.getByRole('cell', { name: 'Negativ', exact: true })).toBeVisible();
    await expect(own.getByRole('cell', { name: 'Negative', exact: true })).toHaveCount(0);
    // The symptom checker's fever threshold with a decimal comma.
    await page.goto('/patient/symptom-checker');
    await expect(page.getByText('* Fieber: eine Temperatur über 37,5 °C (99,5 °F)', { exact: false })).toBeVisible();
    // No symptoms and no contact: the result's advice in German.
    for (const step of ['Weitere Symptome', 'Kontakte']) {
      await page.getByRole('button', { name: 'Weiter', exact: true }).click();
      await expect(page.getByRole('region', { name: step })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sie haben keine Symptome des Coronavirus (COVID-19)' })).toBeVisible();
    await expect(page.getByText('You have no symptoms', { exact: false })).toHaveCount(0);

    // One address invited more often than MAIL_PER_RECIPIENT (3) allows: the 429 names it and the wait, in German.
    await page.goto('/manager/sign-ups');
    const address = `e2e-quota-${uniqueSuffix()}@example.test`;
    const invite = async () => {
      await page.getByLabel('E-Mail-Adressen').fill(address);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/userdata/organisations/invitations') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Einladungen senden' }).click();
      return answer;
    };
    for (let sent = 0; sent < 3; sent++) {
      expect((await invite()).status()).toBeLessThan(300);
      // The form empties once the page has the answer; typing before that would be cleared with it.
      await expect(page.getByLabel('E-Mail-Adressen')).toHaveValue('');
    }
    const refused = await invite();
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many e-mails have been sent to /);
    await expect(page.getByText(new RegExp(`^An ${address.replace(/[.]/g, '\\.')} wurden zu viele E-Mails gesendet\\. Bitte warten Sie \\d+ Minuten und versuchen Sie es dann erneut\\.$`))).toBeVisible();
    await expect(page.getByText('Too many e-mails')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a German booking shows the server’s messages of every group in German, not only the booking ones', async ({ page }) => {
    // The euro service's manage page speaks German; a mangled link's id is refused with FIELD_MSG's text.
    await page.goto(`/book/manage?appointmentId=not-an-id&short_token=${'x'.repeat(24)}&service=video_gp_euro`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('alert')).toHaveText('Geben Sie einen gültigen Wert ein.');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a valid value.');
  });

  test('the public booking page switches to Deutsch as a whole', async ({ page }) => {
    await page.goto('/book?service=video_gp_vireo');
    await expect(page.getByRole('main').getByText('Select Time', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expectGerman(page, ['Uhrzeit wählen', 'Persönliche Angaben', 'Abschluss'], ['Select Time', 'Basic information', 'Available times']);
    await expect(page.getByRole('heading', { level: 1, name: /^Termin buchen/ })).toBeVisible();
    await expectAccessible(page);
  });
  test('in German, a form’s field errors, the server’s errors and the appointment statuses are German; English is unchanged', async ({ page }) => {
    test.setTimeout(180_000); // three forms in two languages
    await signInTo(page, DEMO.shiftManager, '/shift_manager/doctors-management');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The form's own check: contracts' "This field is required." in German.
    await page.getByRole('button', { name: 'Behandler hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Anlegen und Einladung senden' }).click();
    await expect(dialog.getByLabel('Vorname')).toHaveAccessibleDescription('Dieses Feld ist erforderlich.');
    await expect(dialog).not.toContainText('This field is required.');
    // A shared field rule's own text (contracts' VALIDATION_MSG), German too.
    await dialog.getByLabel('Nachname').fill('Owusu2');
    await expect(dialog.getByLabel('Nachname')).toHaveAccessibleDescription('Verwenden Sie nur Buchstaben und Leerzeichen');

    // The server's answer: the address is taken (409, in the spec's English on the wire), shown in German on its field.
    await dialog.getByLabel('Vorname').fill('Kofi');
    await dialog.getByLabel('Nachname').fill('Owusu');
    await dialog.getByLabel('E-Mail').fill(DEMO.practitioner);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/doctors') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Anlegen und Einladung senden' }).click();
    expect(((await (await answer).json()) as { errors: Record<string, string> }).errors.email).toBe('An account with this e-mail address already exists.');
    await expect(dialog.getByLabel('E-Mail')).toHaveAccessibleDescription('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.');
    await expectAccessible(page);

    // Back in English, the spec's texts.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Add practitioner' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create and send invitation' }).click();
    await expect(page.getByRole('dialog').getByLabel('First name')).toHaveAccessibleDescription('This field is required.');
  });

  test('in German, the practitioner’s lists label the appointment statuses in German', async ({ page }) => {
    await signIn(page, DEMO.practitioner);
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The demo practitioner has open slots every day of the coming week.
    const available = page.getByRole('region', { name: 'Freie Termine' });
    await available.getByRole('button', { name: 'Woche' }).click();
    const table = available.getByRole('table', { name: 'Freie Termine' });
    await expect(table.getByRole('cell', { name: 'Frei', exact: true }).first()).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Available', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'English' }).click();
    const english = page.getByRole('region', { name: 'Available Appointments' }).getByRole('table', { name: 'Available Appointments' });
    await expect(english.getByRole('cell', { name: 'Available', exact: true }).first()).toBeVisible();
  });
});
