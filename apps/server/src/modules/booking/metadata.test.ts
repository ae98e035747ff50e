// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { metadataFieldsRefused } from '@vireo/contracts';
import { auditEvents, bookingUsers } from '../../db/schema';
import { createHarness, type Harness } from '../../test/harness';
import { bookPublicly, bookingWorld, hold, paymentBody, person, shiftWithSlots, MONDAY_START, type BookingWorld } from '../../test/booking-world';
import { PNG } from '../../test/images';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness();
  h.clock.set(MONDAY_START);
  w = await bookingWorld(h);
});
afterAll(() => h.close());

/** Fields only the practitioner's result route or checks may write, as an attacker would send them. */
const RESULT_FIELDS = { result: 'Negative', sample_taken: 'valid', security_checked: true, date_reported: '2026-03-01T10:00:00Z' };

const metadataOf = async (bookingUserId: string) => (await h.ctx.database.db.select().from(bookingUsers).where(eq(bookingUsers.id, bookingUserId)))[0]!.metadata;

async function submitResult(appointmentId: string, bookingUserId: string, result: string) {
  const boundary = 'vireo-metadata-test';
  const parts = [
    ...Object.entries({ booking_user_id: bookingUserId, result }).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="result.png"\r\nContent-Type: image/png\r\n\r\n`,
  ];
  const payload = Buffer.concat([Buffer.from(parts.join('')), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const response = await h.app.inject({
    method: 'PATCH',
    url: `/api/booking/${appointmentId}/result`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.practitioner.token}` },
    payload,
  });
  return response.statusCode;
}

describe('customers write passenger and travel metadata only', () => {
  it('anonymous POST /{id}/payment: each result field is refused with 400 naming it, and nothing is booked', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 48 });
    const held = await hold(h, slots[0]!.id);
    for (const [field, value] of Object.entries(RESULT_FIELDS)) {
      const res = await h.call('POST', `/api/booking/${slots[0]!.id}/payment`, { body: paymentBody(held.body.hold_token, { booking_users: [person({ metadata: { travel_date: '2026-03-09', [field]: value } })] }) });
      expect(res, field).toMatchObject({ status: 400, body: { success: false, message: metadataFieldsRefused([field]), errors: { 'booking_users.0.metadata': metadataFieldsRefused([field]) } } });
    }
    const all = await h.call('POST', `/api/booking/${slots[0]!.id}/payment`, { body: paymentBody(held.body.hold_token, { booking_users: [person({ metadata: RESULT_FIELDS })] }) });
    expect(all.body.message).toBe(metadataFieldsRefused(Object.keys(RESULT_FIELDS)));
    const booked = await h.call('POST', `/api/booking/${slots[0]!.id}/payment`, {
      body: paymentBody(held.body.hold_token, { booking_users: [person({ metadata: { travel_date: '2026-03-09', flight_number: 'BA123', passport_number: 'P1234567', transit: false } })] }),
    });
    expect(booked.status).toBe(201);
    expect(await metadataOf(booked.body.appointment.booking_users[0].id)).toEqual({ travel_date: '2026-03-09', flight_number: 'BA123', passport_number: 'P1234567', transit: false });
  });

  it('a signed-in booking and a self-swab registration refuse them too', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 52 });
    const held = await hold(h, slots[0]!.id, undefined, w.patient.token);
    const paid = await h.call('POST', `/api/booking/${slots[0]!.id}/payment`, {
      token: w.patient.token,
      body: { ...paymentBody(held.body.hold_token, { amount: 0, card: undefined, service: 'video_gp' }), booking_users: [person({ metadata: { result: 'Negative' } })] },
    });
    expect(paid).toMatchObject({ status: 400, body: { message: metadataFieldsRefused(['result']) } });
    const swab = await h.call('POST', '/api/booking/', { token: w.patient.token, body: { type: 'self_swab', toc_accept: true, booking_users: [person({ metadata: { sample_taken: 'valid', kit_id: 'KIT12345' } })] } });
    expect(swab).toMatchObject({ status: 400, body: { message: metadataFieldsRefused(['sample_taken', 'kit_id']) } });
  });

  it('the customer’s PATCH /{id} cannot overwrite a practitioner’s Positive, and what it may change leaves the result alone', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 56 });
    const booked = await bookPublicly(h, slots[0]!.id, { booking_users: [person({ metadata: { passport_number: 'P1234567' } })] });
    const bookingUserId = booked.appointment.booking_users[0]!.id;
    expect(await submitResult(booked.appointment.id, bookingUserId, 'Positive')).toBe(200);
    const edit = (metadata: Record<string, unknown>) =>
      h.app.inject({ method: 'PATCH', url: `/api/booking/${booked.appointment.id}`, headers: { 'x-short-token': booked.short_token }, payload: { booking_users: [person({ metadata })] } });
    const overwrite = await edit({ result: 'Negative', date_reported: '2026-03-01T10:00:00Z' });
    expect(overwrite.statusCode).toBe(400);
    expect(overwrite.json().message).toBe(metadataFieldsRefused(['result', 'date_reported']));
    const allowed = await edit({ passport_number: 'P7654321', flight_number: 'LH900' });
    expect(allowed.statusCode).toBe(200);
    expect(await metadataOf(bookingUserId)).toMatchObject({ result: 'Positive', passport_number: 'P7654321', flight_number: 'LH900' });
    // Customer services acting for the customer send the customer's fields too.
    const support = await h.call('PATCH', `/api/booking/${booked.appointment.id}`, { token: w.support.token, body: { booking_users: [person({ metadata: { result: 'Negative' } })] } });
    expect(support).toMatchObject({ status: 400, body: { message: metadataFieldsRefused(['result']) } });
    expect(await metadataOf(bookingUserId)).toMatchObject({ result: 'Positive' });
  });
});

describe('practitioners write the checks of a result; the result itself only through PATCH /{id}/result', () => {
  it('PUT /{id}/booking-users/{userId} refuses the reported result and the customer’s travel fields by name', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const booked = await bookPublicly(h, slots[0]!.id);
    const bookingUserId = booked.appointment.booking_users[0]!.id;
    const path = `/api/booking/${booked.appointment.id}/booking-users/${bookingUserId}`;
    expect(await submitResult(booked.appointment.id, bookingUserId, 'Positive')).toBe(200);
    for (const field of ['result', 'reject_notes', 'invalid_notes', 'date_reported', 'travel_date', 'activated_by_user']) {
      const res = await h.call('PUT', path, { token: w.practitioner.token, body: { metadata: { [field]: field === 'activated_by_user' ? true : 'Negative' } } });
      expect(res, field).toMatchObject({ status: 400, body: { message: metadataFieldsRefused([field]), errors: { metadata: metadataFieldsRefused([field]) } } });
    }
    const checks = await h.call('PUT', path, { token: w.practitioner.token, body: { metadata: { sample_taken: 'valid', security_checked: true, lot_id: 'LOT-7', kit_provider: 'Acme' } } });
    expect(checks.status).toBe(200);
    expect(await metadataOf(bookingUserId)).toMatchObject({ result: 'Positive', sample_taken: 'valid', security_checked: true, lot_id: 'LOT-7' });

    // The result route changes it, and the change is audited as a health-data write.
    expect(await submitResult(booked.appointment.id, bookingUserId, 'Negative')).toBe(200);
    expect(await metadataOf(bookingUserId)).toMatchObject({ result: 'Negative' });
    const writes = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceId, booked.appointment.id), eq(auditEvents.actorUserId, w.practitioner.user.id)));
    expect(writes.length).toBeGreaterThanOrEqual(3);
  });
});
