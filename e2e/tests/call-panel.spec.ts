import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { createPractitioner, PRACTITIONER_PASSWORD as PASSWORD, type Practitioner } from '../accounts';
import { expectAccessible, signInTo, test } from '../fixtures';
import { bookedAppointment, expectRemoteVideoPlaying, newContext } from '../video-call';

/**
 * The practitioner's appointment panel (issue 15, spec 2 §2.4, §4.3, §5): the steps beside the video
 * call, the kit scan from the customer's camera, the photo, and the certificate form's rules. The
 * customer's browser is a Chromium of its own whose fake camera plays a y4m made here with ffmpeg,
 * showing the QR code of a known kit ID.
 */

const KIT_ID = 'K48213579';
const INNOVA = 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test';

/** A 1280x720 y4m of the kit's QR code on white, for Chromium's --use-file-for-fake-video-capture (it loops it). */
async function qrCamera(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vireo-qr-'));
  const png = join(dir, 'qr.png');
  const y4m = join(dir, 'qr.y4m');
  await QRCode.toFile(png, KIT_ID, { width: 600, margin: 4 });
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', png, '-t', '1', '-r', '5', '-vf', 'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=white', '-pix_fmt', 'yuv420p', y4m]);
  return y4m;
}

const person = (first: string, last: string, email: string) => ({ first_name: first, last_name: last, email, date_of_birth: Date.UTC(1985, 11, 10) / 1000, sex: 'Female', metadata: { test_type: 'PCR' } });

async function bookingUsersOf(request: APIRequestContext, practitioner: Practitioner, id: string) {
  const answer = await request.get(`/api/booking/${id}`, { headers: { authorization: `Bearer ${practitioner.token}` } });
  return ((await answer.json()) as { appointment: { booking_users: { id: string; street_address?: string; metadata: Record<string, unknown> }[] } }).appointment.booking_users;
}

/** Picks `option` in the MUI select labelled `label`. */
/**
 * From now on, records in the page whether `text` is shown; answers a wait for it. A message the panel shows for 3 s
 * (spec 2 §4.3's actions panel) is caught even when a loaded machine looks later than that.
 */
async function watchForText(page: Page, text: string): Promise<() => Promise<void>> {
  await page.evaluate((wanted) => {
    const holder = window as unknown as { shownTexts?: Set<string> };
    const shown = (holder.shownTexts ??= new Set<string>());
    const look = () => {
      if (document.body.innerText.includes(wanted)) shown.add(wanted);
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    look();
  }, text);
  return async () => {
    await page.waitForFunction((wanted) => (window as unknown as { shownTexts?: Set<string> }).shownTexts?.has(wanted) === true, text);
  };
}

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);

test.describe('appointment panel', () => {
  test('beside the call: address, ID, the kit ID scanned from the customer’s camera, notes, the certificate form’s rules and the photo', async ({ browser, request }, testInfo) => {
    test.setTimeout(300_000);
    const camera = await qrCamera();
    const practitioner = await createPractitioner(request);
    const appointment = await bookedAppointment(request, practitioner, undefined, [person('Ada', 'Lovelace', 'ada-panel@example.test'), person('Grace', 'Hopper', 'grace-panel@example.test')]);

    const page = await (await newContext(browser)).newPage();
    await signInTo(page, practitioner.email, `/practitioner/video-appointment?appointmentId=${appointment.id}`, PASSWORD);

    const launch = testInfo.project.use.launchOptions ?? {};
    const customerBrowser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-video-capture=${camera}`] });
    try {
      const customerPage = await (await newContext(customerBrowser)).newPage();
      await customerPage.goto(`/appointment/call?appointmentId=${appointment.id}&short_token=${appointment.shortToken}`);
      await expectRemoteVideoPlaying(page);

      const panel = page.getByRole('complementary', { name: 'Appointment details' });
      await expect(panel.getByRole('list').first()).toContainText('Ada Lovelace');
      await expect(panel.getByRole('region', { name: 'Appointment steps for Ada Lovelace' })).toBeVisible();

      // 1. Details: a new address needs line 1, town, county and post code.
      await panel.getByLabel('No, enter a new address').check();
      await panel.getByRole('button', { name: 'Save address' }).click();
      for (const message of ['Input address', 'Input city', 'Input county', 'Input postcode']) await expect(panel.getByText(message, { exact: true })).toBeVisible();
      await panel.getByLabel('Address line 1').fill('1 High Street');
      await panel.getByLabel('Town').fill('Bath');
      await panel.getByLabel('County').fill('Somerset');
      await panel.getByLabel('Post code').fill('BA1 1AA');
      await panel.getByRole('button', { name: 'Save address' }).click();
      await expect(toast(page, 'Changes saved successfully')).toBeVisible();
      await expect.poll(async () => (await bookingUsersOf(request, practitioner, appointment.id))[0]?.street_address).toBe('1 High Street');
      // axe judges the toast's colours once it has faded in, not halfway.
      await expect(page.locator('.MuiSnackbar-root > *').filter({ hasText: 'Changes saved successfully' })).toHaveCSS('opacity', '1');
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Next' }).click();

      // 2. ID verification.
      await panel.getByRole('button', { name: 'Save and continue' }).click();
      await expect(panel.getByText('Select the document shown')).toBeVisible();
      await expect(panel.getByText('You must confirm security has been checked')).toBeVisible();
      await choose(panel, page, 'Security document', 'Passport');
      await panel.getByLabel('ID document number').fill('P1234567');
      await panel.getByLabel('Customer ID verified').check();
      await panel.getByRole('button', { name: 'Save and continue' }).click();

      // 3. Sample and kit: the scan fills the kit ID from the customer's camera, for the practitioner to confirm.
      await expect(panel.getByRole('radiogroup', { name: 'Sample taken' })).toBeVisible();
      await panel.getByRole('button', { name: 'Send sample and kit' }).click();
      await expect(panel.getByText('Select whether the sample was taken')).toBeVisible();
      await panel.getByLabel('Valid', { exact: true }).check();
      await choose(panel, page, 'Kit provider', INNOVA);
      await expect(panel.getByText('Specificity 99.6%, sensitivity 95.0%')).toBeVisible();
      await choose(panel, page, 'Lot ID', 'X2010051');
      await panel.getByLabel('Kit ID', { exact: true }).fill('1oo45');
      await expect(panel.getByLabel('Kit ID', { exact: true })).toHaveValue('1OO45');
      await expect(panel.getByText('More than one character is not a digit', { exact: false })).toBeVisible();
      await panel.getByRole('button', { name: 'Scan QR code' }).click();
      const result = panel.getByRole('region', { name: 'QR code read' });
      await expect(result).toContainText(KIT_ID, { timeout: 30_000 });
      await expect(result).toContainText(/Read by the customer’s camera|Read from the video/);
      await expect(panel.getByLabel('Kit ID', { exact: true })).toHaveValue(KIT_ID);
      await result.getByRole('button', { name: 'Use this kit ID' }).click();
      await expect(result).toBeHidden();
      await panel.getByRole('button', { name: 'Send sample and kit' }).click();
      await expect(toast(page, 'Result sent successfully')).toBeVisible();
      await expect.poll(async () => (await bookingUsersOf(request, practitioner, appointment.id))[0]?.metadata).toMatchObject({ kit_id: KIT_ID, lot_id: 'X2010051', sample_taken: 'valid' });

      // 4. Notes.
      await panel.getByRole('button', { name: 'Add note' }).click();
      await expect(panel.getByText('Write a note first.')).toBeVisible();
      await panel.getByLabel('Note', { exact: true }).fill('Swab taken from both nostrils.');
      await panel.getByRole('button', { name: 'Add note' }).click();
      await expect(toast(page, 'Notes updated successfully')).toBeVisible();
      await expect(panel.getByRole('region', { name: 'Notes history' })).toContainText('Swab taken from both nostrils.');
      await panel.getByRole('button', { name: 'Next' }).click();

      // 5. The certificate form refuses each missing field with its message, and Submit stays blocked meanwhile.
      const form = panel.getByRole('form', { name: 'Certificate form for Ada Lovelace' });
      await expect(form.getByLabel('Booking reference number')).toHaveAttribute('readonly', '');
      await form.getByLabel('First name').fill('');
      await form.getByLabel('Last name').fill('L');
      await form.getByLabel('Email').fill('ada@');
      await form.getByLabel('Date of birth (dd/mm/yyyy)').fill('1985-12-10');
      await form.getByLabel('ID document number').fill('P12');
      await expect(form.getByLabel('ID document checked')).toBeChecked();
      await form.getByLabel('ID document checked').uncheck();
      await form.getByRole('button', { name: 'Submit' }).click();
      for (const message of [
        'Enter patient first name',
        'Enter patient last name',
        'Please enter patient email address',
        'Please enter patient date of birth - dd/mm/yyyy',
        'Enter patient passport number',
        'You must confirm security has been checked',
        'You must enter a result',
        'You must take a photo of the test result',
      ])
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
      await choose(form, page, 'Test result', 'Rejected');
      await expect(form.getByText('You must select rejection reason', { exact: true })).toBeVisible();
      await choose(form, page, 'Rejection reason', 'Other');
      await expect(form.getByText('You must enter rejection notes', { exact: true })).toBeVisible();
      await choose(form, page, 'Test result', 'Negative');
      await form.getByLabel('Kit ID', { exact: true }).fill('');
      await expect(form.getByText('Enter patient Kit ID', { exact: true })).toBeVisible();
      await form.getByLabel('Kit ID', { exact: true }).fill(KIT_ID);

      // The photo from the customer's video: the captured-image panel, then the upload.
      await form.getByRole('button', { name: 'Capture photo' }).click();
      const captured = form.getByRole('region', { name: 'Captured image' });
      await expect(captured.getByRole('img', { name: 'Captured image' })).toBeVisible();
      await captured.getByRole('button', { name: 'Cancel' }).click();
      await form.getByRole('button', { name: 'Capture photo' }).click();
      await captured.getByRole('button', { name: 'Take another one' }).click();
      await captured.getByRole('button', { name: 'Upload image' }).click();
      await expect(toast(page, /^Successfully uploaded image$/)).toBeVisible();
      await expect(form.getByText('Photo of the test result uploaded')).toBeVisible();

      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Email').fill('ada-panel@example.test');
      await form.getByLabel('Date of birth (dd/mm/yyyy)').fill('10/12/1985');
      await form.getByLabel('ID document number').fill('P1234567');
      await form.getByLabel('ID document checked').check();
      await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
      await expect(form.getByText('Correct the fields marked in red.')).toBeHidden();
    } finally {
      await customerBrowser.close();
    }
  });

  test('an antigen appointment without the call: details, then actions; a rejection watched on the alternative video platform; each person in turn; reissue reopens the form', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const practitioner = await createPractitioner(request);
    const antigen = (first: string, last: string, email: string) => ({ ...person(first, last, email), metadata: { test_type: 'Antigen' } });
    const appointment = await bookedAppointment(request, practitioner, undefined, [antigen('Ada', 'Lovelace', 'ada-antigen@example.test'), antigen('Grace', 'Hopper', 'grace-antigen@example.test')]);
    const page = await (await browser.newContext()).newPage();
    await signInTo(page, practitioner.email, `/practitioner/face-to-face-appointment?appointmentId=${appointment.id}`, PASSWORD);

    for (const [name, generated] of [
      ['Ada Lovelace', 'Certificate successfully generated'],
      ['Grace Hopper', 'Certificates have been generated for everyone on this appointment.'],
    ] as const) {
      const steps = page.getByRole('region', { name: `Appointment steps for ${name}` });
      await expect(steps.getByRole('listitem')).toHaveCount(2);
      await expect(steps.getByRole('listitem').nth(0)).toContainText('Customer and appointment details');
      await expect(steps.getByRole('listitem').nth(1)).toContainText('Actions');
      await steps.getByLabel('Yes, the address is correct').check();
      await steps.getByRole('button', { name: 'Next' }).click();
      await expect(steps.getByText('No video here', { exact: false })).toBeVisible();
      await choose(steps, page, 'Kit provider', INNOVA);
      await steps.getByRole('button', { name: 'Create Certificate' }).click();

      const form = page.getByRole('form', { name: `Certificate form for ${name}` });
      await choose(form, page, 'Test result', 'Rejected');
      await choose(form, page, 'Rejection reason', 'Client not there');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByText('You must confirm security has been checked', { exact: true })).toBeVisible();
      await expect(form.getByText('Please select a sex', { exact: true })).toHaveCount(0);
      await expect(form.getByLabel('Lot ID')).toBeHidden();
      await form.getByLabel('Done by alternative video platform').check();
      await expect(form.getByText('You must confirm security has been checked', { exact: true })).toBeHidden();
      await form.getByLabel('ID document number').fill('P1234567');
      await form.getByLabel('ID document number').blur();
      if (name === 'Ada Lovelace') await expectAccessible(page);
      const wasShown = await watchForText(page, generated);
      await form.getByRole('button', { name: 'Submit' }).click();
      await wasShown();
    }
    await expect(page.getByText('Certificate successfully generated')).toBeHidden({ timeout: 6_000 });
    await page.getByRole('button', { name: 'Reissue Certificate for Ada Lovelace' }).click();
    await expect(page.getByRole('form', { name: 'Certificate form for Ada Lovelace' })).toBeVisible();
  });
});
