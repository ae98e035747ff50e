// @module-tag wall-clock
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MSG } from '@vireo/contracts';
import { appointmentFiles, appointments, outboxEvents } from '../../db/schema';
import { epochSeconds } from '../../platform/clock';
import { createHarness, type Harness, type TestUser } from '../../test/harness';
import { bookPublicly, bookingWorld, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { PNG } from '../../test/images';

let h: Harness;
let w: BookingWorld;
beforeAll(async () => {
  h = await createHarness({ alternativeVideoUrl: ALTERNATIVE_VIDEO });
  w = await bookingWorld(h);
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;
const ALTERNATIVE_VIDEO = 'https://meet.example.test/';

async function multipart(method: 'POST' | 'PATCH', url: string, token: string | undefined, fields: Record<string, string>, file?: { data: Buffer; type: string }) {
  const boundary = `----vireo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await h.app.inject({
    method,
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A booked appointment released by its practitioner, so it is CLAIMABLE. */
async function claimable(hoursAhead: number) {
  const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead });
  const booked = await bookPublicly(h, slots[0]!.id);
  expect((await h.call('POST', `/api/booking/${slots[0]!.id}/release`, { token: w.practitioner.token })).status).toBe(200);
  return { slots, booked };
}

describe('claims and releases', () => {
  it('release makes a booked appointment CLAIMABLE and an open slot UNAVAILABLE; others’ answer 404', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 40 });
    await bookPublicly(h, slots[0]!.id);
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/release`, { token: w.otherPractitioner.token })).status).toBe(404);
    const released = await h.call('POST', `/api/booking/${slots[0]!.id}/release`, { token: w.practitioner.token });
    expect(released).toMatchObject({ status: 200, body: { message: BOOKING_MSG.appointmentReleased } });
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/release`, { token: w.practitioner.token })).status).toBe(200);
    const rows = await db().select().from(appointments).where(eq(appointments.shiftId, (await db().select().from(appointments).where(eq(appointments.id, slots[1]!.id)))[0]!.shiftId!));
    expect(rows.find((r) => r.id === slots[1]!.id)?.status).toBe('UNAVAILABLE');
    const [claim] = await db().select().from(appointments).where(eq(appointments.id, slots[0]!.id));
    expect(claim).toMatchObject({ status: 'CLAIMABLE', claimableSlot: true, practitionerUserId: null });
    expect((await h.call('POST', `/api/booking/${slots[0]!.id}/release`, { token: w.practitioner.token })).status).toBe(404);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/release`)).status).toBe(401);
    expect((await h.call('POST', `/api/booking/${slots[1]!.id}/release`, { token: w.patient.token })).status).toBe(403);
    expect((await h.call('POST', '/api/booking/bad/release', { token: w.practitioner.token })).status).toBe(400);
  });

  it('GET /getclaimappointments lists claimable ones to practitioners only', async () => {
    const { booked } = await claimable(42);
    const list = await h.call('GET', '/api/booking/getclaimappointments', { token: w.otherPractitioner.token });
    expect(list.body.appointments.map((a: { id: string }) => a.id)).toContain(booked.appointment.id);
    expect((await h.call('GET', '/api/booking/getclaimappointments')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/getclaimappointments', { token: w.patient.token })).status).toBe(403);
  });

  it('claim: 405 when the practitioner has an appointment at that time, then override wins and closes their open slot', async () => {
    const { slots, booked } = await claimable(44);
    const other = await shiftWithSlots(h, w.otherPractitioner, { hoursAhead: 44 });
    await bookPublicly(h, other.slots[0]!.id);
    const overlap = await h.call('POST', `/api/booking/${booked.appointment.id}/claim`, { token: w.otherPractitioner.token, body: { booking_id: booked.appointment.id } });
    expect(overlap).toMatchObject({ status: 405, body: { message: BOOKING_MSG.claimOverlap } });
    const override = await h.call('POST', `/api/booking/${booked.appointment.id}/claim?override=true`, { token: w.otherPractitioner.token, body: {} });
    expect(override).toMatchObject({ status: 200, body: { message: BOOKING_MSG.appointmentClaimed, appointment: { status: 'WAITING', claimable_slot: false } } });
    expect(override.body.appointment.practitioner.user_id).toBe(w.otherPractitioner.user.id);
    const again = await h.call('POST', `/api/booking/${slots[0]!.id}/claim`, { token: w.practitioner.token, body: {} });
    expect(again.status).toBe(404);
  });

  it('claim without overlap takes the practitioner’s open slot at that time out of supply; a manager assigns by role id', async () => {
    const { booked } = await claimable(46);
    const mine = await shiftWithSlots(h, w.otherPractitioner, { hoursAhead: 46 });
    const claimed = await h.call('POST', `/api/booking/${booked.appointment.id}/claim`, { token: w.otherPractitioner.token, body: {} });
    expect(claimed.status).toBe(200);
    const [closed] = await db().select().from(appointments).where(eq(appointments.id, mine.slots[0]!.id));
    expect(closed!.status).toBe('UNAVAILABLE');
    const second = await claimable(47);
    const assigned = await h.call('POST', `/api/booking/${second.booked.appointment.id}/claim?assigneeRoleId=${w.practitioner.roles[0]!.id}`, { token: w.manager.token, body: {} });
    expect(assigned.body.appointment.practitioner.user_id).toBe(w.practitioner.user.id);
    const third = await claimable(48);
    expect((await h.call('POST', `/api/booking/${third.booked.appointment.id}/claim?assigneeRoleId=${w.practitioner.roles[0]!.id}`, { token: w.otherPractitioner.token, body: {} })).status).toBe(404);
    expect((await h.call('POST', `/api/booking/${third.booked.appointment.id}/claim?override=maybe`, { token: w.otherPractitioner.token, body: {} })).status).toBe(400);
    expect((await h.call('POST', `/api/booking/${third.booked.appointment.id}/claim`, { body: {} })).status).toBe(401);
    expect((await h.call('POST', `/api/booking/${third.booked.appointment.id}/claim`, { token: w.patient.token, body: {} })).status).toBe(403);
  });
});

describe('practitioner work on an appointment', () => {
  let appointmentId: string;
  let shortToken: string;
  let bookingUserId: string;
  let startTime: number;
  beforeAll(async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60 });
    const booked = await bookPublicly(h, slots[0]!.id);
    appointmentId = booked.appointment.id;
    shortToken = booked.short_token;
    bookingUserId = booked.appointment.booking_users[0]!.id;
    startTime = slots[0]!.start_time;
  });
  const deny = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, body?: unknown) => {
    expect((await h.call(method, path, { body })).status).toBe(401);
    expect((await h.call(method, path, { token: w.patient.token, body })).status).toBe(403);
    expect((await h.call(method, path, { token: w.otherPractitioner.token, body })).status).toBe(404);
  };

  it('PUT /{id}/booking-users/{userId} merges metadata and emits booking_user.metadata.updated', async () => {
    const path = `/api/booking/${appointmentId}/booking-users/${bookingUserId}`;
    const res = await h.call('PUT', path, { token: w.practitioner.token, body: { kit_id: 'KIT99999', metadata: { sample_taken: 'valid', passport_number: 'P1234567' } } });
    expect(res.status).toBe(200);
    expect(res.body.appointment.booking_users[0].metadata).toMatchObject({ sample_taken: 'valid', passport_number: 'P1234567' });
    expect(res.body.appointment.testing_kit_id).toBe('KIT99999');
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'booking_user.metadata.updated'));
    expect(events.some((e) => e.payload.booking_user_id === bookingUserId)).toBe(true);
    expect((await h.call('PUT', path, { token: w.practitioner.token, body: { metadata: { sample_taken: 'maybe' } } })).status).toBe(400);
    expect((await h.call('PUT', `/api/booking/${appointmentId}/booking-users/00000000-0000-4000-8000-000000000000`, { token: w.practitioner.token, body: {} })).status).toBe(404);
    await deny('PUT', path, { kit_id: 'KIT12345' });
  });

  it('POST /{id}/addnote and GET /{id}/noteshistory', async () => {
    const added = await h.call('POST', `/api/booking/${appointmentId}/addnote`, { token: w.practitioner.token, body: { content: 'Called the customer.' } });
    expect(added).toMatchObject({ status: 201, body: { message: BOOKING_MSG.noteSaved } });
    const history = await h.call('GET', `/api/booking/${appointmentId}/noteshistory`, { token: w.manager.token });
    expect(history.body.notes[0]).toMatchObject({ content: 'Called the customer.', author: 'Test Person' });
    expect(history.body.status_changes.map((c: { changed_to: string }) => c.changed_to)).toEqual(['AVAILABLE', 'LOCKED', 'WAITING']);
    expect((await h.call('POST', `/api/booking/${appointmentId}/addnote`, { token: w.practitioner.token, body: { content: '' } })).status).toBe(400);
    await deny('POST', `/api/booking/${appointmentId}/addnote`, { content: 'x' });
    await deny('GET', `/api/booking/${appointmentId}/noteshistory`);
  });

  it('POST /{id}/uploadfile stores an image in file storage as WebP; refuses other types, what is not an image, and no file', async () => {
    const res = await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.practitioner.token, { booking_user_id: bookingUserId }, { data: PNG, type: 'image/png' });
    expect(res).toMatchObject({ status: 201, body: { message: BOOKING_MSG.fileUploaded } });
    const [file] = await db().select().from(appointmentFiles).where(eq(appointmentFiles.id, res.body.file_id));
    const stored = await h.ctx.files.get(file!.fileKey);
    expect(file!.contentType).toBe('image/webp');
    expect(stored!.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const refused = { status: 400, body: { message: BOOKING_MSG.uploadFailed, errors: { file: BOOKING_MSG.imageType } } };
    expect(await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.practitioner.token, {}, { data: PNG, type: 'application/pdf' })).toMatchObject(refused);
    const before = (await db().select().from(appointmentFiles)).length;
    expect(await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.practitioner.token, {}, { data: PNG.subarray(0, 40), type: 'image/png' })).toMatchObject(refused);
    expect(await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.practitioner.token, {}, { data: Buffer.from('not an image'), type: 'image/jpeg' })).toMatchObject(refused);
    expect(await db().select().from(appointmentFiles)).toHaveLength(before);
    expect(await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.practitioner.token, {})).toMatchObject({ status: 400, body: { message: BOOKING_MSG.noImage } });
    expect((await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, undefined, {}, { data: PNG, type: 'image/png' })).status).toBe(401);
    expect((await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.patient.token, {}, { data: PNG, type: 'image/png' })).status).toBe(403);
    expect((await multipart('POST', `/api/booking/${appointmentId}/uploadfile`, w.otherPractitioner.token, {}, { data: PNG, type: 'image/png' })).status).toBe(404);
  });

  it('PATCH /{id}/result records the result with its photo; a rejection needs notes, others a photo', async () => {
    const res = await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.practitioner.token, { booking_user_id: bookingUserId, result: 'Negative', kit_id: 'kit55555' }, { data: PNG, type: 'image/png' });
    expect(res).toMatchObject({ status: 200, body: { message: BOOKING_MSG.resultSent } });
    const one = await h.call('GET', `/api/booking/${appointmentId}`, { token: w.practitioner.token });
    expect(one.body.appointment.booking_users[0].metadata).toMatchObject({ result: 'Negative', kit_id: 'KIT55555' });
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.practitioner.token, { booking_user_id: bookingUserId, result: 'Positive' })).status).toBe(400);
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.practitioner.token, { booking_user_id: bookingUserId, result: 'Rejected' })).status).toBe(400);
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.practitioner.token, { booking_user_id: bookingUserId, result: 'Rejected', reject_notes: 'Client not there' })).status).toBe(200);
    expect(await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.practitioner.token, { result: 'Negative' })).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, undefined, { booking_user_id: bookingUserId, result: 'Negative' })).status).toBe(401);
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.patient.token, { booking_user_id: bookingUserId, result: 'Negative' })).status).toBe(403);
    expect((await multipart('PATCH', `/api/booking/${appointmentId}/result`, w.otherPractitioner.token, { booking_user_id: bookingUserId, result: 'Negative' })).status).toBe(404);
    const window = `time_from=${epochSeconds(h.clock.now())}&time_to=${epochSeconds(h.clock.now()) + 40 * 86_400}`;
    const results = await h.call('GET', `/api/booking/getresults?${window}`, { token: w.practitioner.token });
    expect(results.body.results).toEqual([{ appointment_id: appointmentId, booking_user_id: bookingUserId, first_name: 'Ada', last_name: 'Lovelace', result: 'Rejected', start_time: startTime }]);
    expect((await h.call('GET', `/api/booking/getresults?${window}`, { token: w.otherPractitioner.token })).body).toEqual({ success: true, results: [] });
    expect((await h.call('GET', '/api/booking/getresults?time_from=1', { token: w.practitioner.token })).status).toBe(400);
    expect((await h.call('GET', '/api/booking/getresults?time_from=1&time_to=2')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/getresults?time_from=1&time_to=2', { token: w.patient.token })).status).toBe(403);
  });

  it('POST /{id}/8x8link opens a room on the alternative video service and e-mails it to the customer with their own joining link', async () => {
    const res = await h.call('POST', `/api/booking/${appointmentId}/8x8link`, { token: w.practitioner.token });
    expect(res).toMatchObject({ status: 200, body: { message: BOOKING_MSG.alternativeLinkSent } });
    expect(res.body.link).toMatch(/^https:\/\/meet\.example\.test\/vireo-[0-9a-f-]{36}$/);
    const shown = await h.call('GET', `/api/booking/${appointmentId}`, { token: w.practitioner.token });
    expect(shown.body.appointment).toMatchObject({ alternative_video_link: res.body.link, alternative_video_available: true });
    const [mail] = (await h.mails({ template: 'booking.alternative_link' })).filter((m) => m.body.includes(res.body.link));
    expect(mail?.body).toContain(`/appointment?appointmentId=${appointmentId}&short_token=${shortToken}`);
    await deny('POST', `/api/booking/${appointmentId}/8x8link`);
  });

  it('POST /{id}/8x8link without an alternative video service answers 409 and sends nothing; the appointment says none is available', async () => {
    const before = (await h.mails({ template: 'booking.alternative_link' })).length;
    h.ctx.booking.settings.alternativeVideoUrl = undefined;
    try {
      const shown = await h.call('GET', `/api/booking/${appointmentId}`, { token: w.practitioner.token });
      expect(shown.body.appointment).toMatchObject({ alternative_video_link: null, alternative_video_available: false });
      const res = await h.call('POST', `/api/booking/${appointmentId}/8x8link`, { token: w.practitioner.token });
      expect(res).toMatchObject({ status: 409, body: { success: false, message: BOOKING_MSG.noAlternativeVideo } });
    } finally {
      h.ctx.booking.settings.alternativeVideoUrl = ALTERNATIVE_VIDEO;
    }
    expect(await h.mails({ template: 'booking.alternative_link' })).toHaveLength(before);
  });
});

describe('practitioner presence', () => {
  it('PATCH /practitioner marks online; GET /practitioner/me answers it; DELETE /practitioner/{id}/clear forgets the last appointment', async () => {
    expect((await h.call('PATCH', '/api/booking/practitioner', { token: w.practitioner.token })).status).toBe(200);
    const me = await h.call('GET', '/api/booking/practitioner/me', { token: w.practitioner.token });
    expect(me.body.practitioner).toMatchObject({ user_id: w.practitioner.user.id, last_online: Math.floor(h.clock.now().getTime() / 1000) });
    expect((await h.call('DELETE', `/api/booking/practitioner/${w.practitioner.user.id}/clear`, { token: w.practitioner.token })).status).toBe(200);
    expect((await h.call('GET', '/api/booking/practitioner/me', { token: w.practitioner.token })).body.practitioner.last_atteneded_appointment).toBeNull();
    expect((await h.call('DELETE', `/api/booking/practitioner/${w.practitioner.user.id}/clear`, { token: w.otherPractitioner.token })).status).toBe(404);
    expect((await h.call('DELETE', `/api/booking/practitioner/${w.practitioner.user.id}/clear`, { token: w.manager.token })).status).toBe(200);
    expect((await h.call('DELETE', '/api/booking/practitioner/nope/clear', { token: w.manager.token })).status).toBe(400);
    for (const [method, path] of [['PATCH', '/api/booking/practitioner'], ['GET', '/api/booking/practitioner/me']] as const) {
      expect((await h.call(method, path)).status).toBe(401);
      expect((await h.call(method, path, { token: w.manager.token })).status).toBe(403);
    }
  });
});

describe('lists', () => {
  let other: TestUser;
  beforeAll(async () => {
    other = w.otherPractitioner;
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 130 });
    await bookPublicly(h, slots[0]!.id, { booking_users: [{ first_name: 'Searchable', last_name: 'Person', email: 'search@example.test', date_of_birth: Date.UTC(1980, 0, 1) / 1000 }] });
  });
  const now = () => Math.floor(h.clock.now().getTime() / 1000);

  it('GET /search filters by status, time and name, and keeps practitioners to their own and claimable ones', async () => {
    const q = `/api/booking/search?status=WAITING&start_time_from=${now()}&start_time_to=${now() + 200 * 3600}&q=searchable&validate_users=true&sort=-start_time`;
    const mine = await h.call('GET', q, { token: w.practitioner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.appointments).toHaveLength(1);
    expect(mine.body.total).toBe(1);
    expect((await h.call('GET', q, { token: other.token })).body.appointments).toHaveLength(0);
    expect((await h.call('GET', q, { token: w.support.token })).body.appointments).toHaveLength(1);
    expect((await h.call('GET', '/api/booking/search?status=NOPE', { token: w.manager.token })).status).toBe(400);
    expect((await h.call('GET', q)).status).toBe(401);
    expect((await h.call('GET', q, { token: w.patient.token })).status).toBe(403);
  });

  it('GET /practitioner and /admin/allappointments answer a window: the practitioner’s own, an admin everyone’s', async () => {
    // An hour in 2042 that no other test uses, so an admin's list of it is exactly these two shifts even on a shared database.
    const start = Date.UTC(2042, 2, 4, 10) / 1000;
    const before = h.clock.now();
    try {
      h.clock.set(new Date((start - 86_400) * 1000));
      const mine = await h.session(w.practitioner);
      const theirs = await h.session(other);
      const admin = await h.session(w.admin);
      const patient = await h.session(w.patient);
      for (const token of [mine, theirs]) {
        expect((await h.call('POST', '/api/booking/shifts', { token, body: { start_time: start, end_time: start + 3600, services: ['video_gp'] } })).status).toBe(201);
      }
      const window = `date_from=${start}&date_to=${start + 3600}`;
      const list = async (path: string, token: string) => {
        const res = await h.call('GET', `${path}?${window}`, { token });
        expect(res.status).toBe(200);
        return { total: res.body.total, items: res.body.appointments.map((a: { id: string; practitioner: { user_id: string } | null }) => `${a.practitioner?.user_id} ${a.id}`) as string[] };
      };
      const own = await list('/api/booking/practitioner', mine);
      expect(own.total).toBe(3);
      expect(own.items.map((item) => item.split(' ')[0])).toEqual([w.practitioner.user.id, w.practitioner.user.id, w.practitioner.user.id]);
      const others = await list('/api/booking/practitioner', theirs);
      expect(others.items.map((item) => item.split(' ')[0])).toEqual([other.user.id, other.user.id, other.user.id]);
      const all = await list('/api/booking/admin/allappointments', admin);
      expect(all.total).toBe(6);
      expect(all.items.sort()).toEqual([...own.items, ...others.items].sort());
      expect((await h.call('GET', '/api/booking/practitioner', { token: mine })).status).toBe(400);
      expect((await h.call('GET', `/api/booking/practitioner?${window}`)).status).toBe(401);
      expect((await h.call('GET', `/api/booking/practitioner?${window}`, { token: patient })).status).toBe(403);
    } finally {
      h.clock.set(before);
    }
    expect((await h.call('GET', '/api/booking/admin/allappointments?date_from=x', { token: w.admin.token })).status).toBe(400);
    expect((await h.call('GET', '/api/booking/admin/allappointments')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/admin/allappointments', { token: w.practitioner.token })).status).toBe(403);
  });

  it('GET /{id} shows a practitioner claimable and own appointments, not another’s', async () => {
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 140 });
    const booked = await bookPublicly(h, slots[0]!.id);
    expect((await h.call('GET', `/api/booking/${booked.appointment.id}`, { token: other.token })).status).toBe(404);
    const own = await h.call('GET', `/api/booking/${booked.appointment.id}`, { token: w.practitioner.token });
    expect(own.body.appointment.status).toBe('WAITING');
    await h.call('POST', `/api/booking/${booked.appointment.id}/release`, { token: w.practitioner.token });
    expect((await h.call('GET', `/api/booking/${booked.appointment.id}`, { token: other.token })).status).toBe(200);
  });
});
