import type { ListSort, ListSortField } from '@vireo/contracts';
import type { TableView } from '../../components/DataTable';

/** Every booking list and record is cached under this key, so one invalidation refreshes them all. */
export const BOOKING_QUERY_KEY = ['booking'] as const;

/** The page of a list a table shows, in the order it asks the service for. */
export type ListPage = TableView<ListSortField>;

/** The service's paging parameters for a page: no `sort` keeps the list's own order. */
export function pagingParams({ page, pageSize, sort }: ListPage): { limit: number; offset: number; sort?: ListSort } {
  return { limit: pageSize, offset: page * pageSize, ...(sort ? { sort: sort.direction === 'desc' ? (`-${sort.key}` as const) : sort.key } : {}) };
}
