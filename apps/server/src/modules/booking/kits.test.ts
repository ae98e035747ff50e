// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { KIT_REGISTRATION_MSG, MSG, ORDER_BOOKING_MSG } from '@vireo/contracts';
import { auditEvents, bookingUsers, orders, outboxEvents, products } from '../../db/schema';
import { actorKeyOf, readWindowOf } from '../../platform/audit';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { person } from '../../test/booking-world';

const onPostgres = Boolean(inject('postgresUrl'));

let h: Harness;
let admin: TestUser;
let customer: TestUser;
let stranger: TestUser;
let practitioner: TestUser;
let productId: string;
/** This run's own kit IDs, so runs sharing a PostgreSQL database never meet. */
const run = randomBytes(3).toString('hex').toUpperCase();
let counter = 0;
const kitId = () => `KIT${run}${++counter}`;

const commerce = '/api/commerce/v1';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

/** A paid order of `kits.length` kits placed by `by`, dispatched with those kit IDs; its id and short token. */
async function dispatchedOrder(kits: string[], by: TestUser = customer): Promise<{ id: string; shortToken: string }> {
  const placed = await h.call('POST', `${commerce}/order`, {
    token: by.token,
    body: {
      billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email: uniqueEmail('kit') },
      billing_address: address,
      shipping_address: address,
      source: 'vireo',
      items: [{ product_id: productId, quantity: kits.length }],
      card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order_details.id as string;
  const dispatched = await h.call('PATCH', `${commerce}/order/${id}/process`, {
    token: admin.token,
    body: { units: kits.map((kit) => ({ product_id: productId, kit_id: kit, tracking_reference: 'RM1' })) },
  });
  expect(dispatched.status).toBe(200);
  return { id, shortToken: placed.body.order_details.short_token as string };
}

/** A self-swab appointment for `people` named on the order, booked by `by`; its id and its people's ids. */
async function selfSwab(orderId: string, names: string[], by: TestUser = customer): Promise<{ id: string; people: string[] }> {
  const booked = await h.call('POST', '/api/booking/', {
    token: by.token,
    body: { type: 'self_swab', toc_accept: true, booking_users: names.map((first_name) => person({ first_name, metadata: { order_id: orderId } })) },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { id: booked.body.appointment.id as string, people: (booked.body.appointment.booking_users as { id: string }[]).map((u) => u.id) };
}

const registration = (kit: string, overrides: Record<string, unknown> = {}) => ({
  kit_id: kit.toLowerCase(),
  kit_id_confirmation: kit,
  sample_date: '2026-06-10',
  sample_time: '08:30',
  confirmed: true,
  ...overrides,
});

const register = (appointmentId: string, userId: string, body: unknown, options: { token?: string; shortToken?: string } = {}) =>
  h.call('POST', `/api/booking/${appointmentId}/booking-users/${userId}/kit`, {
    body,
    ...(options.token ? { token: options.token } : {}),
    ...(options.shortToken ? { headers: { 'x-short-token': options.shortToken } } : {}),
  });

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'] });
  customer = await h.user({ org, roles: ['b2c'] });
  stranger = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
  const now = h.clock.now();
  const [row] = await h.ctx.database.db
    .insert(products)
    .values({ sku: `SKU-SWAB-${run}`, title: 'Self-swab kit', country: 'UK', pricePence: 3900, msrpPence: 3900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: true, bookable: false, createdAt: now, updatedAt: now })
    .returning();
  productId = row!.id;
});
afterAll(() => h.close());

describe('kit registration', () => {
  it('registers a kit the order dispatched with the order’s short token: upper-cased, sample valid, activated, names, audited, metadata event; the person is then shown activated', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit, kitId()]);
    const swab = await selfSwab(order.id, ['Ada', 'Grace']);
    const listed = await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { headers: { 'x-short-token': order.shortToken } });
    expect(listed.status).toBe(200);
    expect(listed.body.people).toMatchObject([
      { id: swab.people[0], first_name: 'Ada', activated: false, kit_id: null },
      { id: swab.people[1], first_name: 'Grace', activated: false },
    ]);

    const saved = await register(swab.id, swab.people[0]!, registration(kit), { shortToken: order.shortToken.toLowerCase() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: KIT_REGISTRATION_MSG.submitted, person: { id: swab.people[0], activated: true, kit_id: kit } });
    const [row] = await h.ctx.database.db.select().from(bookingUsers).where(eq(bookingUsers.id, swab.people[0]!));
    expect(row!.kitId).toBe(kit);
    // 08:30 in London on 10 June is 07:30 UTC (summer time).
    expect(row!.metadata).toMatchObject({ kit_id: kit, sample_taken: 'valid', activated_by_user: true, date_sampled: '2026-06-10T07:30:00.000Z', first_name: 'Ada', last_name: 'Lovelace', order_id: order.id });
    const events = await h.ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.event, 'booking_user.metadata.updated'));
    expect(events.some((e) => (e.payload as { booking_user_id?: string }).booking_user_id === swab.people[0])).toBe(true);
    const audits = await h.ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceType, 'appointment'), eq(auditEvents.resourceId, swab.id), eq(auditEvents.action, 'health_data.write')));
    expect(audits.some((a) => a.actorKind === 'short_token')).toBe(true);

    const again = await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { token: customer.token });
    expect(again.body.people[0]).toMatchObject({ activated: true, kit_id: kit });
  });

  it('refuses bad input with the form’s messages', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const swab = await selfSwab(order.id, ['Ada']);
    const attempt = (body: unknown) => register(swab.id, swab.people[0]!, body, { token: customer.token });
    expect((await attempt(registration(kit, { kit_id: '' }))).body.errors).toMatchObject({ kit_id: KIT_REGISTRATION_MSG.inputKitId });
    expect((await attempt(registration(kit, { kit_id_confirmation: '' }))).body.errors).toMatchObject({ kit_id_confirmation: KIT_REGISTRATION_MSG.repeatKitId });
    expect((await attempt(registration(kit, { kit_id_confirmation: `${kit}9` }))).body.errors).toMatchObject({ kit_id_confirmation: KIT_REGISTRATION_MSG.kitIdsMatch });
    expect((await attempt(registration(kit, { sample_date: '' }))).body.errors).toMatchObject({ sample_date: KIT_REGISTRATION_MSG.chooseSampleDate });
    expect((await attempt(registration(kit, { sample_time: '' }))).body.errors).toMatchObject({ sample_time: KIT_REGISTRATION_MSG.chooseSampleTime });
    expect((await attempt(registration(kit, { confirmed: false }))).body.errors).toMatchObject({ confirmed: KIT_REGISTRATION_MSG.fieldChecked });
    expect((await attempt(registration(kit, { sample_date: '2026-02-30' }))).body.errors).toMatchObject({ sample_date: KIT_REGISTRATION_MSG.chooseSampleDate });
    const future = await attempt(registration(kit, { sample_date: '2026-06-11' }));
    expect(future.status).toBe(400);
    expect(future.body.errors).toMatchObject({ sample_date: KIT_REGISTRATION_MSG.sampleInFuture });
    const [row] = await h.ctx.database.db.select().from(bookingUsers).where(eq(bookingUsers.id, swab.people[0]!));
    expect(row!.metadata.activated_by_user).toBeUndefined();
  });

  it('refuses a kit the order did not dispatch, a kit already registered and a person already registered', async () => {
    const [kit, spare] = [kitId(), kitId()];
    const order = await dispatchedOrder([kit, spare]);
    const elsewhere = kitId();
    await dispatchedOrder([elsewhere]);
    const swab = await selfSwab(order.id, ['Ada', 'Grace', 'Mary']);
    const notSent = await register(swab.id, swab.people[0]!, registration(elsewhere), { token: customer.token });
    expect(notSent.status).toBe(400);
    expect(notSent.body).toMatchObject({ message: KIT_REGISTRATION_MSG.kitNotDispatched, errors: { kit_id: KIT_REGISTRATION_MSG.kitNotDispatched } });
    expect((await register(swab.id, swab.people[0]!, registration(kit), { token: customer.token })).status).toBe(200);
    const used = await register(swab.id, swab.people[1]!, registration(kit), { token: customer.token });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(KIT_REGISTRATION_MSG.kitUsed);
    const twice = await register(swab.id, swab.people[0]!, registration(spare), { token: customer.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(KIT_REGISTRATION_MSG.personActivated);
  });

  it('audits the page’s read by the order’s token once per holder, appointment and 15-minute window; the registration is a record of its own; a session’s reads are each a record', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const swab = await selfSwab(order.id, ['Ada']);
    const records = (action: string) =>
      h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, swab.id))).orderBy(auditEvents.id);
    const before = (await records('health_data.read')).length;
    const now = h.clock.now();
    const minute = 60_000;
    const window = readWindowOf(now).getTime() + 15 * minute;
    const read = (at: number) => {
      h.clock.set(new Date(at));
      return h.call('GET', `/api/booking/${swab.id}/kit-registration`, { headers: { 'x-short-token': order.shortToken } });
    };
    try {
      expect((await read(window + minute)).status).toBe(200);
      expect((await read(window + 14 * minute)).status).toBe(200);
      expect((await records('health_data.read')).slice(before)).toMatchObject([
        { actorKind: 'short_token', actorUserId: null, actorKey: actorKeyOf(order.shortToken), resourceType: 'appointment', at: new Date(window + minute), windowStart: new Date(window), readCount: 1 },
      ]);
      await h.ctx.audit.flushReadCounts();
      expect((await records('health_data.read')).slice(before)).toMatchObject([{ readCount: 2 }]);

      const written = (await records('health_data.write')).length;
      expect((await register(swab.id, swab.people[0]!, registration(kit), { shortToken: order.shortToken })).status).toBe(200);
      expect((await records('health_data.write')).slice(written)).toMatchObject([{ actorKind: 'short_token', actorKey: actorKeyOf(order.shortToken), windowStart: null }]);
      expect((await read(window + 15 * minute)).status).toBe(200);
      expect((await records('health_data.read')).slice(before)).toMatchObject([{ windowStart: new Date(window) }, { actorKind: 'short_token', windowStart: new Date(window + 15 * minute), readCount: 1 }]);

      const count = (await records('health_data.read')).length;
      for (let i = 0; i < 2; i++) expect((await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { token: customer.token })).status).toBe(200);
      expect((await records('health_data.read')).slice(count)).toMatchObject([1, 2].map(() => ({ actorKind: 'user', actorUserId: customer.user.id, windowStart: null })));
    } finally {
      h.clock.set(now);
    }
  });

  it('answers 401 without a session or token, 404 to another customer, a wrong token, a practitioner and an unknown person', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const other = await dispatchedOrder([kitId()], stranger);
    const swab = await selfSwab(order.id, ['Ada']);
    expect((await h.call('GET', `/api/booking/${swab.id}/kit-registration`)).status).toBe(401);
    expect((await register(swab.id, swab.people[0]!, registration(kit))).status).toBe(401);
    expect((await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { token: stranger.token })).body).toMatchObject({ message: MSG.notFound });
    expect((await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { headers: { 'x-short-token': other.shortToken } })).status).toBe(404);
    expect((await h.call('GET', `/api/booking/${swab.id}/kit-registration`, { token: practitioner.token })).status).toBe(404);
    expect((await register(swab.id, swab.people[0]!, registration(kit), { token: stranger.token })).status).toBe(404);
    expect((await register(swab.id, '00000000-0000-4000-8000-000000000000', registration(kit), { token: customer.token })).status).toBe(404);
  });
});

describe('one kit, one registration', () => {
  it.skipIf(!onPostgres)('20 people registering the same kit at once: exactly one 200, the others 409; 10 registrations of one person at once: one 200', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit, kitId()]);
    const names = Array.from({ length: 4 }, (_, i) => `Person${String.fromCharCode(97 + i)}`);
    const swabs = await Promise.all(Array.from({ length: 5 }, () => selfSwab(order.id, names)));
    const people = swabs.flatMap((swab) => swab.people.map((userId) => ({ id: swab.id, userId })));
    const answers = await Promise.all(people.map(({ id, userId }) => register(id, userId, registration(kit), { token: customer.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(people.length - 1);
    const activated = await h.ctx.database.db.select().from(bookingUsers).where(eq(bookingUsers.kitId, kit));
    expect(activated).toHaveLength(1);

    const spareKit = kitId();
    const second = await dispatchedOrder([spareKit]);
    const lone = await selfSwab(second.id, ['Ada']);
    const repeats = await Promise.all(Array.from({ length: 10 }, () => register(lone.id, lone.people[0]!, registration(spareKit), { token: customer.token })));
    expect(repeats.filter((a) => a.status === 200)).toHaveLength(1);
  });
});

describe('POST /-/activate-kit', () => {
  const activate = (body: { kit_id: string; short_token: string }) => h.call('POST', '/api/booking/-/activate-kit', { body });

  it('opens the order’s self-swab appointment from a kit it dispatched and its reference', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const swab = await selfSwab(order.id, ['Ada']);
    const found = await activate({ kit_id: kit.toLowerCase(), short_token: order.shortToken.toLowerCase() });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.appointment_id).toBe(swab.id);
    const bad = await activate({ kit_id: '', short_token: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ kit_id: KIT_REGISTRATION_MSG.inputKitId, short_token: KIT_REGISTRATION_MSG.inputOrderReference });
  });

  it('says why a kit cannot be activated, on the field to check: not dispatched, another order’s, the order cancelled, already activated, no appointment', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit, kitId()]);
    const swab = await selfSwab(order.id, ['Ada', 'Grace']);
    const refusal = (status: number, message: string, field?: string) => ({ status, body: { success: false, message, ...(field ? { errors: { [field]: message } } : {}) } });

    expect(await activate({ kit_id: 'NOSUCHKIT', short_token: order.shortToken })).toMatchObject(refusal(404, KIT_REGISTRATION_MSG.activationNotDispatched, 'kit_id'));
    const other = await dispatchedOrder([kitId()]);
    expect(await activate({ kit_id: kit, short_token: other.shortToken })).toMatchObject(refusal(404, KIT_REGISTRATION_MSG.activationOtherOrder, 'short_token'));
    expect(await activate({ kit_id: kit, short_token: 'NOSUCHREFERENCE' })).toMatchObject(refusal(404, KIT_REGISTRATION_MSG.activationOtherOrder, 'short_token'));

    expect((await register(swab.id, swab.people[0]!, registration(kit), { token: customer.token })).status).toBe(200);
    expect(await activate({ kit_id: kit, short_token: order.shortToken })).toMatchObject(refusal(409, KIT_REGISTRATION_MSG.activationActive, 'kit_id'));

    const unbooked = kitId();
    const lonely = await dispatchedOrder([unbooked]);
    expect(await activate({ kit_id: unbooked, short_token: lonely.shortToken })).toMatchObject(refusal(404, KIT_REGISTRATION_MSG.activationNotFound));
    await h.ctx.database.db.update(orders).set({ shippingFlag: 'cancelled' }).where(eq(orders.id, lonely.id));
    expect(await activate({ kit_id: unbooked, short_token: lonely.shortToken })).toMatchObject(refusal(409, ORDER_BOOKING_MSG.blocked('cancelled'), 'short_token'));
  });
});

describe('GET /kits/mine', () => {
  it('lists the caller’s own self-swab appointments with someone still to register; 401 without a session, 403 for a practitioner', async () => {
    const kit = kitId();
    const order = await dispatchedOrder([kit]);
    const swab = await selfSwab(order.id, ['Ada']);
    const mine = await h.call('GET', '/api/booking/kits/mine', { token: customer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.appointments.map((a: { appointment_id: string }) => a.appointment_id)).toContain(swab.id);
    expect((await h.call('GET', '/api/booking/kits/mine', { token: stranger.token })).body.appointments.map((a: { appointment_id: string }) => a.appointment_id)).not.toContain(swab.id);
    await register(swab.id, swab.people[0]!, registration(kit), { token: customer.token });
    expect((await h.call('GET', '/api/booking/kits/mine', { token: customer.token })).body.appointments.map((a: { appointment_id: string }) => a.appointment_id)).not.toContain(swab.id);
    expect((await h.call('GET', '/api/booking/kits/mine')).status).toBe(401);
    expect((await h.call('GET', '/api/booking/kits/mine', { token: practitioner.token })).status).toBe(403);
  });
});
