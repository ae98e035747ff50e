import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  AddOrderNoteRequest,
  CancelOrderQuery,
  CreateOrderRequest,
  CreateOrderResponse,
  CustomerOrderResponse,
  DispatchOrderRequest,
  FlightOrderResponse,
  TripRequest,
  TripResponse,
  FulfilOrderItemRequest,
  ORDER_EXPORT_MAX_ROWS,
  ORDER_MSG,
  OrderDetailsResponse,
  OrderExportQuery,
  OrderHistoryResponse,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderAppointmentParams,
  OrderAppointmentsResponse,
  OrderNoteResponse,
  OrderProductsQuery,
  OrderProductsResponse,
  OrderResponse,
  PartnerOrderRequest,
  PartnerOrderResponse,
  PartnerSlugParams,
  ShortTokenParams,
  UpdateOrderItemRequest,
  UpdateOrderRequest,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { tooManyRequests } from '../../platform/errors';
import { withErrors } from '../../platform/schemas';
import { exportOrders } from './export';
import { orderHistory } from './history';
import { placePartnerOrder } from './partner-order';
import { placeOrder } from './place';
import {
  addNote,
  cancelOrder,
  completePayment,
  dispatchOrder,
  flightDetails,
  fulfilItem,
  listOrders,
  orderAppointments,
  orderProducts,
  readByShortToken,
  readOrder,
  resendBookingConfirmation,
  saveTrip,
  updateItem,
} from './service';

const tags = ['orders'];

/** A partner page's orders per client address and minute (each takes codes' uses; a guesser is slowed as the public code check slows one). */
export const PARTNER_ORDERS_PER_MINUTE = 10;

/**
 * Orders and payment (spec 3 §2.9, §7.1; spec 2 §7), mounted at /api/commerce/v1. Staff
 * (orders.manage) reach every order; a customer their own, signed in or by its short token (the
 * x-short-token header; the lookup path carries it itself); anyone else 404. The routes that a short
 * token's holder may call are PUBLIC here and answer 401 without a session or a token.
 */
export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = permission('orders.manage');
  const editItems = permission('orders.edit_items');

  r.post('/order', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Place an order: catalogue prices, the discount, what is due charged (201; a declined card 402 with the Failed order)',
      body: CreateOrderRequest,
      response: withErrors({ 201: CreateOrderResponse, 402: CreateOrderResponse }),
    },
    handler: async (request, reply) => {
      const placed = await placeOrder(ctx.orders, signedInCaller(request), request.body);
      return reply.status(placed.status).send(placed.body);
    },
  });

  r.post('/partner-page/:slug/order', {
    config: {
      access: PUBLIC,
      rateLimit: {
        max: PARTNER_ORDERS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `partner-page.order:${request.ip}`,
        errorResponseBuilder: () => tooManyRequests(),
      },
    },
    schema: {
      tags,
      summary: "Place a partner page's order, one code per person paying each unit (public; 400 with the form's message at codes.{i}; unknown page 404)",
      params: PartnerSlugParams,
      body: PartnerOrderRequest,
      response: withErrors({ 201: PartnerOrderResponse }),
    },
    handler: async (request, reply) => reply.status(201).send(await placePartnerOrder(ctx.orders, callerOf(request), request.params.slug, request.body)),
  });

  r.get('/order', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'A page of orders (page_size default 50), newest first, by email, discount or short_token; Initiated ones with incl_initiated=true. Staff every order, a customer their own',
      querystring: OrderListQuery,
      response: withErrors({ 200: OrderListResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await listOrders(ctx.orders, signedInCaller(request), request.query)) }),
  });

  r.get('/order/export', {
    config: { access: manage },
    schema: {
      tags,
      summary: `The orders GET /order's filters match as a CSV file with the list's columns, at most ${ORDER_EXPORT_MAX_ROWS} (a capped file is named …-first-${ORDER_EXPORT_MAX_ROWS}.csv)`,
      querystring: OrderExportQuery,
      response: withErrors({ 200: z.string() }),
    },
    handler: async (request, reply) => {
      const { filename, csv } = await exportOrders(ctx.orders, signedInCaller(request), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(csv);
    },
  });

  r.get('/order/-/short-token/:token', {
    config: { access: PUBLIC },
    schema: { tags, summary: "The customer's view of the order a short token opens", params: ShortTokenParams, response: withErrors({ 200: CustomerOrderResponse }) },
    handler: async (request) => ({ success: true as const, data: await readByShortToken(ctx.orders, callerOf(request), request.params.token) }),
  });

  r.get('/order/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: "An order: all of it to staff, the customer's view to its customer (session or x-short-token)", params: OrderIdParams, response: withErrors({ 200: OrderDetailsResponse }) },
    handler: async (request) => ({ success: true as const, data: await readOrder(ctx.orders, callerOf(request), request.params.id) }),
  });

  r.put('/order/:id', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'payment_flag Complete: its customer only when nothing is due (409); staff with orders.set_payment_complete a Failed payment (shipping Processing)',
      params: OrderIdParams,
      body: UpdateOrderRequest,
      response: withErrors({ 200: OrderDetailsResponse }),
    },
    handler: async (request) => {
      const { order } = await completePayment(ctx.orders, callerOf(request), request.params.id);
      return { success: true as const, data: order, message: ORDER_MSG.paymentUpdated };
    },
  });

  r.delete('/order/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: "Cancel an order: ?email= its billing e-mail exactly (else 400); its charge refunded, shipping cancelled, its unstarted appointments cancelled and their slots freed",
      params: OrderIdParams,
      querystring: CancelOrderQuery,
      response: withErrors({ 200: OrderResponse }),
    },
    handler: async (request) => ({ success: true as const, data: await cancelOrder(ctx.orders, signedInCaller(request), request.params.id, request.query.email), message: ORDER_MSG.cancelled }),
  });

  r.get('/order/:id/history', {
    config: { access: manage },
    schema: { tags, summary: "The order's timeline, newest first: changes, payments, notes, dispatch, cancellation and e-mails sent, with who and when (from the audit log)", params: OrderIdParams, response: withErrors({ 200: OrderHistoryResponse }) },
    handler: async (request) => ({ success: true as const, data: await orderHistory(ctx.orders, signedInCaller(request), request.params.id) }),
  });

  r.get('/order/:id/appointments', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'The appointments the order paid for (the drawer’s Appointments), soonest first, untimed last, with their people; audited as health data',
      params: OrderIdParams,
      response: withErrors({ 200: OrderAppointmentsResponse }),
    },
    handler: async (request) => ({ success: true as const, appointments: await orderAppointments(ctx.orders, signedInCaller(request), request.params.id) }),
  });

  r.post('/order/:id/appointments/:appointmentId/resend', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Send a booking’s confirmation e-mail again (appointment.booked, with the order’s link); 404 for a booking of another order, 409 for a cancelled one',
      params: OrderAppointmentParams,
      response: withErrors({ 200: z.object({ success: z.literal(true), message: z.string() }) }),
    },
    handler: async (request) => {
      await resendBookingConfirmation(ctx.orders, signedInCaller(request), request.params.id, request.params.appointmentId);
      return { success: true as const, message: ORDER_MSG.resent };
    },
  });

  r.get('/order/:id/product', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: "An order's lines: fulfilled=true those with units fulfilled, false those with units left",
      params: OrderIdParams,
      querystring: OrderProductsQuery,
      response: withErrors({ 200: OrderProductsResponse }),
    },
    handler: async (request) => ({ success: true as const, data: await orderProducts(ctx.orders, callerOf(request), request.params.id, request.query.fulfilled) }),
  });

  r.get('/flight-order/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'The flight details of the appointments booked with an order', params: OrderIdParams, response: withErrors({ 200: FlightOrderResponse }) },
    handler: async (request) => ({ success: true as const, flightDetails: await flightDetails(ctx.orders, callerOf(request), request.params.id) }),
  });

  r.put('/flight-order/:id', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: "Save a trip on the order (its customer by session or x-short-token, or staff): GET /flight-order/{id} answers it first, and the booking wizard's Travel Details start from it",
      params: OrderIdParams,
      body: TripRequest,
      response: withErrors({ 200: TripResponse }),
    },
    handler: async (request) => ({ success: true as const, message: ORDER_MSG.tripSaved, trip: await saveTrip(ctx.orders, callerOf(request), request.params.id, request.body) }),
  });

  r.put('/order/:id/item', {
    config: { access: editItems },
    schema: { tags, summary: "A line's quantity (not below its fulfilled units) or its product (new_product_id)", params: OrderIdParams, body: UpdateOrderItemRequest, response: withErrors({ 200: OrderResponse }) },
    handler: async (request) => ({ success: true as const, data: await updateItem(ctx.orders, signedInCaller(request), request.params.id, request.body), message: ORDER_MSG.quantityUpdated }),
  });

  r.patch('/order/:id/item', {
    config: { access: editItems },
    schema: { tags, summary: "A line's fulfilled units, from 0 to its quantity", params: OrderIdParams, body: FulfilOrderItemRequest, response: withErrors({ 200: OrderResponse }) },
    handler: async (request) => ({ success: true as const, data: await fulfilItem(ctx.orders, signedInCaller(request), request.params.id, request.body), message: ORDER_MSG.fulfillmentUpdated }),
  });

  r.post('/order/:id/note', {
    config: { access: manage },
    schema: { tags, summary: 'Add a note to an order', params: OrderIdParams, body: AddOrderNoteRequest, response: withErrors({ 201: OrderNoteResponse }) },
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await addNote(ctx.orders, signedInCaller(request), request.params.id, request.body.note), message: ORDER_MSG.noteAdded }),
  });

  r.patch('/order/:id/process', {
    config: { access: manage },
    schema: {
      tags,
      summary: "Dispatch: each shipped unit's kit ID (upper case, unique) and tracking reference; shipping Dispatched, the dispatch e-mail",
      params: OrderIdParams,
      body: DispatchOrderRequest,
      response: withErrors({ 200: OrderResponse }),
    },
    handler: async (request) => ({ success: true as const, data: await dispatchOrder(ctx.orders, signedInCaller(request), request.params.id, request.body), message: ORDER_MSG.dispatched }),
  });
}
