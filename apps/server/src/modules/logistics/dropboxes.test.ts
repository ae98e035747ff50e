// @module-tag wall-clock
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { defaultOpeningTimes, LOGISTICS_MSG } from '@vireo/contracts';
import { auditEvents } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let support: TestUser;

const base = '/api/commerce/v1/dropbox';
const facility = (overrides: Record<string, unknown> = {}) => ({
  name: 'Boots Kings Cross',
  address_1: 'Unit 4, Kings Cross Station',
  address_2: '',
  city: 'London',
  county: 'Greater London',
  postcode: 'n1c 4ah',
  country: 'UK',
  type: 'Pharmacy',
  first_name: 'Sam',
  last_name: 'Keeper',
  phone: '+44 20 7946 0000',
  email: 'kings-cross@example.test',
  ...overrides,
});
const dropbox = (overrides: Record<string, unknown> = {}, times: unknown = defaultOpeningTimes()) => ({ facility: facility(overrides), opening_times: times });
const create = (body: unknown, token = admin.token) => h.call('POST', base, { token, body });

beforeAll(async () => {
  // Its own database on PostgreSQL: PUT /dropbox/switch sets every dropbox, which would reach other files' dropboxes.
  h = await createHarness({}, { ownDatabase: true });
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'] });
});
afterAll(() => h.close());

describe('/api/commerce/v1/dropbox', () => {
  it('creates an active dropbox open 08:00–20:00 every day unless told otherwise, lists it by name and reads it; audited', async () => {
    const created = await create(dropbox());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: LOGISTICS_MSG.dropboxCreated,
      data: { active: true, facility: { ...facility(), postcode: 'N1C 4AH' }, opening_times: defaultOpeningTimes() },
    });
    const id = created.body.data.id as string;
    await create(dropbox({ name: 'Apothecary Angel' }));
    const list = await h.call('GET', base, { token: admin.token });
    expect(list.status).toBe(200);
    const names = list.body.data.map((d: { facility: { name: string } }) => d.facility.name);
    expect(names.indexOf('Apothecary Angel')).toBeLessThan(names.indexOf('Boots Kings Cross'));
    expect(await h.call('GET', `${base}/${id}`, { token: admin.token })).toMatchObject({ status: 200, body: { data: created.body.data } });
    const audited = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.resourceType, 'dropbox'), eq(auditEvents.resourceId, id)));
    expect(audited.map((row) => row.action)).toEqual(['dropbox.created']);
  });

  it('answers each message of the form, and checks the opening times', async () => {
    const expectField = async (body: unknown, field: string, message: string) => {
      const answer = await create(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors?.[field], field).toBe(message);
    };
    await expectField(dropbox({ name: ' ' }), 'facility.name', LOGISTICS_MSG.inputName);
    await expectField(dropbox({ address_1: '' }), 'facility.address_1', LOGISTICS_MSG.inputAddressLine);
    await expectField(dropbox({ city: '' }), 'facility.city', LOGISTICS_MSG.inputCity);
    await expectField(dropbox({ county: '' }), 'facility.county', LOGISTICS_MSG.inputCounty);
    await expectField(dropbox({ postcode: '' }), 'facility.postcode', LOGISTICS_MSG.inputPostcode);
    await expectField(dropbox({ email: 'not-an-address' }), 'facility.email', LOGISTICS_MSG.email);
    await expectField(dropbox({ phone: 'call me' }), 'facility.phone', LOGISTICS_MSG.phone);
    await expectField(dropbox({}, [{ weekday: 2, start_hour: '8:00', end_hour: '20:00' }]), 'opening_times.0.start_hour', LOGISTICS_MSG.time);
    await expectField(dropbox({}, [{ weekday: 2, start_hour: '18:00', end_hour: '09:00' }]), 'opening_times.0.end_hour', LOGISTICS_MSG.endAfterStart);
    await expectField(dropbox({}, [{ weekday: 2, start_hour: '09:00', end_hour: '09:00' }]), 'opening_times.0.end_hour', LOGISTICS_MSG.endAfterStart);
    expect((await create(dropbox({}, [{ weekday: 8, start_hour: '09:00', end_hour: '10:00' }]))).status).toBe(400);
    expect(
      await create(
        dropbox({}, [
          { weekday: 2, start_hour: '09:00', end_hour: '10:00' },
          { weekday: 2, start_hour: '11:00', end_hour: '12:00' },
        ]),
      ),
    ).toMatchObject({ status: 400, body: { errors: { opening_times: LOGISTICS_MSG.weekdayRepeated } } });
    expect((await create(dropbox({ name: 'Box\u0000' }))).status).toBe(400);
    expect((await create({ facility: facility(), opening_times: [], extra: 1 })).status).toBe(400);
    expect(await create({})).toMatchObject({ status: 400, body: { message: 'Missing details.' } });
  });

  it('replaces the facility and opening times (closed days left out), keeping the active flag; audited with the changed fields', async () => {
    const { id } = (await create(dropbox({ name: 'Replace me' }))).body.data;
    await h.call('PUT', `${base}/${id}/switch`, { token: admin.token, body: { active: false } });
    const times = [
      { weekday: 2, start_hour: '07:30', end_hour: '18:00' },
      { weekday: 6, start_hour: '10:00', end_hour: '16:45' },
    ];
    const replaced = await h.call('PUT', `${base}/${id}`, { token: admin.token, body: dropbox({ name: 'Replaced', address_2: 'Upper floor' }, times) });
    expect(replaced).toMatchObject({ status: 200, body: { message: LOGISTICS_MSG.dropboxSaved, data: { active: false, facility: { name: 'Replaced', address_2: 'Upper floor' }, opening_times: times } } });
    const [record] = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.resourceId, id), eq(auditEvents.action, 'dropbox.updated')));
    expect(record!.details).toEqual({ fields: ['facility.name', 'facility.address_2', 'opening_times'] });
    expect((await h.call('PUT', `${base}/${id}`, { token: admin.token, body: dropbox({ city: '' }) })).status).toBe(400);
    expect((await h.call('PUT', `${base}/${randomUUID()}`, { token: admin.token, body: dropbox() })).status).toBe(404);
  });

  it('activates and deactivates one dropbox, and all of them', async () => {
    const { id } = (await create(dropbox({ name: 'Switch me' }))).body.data;
    expect(await h.call('PUT', `${base}/${id}/switch`, { token: admin.token, body: { active: false } })).toMatchObject({ status: 200, body: { message: LOGISTICS_MSG.dropboxDeactivated, data: { active: false } } });
    expect(await h.call('PUT', `${base}/${id}/switch`, { token: admin.token, body: { active: true } })).toMatchObject({ status: 200, body: { message: LOGISTICS_MSG.dropboxActivated, data: { active: true } } });
    expect((await h.call('PUT', `${base}/${id}/switch`, { token: admin.token, body: { active: 'no' } })).status).toBe(400);
    expect((await h.call('PUT', `${base}/${randomUUID()}/switch`, { token: admin.token, body: { active: true } })).status).toBe(404);

    const all = await h.call('PUT', `${base}/switch`, { token: admin.token, body: { active: false } });
    expect(all).toMatchObject({ status: 200, body: { message: LOGISTICS_MSG.allDeactivated } });
    expect(all.body.data.changed).toBeGreaterThan(0);
    const list = (await h.call('GET', base, { token: admin.token })).body.data as { active: boolean }[];
    expect(list.every((d) => !d.active)).toBe(true);
    expect((await h.call('PUT', `${base}/switch`, { token: admin.token, body: { active: false } })).body.data.changed).toBe(0);
    expect((await h.call('PUT', `${base}/switch`, { token: admin.token, body: { active: true } })).body).toMatchObject({ message: LOGISTICS_MSG.allActivated, data: { changed: list.length } });
    expect((await h.call('PUT', `${base}/switch`, { token: admin.token, body: {} })).status).toBe(400);
  });

  it('renders a printable sheet whose QR code reads {PUBLIC_URL}/collection/0?dropbox={id}, above the name and address', async () => {
    const { id } = (await create(dropbox({ name: 'Q & R <Pharmacy>' }))).body.data;
    const svg = await h.call('GET', `${base}/${id}/render?format=svg`, { token: admin.token });
    expect(svg.status).toBe(200);
    expect(String(svg.body)).toContain('Q &amp; R &lt;Pharmacy&gt;');
    expect(String(svg.body)).toContain('Unit 4, Kings Cross Station');
    expect(String(svg.body)).toContain('N1C 4AH');

    const png = await h.app.inject({ method: 'GET', url: `${base}/${id}/render?format=png`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('attachment; filename="dropbox-q-r-pharmacy.png"');
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(code?.data).toBe(`${h.ctx.config.publicUrl}/collection/0?dropbox=${id}`);
    expect((await h.call('GET', `${base}/${id}/render`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', `${base}/${id}/render?format=gif`, { token: admin.token })).status).toBe(400);
    expect((await h.call('GET', `${base}/${randomUUID()}/render`, { token: admin.token })).status).toBe(404);
  });

  it('is for super admins: 401 without a session, 403 for other roles, 404 for an unknown dropbox', async () => {
    const { id } = (await create(dropbox({ name: 'Guarded' }))).body.data;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['POST', base, dropbox()],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`, dropbox()],
      ['PUT', `${base}/${id}/switch`, { active: false }],
      ['PUT', `${base}/switch`, { active: false }],
      ['GET', `${base}/${id}/render`],
    ];
    for (const [method, url, body] of calls) {
      expect((await h.call(method as 'GET', url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await h.call(method as 'GET', url, { token: support.token, body })).status, `${method} ${url}`).toBe(403);
    }
    expect((await h.call('GET', `${base}/${randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('GET', `${base}/not-an-id`, { token: admin.token })).status).toBe(400);
  });
});
