import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession } from '../accounts';
import { DEMO, expectAccessible, expectNoDeveloperText, signInTo, test } from '../fixtures';
import { mailbox } from '../mailbox';

const COMMERCE = '/api/commerce/v1';
const run = Date.now().toString(36).toUpperCase();
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const HEADER = 'kit_id,first_name,last_name,email,date_of_birth,sex,date_sampled,date_reported,sample_type,result,passport_number,date_of_receipt';
const HOUR = 3_600_000;
/** An instant `msAgo` before now as the templates write it: yyyy-mm-ddThh:mm (UTC). */
const ago = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 16);

/** People registered for PCR self-swab kits with these IDs (the super admin registers them through the API). */
async function registerPcrKits(request: APIRequestContext, people: { kitId: string; firstName: string; email: string }[]): Promise<void> {
  const admin = await apiSession(request, DEMO.admin);
  const answer = await request.post('/api/booking', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      type: 'self_swab',
      toc_accept: true,
      booking_users: people.map((p) => ({ first_name: p.firstName, last_name: 'Hopper', email: p.email, date_of_birth: Date.UTC(1990, 4, 17) / 1000, kit_id: p.kitId, metadata: { test_type: 'PCR' } })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

interface Row {
  kitId: string;
  firstName: string;
  email: string;
  sampled: string;
  result: string;
}
const csvOf = (rows: Row[]) =>
  [HEADER, ...rows.map((r) => [r.kitId, r.firstName, 'Hopper', r.email, '1990-05-17', 'female', r.sampled, r.result ? ago(0) : '', 'Nasopharyngeal swab', r.result, 'P7654321', ago(HOUR / 2)].join(','))].join('\n');

/** Uploads a PCRTravelUK file through the API as the super admin and waits until the server's jobs made its certificates; answers the stored rows. */
async function uploadThroughApi(request: APIRequestContext, rows: Row[]): Promise<{ id: string | null; booking_user_id: string }[]> {
  const admin = await apiSession(request, DEMO.admin);
  const headers = { authorization: `Bearer ${admin.token}` };
  const answer = await request.post(`${COMMERCE}/certificate/upload?type=PCRTravelUK`, { headers, multipart: { upload: { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(rows)) } } });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { data: { id: string | null; booking_user_id: string }[]; upload: { id: string; certificates_expected: number } };
  await expect
    .poll(async () => ((await (await request.get(`${COMMERCE}/certificate/upload/${body.upload.id}`, { headers })).json()) as { data: { certificates_made: number } }).data.certificates_made)
    .toBe(body.upload.certificates_expected);
  return body.data;
}

function person(tag: string, sampled: string, result: string): Row {
  return { kitId: `P${run}${tag.toUpperCase()}`, firstName: `${tag}${run.slice(-4).replace(/\d/g, 'x')}`, email: `e2e-cert-${tag.toLowerCase()}-${run.toLowerCase()}@example.test`, sampled, result };
}

async function chooseFile(page: Page, template: string, name: string, csv: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: `Upload results in the ${template} template` }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

test('uploaded results: a template downloads, a failing upload lists every row error and stores nothing, a good upload lists positives first and Send e-mails', async ({ page, request }) => {
  const negative = person('Nd', ago(3 * HOUR), 'ND');
  const positive = person('Dt', ago(3 * HOUR), 'DT');
  await registerPcrKits(request, [negative, positive]);
  await signInTo(page, DEMO.admin, '/super_admin/certificates-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Uploaded Results Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Templates' }).getByRole('row')).toHaveCount(7);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the PCRTravelUK template' }).click()]);
  expect(download.suggestedFilename()).toBe('PCRTravelUK.csv');
  expect((await readFile(await download.path())).toString()).toBe(`${HEADER}\r\n`);
  await expectAccessible(page);

  await chooseFile(page, 'PCRTravelUK', 'bad.csv', csvOf([{ ...negative, result: 'XX' }, { ...positive, kitId: `NOPE${run}` }, { ...negative, email: 'not-an-address' }]));
  await expect(page.getByRole('alert').filter({ hasText: 'Error uploading file' })).toBeVisible();
  const errors = page.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row').filter({ hasText: 'Use ND, DT or IDT' })).toContainText('2');
  await expect(errors.getByRole('row').filter({ hasText: 'No registered kit has this ID' })).toContainText('3');
  await expect(errors.getByRole('row').filter({ hasText: 'Enter a valid e-mail address' })).toContainText('email');
  await expect(errors.getByRole('row').filter({ hasText: 'This kit ID appears more than once in the file' })).toContainText('4');
  await expectAccessible(page);
  await expectNoDeveloperText(page);

  await chooseFile(page, 'PCRTravelUK', 'good.csv', csvOf([negative, positive]));
  await expect(page.getByRole('alert').filter({ hasText: 'File uploaded' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Uploaded/Positive Results' })).toBeVisible();
  const results = page.getByRole('table', { name: 'Uploaded results, positives first' }).getByRole('row');
  await expect(results.nth(1)).toContainText(positive.firstName);
  await expect(results.nth(1)).toContainText('Detected — Positive');
  await expect(results.nth(2)).toContainText(negative.firstName);
  // The certificates are made by jobs after the answer; Send waits for them.
  await expect(page.getByRole('status').filter({ hasText: 'Certificates made: 2 of 2' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Send the certificate of ${negative.firstName} Hopper` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email has been sent successfully!' })).toBeVisible();
  const mail = await mailbox.waitFor(negative.email);
  expect(mail.text).toContain('/verify/');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uploaded Results Management' })).toBeVisible();
});

test('PCR tests: orange at 24 hours without a result, red at 48, View opens the appointment, Send Certificate e-mails a result', async ({ page, request }) => {
  const orange = person('Or', ago(30 * HOUR), '');
  const red = person('Rd', ago(50 * HOUR), '');
  const fresh = person('Fr', ago(2 * HOUR), '');
  const done = person('Nx', ago(HOUR), 'ND');
  await registerPcrKits(request, [orange, red, fresh, done]);
  const stored = await uploadThroughApi(request, [orange, red, fresh, done]);
  await signInTo(page, DEMO.admin, '/super_admin/pcr-management');
  await expect(page.getByRole('heading', { level: 1, name: 'PCR Tests Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'PCR tests of the last 30 days' });
  const rowOf = (p: Row) => table.getByRole('row').filter({ hasText: p.kitId });
  await expect(rowOf(orange)).toHaveCSS('background-color', 'rgb(255, 224, 178)');
  await expect(rowOf(orange)).toContainText('Sampled 24 hours ago or more without a result');
  await expect(rowOf(red)).toHaveCSS('background-color', 'rgb(255, 205, 210)');
  await expect(rowOf(fresh)).not.toHaveCSS('background-color', 'rgb(255, 224, 178)');
  await expect(rowOf(fresh)).not.toHaveCSS('background-color', 'rgb(255, 205, 210)');
  await expect(rowOf(done)).toContainText('Not Detected');
  await expect(rowOf(orange).getByRole('button', { name: /Send Certificate/ })).toHaveCount(0);
  const appointment = stored.find((row) => row.id !== null)!;
  expect(appointment).toBeTruthy();
  await expect(rowOf(done).getByRole('link', { name: `View the appointment of ${done.firstName} Hopper` })).toHaveAttribute('href', /\/practitioner\/appointment\?appointmentId=[0-9a-f-]{36}$/);
  await expectAccessible(page);
  await rowOf(done).getByRole('button', { name: `Send Certificate of ${done.firstName} Hopper` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email has been sent successfully!' })).toBeVisible();
  await mailbox.waitFor(done.email);
});

test('certificate management: quick filters and dates, name search, View in a new tab, the PDF, Resend, Edit with its messages; customer services', async ({ page, request, context }) => {
  const holder = person('Cm', ago(2 * HOUR), 'ND');
  await registerPcrKits(request, [holder]);
  const [stored] = await uploadThroughApi(request, [holder]);
  const certificateId = stored!.id!;
  await signInTo(page, DEMO.support, '/certificate-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate Management' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Certificates' });
  const row = () => table.getByRole('row').filter({ hasText: holder.email });
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(row()).toContainText(`${holder.firstName} Hopper`);
  await expect(row()).toContainText('UK PCR, travel');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await expect(row()).toHaveCount(0);
  await page.getByRole('button', { name: 'Day before yesterday' }).click();
  await expect(row()).toHaveCount(0);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(row()).toHaveCount(1);
  await page.getByLabel('Search by name or e-mail').fill(holder.firstName);
  await expect(table.getByRole('row')).toHaveCount(2);

  // A from date after the to date's end: the server refuses the range and the page says so.
  const today = await page.getByLabel('From', { exact: true }).inputValue();
  const afterTomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 48 * HOUR).toISOString().slice(0, 10);
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(afterTomorrow);
  await expect(page.getByText('Error fetching certificates')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(yesterday);
  await expect(row()).toHaveCount(1);

  const [popup] = await Promise.all([context.waitForEvent('page'), row().getByRole('link', { name: `View the certificate of ${holder.firstName} Hopper (opens in a new tab)` }).click()]);
  await expect(popup).toHaveURL(new RegExp(`/verify/${certificateId}$`));
  await expect(popup.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await popup.close();
  // Staff open the PDF as it was issued.
  const [pdf] = await Promise.all([page.waitForEvent('download'), row().getByRole('button', { name: `PDF of the certificate of ${holder.firstName} Hopper` }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^certificate-C-\d{8}-[0-9A-Z]{8}\.pdf$/);

  await row().getByRole('button', { name: `Resend the certificate of ${holder.firstName} Hopper` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Certificate resent' })).toBeVisible();
  const mail = await mailbox.waitFor(holder.email);
  const opened = /\/verify\/[^\s]+\?user=[^\s]+/.exec(mail.text)![0];
  const link = await context.newPage();
  await link.goto(opened);
  await expect(link.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await link.close();
  const support = await apiSession(request, DEMO.support);
  const found = await request.get(`${COMMERCE}/certificate/search?from=${Math.floor(Date.now() / 1000) - 86_400}&to=${Math.floor(Date.now() / 1000) + 60}&name=${holder.firstName}`, {
    headers: { authorization: `Bearer ${support.token}` },
  });
  expect(((await found.json()) as { data: { opened_at: number | null }[] }).data[0]!.opened_at).not.toBeNull();

  await row().getByRole('button', { name: `Edit the certificate of ${holder.firstName} Hopper` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit certificate' });
  await dialog.getByLabel('Date of birth (dd/mm/yyyy)').fill('31/02/1990');
  await dialog.getByLabel('Document number').fill('X1');
  await dialog.getByRole('button', { name: 'Reissue' }).click();
  await expect(dialog).toContainText('Please enter patient date of birth - dd/mm/yyyy');
  await expect(dialog).toContainText('Enter patient passport number');
  await expectAccessible(page);
  await dialog.getByLabel('Date of birth (dd/mm/yyyy)').fill('17/05/1990');
  await dialog.getByLabel('Document number').fill('X9876543');
  await dialog.getByLabel('Last name').fill('Brewster');
  await dialog.getByRole('button', { name: 'Reissue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Certificate reissued' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: `${holder.firstName} Brewster` })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: `${holder.firstName} Hopper` })).toContainText('Revoked');
  await expectNoDeveloperText(page);
});
