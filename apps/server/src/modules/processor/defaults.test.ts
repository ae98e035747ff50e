// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditEvents, processorDefaults, processorRuns, processorTasks, products } from '../../db/schema';
import { bookPublicly, MONDAY_START, person, shiftWithSlots } from '../../test/booking-world';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { DEFAULT_TASKS, runDue, seedDefaultTasks } from './index';

// Seeding reaches every organisation of the database: this file has its own on PostgreSQL.
let h: Harness;
let clinic: string;
let shop: string;
let admin: TestUser;
let customer: TestUser;
let slots: { id: string }[];
let slot = 0;
let kitId: string;

const db = () => h.ctx.database.db;
const run = randomBytes(3).toString('hex').toUpperCase();
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

beforeAll(async () => {
  h = await createHarness({}, { ownDatabase: true });
  h.clock.set(MONDAY_START);
  clinic = await h.org({ name: 'Default Clinic' });
  shop = await h.org({ name: 'Default Shop' });
  admin = await h.user({ org: clinic, roles: ['super_admin'] });
  const practitioner = await h.user({ org: clinic, roles: ['practitioner'] });
  customer = await h.user({ org: shop, roles: ['b2c'] });
  slots = (await shiftWithSlots(h, practitioner, { hours: 4 })).slots;
  const now = h.clock.now();
  const [kit] = await db()
    .insert(products)
    .values({ sku: `SKU-DEF-${run}`, title: 'Video GP', country: 'UK', pricePence: 2900, msrpPence: 2900, type: 'Antigen', outOfStock: false, active: true, cardColour: 'doc-green', discountExempt: false, vatExempt: false, shippable: false, bookable: true, createdAt: now, updatedAt: now })
    .returning();
  kitId = kit!.id;
});
afterAll(() => h.close());

/** A public booking in the clinic, for one person at their own address; answers the booking and the address. */
async function book() {
  const email = uniqueEmail('booked');
  const booked = await bookPublicly(h, slots[slot++]!.id, { billing_details: { first_name: 'Ada', last_name: 'Lovelace', email, dateOfBirth: '01-01-1990' }, booking_users: [person({ email })] });
  return { booked, email };
}

async function placeOrder() {
  const email = uniqueEmail('ordered');
  const placed = await h.call('POST', '/api/commerce/v1/order', {
    token: customer.token,
    body: { billing_detail: { first_name: 'Ada', last_name: 'Lovelace', email }, billing_address: address, shipping_address: address, source: 'vireo', items: [{ product_id: kitId, quantity: 1 }], card: { number: '4242424242424242', expiration_date: '12/30', cvv: '123' } },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.order_details.short_token).toMatch(/^\w+$/);
  return { id: placed.body.order_details.id as string, shortToken: placed.body.order_details.short_token as string, email };
}

/** The body with what differs between two bookings (time, reference, link token) made alike. */
function normalised(text: string, booking: { booked: Awaited<ReturnType<typeof bookPublicly>> }) {
  return text
    .replaceAll(booking.booked.short_token, 'TOKEN')
    .replaceAll(booking.booked.confirmation.reference, 'REFERENCE')
    .replaceAll(booking.booked.appointment.id, 'ID')
    .replace(/When: .*/, 'When: WHEN')
    .replace(/confirmed: .*/, 'confirmed: WHEN');
}

const mailOf = async (template: string, recipient: string) => h.mails({ template, recipient });

describe('the default tasks', () => {
  let legacy: { booked: Awaited<ReturnType<typeof bookPublicly>>; email: string };
  let legacyOrder: Awaited<ReturnType<typeof placeOrder>>;
  let raisedBefore: { booked: Awaited<ReturnType<typeof bookPublicly>>; email: string };

  it('before they are seeded, the product sends its messages itself and the processor none', async () => {
    legacy = await book();
    legacyOrder = await placeOrder();
    expect(await mailOf('booking.confirmed', legacy.email)).toHaveLength(1);
    expect(await mailOf('order.confirmation', legacyOrder.email)).toHaveLength(1);
    // Raised now, delivered only after the seeding below.
    raisedBefore = await book();
    expect(await db().select().from(processorRuns)).toHaveLength(0);
  });

  it('are seeded once per organisation, enabled, even when seeded twice at once; a deleted one is not seeded again', async () => {
    h.clock.advance(60_000);
    const counts = await Promise.all([seedDefaultTasks(h.ctx.processor), seedDefaultTasks(h.ctx.processor)]);
    expect(counts[0]! + counts[1]!).toBe(2 * DEFAULT_TASKS.length);
    expect(await seedDefaultTasks(h.ctx.processor)).toBe(0);
    const tasks = await db().select().from(processorTasks).where(inArray(processorTasks.organisationId, [clinic, shop]));
    expect(tasks).toHaveLength(2 * DEFAULT_TASKS.length);
    expect(tasks.every((t) => t.enabled && t.defaultKey !== null && t.versionId !== null)).toBe(true);
    const listed = await h.call('GET', '/api/processor/task', { token: admin.token });
    expect(listed.body.tasks.map((t: { event: string }) => t.event).sort()).toEqual(DEFAULT_TASKS.map((t) => t.event).sort());
    const templates = await h.call('GET', '/api/processor/templates', { token: admin.token });
    expect(templates.body.templates.map((t: { name: string }) => t.name)).toEqual(['Booking confirmation', 'Booking rebooked', 'Certificate issued', 'Order confirmation']);
    // A super admin deletes the shop's certificate task: it stays deleted.
    const [certificateTask] = tasks.filter((t) => t.organisationId === shop && t.defaultKey === 'certificate.issued');
    await db().delete(processorTasks).where(eq(processorTasks.id, certificateTask!.id));
    expect(await seedDefaultTasks(h.ctx.processor)).toBe(0);
    expect(await db().select().from(processorDefaults).where(eq(processorDefaults.organisationId, shop))).toHaveLength(DEFAULT_TASKS.length);
  });

  it('an event raised before the seeding is sent by the product only, once', async () => {
    const mails = await mailOf('booking.confirmed', raisedBefore.email);
    expect(mails).toHaveLength(1);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 0, failed: 0 });
    expect(await db().select().from(processorRuns)).toHaveLength(0);
    expect(await mailOf('booking.confirmed', raisedBefore.email)).toHaveLength(1);
  });

  it('then the default task sends the booking confirmation, word for word as the product did, and the product does not', async () => {
    const now = await book();
    await h.deliverOutbox();
    expect(await mailOf('booking.confirmed', now.email)).toHaveLength(0);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1, failed: 0 });
    const [sent] = await mailOf('booking.confirmed', now.email);
    const [before] = await mailOf('booking.confirmed', legacy.email);
    expect(normalised(sent!.subject!, now)).toBe(normalised(before!.subject!, legacy));
    expect(normalised(sent!.body, now)).toBe(normalised(before!.body, legacy));
    expect(sent!.body).toContain(`short_token=${now.booked.short_token}`);
    // The link's token is kept sealed in the run, and forgotten with the event's secrets once it finished.
    const [stored] = await db().select().from(processorRuns).where(eq(processorRuns.event, 'appointment.booked'));
    expect(JSON.stringify(stored!.nodes)).not.toContain(now.booked.short_token);
    expect(stored).toMatchObject({ status: 'succeeded', secretsSealed: null });
    expect(stored!.nodes.message!.output).toMatchObject({ recipients: [now.email.toLowerCase()], attachments: [{ filename: 'appointment.ics' }] });
    // Delivered again, it sends nothing more.
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 0 });
    expect(await mailOf('booking.confirmed', now.email)).toHaveLength(1);
  });

  it('the order confirmation with its booking link comes from the default task, recorded in the order history', async () => {
    const order = await placeOrder();
    await h.deliverOutbox();
    expect(await mailOf('order.confirmation', order.email)).toHaveLength(0);
    expect(await runDue(h.ctx.processor)).toMatchObject({ succeeded: 1, failed: 0 });
    const [sent] = await mailOf('order.confirmation', order.email);
    const [before] = await mailOf('order.confirmation', legacyOrder.email);
    expect(sent!.subject).toBe(before!.subject);
    expect(sent!.body.replaceAll(order.shortToken, 'TOKEN')).toBe(before!.body.replaceAll(legacyOrder.shortToken, 'TOKEN'));
    expect(sent!.body).toContain('Book your appointment here:');
    const history = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.mail_sent'), eq(auditEvents.resourceId, order.id)));
    expect(history).toHaveLength(1);
  });

  it('a super admin changes the message: the next booking gets the new words', async () => {
    const [task] = await db()
      .select()
      .from(processorTasks)
      .where(and(eq(processorTasks.organisationId, clinic), eq(processorTasks.defaultKey, 'booking.confirmed')));
    const got = await h.call('GET', `/api/processor/task/${task!.id}`, { token: admin.token });
    const created = await h.call('POST', '/api/processor/templates', {
      token: admin.token,
      body: { name: 'Our booking', subject_en: 'Booked: {{when}}', body_en: 'See you, {{people}}.\n{{manage_link}}', subject_de: 'Gebucht: {{when}}', body_de: 'Bis bald, {{people}}.\n{{manage_link}}' },
    });
    const graph = got.body.task.task;
    graph.nodes.find((n: { id: string }) => n.id === 'template').params.template_id = created.body.template.id;
    expect((await h.call('PUT', `/api/processor/task/${task!.id}`, { token: admin.token, body: { task: graph } })).status).toBe(200);
    const now = await book();
    await h.deliverOutbox();
    await runDue(h.ctx.processor);
    const [sent] = await mailOf('processor.Our booking', now.email);
    expect(sent!.body).toMatch(/^See you, Ada .+\.\nhttp.*short_token=/);
  });
});
