import type { ORDER_SEARCH_TYPES } from '@vireo/contracts';

/** The order list's search (spec 3 §2.9): one text, read as the type the selector names (a parameter of GET /order). */
export type OrderSearchType = (typeof ORDER_SEARCH_TYPES)[number];

export interface OrderSearch {
  type: OrderSearchType;
  text: string;
}

/** The search a page opens with: a discount code from `?discount=` (the Used Discount List's View Order), else by short token. */
export function initialSearch(params: URLSearchParams): OrderSearch {
  const discount = params.get('discount');
  return discount ? { type: 'discount', text: discount } : { type: 'short_token', text: '' };
}

/**
 * The list's query for one page: the search as the parameter of its type (a code upper-cased as the
 * server keeps codes, an e-mail as typed, trimmed), `page` counted from 1.
 */
export function orderListParams(search: OrderSearch, page: number, pageSize: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page + 1), page_size: String(pageSize) });
  for (const [name, value] of orderFilterParams(search)) params.set(name, value);
  return params;
}

/** The search alone as the list's filter parameters (GET /order/export takes these, unpaged). */
export function orderFilterParams(search: OrderSearch): URLSearchParams {
  const params = new URLSearchParams();
  const text = search.text.trim();
  if (text !== '') params.set(search.type, search.type === 'discount' ? text.toUpperCase() : text);
  return params;
}
