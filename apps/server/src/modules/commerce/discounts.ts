import { and, asc, count, desc, eq, gt, inArray, like, sql, type AnyColumn } from 'drizzle-orm';
import {
  DISCOUNT_MSG,
  discountPerLine,
  isDiscountValid,
  londonIsoDay,
  type Discount,
  type DiscountData,
  type DiscountLine,
  type DiscountSortField,
  type DiscountsQuery,
  type PublicDiscount,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, conflict, sqlStateOf } from '../../platform/errors';
import { discounts } from '../../db/schema';
import type { CommerceDeps } from './products';

type DiscountRow = typeof discounts.$inferSelect;

export function presentDiscount(row: DiscountRow): Discount {
  return {
    id: row.id,
    project: row.project,
    code: row.code,
    type: row.type as Discount['type'],
    value: row.value,
    active: row.active,
    active_from: row.activeFrom,
    active_to: row.activeTo,
    uses: row.uses,
    used_times: row.usedTimes,
    created_at: epochSeconds(row.createdAt),
  };
}

function presentPublic(row: DiscountRow): PublicDiscount {
  return { code: row.code, type: row.type as Discount['type'], value: row.value, active_to: row.activeTo, uses_left: row.uses - row.usedTimes };
}

/** The one answer to a code that cannot be used, whatever the reason (unknown, inactive, out of its days, used up). */
const invalidCode = () => new AppError(400, DISCOUNT_MSG.invalid, { code: DISCOUNT_MSG.invalid });

/** POST /discount: a new code, active; a code already taken is 409 (the unique index decides, so a race cannot slip by). Audited. */
export async function createDiscount(deps: CommerceDeps, caller: SignedInCaller, input: DiscountData): Promise<Discount> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discounts)
        .values({
          project: input.project,
          code: input.code,
          type: input.type,
          value: input.value,
          active: true,
          activeFrom: input.active_from,
          activeTo: input.active_to,
          uses: input.uses,
          createdAt: deps.clock.now(),
          createdBy: caller.auth.userId,
        })
        .returning();
      if (!row) throw new Error('discount insert returned nothing');
      await deps.audit.record(
        { action: 'discount.created', outcome: 'success', resourceType: 'discount', resourceId: row.id, details: { code: row.code, type: row.type, value: row.value, uses: row.uses } },
        caller,
        tx,
      );
      return presentDiscount(row);
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw conflict(DISCOUNT_MSG.duplicateCode);
    throw error;
  }
}

const SORT_COLUMNS: Record<DiscountSortField, AnyColumn> = {
  code: discounts.code,
  project: discounts.project,
  type: discounts.type,
  value: discounts.value,
  active: discounts.active,
  active_from: discounts.activeFrom,
  active_to: discounts.activeTo,
  uses: discounts.uses,
  used_times: discounts.usedTimes,
  created_at: discounts.createdAt,
};

/** LIKE's wildcards taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /discount's two statements, unsent: a page of discounts and how many match. Filters: code
 * prefix, any of the projects, used (used_times > 0) or unused; the conditions are the partial
 * indexes' own, so each filter has its index. Newest first unless sorted; ties by creation, then id.
 */
export function discountListStatements(db: Db, query: DiscountsQuery) {
  const state = query['filter[state]'];
  const projects = query['filter[project]'] ?? [];
  const where = and(
    query['filter[code]'] ? like(discounts.code, likePrefix(query['filter[code]'])) : undefined,
    projects.length ? inArray(discounts.project, projects) : undefined,
    state === 'used' ? gt(discounts.usedTimes, 0) : state === 'unused' ? eq(discounts.usedTimes, 0) : undefined,
  );
  const direction = query.sort?.direction === 'asc' ? asc : desc;
  const order = query.sort ? [direction(SORT_COLUMNS[query.sort.field]), direction(discounts.createdAt), direction(discounts.id)] : [desc(discounts.createdAt), desc(discounts.id)];
  return {
    page: db
      .select()
      .from(discounts)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    total: db.select({ count: count() }).from(discounts).where(where),
  };
}

/** GET /discount: a page of discounts and totalCount, the number that match. */
export async function listDiscounts(deps: CommerceDeps, query: DiscountsQuery): Promise<{ data: Discount[]; totalCount: number }> {
  const statements = discountListStatements(deps.db, query);
  const [rows, [total]] = await Promise.all([statements.page, statements.total]);
  return { data: rows.map(presentDiscount), totalCount: total?.count ?? 0 };
}

/** GET /discount/-/project: the projects discounts were made for, by name. */
export async function discountProjects(deps: CommerceDeps): Promise<string[]> {
  const rows = await deps.db.selectDistinct({ project: discounts.project }).from(discounts).orderBy(asc(discounts.project));
  return rows.map((row) => row.project);
}

/** The code's row when it may be used on London day `today` ('yyyy-MM-dd'), read without taking a use; else undefined. */
async function usableRow(db: Db, code: string, today: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.code, code));
  return row && isDiscountValid({ active: row.active, active_from: row.activeFrom, active_to: row.activeTo, uses: row.uses, used_times: row.usedTimes }, today) ? row : undefined;
}

/** GET /discount/{code}: a customer's check at checkout; a code that cannot be used today is 'Your code is invalid'. */
export async function checkDiscount(deps: CommerceDeps, code: string): Promise<PublicDiscount> {
  const row = await usableRow(deps.db, code, londonIsoDay(deps.clock.now()));
  if (!row) throw invalidCode();
  return presentPublic(row);
}

/**
 * The pence a code would take off each line on London day `today`, read without taking a use (a
 * price shown before paying); null when the code cannot be used today.
 */
export async function discountOff(db: Db, code: string, lines: readonly DiscountLine[], today: string): Promise<number[] | null> {
  const row = await usableRow(db, code, today);
  return row ? discountPerLine(lines, { type: row.type as Discount['type'], value: row.value }) : null;
}

/**
 * Takes one use of a code on London day `today` ('yyyy-MM-dd') in one conditional UPDATE: the row
 * lock makes concurrent takers queue and recheck, so a code is never used more than `uses` times.
 * Null when the code cannot be used. Orders call this inside their own transaction.
 */
export async function takeDiscountUse(tx: Db, code: string, today: string): Promise<Discount | null> {
  const [row] = await tx
    .update(discounts)
    .set({ usedTimes: sql`${discounts.usedTimes} + 1` })
    .where(
      and(
        eq(discounts.code, code),
        eq(discounts.active, true),
        sql`${discounts.usedTimes} < ${discounts.uses}`,
        sql`${today}::date BETWEEN ${discounts.activeFrom} AND ${discounts.activeTo}`,
      ),
    )
    .returning();
  return row ? presentDiscount(row) : null;
}

/**
 * The shop's discount rule, for any payment: one use of the code taken in the payment's transaction
 * (`takeDiscountUse`) and the pence it takes off each line (contracts' `discountPerLine`); null when
 * the code cannot be used today, so the caller refuses the payment and nothing is charged.
 */
export async function takeDiscountOff(tx: Db, code: string, lines: readonly DiscountLine[], today: string): Promise<{ discount: Discount; off: number[] } | null> {
  const discount = await takeDiscountUse(tx, code, today);
  return discount ? { discount, off: discountPerLine(lines, discount) } : null;
}

/** POST /discount/{code}/apply: one use taken by staff, audited; 'Your code is invalid' when none is left to take. */
export async function applyDiscountCode(deps: CommerceDeps, caller: SignedInCaller, code: string): Promise<Discount> {
  return deps.db.transaction(async (tx) => {
    const taken = await takeDiscountUse(tx, code, londonIsoDay(deps.clock.now()));
    if (!taken) throw invalidCode();
    await deps.audit.record({ action: 'discount.used', outcome: 'success', resourceType: 'discount', resourceId: taken.id, details: { code, used_times: taken.used_times } }, caller, tx);
    return taken;
  });
}
