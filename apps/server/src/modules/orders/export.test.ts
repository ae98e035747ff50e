// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditEvents, orders } from '../../db/schema';
import { createHarness, uniqueEmail, type Harness, type TestUser } from '../../test/harness';
import { csvCell } from '../../platform/csv';

let h: Harness;
let support: TestUser;
let customer: TestUser;
let practitioner: TestUser;

const url = '/api/commerce/v1/order/export';
const address = { address_1: '1 Test Street', postcode: 'EC1A 1AA', town: 'London' };

/** An order row as placed, for `email`, created `minutesAgo` before the test clock's now. */
async function order(email: string, overrides: Partial<typeof orders.$inferInsert> = {}, minutesAgo = 0) {
  const at = new Date(h.clock.now().getTime() - minutesAgo * 60_000);
  const [row] = await h.ctx.database.db
    .insert(orders)
    .values({
      shortToken: randomBytes(10).toString('hex').toUpperCase(),
      source: 'vireo',
      currency: 'GBP',
      createdAt: at,
      updatedAt: at,
      originalPricePence: 2900,
      pricePence: 2900,
      vatPence: 483,
      paymentFlag: 'Complete',
      shippingFlag: 'Processing',
      billingEmail: email,
      billingDetail: { first_name: 'Ada', last_name: 'Lovelace', email },
      billingAddress: address,
      shippingAddress: address,
      ...overrides,
    })
    .returning();
  return row!;
}

const get = (query: string, token?: string) => h.app.inject({ method: 'GET', url: `${url}${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  support = await h.user({ org, roles: ['customer_services'] });
  customer = await h.user({ org, roles: ['b2c'] });
  practitioner = await h.user({ org, roles: ['practitioner'] });
});
afterAll(() => h.close());

describe('GET /order/export', () => {
  it('answers the filtered orders as a CSV attachment with the list’s columns, newest first, and audits the read', async () => {
    const email = uniqueEmail('export');
    const older = await order(email, { source: '=HYPERLINK("http://evil.test","x")', pricePence: 1050, originalPricePence: 1050, vatPence: 175 }, 10);
    const newer = await order(email.toUpperCase(), { currency: 'USD', source: 'vireo-us', paymentFlag: 'Failed', shippingFlag: 'failed' });
    await order(uniqueEmail('other'));
    await order(email, { paymentFlag: 'Initiated', shippingFlag: 'Pending' });

    const res = await get(`?email=${encodeURIComponent(email)}`, support.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${h.clock.now().toISOString().slice(0, 10)}.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toEqual([
      'ID,Customer Email,Short Token,Shipping status,Payment status,Amount,Order placed,Source',
      `${newer.id},${email.toUpperCase()},${newer.shortToken},failed,Failed,29.00 USD,${newer.createdAt.toISOString()},vireo-us`,
      `${older.id},${email},${older.shortToken},Processing,Complete,10.50 GBP,${older.createdAt.toISOString()},"'=HYPERLINK(""http://evil.test"",""x"")"`,
    ]);
    const audited = await h.ctx.database.db
      .select({ id: auditEvents.resourceId })
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceType, 'order'), eq(auditEvents.actorUserId, support.user.id), inArray(auditEvents.resourceId, [older.id, newer.id])));
    expect(audited.map((row) => row.id).sort()).toEqual([older.id, newer.id].sort());

    const withInitiated = await get(`?email=${encodeURIComponent(email)}&incl_initiated=true&sort=created_at`, support.token);
    expect(withInitiated.body.trim().split('\r\n')).toHaveLength(4);
    expect(withInitiated.body.split('\r\n')[1]).toContain(older.id);
  });

  it('refuses bad filters (400), no session (401) and anyone without orders.manage (403)', async () => {
    expect((await get('?incl_initiated=perhaps', support.token)).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(401);
    expect((await get('', customer.token)).statusCode).toBe(403);
    expect((await get('', practitioner.token)).statusCode).toBe(403);
  });
});

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would read as formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const lead of ['=', '+', '-', '@']) expect(csvCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
  });
});
