import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LIST_QUERY_MSG, listQuery } from '@vireo/contracts';
import { AppError } from './errors';
import { filtersOf, orderByClause, pageOf, sortOrder, type ListFilters } from './list-query';

const COLUMNS = { name: 'lower(t.name)', created: 't.created_at' } as const;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the list query schema', () => {
  const Query = listQuery({ sortColumns: ['name', 'created'], maxLimit: 100 });
  it('takes a column, or - and a column, and pages within bounds', () => {
    expect(Query.parse({ sort: '-created', limit: '100', offset: '0' })).toEqual({ sort: '-created', limit: 100, offset: 0 });
    expect(Query.parse({})).toEqual({});
  });
  it('refuses a column not on the allow-list, in the spec’s words, and pages out of bounds', () => {
    for (const sort of ['password', '--name', 'NAME', '-']) {
      const result = Query.safeParse({ sort });
      expect(result.success, sort).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LIST_QUERY_MSG.unknownSort);
    }
    for (const paging of [{ limit: '0' }, { limit: '101' }, { limit: '2.5' }, { offset: '-1' }, { offset: '1000001' }]) {
      expect(Query.safeParse(paging).success, JSON.stringify(paging)).toBe(false);
    }
  });
});

describe('sortOrder and orderByClause', () => {
  it('answer the allow-listed column’s SQL, rows without a value last, then the tie-breakers', () => {
    expect(orderByClause(sortOrder(COLUMNS, '-name'), ['t.created_at', 't.id'], 'ASC')).toBe('lower(t.name) DESC NULLS LAST, t.created_at ASC, t.id ASC');
    expect(orderByClause(sortOrder(COLUMNS, 'created'), ['t.id'], 'DESC', 'page.sort_key')).toBe('page.sort_key ASC NULLS LAST, t.id DESC');
    expect(orderByClause(sortOrder(COLUMNS, undefined), ['t.created_at', 't.id'], 'DESC')).toBe('t.created_at DESC, t.id DESC');
  });
  it('refuse any other column with 400 "Unknown sort", inherited names included', () => {
    for (const sort of ['password', '-password', 'constructor', 'toString']) {
      const error = refusal(() => sortOrder(COLUMNS, sort));
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(LIST_QUERY_MSG.unknownSort);
      expect(error.errors).toEqual({ sort: LIST_QUERY_MSG.unknownSort });
    }
  });
});

describe('pageOf', () => {
  it('defaults to the largest page from the start', () => {
    expect(pageOf({}, 1000)).toEqual({ limit: 1000, offset: 0 });
    expect(pageOf({ limit: 1, offset: 25 }, 1000)).toEqual({ limit: 1, offset: 25 });
    expect(pageOf({ limit: 1000 }, 1000)).toEqual({ limit: 1000, offset: 0 });
  });
  it('refuses a page out of bounds by name', () => {
    expect(refusal(() => pageOf({ limit: 0 }, 1000)).errors).toEqual({ limit: 'From 1 to 1000' });
    expect(refusal(() => pageOf({ limit: 1001 }, 1000)).statusCode).toBe(400);
    expect(refusal(() => pageOf({ limit: 2.5 }, 1000)).errors).toEqual({ limit: 'From 1 to 1000' });
    expect(refusal(() => pageOf({ offset: -1 }, 1000)).errors).toEqual({ offset: '0 or more' });
  });
});

describe('filtersOf', () => {
  interface Query {
    state?: string | undefined;
    min?: number | undefined;
    note?: string | undefined;
  }
  const FILTERS: ListFilters<Query> = {
    state: (state) => sql`t.state = ${state}`,
    min: (min) => sql`t.amount >= ${min}`,
  };
  const dialect = new PgDialect();
  it('makes the conditions of the allow-listed filters given, and reads no other parameter', () => {
    const where = filtersOf(FILTERS, { state: 'open', min: 0, note: 'x' } as Query);
    expect(dialect.sqlToQuery(where!)).toMatchObject({ sql: '(t.state = $1 and t.amount >= $2)', params: ['open', 0] });
    expect(filtersOf(FILTERS, { note: 'x' })).toBeUndefined();
  });
});
