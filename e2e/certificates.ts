import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import type { Practitioner } from './accounts';

const run = promisify(execFile);

/** A complete certificate for the booking user Ada Lovelace, watched on the alternative video platform (so no photo). */
export const CERTIFICATE = {
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada.lovelace@example.test',
  date_of_birth: '10/12/1985',
  sex: 'Female',
  passport_number: 'P1234567',
  security_checked: true,
  kit_provider: 'innova',
  lot_id: 'X2010051',
  kit_id: 'AB12345',
  result: 'Negative',
  alternative_video: true,
};

/** The practitioner submits the certificate form for the appointment's first booking user; answers the new certificate's id. */
export async function issueCertificate(request: APIRequestContext, practitioner: Practitioner, appointmentId: string, certificate: Record<string, unknown> = CERTIFICATE): Promise<string> {
  const headers = { authorization: `Bearer ${practitioner.token}` };
  const appointment = await request.get(`/api/booking/${appointmentId}`, { headers });
  expect(appointment.status()).toBe(200);
  const { appointment: detail } = (await appointment.json()) as { appointment: { booking_users: { id: string }[] } };
  const issued = await request.put(`/api/booking/${appointmentId}/booking-users/${detail.booking_users[0]!.id}`, { headers, data: { certificate } });
  expect(issued.status(), await issued.text()).toBe(200);
  return ((await issued.json()) as { certificate: { id: string } }).certificate.id;
}

/** The QR code in a binary PGM picture (pdftoppm -gray), by jsQR. */
function decodeGreyMap(pgm: Buffer): string | undefined {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const grey = pgm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([grey[i]!, grey[i]!, grey[i]!, 255], i * 4);
  return jsQR(rgba, width, height)?.data;
}

/**
 * The verification link a certificate's QR code carries, read as a checker's phone would: the PDF
 * from the practitioner's certificate list, drawn by pdftoppm, its QR code decoded by jsQR; with the
 * page's picture (PNG) at the scale that decoded, for a camera to show.
 */
export async function readCertificate(request: APIRequestContext, practitioner: Practitioner, appointmentId: string, certificateId: string): Promise<{ link: string; picture: Buffer }> {
  const list = await request.get(`/api/certificates?appointment_id=${appointmentId}`, { headers: { authorization: `Bearer ${practitioner.token}` } });
  expect(list.status()).toBe(200);
  const { certificates } = (await list.json()) as { certificates: { id: string; download_url: string }[] };
  const pdf = await request.get(certificates.find((item) => item.id === certificateId)!.download_url);
  expect(pdf.status()).toBe(200);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-e2e-certificate-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    await fs.writeFile(file, await pdf.body());
    // jsQR misses a code at some scales (the modules' edges fall between pixels): try a few, as a phone tries frames.
    for (const resolution of ['200', '300', '150']) {
      await run('pdftoppm', ['-r', resolution, '-gray', '-singlefile', file, path.join(dir, 'page')]);
      const link = decodeGreyMap(await fs.readFile(path.join(dir, 'page.pgm')));
      if (link) {
        await run('pdftoppm', ['-r', resolution, '-gray', '-png', '-singlefile', file, path.join(dir, 'page')]);
        return { link, picture: await fs.readFile(path.join(dir, 'page.png')) };
      }
    }
    throw new Error('The certificate’s QR code could not be read');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
