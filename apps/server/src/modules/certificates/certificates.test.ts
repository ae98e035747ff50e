// @module-tag wall-clock
import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomUUID, verify as verifySignature } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CERTIFICATE_MSG } from '@vireo/contracts';
import { appointments, auditEvents, bookingUsers, certificates, orderItems, orders, outboxDeliveries, outboxEvents, products, roleProfiles, testResults } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookAsPatient, bookingWorld, bookPublicly, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { CertificateKeys, parseCertificateSigningKey } from './index';
import { PNG } from '../../test/images';
import { seedApprovedKits, seedProducts } from '../commerce';

const run = promisify(execFile);
let h: Harness;
let w: BookingWorld;
let strangerManager: TestUser;
beforeAll(async () => {
  h = await createHarness({ certificateProvider: { name: 'Vireo Clinical Testing', address: '1 Test Street, London EC1A 1AA', ukasNumber: '23456' } });
  await seedApprovedKits(h.ctx.commerce);
  w = await bookingWorld(h);
  strangerManager = await h.user({ org: await h.org(), roles: ['shift_manager'] });
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;

const COMPLETE = {
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'Ada@Example.test',
  date_of_birth: '01/06/1985',
  sex: 'Female',
  passport_number: 'P1234567',
  security_checked: true,
  kit_provider: 'innova',
  lot_id: 'X2010051',
  kit_id: 'ab12345',
  result: 'Negative',
};

let slotHour = 30;
/** A booked appointment on the practitioner's shift; `patient` books it signed in, else the public books it. */
async function appointment(options: { patient?: TestUser; photo?: boolean } = {}) {
  const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: (slotHour += 2) });
  const booked = options.patient ? await bookAsPatient(h, options.patient, slots[0]!.id) : await bookPublicly(h, slots[0]!.id);
  const appointmentId = booked.appointment.id;
  const bookingUserId = booked.appointment.booking_users[0]!.id;
  if (options.photo !== false) await uploadPhoto(appointmentId, bookingUserId);
  return { appointmentId, bookingUserId, path: `/api/booking/${appointmentId}/booking-users/${bookingUserId}` };
}

async function uploadPhoto(appointmentId: string, bookingUserId: string) {
  const boundary = '----vireocertificates';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="booking_user_id"\r\n\r\n${bookingUserId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await h.app.inject({
    method: 'POST',
    url: `/api/booking/${appointmentId}/uploadfile`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.practitioner.token}` },
    payload,
  });
  expect(response.statusCode).toBe(201);
}

/** Issues a certificate and answers the token its QR code carries. */
async function issue(path: string, certificate: Record<string, unknown> = COMPLETE) {
  const sign = vi.spyOn(h.ctx.certificates.keys, 'sign');
  try {
    const response = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const signed = await sign.mock.results[0]!.value;
    return { response, token: (signed as { token: string }).token, id: response.body.certificate.id as string };
  } finally {
    sign.mockRestore();
  }
}

const verify = (token: string) => h.call('POST', '/api/certificates/verify', { body: { token } });

/** The PDF's text (pdftotext) and what its QR code says (the page drawn by pdftoppm, decoded by jsQR). */
async function readPdf(pdf: Buffer): Promise<{ text: string; qr: string | undefined }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-certificate-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    await fs.writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    await run('pdftoppm', ['-r', '150', '-gray', '-singlefile', file, path.join(dir, 'page')]);
    const pgm = await fs.readFile(path.join(dir, 'page.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const grey = pgm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([grey[i]!, grey[i]!, grey[i]!, 255], i * 4);
    return { text, qr: jsQR(rgba, width, height)?.data };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('the certificate form’s rules through PUT /{id}/booking-users/{userId} (spec 2 §5)', () => {
  it('refuses each incomplete field with the spec’s message, and stores nothing', async () => {
    const { appointmentId, bookingUserId, path } = await appointment({ photo: false });
    const [before] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
    const all = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate: { kit_provider: 'innova' } } });
    expect(all.status).toBe(400);
    expect(all.body.errors).toEqual({
      forename: CERTIFICATE_MSG.firstName,
      surname: CERTIFICATE_MSG.lastName,
      email: CERTIFICATE_MSG.email,
      date_of_birth: CERTIFICATE_MSG.dateOfBirth,
      sex: CERTIFICATE_MSG.sex,
      passport_number: CERTIFICATE_MSG.passportNumber,
      security_checked: CERTIFICATE_MSG.securityChecked,
      lot_id: CERTIFICATE_MSG.lotId,
      kit_id: CERTIFICATE_MSG.kitId,
      result: CERTIFICATE_MSG.result,
      photo: CERTIFICATE_MSG.photo,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ forename: '' }, 'forename', CERTIFICATE_MSG.firstName],
      [{ surname: 'L' }, 'surname', CERTIFICATE_MSG.lastName],
      [{ email: 'not-an-address' }, 'email', CERTIFICATE_MSG.email],
      [{ date_of_birth: '1985-06-01' }, 'date_of_birth', CERTIFICATE_MSG.dateOfBirth],
      [{ sex: 'Unknown' }, 'sex', CERTIFICATE_MSG.sex],
      [{ passport_number: 'P1' }, 'passport_number', CERTIFICATE_MSG.passportNumber],
      [{ security_checked: false }, 'security_checked', CERTIFICATE_MSG.securityChecked],
      [{ lot_id: undefined }, 'lot_id', CERTIFICATE_MSG.lotId],
      [{ lot_id: 'NOT-A-LOT' }, 'lot_id', CERTIFICATE_MSG.lotId],
      [{ kit_id: undefined }, 'kit_id', CERTIFICATE_MSG.kitId],
      [{ result: undefined }, 'result', CERTIFICATE_MSG.result],
      [{ result: 'Rejected' }, 'rejection_reason', CERTIFICATE_MSG.rejectionReason],
      [{ result: 'Rejected', rejection_reason: 'Other' }, 'reject_notes', CERTIFICATE_MSG.rejectNotes],
      [{ kit_provider: 'unknown kit' }, 'kit_provider', CERTIFICATE_MSG.kitProvider],
    ];
    const noPhoto = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate: COMPLETE } });
    expect(noPhoto).toMatchObject({ status: 400, body: { message: CERTIFICATE_MSG.photo, errors: { photo: CERTIFICATE_MSG.photo } } });
    await uploadPhoto(appointmentId, bookingUserId);
    for (const [change, field, message] of cases) {
      const response = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate: { ...COMPLETE, ...change } } });
      expect(response.status, field).toBe(400);
      expect(response.body, field).toMatchObject({ success: false, message, errors: { [field]: message } });
      expect(Object.keys(response.body.errors), field).toEqual([field]);
    }
    const [after] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
    expect(after!.metadata).toEqual(before!.metadata);
    expect(await db().select().from(certificates).where(eq(certificates.appointmentId, appointmentId))).toEqual([]);
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'certificate.issued'));
    expect(events.filter((event) => event.payload.appointment_id === appointmentId)).toEqual([]);
  });

  it('a rejection needs no photo nor kit IDs; done by alternative video it needs no security check; it issues no certificate', async () => {
    const { bookingUserId, path } = await appointment({ photo: false });
    const rejected = { ...COMPLETE, result: 'Rejected', rejection_reason: 'Client not there', security_checked: false, alternative_video: true, lot_id: undefined, kit_id: undefined };
    const response = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate: rejected } });
    expect(response).toMatchObject({ status: 200, body: { message: CERTIFICATE_MSG.generated, certificate: null } });
    const [person] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
    expect(person!.metadata).toMatchObject({ result: 'Rejected', reject_notes: 'Client not there', sample_taken: 'rejected', security_checked: false });
  });

  it('the certificate goes alone: other changes beside it are refused', async () => {
    const { path } = await appointment();
    const mixed = await h.call('PUT', path, { token: w.practitioner.token, body: { certificate: COMPLETE, first_name: 'Eve' } });
    expect(mixed).toMatchObject({ status: 400, body: { message: CERTIFICATE_MSG.certificateAlone } });
  });
});

describe('issuing', () => {
  it('stores spec 2 §3’s payload with the event, signs a certificate whose PDF holds its facts, and delivers it', async () => {
    const { appointmentId, bookingUserId, path } = await appointment();
    const { response, token, id } = await issue(path);
    expect(response.body).toMatchObject({ message: CERTIFICATE_MSG.generated, certificate: { id, number: expect.stringMatching(/^C-20260610-[0-9A-Z]{8}$/) } });
    const [person] = await db().select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId));
    expect(person!.metadata).toMatchObject({
      forename: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      date_of_birth: '1985-06-01T00:00:00.000Z',
      sex: 'female',
      security_checked: true,
      result: 'Negative',
      kit_id: 'AB12345',
      lot_id: 'X2010051',
      passport_number: 'P1234567',
      kit_provider: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test',
      specificity: '99.6%',
      sensitivity: '95.0%',
      sample_taken: 'valid',
      medicalprofessional: 'Test Person',
      date_sampled: '2026-06-10T09:00:00.000Z',
      date_reported: '2026-06-10T09:00:00.000Z',
      security_document: 'Passport',
    });
    const events = (await db().select().from(outboxEvents)).filter((event) => event.payload.booking_user_id === bookingUserId).map((event) => event.event);
    expect(events).toEqual(expect.arrayContaining(['booking_user.metadata.updated', 'certificate.issued']));

    const list = await h.call('GET', `/api/certificates?appointment_id=${appointmentId}`, { token: w.practitioner.token });
    expect(list.status).toBe(200);
    expect(list.body.certificates).toEqual([expect.objectContaining({ id, status: 'valid', kind: 'uk_antigen_medical', result: 'Negative', issued_at: 1781082000, revoked_at: null })]);
    const download = await h.app.inject({ method: 'GET', url: list.body.certificates[0].download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const { text, qr } = await readPdf(download.rawPayload);
    for (const expected of [
      'Vireo Clinical Testing',
      '1 Test Street, London EC1A 1AA',
      'UKAS accreditation number: 23456',
      'Ada Lovelace',
      '01/06/1985',
      'P1234567',
      'Rapid antigen test (lateral flow immunoassay)',
      'Innova SARS-CoV-2 Antigen Rapid Qualitative Test',
      '99.6% / 95.0%',
      '10/06/2026 10:00 (UK time)',
      'NEGATIVE (SARS-CoV-2 not detected)',
      'Test Person',
      response.body.certificate.number,
      'This is a screening result, not a diagnosis.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(qr).toBe(`${h.ctx.config.publicUrl}/verify#${token}`);
    expect(token).not.toContain('Ada');

    const verified = await verify(token);
    expect(verified).toMatchObject({
      status: 200,
      body: { status: 'valid', certificate: { id, name: 'Ada Lovelace', date_of_birth: '1985-06-01', test: 'Rapid antigen test', result: 'Negative', sample_time: '2026-06-10T09:00:00.000Z' } },
    });
    expect(Object.keys(verified.body.certificate).sort()).toEqual(['date_of_birth', 'id', 'name', 'result', 'sample_time', 'test']);
    expect(await h.call('GET', `/api/certificates/${id}/status`)).toMatchObject({ status: 200, body: { status: 'valid', certificate: { id, name: 'Ada Lovelace' } } });
    expect((await h.call('GET', '/api/certificates/00000000-0000-4000-8000-000000000000/status')).status).toBe(404);

    const mails = await h.mails({ template: 'certificate.issued', recipient: 'ada@example.test' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/verify/${id}`);
  });

  it('the JWS is EdDSA over the DCC-shaped facts and verifies against the published JWKS', async () => {
    const { path } = await appointment();
    const { token } = await issue(path);
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>) as [Record<string, unknown>, Record<string, unknown>];
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT', kid: expect.any(String) });
    expect(payload).toMatchObject({
      iat: 1781082000,
      nam: { fn: 'Lovelace', gn: 'Ada' },
      dob: '1985-06-01',
      t: [{ tg: '840539006', tt: 'LP217198-3', nm: 'Innova SARS-CoV-2 Antigen Rapid Qualitative Test', sc: '2026-06-10T09:00:00.000Z', tr: '260415000', is: 'Vireo Clinical Testing', co: 'GB', ci: expect.stringMatching(/^C-/) }],
    });
    const jwks = await h.call('GET', '/api/certificates/jwks.json');
    const jwk = jwks.body.keys.find((key: { kid: string }) => key.kid === header.kid);
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', x: expect.any(String) });
    const [h64, p64, s64] = token.split('.') as [string, string, string];
    expect(verifySignature(null, Buffer.from(`${h64}.${p64}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s64, 'base64url'))).toBe(true);
  });

  it('a tampered payload, an unknown key id and a malformed token are invalid', async () => {
    const { path } = await appointment();
    const { token } = await issue(path);
    const [h64, p64, s64] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p64, 'base64url').toString('utf8'));
    payload.t[0].tr = '260373001';
    const tampered = `${h64}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s64}`;
    const header = JSON.parse(Buffer.from(h64, 'base64url').toString('utf8'));
    const unknownKid = `${Buffer.from(JSON.stringify({ ...header, kid: 'not-a-key' })).toString('base64url')}.${p64}.${s64}`;
    for (const bad of [tampered, unknownKid, 'not.a.token', 'abc', `${h64}.${p64}`, `${h64}.${p64}.${s64}x!`]) {
      expect(await verify(bad), bad).toMatchObject({ status: 200, body: { status: 'invalid' } });
      expect((await verify(bad)).body.certificate).toBeUndefined();
    }
    expect((await h.call('POST', '/api/certificates/verify', { body: {} })).status).toBe(400);
  });

  it('a certificate naming a kit stays valid once the kit is retired; no new certificate names a retired kit', async () => {
    const kitManager = await h.user({ org: await h.org(), roles: ['super_admin'], grants: ['products.manage'] });
    const created = await h.call('POST', '/api/commerce/v1/approved_kits', {
      token: kitManager.token,
      body: { name: `Retiring Kit ${randomUUID()}`, specificity: '99.1%', sensitivity: '94.2%', lot_tracking: true, lot_ids: ['RK-1'] },
    });
    expect(created.status).toBe(201);
    const kit = created.body.data as { id: string; name: string };
    const { path } = await appointment();
    const issued = await issue(path, { ...COMPLETE, kit_provider: kit.name, lot_id: 'RK-1' });
    expect((await h.call('DELETE', `/api/commerce/v1/approved_kits/${kit.id}`, { token: kitManager.token })).status).toBe(200);
    expect(await verify(issued.token)).toMatchObject({ body: { status: 'valid', certificate: { id: issued.id } } });
    const [row] = await db().select().from(certificates).where(eq(certificates.id, issued.id));
    expect(row!.status).toBe('valid');
    const later = await appointment();
    expect(await h.call('PUT', later.path, { token: w.practitioner.token, body: { certificate: { ...COMPLETE, kit_provider: kit.name, lot_id: 'RK-1' } } })).toMatchObject({
      status: 400,
      body: { errors: { kit_provider: CERTIFICATE_MSG.kitProvider } },
    });
  });

  it('a reissue makes a new certificate and revokes the first, which then verifies as revoked', async () => {
    const { appointmentId, path } = await appointment();
    const first = await issue(path);
    h.clock.advance(60_000);
    const second = await issue(path, { ...COMPLETE, forename: 'Augusta Ada' });
    expect(second.id).not.toBe(first.id);
    const rows = await db().select().from(certificates).where(eq(certificates.appointmentId, appointmentId));
    expect(rows.find((row) => row.id === first.id)).toMatchObject({ status: 'revoked', replacedBy: second.id, revokedAt: new Date('2026-06-10T09:01:00Z') });
    expect(rows.find((row) => row.id === second.id)).toMatchObject({ status: 'valid', replacedBy: null });
    expect(await verify(first.token)).toMatchObject({ body: { status: 'revoked', certificate: { id: first.id } } });
    expect(await verify(second.token)).toMatchObject({ body: { status: 'valid', certificate: { id: second.id, name: 'Augusta Ada Lovelace' } } });
    expect(await h.call('GET', `/api/certificates/${first.id}/status`)).toMatchObject({ body: { status: 'revoked' } });
    const mails = await h.mails({ template: 'certificate.issued' });
    expect(mails.filter((mail) => mail.body.includes(first.id))).toHaveLength(0);
    expect(mails.filter((mail) => mail.body.includes(second.id))).toHaveLength(1);
  });

  it('after a key rotation old certificates still verify and new ones are signed with the new key', async () => {
    const { path } = await appointment();
    const before = await issue(path);
    const oldKid = JSON.parse(Buffer.from(before.token.split('.')[0]!, 'base64url').toString('utf8')).kid;
    const newKid = await h.ctx.certificates.keys.rotate();
    expect(newKid).not.toBe(oldKid);
    const other = await appointment();
    const after = await issue(other.path);
    expect(JSON.parse(Buffer.from(after.token.split('.')[0]!, 'base64url').toString('utf8')).kid).toBe(newKid);
    expect(await verify(before.token)).toMatchObject({ body: { status: 'valid' } });
    expect(await verify(after.token)).toMatchObject({ body: { status: 'valid' } });
    const kids = (await h.call('GET', '/api/certificates/jwks.json')).body.keys.map((key: { kid: string }) => key.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));

    // A configured key (CERTIFICATE_SIGNING_KEY) becomes active; every earlier key stays published.
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const configured = new CertificateKeys(db(), h.clock, h.ctx.sealer, parseCertificateSigningKey(pem));
    await configured.ready();
    const original = h.ctx.certificates.keys;
    h.ctx.certificates.keys = configured;
    try {
      const third = await issue((await appointment()).path);
      const configuredKid = JSON.parse(Buffer.from(third.token.split('.')[0]!, 'base64url').toString('utf8')).kid;
      expect([oldKid, newKid]).not.toContain(configuredKid);
      for (const token of [before.token, after.token, third.token]) expect(await verify(token)).toMatchObject({ body: { status: 'valid' } });
    } finally {
      h.ctx.certificates.keys = original;
    }
  });

  it('an appointment booked from an order carries its product’s test and purpose: a travel test’s certificate is a travel certificate', async () => {
    await seedProducts(h.ctx.commerce);
    /** A booked appointment paid for by an order's line of the product `sku`, as a booking from the order leaves it. */
    const bookedFrom = async (sku: string) => {
      const booked = await appointment();
      const [product] = await db().select().from(products).where(eq(products.sku, sku));
      const email = `order-${randomUUID()}@example.test`;
      const [order] = await db()
        .insert(orders)
        .values({
          shortToken: randomUUID().slice(0, 8).toUpperCase(),
          source: 'vireo',
          currency: 'GBP',
          createdAt: h.clock.now(),
          updatedAt: h.clock.now(),
          originalPricePence: 0,
          pricePence: 0,
          vatPence: 0,
          paymentFlag: 'Complete',
          shippingFlag: 'Processing',
          billingEmail: email,
          billingDetail: { first_name: 'Ada', last_name: 'Lovelace', email },
          billingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
          shippingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
        })
        .returning();
      const [line] = await db()
        .insert(orderItems)
        .values({ orderId: order!.id, position: 0, productId: product!.id, title: product!.title, sku, type: product!.type, bookable: true, shippable: false, discountExempt: false, vatExempt: false, unitPricePence: 0, quantity: 1, amountPence: 0, vatPence: 0 })
        .returning();
      await db().update(appointments).set({ orderId: order!.id, orderItemId: line!.id }).where(eq(appointments.id, booked.appointmentId));
      return booked;
    };
    const kindOf = async (booked: { bookingUserId: string; path: string }) => {
      await issue(booked.path);
      const list = await h.call('GET', `/api/certificates?booking_user_id=${booked.bookingUserId}`, { token: w.practitioner.token });
      return list.body.certificates[0].kind;
    };
    // The Day 2 Antigen Test is sold for after a flight; no travel details were given with the booking.
    const travel = await bookedFrom('DAY-2-UK-ANT-001');
    expect((await db().select().from(appointments).where(eq(appointments.id, travel.appointmentId)))[0]!.flightDetails).toBeNull();
    expect(await kindOf(travel)).toBe('uk_antigen_travel');
    // The Day 2 PCR Test is the product's PCR test, whatever the appointment's own test type says.
    expect(await kindOf(await bookedFrom('SYN-UK-PCR-SNS-002'))).toBe('uk_pcr_travel');
    expect(await kindOf(await bookedFrom('CONSULT-ANT'))).toBe('uk_antigen_medical');
  });

  it('a German travel certificate carries German and English', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: (slotHour += 2) });
    const booked = await bookPublicly(h, slots[0]!.id, { service: 'video_gp_euro', language: 'DE' });
    const appointmentId = booked.appointment.id;
    const bookingUserId = booked.appointment.booking_users[0]!.id;
    await uploadPhoto(appointmentId, bookingUserId);
    await issue(`/api/booking/${appointmentId}/booking-users/${bookingUserId}`);
    const list = await h.call('GET', `/api/certificates?booking_user_id=${bookingUserId}`, { token: w.practitioner.token });
    expect(list.body.certificates[0].kind).toBe('de_antigen_travel');
    const download = await h.app.inject({ method: 'GET', url: list.body.certificates[0].download_url });
    const { text, qr } = await readPdf(download.rawPayload);
    for (const expected of ['COVID-19 Antigen-Schnelltest-Zertifikat', 'COVID-19 Rapid Antigen Test Certificate', 'Geburtsdatum / Date of birth', 'NEGATIV (SARS-CoV-2 nicht nachgewiesen)', 'Dies ist ein Screening-Ergebnis']) {
      expect(text).toContain(expected);
    }
    expect(await verify(qr!.split('#')[1]!)).toMatchObject({ body: { status: 'valid' } });
  });
});

describe('who may write and read certificates', () => {
  it('only the claimed practitioner writes: another practitioner or a manager 404, the customer 403, no session 401', async () => {
    const { path } = await appointment({ patient: w.patient });
    for (const user of [w.otherPractitioner, w.manager, w.admin]) {
      expect((await h.call('PUT', path, { token: user.token, body: { certificate: COMPLETE } })).status).toBe(404);
    }
    expect((await h.call('PUT', path, { token: w.patient.token, body: { certificate: COMPLETE } })).status).toBe(403);
    expect((await h.call('PUT', path, { body: { certificate: COMPLETE } })).status).toBe(401);
    const otherPerson = await appointment();
    const wrongPerson = path.replace(/booking-users\/.*$/, `booking-users/${otherPerson.bookingUserId}`);
    expect((await h.call('PUT', wrongPerson, { token: w.practitioner.token, body: { certificate: COMPLETE } })).status).toBe(404);
  });

  it('reads: the practitioner, managers of the organisation, super admins and the booking customer; others 404, wrong role 403, no session 401; every read audited', async () => {
    const { appointmentId, bookingUserId, path } = await appointment({ patient: w.patient });
    const { id } = await issue(path);
    const url = `/api/certificates?appointment_id=${appointmentId}`;
    for (const user of [w.practitioner, w.manager, w.admin, w.patient]) {
      const list = await h.call('GET', url, { token: user.token });
      expect(list.status, user.roles[0]!.name).toBe(200);
      expect(list.body.certificates.map((c: { id: string }) => c.id)).toEqual([id]);
    }
    expect((await h.call('GET', `/api/certificates?booking_user_id=${bookingUserId}`, { token: w.patient.token })).status).toBe(200);
    for (const user of [w.otherPractitioner, w.otherPatient, strangerManager]) expect((await h.call('GET', url, { token: user.token })).status).toBe(404);
    expect((await h.call('GET', url, { token: w.support.token })).status).toBe(403);
    expect((await h.call('GET', url)).status).toBe(401);
    expect((await h.call('GET', '/api/certificates', { token: w.practitioner.token })).status).toBe(400);

    const list = await h.call('GET', url, { token: w.patient.token });
    const link = list.body.certificates[0].download_url as string;
    expect((await h.app.inject({ method: 'GET', url: link.replace(/signature=[^&]+/, 'signature=forged') })).statusCode).toBe(404);
    h.clock.advance(301_000);
    expect((await h.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);

    const reads = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'health_data.read'), eq(auditEvents.resourceType, 'certificates')));
    expect(reads.filter((row) => row.resourceId === id).length).toBeGreaterThanOrEqual(5);
    const writes = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceType, 'certificate')));
    expect(writes.some((row) => row.resourceId === id)).toBe(true);
  });

  it('GET /mine: the valid certificates of the caller’s own bookings with test date, result and a working download link; others see none; 401 without a session, 403 for a role without certificates.read', async () => {
    const { path } = await appointment({ patient: w.patient });
    const first = await issue(path);
    const { id } = await issue(path);
    const mine = await h.call('GET', '/api/certificates/mine', { token: w.patient.token });
    expect(mine.status).toBe(200);
    const ids = mine.body.certificates.map((c: { id: string }) => c.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(first.id);
    const item = mine.body.certificates.find((c: { id: string }) => c.id === id);
    expect(item).toMatchObject({ name: 'Ada Lovelace', result: 'Negative', sample_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const pdf = await h.app.inject({ method: 'GET', url: item.download_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await h.call('GET', '/api/certificates/mine', { token: w.otherPatient.token })).body.certificates.map((c: { id: string }) => c.id)).not.toContain(id);
    expect((await h.call('GET', '/api/certificates/mine')).status).toBe(401);
    expect((await h.call('GET', '/api/certificates/mine', { token: w.support.token })).status).toBe(403);
  });

  it('the booking customer’s certificate joins their test results', async () => {
    const { path } = await appointment({ patient: w.patient });
    await issue(path);
    await h.deliverOutbox();
    const [profile] = await db().select().from(roleProfiles).where(eq(roleProfiles.roleId, w.patient.roles[0]!.id));
    const rows = await db().select().from(testResults).where(eq(testResults.roleProfileId, profile!.id));
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'COVID-19 antigen certificate', result: 'Negative', fileKey: expect.any(String) })]));
  });
});

describe('the certificate e-mail’s outbox handlers', () => {
  it('send nothing for an event of another organisation naming the certificate, and finish its delivery', async () => {
    const { path, bookingUserId } = await appointment();
    const { id } = await issue(path, { ...COMPLETE, email: 'foreign.event@example.test' });
    expect(await h.mails({ template: 'certificate.issued', recipient: 'foreign.event@example.test' })).toHaveLength(1);
    const [sent] = await db().select({ sentAt: certificates.sentAt }).from(certificates).where(eq(certificates.id, id));
    const other = await h.org();
    const eventIds = await db().transaction(async (tx) => [
      await h.ctx.outbox.emit(tx, { name: 'certificate.issued', organisationId: other, payload: { certificate_id: id, booking_user_id: bookingUserId } }),
      await h.ctx.outbox.emit(tx, { name: 'certificate.email_requested', organisationId: other, payload: { certificate_id: id, booking_user_id: bookingUserId } }),
    ]);
    await h.deliverOutbox();
    expect(await h.mails({ template: 'certificate.issued', recipient: 'foreign.event@example.test' })).toHaveLength(1);
    const deliveries = await db().select().from(outboxDeliveries).where(inArray(outboxDeliveries.eventId, eventIds));
    const handlers = ['certificates.mail', 'certificates.mail-again', 'certificates.test-results'];
    expect(deliveries.filter((d) => handlers.includes(d.handler)).map((d) => ({ handler: d.handler, delivered: d.deliveredAt !== null, attempts: d.attempts, lastError: d.lastError })).sort((a, b) => a.handler.localeCompare(b.handler))).toEqual(
      handlers.map((handler) => ({ handler, delivered: true, attempts: 1, lastError: null })),
    );
    expect((await db().select({ sentAt: certificates.sentAt }).from(certificates).where(eq(certificates.id, id)))[0]).toEqual(sent);
  });
});

describe('the public verification is rate-limited per address', () => {
  it('answers 429 past CERTIFICATE_VERIFICATIONS_PER_MINUTE in a minute, and again after it', async () => {
    const limited = await createHarness({ certificateVerificationsPerMinute: 2 });
    try {
      const ask = () => limited.call('POST', '/api/certificates/verify', { body: { token: 'a.b.c' }, ip: '10.9.8.7' });
      expect((await ask()).body.status).toBe('invalid');
      expect((await ask()).status).toBe(200);
      expect(await ask()).toMatchObject({ status: 429, body: { success: false } });
      expect((await limited.call('POST', '/api/certificates/verify', { body: { token: 'a.b.c' }, ip: '10.9.8.8' })).status).toBe(200);
      limited.clock.advance(61_000);
      expect((await ask()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
