import { useQuery } from '@tanstack/react-query';
import type { CreateOrderRequest, CreateOrderResponse, ProductsResponse, PublicDiscountResponse } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

const BASE = '/api/commerce/v1';

/** The kits on sale that are sent by post (GET /product?include_out_of_stock=true: active; those out of stock flagged, shown disabled), in the catalogue's order. */
export function useShopKits() {
  return useQuery({
    queryKey: ['shop', 'kits'],
    queryFn: ({ signal }) => apiRequest<typeof ProductsResponse>(`${BASE}/product?include_out_of_stock=true`, { signal }).then((answer) => answer.data.filter((product) => product.shippable === 1)),
    staleTime: 60_000,
  });
}

/** GET /discount/{code}: the code's type and value when it may be used today; else the call fails ('Your code is invalid'). */
export function checkDiscount(code: string) {
  return apiRequest<typeof PublicDiscountResponse>(`${BASE}/discount/${encodeURIComponent(code)}`).then((answer) => answer.data);
}

/** POST /order: the order placed and, with a card, charged; a decline answers the gateway's message. */
export function usePlaceOrder() {
  return useSubmitMutation({
    mutationFn: (request: CreateOrderRequest) => apiRequest<typeof CreateOrderResponse>(`${BASE}/order`, { method: 'POST', body: request }),
  });
}
