import { expect, type Page } from '@playwright/test';
import { createPractitioner } from '../accounts';
import { CERTIFICATE, issueCertificate, readCertificate } from '../certificates';
import { expectAccessible, test } from '../fixtures';
import { bookedAppointment } from '../video-call';

/**
 * The public verification pages of issue 15: a certificate issued through the API, its QR code read
 * from the PDF, then /verify#<token> (valid, tampered, revoked after a reissue), /verify/{id}, the
 * paste path and the camera's scan, without a session.
 */

const answer = (page: Page) => page.locator('[data-status]');

/** Opens a verification address afresh (a new document, as a phone camera opens the link). */
async function open(page: Page, address: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(address);
}

/** The token with another name in its payload, the signature kept. */
function tampered(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const facts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { nam: Record<string, string> };
  facts.nam = { ...facts.nam, gn: 'Eve' };
  return `${header}.${Buffer.from(JSON.stringify(facts)).toString('base64url')}.${signature}`;
}

test('a certificate’s QR code verifies as valid, a tampered one as invalid, a reissued one as revoked; by id and pasted', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const practitioner = await createPractitioner(request);
  const appointment = await bookedAppointment(request, practitioner);
  const firstId = await issueCertificate(request, practitioner, appointment.id);
  const { link: firstLink } = await readCertificate(request, practitioner, appointment.id, firstId);
  expect(firstLink.startsWith(`${baseURL}/verify#`)).toBe(true);
  const firstToken = firstLink.slice(firstLink.indexOf('#') + 1);

  // The token stays in the fragment: no request's address carries it, and the API gets it in a POST body.
  const addresses: string[] = [];
  page.on('request', (sent) => addresses.push(sent.url()));
  const verified = page.waitForRequest((sent) => sent.url().endsWith('/api/certificates/verify'));
  await open(page, firstLink);
  expect((await verified).postDataJSON()).toEqual({ token: firstToken });
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a test certificate' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Valid certificate' })).toBeVisible();
  await expect(answer(page)).toHaveAttribute('data-status', 'valid');
  await expect(answer(page)).toContainText('Ada Lovelace');
  await expect(answer(page)).toContainText('10/12/1985');
  await expect(answer(page)).toContainText('Negative');
  await expect(answer(page)).toContainText(firstId);
  expect(addresses.filter((address) => address.includes(firstToken.split('.')[2]!))).toEqual([]);
  await expectAccessible(page);

  await open(page, `/verify#${tampered(firstToken)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid certificate' })).toBeVisible();
  await expect(answer(page)).not.toContainText('Lovelace');
  await expectAccessible(page);

  await open(page, '/verify#not-a-certificate');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid certificate' })).toBeVisible();

  // Reissue: a new certificate, and the first one's token now answers revoked.
  const secondId = await issueCertificate(request, practitioner, appointment.id, { ...CERTIFICATE, forename: 'Augusta Ada' });
  expect(secondId).not.toBe(firstId);
  await open(page, firstLink);
  await expect(page.getByRole('alert').filter({ hasText: 'Revoked certificate' })).toBeVisible();
  await expect(answer(page)).toContainText('replaced or withdrawn');
  await expectAccessible(page);

  await open(page, `/verify/${firstId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate status' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Revoked certificate' })).toBeVisible();
  await open(page, `/verify/${secondId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Valid certificate' })).toContainText('Augusta Ada Lovelace');
  await expectAccessible(page);
  await open(page, '/verify/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown certificate' })).toBeVisible();

  // The paste path: junk is refused at the field; the whole link verifies.
  const second = await readCertificate(request, practitioner, appointment.id, secondId);
  await open(page, '/verify');
  await expect(page.getByRole('heading', { level: 2, name: 'Scan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan with the camera' })).toBeVisible();
  await expectAccessible(page);
  const field = page.getByRole('textbox', { name: 'Verification link or code' });
  await field.fill('https://example.test/not-a-certificate');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('This is not a certificate verification link.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await field.fill(second.link);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Valid certificate' })).toContainText('Augusta Ada Lovelace');
  await page.getByRole('button', { name: 'Verify another certificate' }).click();
  await expect(page.getByRole('textbox', { name: 'Verification link or code' })).toBeVisible();

  // The scan path: the camera (getUserMedia answered by a canvas showing the certificate's page) is read by jsQR.
  await page.addInitScript((png) => {
    navigator.mediaDevices.getUserMedia = async () => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      const paint = () => context.drawImage(image, 0, 0);
      paint();
      setInterval(paint, 200);
      return canvas.captureStream(5);
    };
  }, second.picture.toString('base64'));
  await open(page, '/verify');
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Valid certificate' })).toContainText('Augusta Ada Lovelace');
  await expect(page).toHaveURL(second.link);
});
