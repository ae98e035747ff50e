import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApprovedKitData,
  type ApprovedKitResponse,
  type ApprovedKitsResponse,
  type MessageResponse,
  type ColoursResponse,
  type ProductHistoryResponse,
  type ProductResponse,
  type ProductSwitchResponse,
  type ProductsResponse,
  type SuccessOnly,
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
    queryFn: ({ signal }) => apiRequest<typeof ProductsResponse>(`${BASE}/product?include_inactive=true`, { signal }).then((answer) => answer.data),
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'product', id],
    queryFn: ({ signal }) => apiRequest<typeof ProductResponse>(`${BASE}/product/${id}`, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'history', id],
    queryFn: ({ signal }) => apiRequest<typeof ProductHistoryResponse>(`${BASE}/product/${id}/history`, { signal }).then((answer) => answer.data),
  });
}

export function useColours() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'colours'],
    queryFn: ({ signal }) => apiRequest<typeof ColoursResponse>(`${BASE}/colour`, { signal }).then((answer) => answer.data),
    staleTime: Infinity,
  });
}

export function useApprovedKits() {
  return useQuery({
    queryKey: [...CATALOGUE_QUERY_KEY, 'kits'],
    queryFn: ({ signal }) => apiRequest<typeof ApprovedKitsResponse>(`${BASE}/approved_kits`, { signal }).then((answer) => answer.data),
  });
}

/** The Kits tab's changes: add a kit, edit one (the whole kit), retire one. */
export function useKitMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...CATALOGUE_QUERY_KEY, 'kits'] });
  return {
    create: useSubmitMutation({
      mutationFn: (body: ApprovedKitData) => apiRequest<typeof ApprovedKitResponse>(`${BASE}/approved_kits`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useSubmitMutation({
      mutationFn: ({ id, body }: { id: string; body: ApprovedKitData }) => apiRequest<typeof ApprovedKitResponse>(`${BASE}/approved_kits/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    retire: useSubmitMutation({
      mutationFn: (id: string) => apiRequest<typeof MessageResponse>(`${BASE}/approved_kits/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

/** Create, replace (the switches send the whole product with one flag flipped), switch all, delete (retire). */
export function useProductMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY });
  return {
    create: useSubmitMutation({
      mutationFn: (body: ProductData) => apiRequest<typeof ProductResponse>(`${BASE}/product`, { method: 'POST', body }).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    replace: useSubmitMutation({
      mutationFn: ({ id, body }: { id: string; body: ProductData }) => apiRequest<typeof ProductResponse>(`${BASE}/product/${id}`, { method: 'PUT', body }).then((answer) => answer.data),
      onSuccess: refresh,
    }),
    switchAll: useSubmitMutation({
      mutationFn: (body: ProductSwitchRequest) => apiRequest<typeof ProductSwitchResponse>(`${BASE}/product/switch`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useSubmitMutation({
      mutationFn: (id: string) => apiRequest<typeof SuccessOnly>(`${BASE}/product/${id}/delete`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}
