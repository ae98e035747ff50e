import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApprovedKitsResponse,
  ColoursResponse,
  ProductHistoryResponse,
  ProductResponse,
  ProductSwitchResponse,
  ProductsResponse,
  SuccessOnly,
  type ProductData,
  type ProductSwitchRequest,
} from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

/** The commerce API's catalogue (spec 3 §7.1). */
const BASE = '/api/commerce/v1';
export const CATALOGUE_QUERY_KEY = ['catalogue'] as const;

/** Every product that is not retired, active or not (products.manage). */
export function useAllProducts() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'products'],
    queryFn: ({ signal }) => apiRequest(`${BASE}/product?include_inactive=true`, { schema: ProductsResponse, signal }).then((answer) => answer.data),
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'product', id],
    queryFn: ({ signal }) => apiRequest(`${BASE}/product/${id}`, { schema: ProductResponse, signal }).then((answer) => answer.data),
    retry: false,
  });
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'history', id],
    queryFn: ({ signal }) => apiRequest(`${BASE}/product/${id}/history`, { schema: ProductHistoryResponse, signal }).then((answer) => answer.data),
  });
}

export function useColours() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'colours'],
    queryFn: ({ signal }) => apiRequest(`${BASE}/colour`, { schema: ColoursResponse, signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });
}

export function useApprovedKits() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'kits'],
    queryFn: ({ signal }) => apiRequest(`${BASE}/approved_kits`, { schema: ApprovedKitsResponse, signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });
}

/** Create, replace (the switches send the whole product with one flag flipped), switch all, delete (retire). */
export function useProductMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY });
  return {
    create: useSubmitMutation({
      mutationFn: (body: ProductData) => apiRequest(`${BASE}/product`, { schema: ProductResponse, method: 'POST', body }).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    replace: useSubmitMutation({
      mutationFn: ({ id, body }: { id: string; body: ProductData }) => apiRequest(`${BASE}/product/${id}`, { schema: ProductResponse, method: 'PUT', body }).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    switchAll: useSubmitMutation({
      mutationFn: (body: ProductSwitchRequest) => apiRequest(`${BASE}/product/switch`, { schema: ProductSwitchResponse, method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useSubmitMutation({
      mutationFn: (id: string) => apiRequest(`${BASE}/product/${id}/delete`, { schema: SuccessOnly, method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}
