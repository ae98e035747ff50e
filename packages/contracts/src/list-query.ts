import { z } from 'zod';
import { LIST_QUERY_MSG, LIST_MAX_OFFSET } from './list-query-constants';

export * from './list-query-constants';

/**
 * The query of a list that pages, sorts and filters over allow-listed columns: `limit` rows (1 to
 * `maxLimit`; the server's default when absent) from `offset`, in `sort` order (a column's name,
 * `-` first for descending), narrowed by the list's own filters. The server turns it into SQL with
 * `platform/list-query.ts`, from the same allow-lists.
 */

/** `sort`: one of `columns`, or `-` and one of them; anything else is refused by name. */
export function sortParam<const C extends string>(columns: readonly [C, ...C[]]) {
  return z.enum([...columns, ...columns.map((column) => `-${column}` as const)], { error: LIST_QUERY_MSG.unknownSort });
}

/** The paging and sorting of a list's query; `extend` it with the list's filters. */
export function listQuery<const C extends string>(options: { sortColumns: readonly [C, ...C[]]; maxLimit: number }) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(options.maxLimit).optional(),
    offset: z.coerce.number().int().min(0).max(LIST_MAX_OFFSET).optional(),
    sort: sortParam(options.sortColumns).optional(),
  });
}
