import { useQuery } from '@tanstack/react-query';
import type {
  AppointmentResponse,
  ApprovedKitsResponse,
  BookingConfirmation,
  CreateOrderRequest,
  CreateOrderResponse,
  CustomerOrderResponse,
  OrderListResponse,
  OrderBookingRequest,
  OrderDetailsResponse,
  PartnerOrderRequest,
  PartnerOrderResponse,
  PublicPartnerResponse,
  PurchaseCodeInfoResponse,
  PurchaseCodeUseResponse,
  ProductsResponse,
  SlotsResponse,
  UntimedBookingRequest,
} from '@vireo/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';

const COMMERCE = '/api/commerce/v1';
const BOOKING = '/api/booking';

/** The order's short token travels in this header on the booking calls, never in an API URL but its own lookup's. */
const tokenHeaders = (shortToken: string) => ({ 'x-short-token': shortToken });
const publicCall = (shortToken: string) => ({ signOutOnAuthError: false, headers: tokenHeaders(shortToken) });

/** GET /order/-/short-token/{token}: the customer's view of the order (its lines with units fulfilled, its shipping flag). */
export function useOrderByToken(shortToken: string, enabled: boolean) {
  return useQuery({
    queryKey: ['order-booking', 'order', shortToken],
    enabled,
    queryFn: ({ signal }) => apiRequest<typeof CustomerOrderResponse>(`${COMMERCE}/order/-/short-token/${encodeURIComponent(shortToken)}`, { signal, signOutOnAuthError: false }).then((answer) => answer.data),
    retry: false,
  });
}

/** GET /order: a signed-in customer's own orders (orders.own), newest first: the ones they can book with. */
export function useMyOrders(enabled: boolean) {
  return useQuery({
    queryKey: ['order-booking', 'my-orders'],
    enabled,
    queryFn: ({ signal }) => apiRequest<typeof OrderListResponse>(`${COMMERCE}/order?page_size=50`, { signal }).then((answer) => answer.data),
    retry: false,
  });
}

export type CatalogueProduct = ProductsResponse['data'][number];

/** GET /product: the products on sale, with their tags (after_flight, before_flight, additional_info), which order lines do not carry. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['order-booking', 'products'],
    queryFn: ({ signal }) =>
      apiRequest<typeof ProductsResponse>(`${COMMERCE}/product`, { signal, signOutOnAuthError: false }).then((answer) => new Map<string, CatalogueProduct>(answer.data.map((product) => [product.id, product]))),
    staleTime: 5 * 60_000,
  });
}

/** GET /approved_kits: the approved test kits' names; read with the order's short token; a failed load is an empty list (spec 2 §8). */
export function useApprovedKits(shortToken: string) {
  return useQuery({
    queryKey: ['order-booking', 'approved-kits'],
    queryFn: ({ signal }) =>
      apiRequest<typeof ApprovedKitsResponse>(`${COMMERCE}/approved_kits`, { signal, ...publicCall(shortToken) }).then(
        (answer) => answer.data.map((kit) => kit.name),
        () => [] as string[],
      ),
    staleTime: 5 * 60_000,
  });
}

export interface OrderSlotSearch {
  service: string;
  /** The appointment date (dd-MM-yyyy), which the window of products other than the Fit to Fly test follows. */
  date: string;
  shortToken: string;
  productId: string;
  departure?: string | undefined;
  arrival?: string | undefined;
}

type SlotsOrNone = z.ZodOptional<typeof SlotsResponse>;

/** GET /api/booking/ for an order (OrderSlotsQuery, the token in x-short-token): the slots of the line's window, which the server works out from the travel and the date. */
export function useOrderSlots(search: OrderSlotSearch) {
  return useQuery({
    queryKey: ['order-booking', 'slots', search],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ service: search.service, date: search.date, validate_users: 'true', product_id: search.productId });
      if (search.departure) query.set('transport_departure_date_time', search.departure);
      if (search.arrival) query.set('transport_arrival_date_time', search.arrival);
      const answer = await apiRequest<SlotsOrNone>(`${BOOKING}/?${query.toString()}`, { signal, ...publicCall(search.shortToken) });
      return answer?.slots ?? [];
    },
  });
}

/** POST /{slotId}/payment paid by the order: its units pay for the held slot. */
export function payWithOrder(slotId: string, request: OrderBookingRequest, shortToken: string) {
  return apiRequest<typeof BookingConfirmation>(`${BOOKING}/${slotId}/payment`, { method: 'POST', body: request, ...publicCall(shortToken) });
}

/** POST / with the order's token: the untimed appointment of a booking-skipped product. */
export function bookUntimed(request: z.input<typeof UntimedBookingRequest>, shortToken: string) {
  return apiRequest<typeof AppointmentResponse>(`${BOOKING}/`, { method: 'POST', body: request, ...publicCall(shortToken) });
}

/** PATCH /{id}: the people on a booking (never fewer), then POST /{id}/reschedule/{slotId}: the new time. Staff or the link's holder. */
export function editPeople(appointmentId: string, bookingUsers: OrderBookingRequest['booking_users'], shortToken: string) {
  return apiRequest<typeof AppointmentResponse>(`${BOOKING}/${appointmentId}`, { method: 'PATCH', body: { booking_users: bookingUsers }, ...publicCall(shortToken) });
}

export function moveToSlot(appointmentId: string, slotId: string, holdToken: string, shortToken: string) {
  return apiRequest<typeof AppointmentResponse>(`${BOOKING}/${appointmentId}/reschedule/${slotId}`, { method: 'POST', body: { hold_token: holdToken }, ...publicCall(shortToken) });
}

/** GET /purchase-code/{value}: the code's id and uses left today; an unknown code answers 400 'Your code is invalid'. */
export function checkPurchaseCode(value: string, signal?: AbortSignal) {
  return apiRequest<typeof PurchaseCodeInfoResponse>(`${COMMERCE}/purchase-code/${encodeURIComponent(value)}`, { signal, signOutOnAuthError: false }).then((answer) => answer.data);
}

/** POST /order: the pharmacy's (or a partner's) order, its first code as the discount. */
export function placeCodeOrder(request: CreateOrderRequest) {
  return apiRequest<typeof CreateOrderResponse>(`${COMMERCE}/order`, { method: 'POST', body: request });
}

/** POST /purchase-code/{id}/use: an extra code pays one more unit of the order. */
export function takeCodeUse(codeId: string, orderId: string) {
  return apiRequest<typeof PurchaseCodeUseResponse>(`${COMMERCE}/purchase-code/${codeId}/use`, { method: 'POST', body: { order_id: orderId } });
}

/** PUT /order/{id}: payment Complete once the codes paid every unit. */
export function completeCodeOrder(orderId: string) {
  return apiRequest<typeof OrderDetailsResponse>(`${COMMERCE}/order/${orderId}`, { method: 'PUT', body: { payment_flag: 'Complete' } });
}

/** GET /partner-page/{slug} (public): the partner's name, logo, kind, booking service, language, home page and code rules. */
export function usePartnerPage(slug: string) {
  return useQuery({
    queryKey: ['order-booking', 'partner-page', slug],
    queryFn: ({ signal }) => apiRequest<typeof PublicPartnerResponse>(`${COMMERCE}/partner-page/${encodeURIComponent(slug)}`, { signal, signOutOnAuthError: false }).then((answer) => answer.data),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /partner-page/{slug}/order (public): the order its codes pay, placed in one go; its short token books it. */
export function placePartnerOrder(slug: string, request: PartnerOrderRequest) {
  return apiRequest<typeof PartnerOrderResponse>(`${COMMERCE}/partner-page/${encodeURIComponent(slug)}/order`, { method: 'POST', body: request, signOutOnAuthError: false }).then((answer) => answer.order_details);
}
