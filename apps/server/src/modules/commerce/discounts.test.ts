// @module-tag wall-clock
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DISCOUNT_MSG, DiscountsQuery, MSG } from '@vireo/contracts';
import { auditEvents, discounts } from '../../db/schema';
import { rowsOf } from '../../platform/db';
import { createHarness, TEST_START, type Harness, type TestUser } from '../../test/harness';
import { discountListStatements } from './discounts';
import { DISCOUNT_CHECKS_PER_MINUTE } from './discounts.routes';

let h: Harness;
let manager: TestUser;
let admin: TestUser;
let support: TestUser;
let patient: TestUser;

const base = '/api/commerce/v1';
/** This run's own prefix and project, so runs sharing a PostgreSQL database never see each other's codes. */
const run = randomBytes(3).toString('hex').toUpperCase();
const project = `Project ${run}`;
let counter = 0;
const newCode = () => `T${run}-${++counter}`;

/** The generate form's fields, with a code no other test uses. */
function discountBody(overrides: Record<string, unknown> = {}) {
  return { project, code: newCode(), type: 'percentage', value: 10, active_from: '2026-06-10', active_to: '2026-06-20', uses: 5, ...overrides };
}

beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  manager = await h.user({ org, roles: ['super_admin'], grants: ['discounts.manage'] });
  admin = await h.user({ org, roles: ['super_admin'] });
  support = await h.user({ org, roles: ['customer_services'], grants: ['discounts.manage'] });
  patient = await h.user({ org, roles: ['patient'] });
});
afterAll(() => h.close());
afterEach(() => h.clock.set(TEST_START));

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await h.call('POST', `${base}/discount`, { token: manager.token, body: discountBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const apply = (code: string, token = manager.token) => h.call('POST', `${base}/discount/${code}/apply`, { token });
const check = (code: string, token = patient.token) => h.call('GET', `${base}/discount/${code}`, { token });

/** Runs `work` with the clock at `instant` and a manager's session opened then. */
async function at<T>(instant: string, work: (token: string) => Promise<T>): Promise<T> {
  h.clock.set(new Date(instant));
  return work(await h.session(manager));
}

describe('POST /discount', () => {
  it('generates an active code, upper-cased, ending a year after its start by default; audited', async () => {
    const code = newCode();
    const res = await h.call('POST', `${base}/discount`, { token: manager.token, body: { ...discountBody({ code: ` ${code.toLowerCase()} `, type: 'reduction', value: '500', uses: '3' }), active_to: undefined } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: DISCOUNT_MSG.generated,
      data: { project, code, type: 'reduction', value: 500, active: true, active_from: '2026-06-10', active_to: '2027-06-10', uses: 3, used_times: 0, created_at: TEST_START.getTime() / 1000 },
    });
    const [row] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.code, code));
    expect(row).toMatchObject({ createdBy: manager.user.id, usedTimes: 0 });
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'discount.created'), eq(auditEvents.resourceId, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(manager.user.id);
  });

  it('refuses a code already taken (409), whatever its case', async () => {
    const { code } = await create();
    expect(await h.call('POST', `${base}/discount`, { token: manager.token, body: discountBody({ code: code.toLowerCase() }) })).toMatchObject({
      status: 409,
      body: { success: false, message: DISCOUNT_MSG.duplicateCode },
    });
  });

  it('refuses each field with the spec’s message, at its limits', async () => {
    const errors = async (overrides: Record<string, unknown>) => {
      const res = await h.call('POST', `${base}/discount`, { token: manager.token, body: discountBody(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      return res.body.errors;
    };
    expect(await errors({ code: '' })).toMatchObject({ code: DISCOUNT_MSG.code });
    expect(await errors({ code: undefined })).toMatchObject({ code: MSG.missingDetails });
    expect(await errors({ code: 'NO SPACES' })).toMatchObject({ code: DISCOUNT_MSG.codeCharacters });
    expect(await errors({ type: '' })).toMatchObject({ type: DISCOUNT_MSG.type });
    expect(await errors({ type: 'gift' })).toMatchObject({ type: DISCOUNT_MSG.type });
    expect(await errors({ value: '' })).toMatchObject({ value: DISCOUNT_MSG.value });
    expect(await errors({ value: null })).toMatchObject({ value: DISCOUNT_MSG.value });
    expect(await errors({ value: 0 })).toMatchObject({ value: DISCOUNT_MSG.percentage });
    expect(await errors({ value: 101 })).toMatchObject({ value: DISCOUNT_MSG.percentage });
    expect(await errors({ type: 'reduction', value: 0 })).toMatchObject({ value: DISCOUNT_MSG.reduction });
    expect(await errors({ type: 'trial', value: -1 })).toMatchObject({ value: DISCOUNT_MSG.value });
    expect(await errors({ value: 9.5 })).toMatchObject({ value: DISCOUNT_MSG.wholeNumber });
    expect(await errors({ active_from: '' })).toMatchObject({ active_from: DISCOUNT_MSG.activeFrom });
    expect(await errors({ active_from: '2026-13-01' })).toMatchObject({ active_from: DISCOUNT_MSG.activeFrom });
    expect(await errors({ active_to: '' })).toMatchObject({ active_to: DISCOUNT_MSG.activeTo });
    expect(await errors({ active_to: '2026-06-09' })).toMatchObject({ active_to: DISCOUNT_MSG.endBeforeStart });
    expect(await errors({ uses: '' })).toMatchObject({ uses: DISCOUNT_MSG.uses });
    expect(await errors({ uses: 0 })).toMatchObject({ uses: DISCOUNT_MSG.uses });
    expect(await errors({ project: '' })).toMatchObject({ project: DISCOUNT_MSG.project });
    // Each type's value at its bounds is accepted.
    for (const [type, value] of [['percentage', 1], ['percentage', 100], ['reduction', 1], ['trial', 0]] as const) {
      expect((await create({ type, value })).value, `${type} ${value}`).toBe(value);
    }
    expect((await create({ active_to: '2026-06-10' })).active_to).toBe('2026-06-10');
  });
});

describe('GET /discount/-/project', () => {
  it('lists each project once, by name', async () => {
    await create({ project: `${project} B` });
    await create({ project: `${project} B` });
    const res = await h.call('GET', `${base}/discount/-/project`, { token: manager.token });
    expect(res.status).toBe(200);
    const mine = res.body.data.filter((name: string) => name.startsWith(project));
    expect(mine).toEqual([project, `${project} B`]);
  });
});

describe('GET /discount', () => {
  const listProject = `${project} list`;
  const list = async (query: string) => {
    const res = await h.call('GET', `${base}/discount?filter[project]=${encodeURIComponent(listProject)}&${query}`, { token: manager.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: { code: string; value: number; used_times: number }[]; totalCount: number };
  };
  let made: { code: string; value: number }[] = [];

  beforeAll(async () => {
    made = [];
    for (let i = 1; i <= 12; i++) {
      made.push(await create({ project: listProject, code: `L${run}-${String(i).padStart(2, '0')}`, value: i * 5 }));
      h.clock.advance(1000);
    }
    for (const index of [0, 1, 2]) expect((await apply(made[index]!.code)).status).toBe(200);
    h.clock.set(TEST_START);
  });

  it('pages newest first, 10 by default, with totalCount; 10/25/50/100 only', async () => {
    const first = await list('');
    expect(first.totalCount).toBe(12);
    expect(first.data.map((d) => d.code)).toEqual(made.slice(2).reverse().map((d) => d.code));
    const second = await list('page=2');
    expect(second).toMatchObject({ totalCount: 12 });
    expect(second.data.map((d) => d.code)).toEqual([made[1]!.code, made[0]!.code]);
    expect((await list('page_size=25')).data).toHaveLength(12);
    expect((await list('page=3')).data).toEqual([]);
    for (const bad of ['page_size=20', 'page=0', 'page=x', 'sort=secret:asc', 'sort=value', 'filter[state]=half']) {
      expect((await h.call('GET', `${base}/discount?${bad}`, { token: manager.token })).status, bad).toBe(400);
    }
  });

  it('filters by code prefix, projects and used state', async () => {
    expect((await list(`filter[code]=l${run}-1`)).data.map((d) => d.code).sort()).toEqual([`L${run}-10`, `L${run}-11`, `L${run}-12`]);
    expect((await list('filter[code]=%')).totalCount).toBe(0);
    const used = await list('filter[state]=used');
    expect(used.totalCount).toBe(3);
    expect(used.data.every((d) => d.used_times >= 1)).toBe(true);
    expect((await list('filter[state]=unused')).totalCount).toBe(9);
    await create({ project: `${listProject} other`, code: `L${run}-OTHER` });
    const both = await h.call('GET', `${base}/discount?filter[project]=${encodeURIComponent(listProject)}&filter[project]=${encodeURIComponent(`${listProject} other`)}`, { token: manager.token });
    expect(both.body.totalCount).toBe(13);
  });

  it('sorts by a field either way', async () => {
    expect((await list('sort=value:asc')).data.map((d) => d.value)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
    expect((await list('sort=value:desc&page_size=50')).data.map((d) => d.value)).toEqual([60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5]);
    expect((await list('sort=used_times:desc')).data.slice(0, 3).map((d) => d.used_times)).toEqual([1, 1, 1]);
    expect((await list('sort=code:asc')).data[0]!.code).toBe(`L${run}-01`);
  });

  it('has an index for each filter: no sequential scan of discounts', async () => {
    const shapes = [{}, { 'filter[state]': 'used' }, { 'filter[state]': 'unused' }, { 'filter[project]': listProject }, { 'filter[code]': `L${run}` }];
    await h.ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        for (const shape of shapes) {
          const statements = discountListStatements(tx, DiscountsQuery.parse(shape));
          for (const statement of [statements.page, statements.total]) {
            const plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`EXPLAIN ${statement}`)).map((row) => row['QUERY PLAN']).join('\n');
            expect(plan, JSON.stringify(shape)).toMatch(/ on discounts/);
            expect(plan, JSON.stringify(shape)).not.toMatch(/Seq Scan on discounts/);
          }
        }
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});

class Rollback extends Error {}

describe('GET /discount/{code}', () => {
  it('answers any signed-in person a valid code’s public fields, the code as typed in any case', async () => {
    const { code } = await create({ type: 'trial', value: 0, uses: 2 });
    const res = await check(code.toLowerCase());
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { code, type: 'trial', value: 0, active_to: '2026-06-20', uses_left: 2 } } });
    expect(res.body.data).not.toHaveProperty('id');
    expect((await check(code, support.token)).status).toBe(200);
    expect((await h.call('GET', `${base}/discount/${code}`)).status).toBe(401);
  });

  it('answers "Your code is invalid" for an unknown, inactive, used-up or out-of-days code', async () => {
    const invalid = { status: 400, body: { success: false, message: DISCOUNT_MSG.invalid } };
    expect(await check(`NO${run}`)).toMatchObject(invalid);
    const inactive = await create();
    await h.ctx.database.db.update(discounts).set({ active: false }).where(eq(discounts.code, inactive.code));
    expect(await check(inactive.code)).toMatchObject(invalid);
    const once = await create({ uses: 1 });
    expect((await check(once.code)).status).toBe(200);
    expect((await apply(once.code)).status).toBe(200);
    expect(await check(once.code)).toMatchObject(invalid);
    expect((await check('BAD CODE!')).status).toBe(400);
  });

  it('counts London days: valid from 00:00 on the first day to 23:59:59 on the last', async () => {
    const { code } = await create({ active_from: '2026-06-12', active_to: '2026-06-14' });
    const checkAt = (instant: string) => at(instant, async () => (await check(code, await h.session(patient))).status);
    expect(await checkAt('2026-06-11T22:59:59Z')).toBe(400);
    expect(await checkAt('2026-06-11T23:00:00Z')).toBe(200);
    expect(await checkAt('2026-06-14T22:59:59Z')).toBe(200);
    expect(await checkAt('2026-06-14T23:00:00Z')).toBe(400);
  });

  it('is limited per person: a few checks a minute, then 429', async () => {
    const { code } = await create();
    const guesser = await h.user({ org: await h.org(), roles: ['b2c'] });
    for (let i = 0; i < DISCOUNT_CHECKS_PER_MINUTE; i++) expect((await check(`${code}${i % 2 ? '' : 'X'}`, guesser.token)).status).not.toBe(429);
    expect(await check(code, guesser.token)).toMatchObject({ status: 429, body: { message: MSG.tooManyRequests } });
    expect((await check(code)).status).toBe(200);
    h.clock.advance(61_000);
    expect((await check(code, await h.session(guesser))).status).toBe(200);
  });
});

describe('POST /discount/{code}/apply', () => {
  it('takes one use and answers the discount; audited; none left is "Your code is invalid"', async () => {
    const { code, id } = await create({ uses: 2 });
    expect(await apply(code.toLowerCase())).toMatchObject({ status: 200, body: { success: true, data: { code, used_times: 1, uses: 2 } } });
    expect((await apply(code)).body.data.used_times).toBe(2);
    expect(await apply(code)).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
    const [row] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row!.usedTimes).toBe(2);
    const audit = await h.ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'discount.used'), eq(auditEvents.resourceId, id)));
    expect(audit).toHaveLength(2);
    expect(await apply(`NO${run}`)).toMatchObject({ status: 400, body: { message: DISCOUNT_MSG.invalid } });
  });

  it('takes nothing from an inactive code or outside its London days', async () => {
    const inactive = await create();
    await h.ctx.database.db.update(discounts).set({ active: false }).where(eq(discounts.code, inactive.code));
    expect((await apply(inactive.code)).status).toBe(400);
    const { code, id } = await create({ active_from: '2026-06-12', active_to: '2026-06-14', uses: 10 });
    const applyAt = (instant: string) => at(instant, async (token) => (await apply(code, token)).status);
    expect(await applyAt('2026-06-11T22:59:59Z')).toBe(400);
    expect(await applyAt('2026-06-11T23:00:00Z')).toBe(200);
    expect(await applyAt('2026-06-14T22:59:59Z')).toBe(200);
    expect(await applyAt('2026-06-14T23:00:00Z')).toBe(400);
    const [row] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row!.usedTimes).toBe(2);
  });

  it('never takes more uses than there are: 100 concurrent applies of a 10-use code, exactly 10 succeed', async () => {
    const { code, id } = await create({ uses: 10 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(code)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(90);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.used_times))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    const [row] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row!.usedTimes).toBe(10);
  });
});

describe('who may manage discounts', () => {
  it('refuses without a session (401), another role even with the grant (403), and a super admin without discounts.manage (403)', async () => {
    const { code } = await create();
    const routes: [string, string, object | undefined][] = [
      ['GET', `${base}/discount/-/project`, undefined],
      ['GET', `${base}/discount`, undefined],
      ['POST', `${base}/discount`, discountBody()],
      ['POST', `${base}/discount/${code}/apply`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await h.call(method as 'POST', url, { body })).status, `${method} ${url}`).toBe(401);
      for (const user of [patient, support, admin]) {
        expect((await h.call(method as 'POST', url, { token: user.token, body })).status, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await h.ctx.database.db.select().from(discounts).where(eq(discounts.code, code));
    expect(row!.usedTimes).toBe(0);
  });
});
