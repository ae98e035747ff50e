// @module-tag wall-clock
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { BOOKING_MSG, ORDER_BOOKING_MSG, ORDER_MSG, SHORT_TOKEN_ALPHABET, SHORT_TOKEN_LENGTH } from '@vireo/contracts';
import { appointments, auditEvents, bookingUsers, orderItems, orders, outboxEvents, products } from '../../db/schema';
import { seedProducts } from '../commerce';
import { createHarness, TEST_START, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { bookingWorld, hold, person, PUBLIC_SERVICE, shiftWithSlots, type BookingWorld } from '../../test/booking-world';
import { londonDay } from './time';
import { actorKeyOf } from '../../platform/audit';

let h: Harness;
let w: BookingWorld;
let b2c: TestUser;
const productIds = new Map<string, string>();
const db = () => h.ctx.database.db;
const HOUR = 3600;
const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

beforeAll(async () => {
  h = await createHarness();
  w = await bookingWorld(h);
  b2c = await h.user({ org: await h.org(), roles: ['b2c'] });
  await seedProducts(h.ctx.commerce);
  for (const row of await db().select({ id: products.id, sku: products.sku }).from(products)) productIds.set(row.sku, row.id);
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

function newToken(): string {
  return Array.from({ length: SHORT_TOKEN_LENGTH }, () => SHORT_TOKEN_ALPHABET[randomInt(SHORT_TOKEN_ALPHABET.length)]).join('');
}

/** An order of `quantity` units of the product `sku`, paid unless told; answers its id and token. */
async function makeOrder(sku: string, options: { quantity?: number; paymentFlag?: string; shippingFlag?: string; createdAt?: Date; customer?: TestUser } = {}) {
  const [product] = await db().select().from(products).where(eq(products.sku, sku));
  const token = newToken();
  const createdAt = options.createdAt ?? h.clock.now();
  const email = uniqueEmail('order');
  const [order] = await db()
    .insert(orders)
    .values({
      shortToken: token,
      source: 'vireo',
      currency: 'GBP',
      createdAt,
      updatedAt: createdAt,
      originalPricePence: 0,
      pricePence: 0,
      vatPence: 0,
      paymentFlag: options.paymentFlag ?? 'Complete',
      shippingFlag: options.shippingFlag ?? 'Processing',
      customerUserId: options.customer?.user.id ?? null,
      billingEmail: email,
      billingDetail: { first_name: 'Ada', last_name: 'Lovelace', email },
      billingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
      shippingAddress: { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' },
    })
    .returning();
  await db()
    .insert(orderItems)
    .values({
      orderId: order!.id,
      position: 0,
      productId: product!.id,
      title: product!.title,
      sku: product!.sku,
      type: product!.type,
      bookable: product!.bookable,
      shippable: product!.shippable,
      discountExempt: false,
      vatExempt: false,
      unitPricePence: 0,
      quantity: options.quantity ?? 1,
      amountPence: 0,
      vatPence: 0,
    });
  return { id: order!.id, token, productId: product!.id };
}

const fulfilled = async (orderId: string) => (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.fulfilled;

/** A held slot `hoursAhead` from now and the FLX travel that puts it in its window (departure 60 hours after it). */
async function heldSlot(hoursAhead: number) {
  const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead });
  const held = await hold(h, slots[0]!.id);
  expect(held.status).toBe(200);
  return { slot: slots[0]!, slots, holdToken: held.body.hold_token as string, flight: { transport_type: 'Flight', transport_number: 'BA117', transport_departure_date_time: iso(slots[0]!.start_time + 60 * HOUR) } };
}

function orderBody(order: { token: string; productId: string }, holdToken: string, overrides: Record<string, unknown> = {}) {
  return { token: order.token, hold_token: holdToken, product_id: order.productId, type: PUBLIC_SERVICE, booking_users: [person()], toc_accept: true, ...overrides };
}
const pay = (slotId: string, body: unknown, options: { token?: string; query?: string } = {}) => h.call('POST', `/api/booking/${slotId}/payment${options.query ?? ''}`, { body, token: options.token });

describe('POST /api/booking/{id}/payment paid by an order', () => {
  it('books the held slot for the order: fulfilled rises, the appointment keeps the order and its token, the people name it', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 3 });
    const { slot, holdToken, flight } = await heldSlot(30);
    const res = await pay(slot.id, orderBody({ ...order, token: order.token.toLowerCase() }, holdToken, { booking_users: [person(), person({ first_name: 'Byron' })], flight_details: flight }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: BOOKING_MSG.booked, short_token: order.token, confirmation: { amount: 0 } });
    expect(res.body.appointment.booking_users).toHaveLength(2);
    expect(await fulfilled(order.id)).toBe(2);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, slot.id));
    expect(row).toMatchObject({ orderId: order.id, paid: true, amountPence: 0, status: 'WAITING', flightDetails: flight });
    const people = await db().select().from(bookingUsers).where(eq(bookingUsers.appointmentId, slot.id));
    expect(people[0]!.metadata).toMatchObject({ order_id: order.id, short_token: order.token, product_id: order.productId });
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'));
    expect(events.find((e) => e.payload.appointment_id === slot.id)?.payload).toMatchObject({ order_id: order.id });
    // The order's token reads its appointments, with their people (spec 2 §7 appointments by token).
    const byToken = await h.call('GET', `/api/booking/-/short-token/${order.token}`);
    expect(byToken.status).toBe(200);
    expect(byToken.body.appointments.map((a: { id: string }) => a.id)).toEqual([slot.id]);
    expect(byToken.body.appointments[0].booking_users).toHaveLength(2);
    // A retry with the same hold answers the same booking and takes no more units.
    const again = await pay(slot.id, orderBody(order, holdToken, { booking_users: [person(), person({ first_name: 'Byron' })], flight_details: flight }));
    expect(again).toMatchObject({ status: 200, body: { confirmation: { id: slot.id } } });
    expect(await fulfilled(order.id)).toBe(2);
  });

  it('is audited as the order token’s holder: the token in the body pays, without a session; never the token', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001');
    const { slot, holdToken, flight } = await heldSlot(26);
    expect((await pay(slot.id, orderBody({ ...order, token: order.token.toLowerCase() }, holdToken, { flight_details: flight }))).status).toBe(201);
    const writes = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'health_data.write'), eq(auditEvents.resourceType, 'appointment'), eq(auditEvents.resourceId, slot.id)));
    expect(writes.map((write) => [write.actorKind, write.actorKey])).toEqual([['short_token', actorKeyOf(order.token)]]);
    expect(JSON.stringify(writes).toUpperCase()).not.toContain(order.token);
  });

  it('refuses more people than the units left, except for the {token} product', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 1 });
    const { slot, holdToken, flight } = await heldSlot(31);
    const two = await pay(slot.id, orderBody(order, holdToken, { booking_users: [person(), person()], flight_details: flight }));
    expect(two).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.tooManyPeople, errors: { booking_users: ORDER_BOOKING_MSG.tooManyPeople } } });
    const exempt = await makeOrder('ANT-CONSULT-001', { quantity: 1 });
    const ok = await pay(slot.id, orderBody(exempt, holdToken, { booking_users: [person(), person()], flight_details: flight }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await fulfilled(exempt.id)).toBe(1);
  });

  it('refuses a cancelled or failed order with "This order has been {flag}", an unpaid one, and one bought over 6 months ago', async () => {
    const { slot, holdToken, flight } = await heldSlot(32);
    for (const flag of ['cancelled', 'failed']) {
      const order = await makeOrder('FLX-UK-ANT-SNS-001', { shippingFlag: flag, paymentFlag: flag === 'failed' ? 'Failed' : 'Complete' });
      expect(await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).toMatchObject({ status: 409, body: { message: `This order has been ${flag}` } });
    }
    const unpaid = await makeOrder('FLX-UK-ANT-SNS-001', { paymentFlag: 'Initiated', shippingFlag: 'Pending' });
    expect(await pay(slot.id, orderBody(unpaid, holdToken, { flight_details: flight }))).toMatchObject({ status: 409, body: { message: ORDER_BOOKING_MSG.notPaid } });
    const now = h.clock.now();
    const sixMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()));
    const tooOld = await makeOrder('FLX-UK-ANT-SNS-001', { createdAt: new Date(sixMonthsAgo.getTime() - 1000) });
    expect(await pay(slot.id, orderBody(tooOld, holdToken, { flight_details: flight }))).toMatchObject({ status: 409, body: { message: ORDER_BOOKING_MSG.expired } });
    const justInTime = await makeOrder('FLX-UK-ANT-SNS-001', { createdAt: sixMonthsAgo });
    expect((await pay(slot.id, orderBody(justInTime, holdToken, { flight_details: flight }))).status).toBe(201);
  });

  it('refuses a Virtual product, one not bookable, a booking-skipped one, and a product the order lacks', async () => {
    const { slot, holdToken, flight } = await heldSlot(33);
    for (const sku of ['COVID-TEST-CERTIFICATE', 'FACE-2-FACE-HOTEL']) {
      const order = await makeOrder(sku);
      expect(await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.notBookable } });
    }
    const order = await makeOrder('FLX-UK-ANT-SNS-001');
    expect(await pay(slot.id, orderBody({ ...order, productId: productIds.get('CONSULT-ANT')! }, holdToken, { flight_details: flight }))).toMatchObject({
      status: 400,
      body: { message: ORDER_BOOKING_MSG.notOnOrder },
    });
  });

  it('rechecks the window: FLX 72 to 57 hours before departure, others around the chosen date and after landing', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 4 });
    const { slot, holdToken } = await heldSlot(34);
    const at = (hours: number) => ({ transport_type: 'Flight', transport_number: 'BA117', transport_departure_date_time: iso(slot.start_time + hours * HOUR) });
    expect(await pay(slot.id, orderBody(order, holdToken, {}))).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.departureNeeded } });
    expect(await pay(slot.id, orderBody(order, holdToken, { flight_details: at(56) }))).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.outsideWindow } });
    expect(await pay(slot.id, orderBody(order, holdToken, { flight_details: { ...at(73), transport_departure_date_time: iso(slot.start_time + 72 * HOUR + 1) } }))).toMatchObject({
      status: 400,
      body: { message: ORDER_BOOKING_MSG.outsideWindow },
    });
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: at(57) }))).status).toBe(201);

    const day2 = await makeOrder('DAY-2-UK-ANT-001');
    const second = await heldSlot(35);
    const landing = (offset: number) => ({ transport_type: 'Flight', transport_number: 'BA118', transport_arrival_country: 'GB', transport_arrival_date_time: iso(second.slot.start_time + offset) });
    expect(await pay(second.slot.id, orderBody(day2, second.holdToken, { flight_details: landing(1) }))).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.outsideWindow } });
    const chosen = londonDay(new Date((second.slot.start_time + 3 * 86_400) * 1000));
    expect(await pay(second.slot.id, orderBody(day2, second.holdToken, { flight_details: landing(-HOUR), appointment_date: chosen }))).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.outsideWindow } });
    expect((await pay(second.slot.id, orderBody(day2, second.holdToken, { flight_details: landing(0) }))).status).toBe(201);
  });

  it('answers bad input with the spec’s messages and an unknown token with 404', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 4 });
    const { slot, holdToken, flight } = await heldSlot(36);
    expect(await pay(slot.id, orderBody(order, holdToken, { booking_users: Array.from({ length: 5 }, () => person()), flight_details: flight }))).toMatchObject({
      status: 400,
      body: { message: BOOKING_MSG.maximumPeople },
    });
    expect(await pay(slot.id, orderBody(order, holdToken, { toc_accept: false, flight_details: flight }))).toMatchObject({ status: 400, body: { errors: { toc_accept: BOOKING_MSG.acceptTerms } } });
    expect(await pay(slot.id, orderBody(order, holdToken, { type: 'video_gp', flight_details: flight }))).toMatchObject({ status: 400, body: { message: BOOKING_MSG.serviceNotBookable } });
    expect(await pay(slot.id, orderBody({ ...order, token: newToken() }, holdToken, { flight_details: flight }))).toMatchObject({ status: 404, body: { message: ORDER_MSG.notFound } });
    expect(await pay(slot.id, orderBody(order, 'z'.repeat(43), { flight_details: flight }))).toMatchObject({ status: 409, body: { message: BOOKING_MSG.paymentFailed } });
  });

  it('ignore_fulfillment=true: staff with booking.edit only (401 without a session, 403 for a patient or a shift manager); no units taken', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 1 });
    const { slot, holdToken, flight } = await heldSlot(37);
    const body = orderBody(order, holdToken, { booking_users: [person(), person()], flight_details: flight });
    const query = '?ignore_fulfillment=true';
    expect((await pay(slot.id, body, { query })).status).toBe(401);
    expect((await pay(slot.id, body, { query, token: w.patient.token })).status).toBe(403);
    expect((await pay(slot.id, body, { query, token: w.manager.token })).status).toBe(403);
    const res = await pay(slot.id, body, { query, token: w.support.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await fulfilled(order.id)).toBe(0);
  });
});

describe('GET /api/booking/ for an order', () => {
  it('lists only the slots of the line’s window, and refuses a blocked order', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001');
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 100, hours: 2 });
    const departure = slots[0]!.start_time + 57 * HOUR + 20 * 60;
    const res = await h.call('GET', `/api/booking/?service=${PUBLIC_SERVICE}&product_id=${order.productId}&transport_departure_date_time=${iso(departure)}`, { headers: { 'x-short-token': order.token } });
    expect(res.status).toBe(200);
    const starts = res.body.slots.map((s: { start_time: number }) => s.start_time);
    expect(starts).toContain(slots[1]!.start_time);
    expect(starts).not.toContain(slots[2]!.start_time);
    expect(Math.max(...starts)).toBeLessThanOrEqual(departure - 57 * HOUR);
    const cancelled = await makeOrder('FLX-UK-ANT-SNS-001', { shippingFlag: 'cancelled' });
    const blocked = await h.call('GET', `/api/booking/?service=${PUBLIC_SERVICE}&product_id=${cancelled.productId}&transport_departure_date_time=${iso(departure)}`, { headers: { 'x-short-token': cancelled.token } });
    expect(blocked).toMatchObject({ status: 409, body: { message: 'This order has been cancelled' } });
    expect((await h.call('GET', `/api/booking/?service=${PUBLIC_SERVICE}&product_id=${order.productId}`, { headers: { 'x-short-token': newToken() } })).status).toBe(404);
  });

  it('lists the product’s window before its order exists (the pharmacy and partner forms); a product not bookable at a time is refused', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001');
    const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 200, hours: 2 });
    const departure = slots[0]!.start_time + 57 * HOUR + 20 * 60;
    const res = await h.call('GET', `/api/booking/?service=${PUBLIC_SERVICE}&product_id=${order.productId}&transport_departure_date_time=${iso(departure)}`);
    expect(res.status).toBe(200);
    const starts = res.body.slots.map((s: { start_time: number }) => s.start_time);
    expect(starts).toContain(slots[1]!.start_time);
    expect(starts).not.toContain(slots[2]!.start_time);
    const skipped = await makeOrder('SELF-SWABBING');
    expect(await h.call('GET', `/api/booking/?service=${PUBLIC_SERVICE}&product_id=${skipped.productId}`)).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.notBookable } });
  });
});

describe('POST /api/booking/ (untimed) for a booking-skipped product', () => {
  const body = (order: { token: string; productId: string }, overrides: Record<string, unknown> = {}) => ({
    type: 'self_swab',
    token: order.token,
    product_id: order.productId,
    booking_users: [person()],
    toc_accept: true,
    ...overrides,
  });

  it('makes an untimed appointment linked to the order and takes its units', async () => {
    const order = await makeOrder('FACE-2-FACE-HOTEL', { quantity: 2 });
    const res = await h.call('POST', '/api/booking/', { body: body(order, { booking_users: [person(), person()] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.appointment).toMatchObject({ type: 'self_swab', status: null, start_time: null });
    expect(await fulfilled(order.id)).toBe(2);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, res.body.appointment.id));
    expect(row!.orderId).toBe(order.id);
    expect(await h.call('POST', '/api/booking/', { body: body(order) })).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.tooManyPeople } });
  });

  it('refuses a timed product, a cancelled order, a token without product_id; staff registration still needs a session and kits.register', async () => {
    const timed = await makeOrder('FLX-UK-ANT-SNS-001');
    expect(await h.call('POST', '/api/booking/', { body: body(timed) })).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.notSkipped } });
    const cancelled = await makeOrder('SELF-SWABBING', { shippingFlag: 'cancelled' });
    expect(await h.call('POST', '/api/booking/', { body: body(cancelled) })).toMatchObject({ status: 409, body: { message: 'This order has been cancelled' } });
    expect((await h.call('POST', '/api/booking/', { body: body(timed, { product_id: undefined }) })).status).toBe(400);
    const plain = { type: 'self_swab', booking_users: [person()], toc_accept: true };
    expect((await h.call('POST', '/api/booking/', { body: plain })).status).toBe(401);
    expect((await h.call('POST', '/api/booking/', { body: plain, token: w.practitioner.token })).status).toBe(403);
    expect((await h.call('POST', '/api/booking/', { body: plain, token: w.support.token })).status).toBe(201);
  });
});

describe('editing a booking an order paid for', () => {
  it('more people take more units (the order’s token); fewer are refused, to staff too; staff need booking.edit and take none', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 3 });
    const { slot, holdToken, flight } = await heldSlot(38);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const patch = (people: unknown[], options: { token?: string; headers?: Record<string, string> }) => h.call('PATCH', `/api/booking/${slot.id}`, { body: { booking_users: people }, ...options });
    const asCustomer = { headers: { 'x-short-token': order.token } };
    expect((await patch([person(), person({ first_name: 'Byron' })], asCustomer)).status).toBe(200);
    expect(await fulfilled(order.id)).toBe(2);
    expect(await patch([person()], asCustomer)).toMatchObject({ status: 400, body: { message: BOOKING_MSG.cannotReducePeople } });
    expect(await patch([person(), person(), person(), person()], asCustomer)).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.tooManyPeople } });
    expect((await patch([person(), person(), person()], { token: w.manager.token })).status).toBe(403);
    expect((await patch([person(), person(), person(), person()], { token: w.support.token })).status).toBe(200);
    expect(await fulfilled(order.id)).toBe(2);
    // booking.edit lifts the units, never the people booked: staff are refused fewer with the form's message, the order's token or not.
    expect(await patch([person(), person(), person()], { token: w.support.token })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.cannotReducePeople, errors: { booking_users: BOOKING_MSG.cannotReducePeople } } });
    expect(await patch([person()], { token: w.support.token, headers: asCustomer.headers })).toMatchObject({ status: 400, body: { message: BOOKING_MSG.cannotReducePeople } });
    expect(await db().select().from(bookingUsers).where(eq(bookingUsers.appointmentId, slot.id))).toHaveLength(4);
    expect((await patch([person()], {})).status).toBe(401);
  });

  it('the session decides first: customer services sending the order’s token (as /booking/edit does) add people beyond the units, audited as themselves; the customer stays bound', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 2 });
    const { slot, holdToken, flight } = await heldSlot(40);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight, booking_users: [person(), person({ first_name: 'Byron' })] }))).status).toBe(201);
    expect(await fulfilled(order.id)).toBe(2);
    const patch = (people: unknown[], options: { token?: string }) =>
      h.call('PATCH', `/api/booking/${slot.id}`, { body: { booking_users: people }, headers: { 'x-short-token': order.token }, ...options });
    const three = [person(), person({ first_name: 'Byron' }), person({ first_name: 'Clara' })];
    expect(await patch(three, {})).toMatchObject({ status: 400, body: { message: 'You can\'t book more people than the quantity of test that you have bought' } });
    // A minute on, so the edit's audit record stands apart from the booking's.
    h.clock.advance(60_000);
    const since = h.clock.now();
    const edited = await patch(three, { token: w.support.token });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.appointment.booking_users).toHaveLength(3);
    expect(await fulfilled(order.id)).toBe(2);
    const writes = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceType, 'appointment'), eq(auditEvents.resourceId, slot.id), eq(auditEvents.action, 'health_data.write'), gte(auditEvents.at, since)));
    expect(writes.map((a) => [a.actorKind, a.actorUserId, a.actorRole])).toEqual([['user', w.support.user.id, 'customer_services']]);
    // The customer with the same token is still bound by the units: none are left for a fourth person.
    expect(await patch([...three, person({ first_name: 'Dora' })], {})).toMatchObject({ status: 400, body: { message: ORDER_BOOKING_MSG.tooManyPeople } });
    expect(await db().select().from(bookingUsers).where(eq(bookingUsers.appointmentId, slot.id))).toHaveLength(3);
  });

  it('rescheduling (the order’s token) moves the booking with its order; the old time keeps none', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 1 });
    const { slot, slots, holdToken, flight } = await heldSlot(44);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const held = await hold(h, slots[1]!.id);
    const moved = await h.call('POST', `/api/booking/${slot.id}/reschedule/${slots[1]!.id}`, { headers: { 'x-short-token': order.token }, body: { hold_token: held.body.hold_token } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [now, before] = await Promise.all([db().select().from(appointments).where(eq(appointments.id, slots[1]!.id)), db().select().from(appointments).where(eq(appointments.id, slot.id))]);
    expect(now[0]).toMatchObject({ orderId: order.id, status: 'WAITING' });
    expect(before[0]).toMatchObject({ orderId: null, orderItemId: null });
    expect(await fulfilled(order.id)).toBe(1);
  });

  it('deleting in time gives the units back instead of a rebook credit', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 1 });
    const { slot, holdToken, flight } = await heldSlot(39);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const deleted = await h.call('DELETE', `/api/booking/${slot.id}?action=delete&actor=patient`, { headers: { 'x-short-token': order.token } });
    expect(deleted).toMatchObject({ status: 200, body: { rebookable: false } });
    expect(await fulfilled(order.id)).toBe(0);
  });
});

describe('the order drawer’s appointments, resend and cancellation (issue 17)', () => {
  it('lists the order’s appointments to staff; 401, 403 for a customer, 404 for an unknown order', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 2, customer: b2c });
    const { slot, holdToken, flight } = await heldSlot(41);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const url = `/api/commerce/v1/order/${order.id}/appointments`;
    const res = await h.call('GET', url, { token: w.support.token });
    expect(res.status).toBe(200);
    expect(res.body.appointments.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([[slot.id, 'WAITING']]);
    expect(res.body.appointments[0].booking_users).toHaveLength(1);
    expect((await h.call('GET', url)).status).toBe(401);
    expect((await h.call('GET', url, { token: b2c.token })).status).toBe(403);
    expect((await h.call('GET', `/api/commerce/v1/order/00000000-0000-4000-8000-000000000000/appointments`, { token: w.support.token })).status).toBe(404);
  });

  it('resends a booking’s confirmation; 404 for a booking of another order', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001');
    const other = await makeOrder('FLX-UK-ANT-SNS-001');
    const { slot, holdToken, flight } = await heldSlot(42);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const before = (await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'))).filter((e) => e.payload.appointment_id === slot.id).length;
    const res = await h.call('POST', `/api/commerce/v1/order/${order.id}/appointments/${slot.id}/resend`, { token: w.support.token });
    expect(res).toMatchObject({ status: 200, body: { message: ORDER_MSG.resent } });
    const after = (await db().select().from(outboxEvents).where(eq(outboxEvents.event, 'appointment.booked'))).filter((e) => e.payload.appointment_id === slot.id);
    expect(after).toHaveLength(before + 1);
    expect((await h.call('POST', `/api/commerce/v1/order/${other.id}/appointments/${slot.id}/resend`, { token: w.support.token })).status).toBe(404);
    expect((await h.call('POST', `/api/commerce/v1/order/${order.id}/appointments/${slot.id}/resend`, { token: w.patient.token })).status).toBe(403);
  });

  it('cancelling the order cancels its unstarted appointments and frees their slots', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 2 });
    const { slot, holdToken, flight } = await heldSlot(43);
    expect((await pay(slot.id, orderBody(order, holdToken, { flight_details: flight }))).status).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const res = await h.call('DELETE', `/api/commerce/v1/order/${order.id}?email=${encodeURIComponent(row!.billingEmail)}`, { token: w.support.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [cancelled] = await db().select().from(appointments).where(eq(appointments.id, slot.id));
    expect(cancelled!.status).toBe('PROVIDER_CANCELLED');
    const freed = await db().select().from(appointments).where(eq(appointments.startTime, new Date(slot.start_time * 1000)));
    expect(freed.some((a) => a.status === 'AVAILABLE' && a.practitionerUserId === w.practitioner.user.id)).toBe(true);
  });
});

describe('bookings racing for an order’s units', () => {
  it('the twin whose first payment booked the order’s last unit between its first look and its hold check answers that booking, not 409 or 400', async () => {
    const order = await makeOrder('FLX-UK-ANT-SNS-001', { quantity: 1 });
    const { slot, holdToken, flight } = await heldSlot(45);
    const body = orderBody(order, holdToken, { flight_details: flight });
    let first: Awaited<ReturnType<typeof pay>> | undefined;
    // The twin has looked for a booking of its key and found none; the first payment books and commits before it reads the hold.
    h.ctx.booking.beforeHoldCheck = async () => {
      h.ctx.booking.beforeHoldCheck = undefined;
      first = await pay(slot.id, body);
    };
    try {
      const twin = await pay(slot.id, body);
      expect(first?.status, JSON.stringify(first?.body)).toBe(201);
      expect(twin.status, JSON.stringify(twin.body)).toBe(200);
      expect(twin.body).toMatchObject({ success: true, short_token: order.token, confirmation: first!.body.confirmation });
      expect(await fulfilled(order.id)).toBe(1);
    } finally {
      h.ctx.booking.beforeHoldCheck = undefined;
    }
  });

  it('50 concurrent bookings of one person against an order of 4 units: exactly 4 are booked', async () => {
    const order = await makeOrder('CONSULT-ANT', { quantity: 4 });
    // Two practitioners' shifts of 9 hours side by side: 54 slots, all within a day of the chosen date.
    const first = await shiftWithSlots(h, w.practitioner, { hoursAhead: 60, hours: 9 });
    const second = await shiftWithSlots(h, w.otherPractitioner, { hoursAhead: 60, hours: 9 });
    const slots = [...first.slots, ...second.slots];
    const chosen = londonDay(new Date(slots[0]!.start_time * 1000));
    const held = await Promise.all(slots.slice(0, 50).map(async (slot) => ({ slot, holdToken: (await hold(h, slot.id)).body.hold_token as string })));
    const answers = await Promise.all(held.map(({ slot, holdToken }) => pay(slot.id, orderBody(order, holdToken, { appointment_date: chosen }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400)).toHaveLength(46);
    expect(await fulfilled(order.id)).toBe(4);
    expect(await db().select().from(appointments).where(eq(appointments.orderId, order.id))).toHaveLength(4);
  });
});
