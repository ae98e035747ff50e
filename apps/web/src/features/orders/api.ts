import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteResponse,
  DispatchOrderRequest,
  FulfilOrderItemRequest,
  OrderAppointmentsResponse,
  OrderNoteResponse,
  OrderResponse,
  ProductsResponse,
  OrderHistoryResponse,
  OrderListResponse,
  RunEventRequest,
  RunEventResponse,
  SuccessOnly,
  UpdateOrderItemRequest,
} from '@vireo/contracts';
import type { input } from 'zod';
import type { TableView } from '../../components/DataTable';
import { apiFile, apiRequest, saveFile } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';
import { orderFilterParams, orderListParams, type OrderSearch } from './search';
import { useAllows } from './useAllows';

/** The commerce API's orders (spec 3 §7.1), for holders of orders.manage. */
const BASE = '/api/commerce/v1/order';
const ORDERS_QUERY_KEY = ['orders'] as const;
const orderKey = (id: string) => [...ORDERS_QUERY_KEY, 'order', id] as const;

/** One page of orders matching the search, newest first; the last page stays on screen while the next loads. */
export function useOrders(search: OrderSearch, view: TableView) {
  const params = orderListParams(search, view.page, view.pageSize);
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'list', params.toString()],
    queryFn: ({ signal }) => apiRequest<typeof OrderListResponse>(`${BASE}?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the orders the search matches (not just the page shown) as the server's CSV file. */
export function useExportOrders() {
  return useSubmitMutation({
    mutationFn: async (search: OrderSearch) => saveFile(await apiFile(`${BASE}/export?${orderFilterParams(search).toString()}`, 'orders.csv')),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => apiRequest<typeof OrderResponse>(`${BASE}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

/** The order's timeline (newest first); refetched with the order after each change. */
export function useOrderHistory(id: string) {
  return useQuery({
    queryKey: [...orderKey(id), 'history'],
    queryFn: ({ signal }) => apiRequest<typeof OrderHistoryResponse>(`${BASE}/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.data),
  });
}

/** The appointments the order paid for (the drawer's Appointments); refetched with the order after each change. */
export function useOrderAppointments(id: string) {
  return useQuery({
    queryKey: [...orderKey(id), 'appointments'],
    queryFn: ({ signal }) => apiRequest<typeof OrderAppointmentsResponse>(`${BASE}/${encodeURIComponent(id)}/appointments`, { signal }).then((answer) => answer.appointments),
  });
}

/** POST /order/{id}/appointments/{appointmentId}/resend: a booking's confirmation e-mail sent again. */
export function useResendBookingConfirmation(id: string) {
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest<typeof SuccessOnly>(`${BASE}/${encodeURIComponent(id)}/appointments/${encodeURIComponent(appointmentId)}/resend`, { method: 'POST' }),
  });
}

/** DELETE /api/booking/{id} as the provider (staff): the booking cancelled, its units back to the order; the order refetched. */
export function useDeleteOrderAppointment() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (appointmentId: string) => apiRequest<typeof DeleteResponse>(`/api/booking/${encodeURIComponent(appointmentId)}?action=delete&actor=admin`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}

/** The changes of one order: each answers the order as it now is, which the drawer and the list show. */
export function useOrderMutations(id: string) {
  const queryClient = useQueryClient();
  const path = `${BASE}/${encodeURIComponent(id)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  return {
    addNote: useSubmitMutation({
      mutationFn: (note: string) => apiRequest<typeof OrderNoteResponse>(`${path}/note`, { method: 'POST', body: { note } }),
      onSuccess: refresh,
    }),
    setQuantity: useSubmitMutation({
      mutationFn: (body: input<typeof UpdateOrderItemRequest>) => apiRequest<typeof OrderResponse>(`${path}/item`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    setFulfilled: useSubmitMutation({
      mutationFn: (body: input<typeof FulfilOrderItemRequest>) => apiRequest<typeof OrderResponse>(`${path}/item`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    dispatch: useSubmitMutation({
      mutationFn: (body: DispatchOrderRequest) => apiRequest<typeof OrderResponse>(`${path}/process`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    setPaymentComplete: useSubmitMutation({
      mutationFn: () => apiRequest<typeof OrderResponse>(path, { method: 'PUT', body: { payment_flag: 'Complete' } }),
      onSuccess: refresh,
    }),
    /** DELETE /order/{id}?email=: the server checks the typed billing e-mail again. */
    cancel: useSubmitMutation({
      mutationFn: (email: string) => apiRequest<typeof SuccessOnly>(`${path}?${new URLSearchParams({ email }).toString()}`, { method: 'DELETE' }),
    }),
  };
}

/** The products on sale (GET /product: active, in stock), to put in place of an order's line; asked only when `enabled`. */
export function useProductsOnSale(enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'products'],
    queryFn: ({ signal }) => apiRequest<typeof ProductsResponse>('/api/commerce/v1/product', { signal }).then((answer) => answer.data),
    enabled,
    staleTime: 60_000,
  });
}

const PROCESSOR = '/api/commerce/v1/processor';

/**
 * Whether the workflow processor answers this session (GET /processor is 200): Resend messages shows only then.
 * Asked only of a session holding the route's permission (processor.manage), so no other role meets a 403.
 */
export function useCanResend() {
  const allowed = useAllows('processor.manage');
  const probe = useQuery({
    queryKey: ['hub-probe', PROCESSOR],
    queryFn: ({ signal }) => apiRequest<typeof SuccessOnly>(PROCESSOR, { signal, signOutOnAuthError: false }).then(() => true),
    enabled: allowed,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return probe.data === true;
}

/** POST /processor/event/run: the order's (or an appointment's) message sent again by the processor's tasks. */
export function useResend() {
  return useSubmitMutation({
    mutationFn: (body: input<typeof RunEventRequest>) => apiRequest<typeof RunEventResponse>(`${PROCESSOR}/event/run`, { method: 'POST', body, signOutOnAuthError: false }),
  });
}
