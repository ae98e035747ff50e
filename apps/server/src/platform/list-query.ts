import { and, type SQL } from 'drizzle-orm';
import { LIST_QUERY_MSG } from '@vireo/contracts';
import { badRequest } from './errors';

/**
 * Lists that page, sort and filter over allow-listed columns (the query schema is contracts'
 * `listQuery`). A list names its sortable columns with the SQL each orders by, and its filters with
 * the condition each makes of its value; only those reach a statement. The helpers answer the
 * fragments (ORDER BY, WHERE, LIMIT and OFFSET), so a tuned statement (booking's `list-page.ts`)
 * writes its own text around them, and a Drizzle query takes them as `sql.raw` and conditions.
 */

/** The chosen column's SQL (null: the list's own order) and its direction. */
export interface SortOrder {
  key: string | null;
  descending: boolean;
}

/** `sort` ('column' or '-column') against the allow-list; any other column is 400 "Unknown sort". */
export function sortOrder<C extends string>(columns: Readonly<Record<C, string>>, sort: string | undefined): SortOrder {
  if (!sort) return { key: null, descending: false };
  const descending = sort.startsWith('-');
  const column = descending ? sort.slice(1) : sort;
  if (!Object.hasOwn(columns, column)) throw badRequest(LIST_QUERY_MSG.unknownSort, { sort: LIST_QUERY_MSG.unknownSort });
  return { key: columns[column as C], descending };
}

/**
 * ORDER BY's text: the sort key (`sortKey` when the statement orders by a copy of it; rows without
 * a value last either way), then the tie-breakers, which make the order total, in the list's direction.
 */
export function orderByClause(order: SortOrder, tieBreakers: readonly string[], direction: 'ASC' | 'DESC', sortKey: string | null = order.key): string {
  const ties = tieBreakers.map((column) => `${column} ${direction}`).join(', ');
  return sortKey ? `${sortKey} ${order.descending ? 'DESC' : 'ASC'} NULLS LAST, ${ties}` : ties;
}

export interface Paging {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** LIMIT and OFFSET: `limit` 1 to `maxLimit` (`maxLimit` when absent), `offset` 0 or more; else 400 by name. */
export function pageOf(paging: Paging, maxLimit: number): { limit: number; offset: number } {
  const limit = paging.limit ?? maxLimit;
  const offset = paging.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw badRequest(`limit: from 1 to ${maxLimit}`, { limit: `From 1 to ${maxLimit}` });
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('offset: 0 or more', { offset: '0 or more' });
  return { limit, offset };
}

/** A list's filters: for each query parameter, the condition its value makes. */
export type ListFilters<Q> = { [K in keyof Q]?: (value: NonNullable<Q[K]>) => SQL | undefined };

/** The conditions of the filters the query gives (parameters not in `filters` are never read). */
export function filtersOf<Q extends object>(filters: ListFilters<Q>, query: Q): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  for (const name of Object.keys(filters) as (keyof Q)[]) {
    const value = query[name];
    if (value !== undefined && value !== null) conditions.push(filters[name]!(value as NonNullable<Q[keyof Q]>));
  }
  return and(...conditions);
}
