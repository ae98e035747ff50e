import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DiscountCreatedResponse,
  type DiscountProjectsResponse,
  type DiscountsResponse,
  type DiscountData,
  type DiscountSortField,
  type ProductsResponse,
  type PurchaseCodeBatchCreatedResponse,
  type PurchaseCodeBatchData,
  type PurchaseCodeBatchesResponse,
} from '@vireo/contracts';
import type { TableView } from '../../components/DataTable';
import { apiFile, apiRequest, saveFile } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** The commerce API's discounts (spec 3 §7.1), for holders of discounts.manage. */
const BASE = '/api/commerce/v1/discount';
const DISCOUNTS_QUERY_KEY = ['discounts'] as const;

/** The projects discounts have been generated for, for the generate form and the lists' filter. */
export function useDiscountProjects() {
  return useQuery({
    queryKey: [...DISCOUNTS_QUERY_KEY, 'projects'],
    queryFn: ({ signal }) => apiRequest<typeof DiscountProjectsResponse>(`${BASE}/-/project`, { signal }).then((answer) => answer.data),
  });
}

export type DiscountState = 'used' | 'unused';
export interface DiscountFilter {
  state: DiscountState;
  /** A prefix of the code. */
  code: string;
  projects: readonly string[];
}

/** One page of the unused or used discounts, filtered and sorted by the service; the last page stays on screen while the next loads. */
export function useDiscounts(filter: DiscountFilter, view: TableView<DiscountSortField>) {
  const params = new URLSearchParams({ page: String(view.page + 1), page_size: String(view.pageSize), 'filter[state]': filter.state });
  if (filter.code !== '') params.set('filter[code]', filter.code);
  for (const project of filter.projects) params.append('filter[project]', project);
  if (view.sort) params.set('sort', `${view.sort.key}:${view.sort.direction}`);
  return useQuery({
    queryKey: [...DISCOUNTS_QUERY_KEY, 'list', params.toString()],
    queryFn: ({ signal }) => apiRequest<typeof DiscountsResponse>(`${BASE}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /discount: a new code, active; the lists and projects load again. */
export function useGenerateDiscount() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: DiscountData) => apiRequest<typeof DiscountCreatedResponse>(BASE, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNTS_QUERY_KEY }),
  });
}

const COMMERCE = '/api/commerce/v1';
const PURCHASE_CODES_QUERY_KEY = ['purchase-codes'] as const;

/** The products on sale, for the product a purchase code batch prepays. */
export function useProductsOnSale() {
  return useQuery({
    queryKey: [...PURCHASE_CODES_QUERY_KEY, 'products'],
    queryFn: ({ signal }) => apiRequest<typeof ProductsResponse>(`${COMMERCE}/product`, { signal }).then((answer) => answer.data),
  });
}

/** The purchase code batches, newest first, with the uses taken and left. */
export function usePurchaseCodeBatches() {
  return useQuery({
    queryKey: [...PURCHASE_CODES_QUERY_KEY, 'batches'],
    queryFn: ({ signal }) => apiRequest<typeof PurchaseCodeBatchesResponse>(`${COMMERCE}/purchase-code-batch`, { signal }).then((answer) => answer.data),
  });
}

/** POST /purchase-code-batch: a new batch; the list loads again. */
export function useCreatePurchaseCodeBatch() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: PurchaseCodeBatchData) => apiRequest<typeof PurchaseCodeBatchCreatedResponse>(`${COMMERCE}/purchase-code-batch`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PURCHASE_CODES_QUERY_KEY, 'batches'] }),
  });
}

/** Export CSV: the batch's codes saved as the server's CSV file. */
export function useExportPurchaseCodes() {
  return useSubmitMutation({
    mutationFn: async (batchId: string) => saveFile(await apiFile(`${COMMERCE}/purchase-code-batch/${batchId}/csv`, 'purchase-codes.csv')),
  });
}
