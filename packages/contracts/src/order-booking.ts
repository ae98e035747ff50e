import { z } from 'zod';
import { Appointment, BOOKING_MSG, DayString, LanguageSchema, ServiceName, SlotsQuery, TimeZoneName, TRANSPORT_TYPES, optionalText } from './booking';
import { BookingUsersInput, PaymentRequest, SelfSwabRequest } from './booking-requests';
import { ORDER_BOOKING_MSG } from './order-booking-constants';
import { normalisedShortToken, ORDER_MSG, SHORT_TOKEN_PATTERN } from './orders-constants';
import { text, Uuid } from './validation';

export * from './order-booking-constants';

/*
 * Booking against an order (issue 18): the order's short token pays for the appointment with its
 * units. POST /api/booking/{slotId}/payment takes either the card payment (PaymentRequest, with
 * `amount`) or this request (the order's `token`, no `amount`); POST /api/booking/ the untimed
 * booking of a booking-skipped product.
 */

/** An order's short token as typed or linked: upper-cased (`normalisedShortToken`), 20 characters of SHORT_TOKEN_ALPHABET. */
export const OrderShortToken = /* @__PURE__ */ text().overwrite(normalisedShortToken).regex(SHORT_TOKEN_PATTERN, ORDER_MSG.notFound);

/** An instant with its offset (ISO 8601), as the wizard's Travel Details step sends it. */
const TravelInstant = /* @__PURE__ */ z.iso.datetime({ offset: true, error: BOOKING_MSG.invalidDate });

/**
 * Travel Details (spec 2 §3 flight details): after_flight products arrive in GB; the departure
 * country is the chosen city's iso2. The window needs the departure (before_flight, FLX) or the
 * landing (after_flight), checked with the product.
 */
export const OrderFlightDetails = z.object({
  transport_arrival_country: /* @__PURE__ */ optionalText(60),
  transport_arrival_date_time: /* @__PURE__ */ TravelInstant.optional(),
  transport_departure_country: /* @__PURE__ */ optionalText(60),
  transport_departure_date_time: /* @__PURE__ */ TravelInstant.optional(),
  transport_number: /* @__PURE__ */ optionalText(20),
  transport_type: z.enum(TRANSPORT_TYPES).optional(),
});
export type OrderFlightDetails = z.infer<typeof OrderFlightDetails>;

/**
 * POST /api/booking/{slotId}/payment paid by an order (spec 3 §7.4 payment request): the held slot,
 * the order line's product, the people (their metadata as spec 3 §7.4: transit, source, discount,
 * short_token, product_id, passport_number, travel_date, test_type, nhs) and the travel. The server
 * writes each person's order_id, short_token and product_id itself.
 */
export const OrderBookingRequest = z.object({
  token: OrderShortToken,
  hold_token: /* @__PURE__ */ text().min(20).max(100),
  product_id: Uuid,
  /** video_gp_{product} or video_gp_euro */
  type: ServiceName,
  booking_users: BookingUsersInput,
  flight_details: /* @__PURE__ */ OrderFlightDetails.optional(),
  /** The date chosen in the calendar (dd-MM-yyyy, Europe/London): the window of products other than FLX. */
  appointment_date: /* @__PURE__ */ DayString.optional(),
  toc_accept: z.literal(true, { error: BOOKING_MSG.acceptTerms }),
  marketing_accept: z.boolean().optional(),
  language: /* @__PURE__ */ LanguageSchema.optional(),
  tz_location: /* @__PURE__ */ TimeZoneName.optional(),
});
export type OrderBookingRequest = z.infer<typeof OrderBookingRequest>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * POST /{id}/payment's body: an order's booking when it has `token` and no `amount`, else the card
 * payment. `paid_by` says which (the server sets it; a client never sends it).
 */
export const BookingPaymentBody = /* @__PURE__ */ z.preprocess(
  (value) => (isRecord(value) ? { ...value, paid_by: 'token' in value && !('amount' in value) ? 'order' : 'card' } : value),
  z.discriminatedUnion('paid_by', [OrderBookingRequest.extend({ paid_by: z.literal('order') }), PaymentRequest.extend({ paid_by: z.literal('card') })]),
);

/**
 * POST /api/booking/ (self_swab): with an order's `token` and `product_id`, the untimed appointment of
 * a booking-skipped product (FACE-2-FACE-HOTEL, SELF-SWABBING) that the order pays for; without
 * them, staff registering people for a kit.
 */
export const UntimedBookingRequest = /* @__PURE__ */ SelfSwabRequest.extend({
  token: OrderShortToken.optional(),
  product_id: Uuid.optional(),
  flight_details: OrderFlightDetails.optional(),
}).refine((body) => (body.token === undefined) === (body.product_id === undefined), { message: ORDER_BOOKING_MSG.notOnOrder, path: ['product_id'] });

/** GET /api/booking/ for an order: its line's window (spec 2 §9), with the travel and the chosen date; the order's short token in x-short-token, never in the address. */
export const OrderSlotsQuery = /* @__PURE__ */ SlotsQuery.extend({
  product_id: Uuid.optional(),
  transport_departure_date_time: TravelInstant.optional(),
  transport_arrival_date_time: TravelInstant.optional(),
});


/** GET /api/commerce/v1/order/{id}/appointments (the order drawer's Appointments): the bookings the order paid for. */
export const OrderAppointmentsResponse = z.object({ success: z.literal(true), appointments: z.array(Appointment) });
export type OrderAppointmentsResponse = z.infer<typeof OrderAppointmentsResponse>;
export const OrderAppointmentParams = z.object({ id: Uuid, appointmentId: Uuid });
