import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  ActivateKitRequest,
  ActivateKitResponse,
  AppointmentResponse,
  KIT_ACTIVATIONS_PER_MINUTE,
  KIT_REGISTRATION_MSG,
  KitRegisteredResponse,
  KitRegistrationRequest,
  KitRegistrationResponse,
  KitsAwaitingResponse,
  AppointmentListResponse,
  BOOKING_MSG,
  BOOKING_PRICE_CHECKS_PER_MINUTE,
  BookingConfirmation,
  DateSearchQuery,
  DateSearchResponse,
  DeleteQuery,
  DeleteResponse,
  EditAppointmentRequest,
  InfoResponse,
  JoinRequest,
  JoinResponse,
  MessageResponse,
  MyAppointmentsResponse,
  PaymentQuery,
  PriceRequest,
  PriceResponse,
  BookingPaymentBody,
  ListPaging,
  ListRangeQuery,
  RescheduleRequest,
  UntimedBookingRequest,
  ServicesResponse,
  ShortTokenResponse,
  OrderSlotsQuery,
  SlotsResponse,
  StatusRequest,
  StatusResponse,
  SuccessOnly,
  UpdateTermsRequest,
  UserVideoTokenRequest,
  text,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, hasPermission, permission } from '../../platform/access';
import { forbidden } from '../../platform/errors';
import { epochSeconds } from '../../platform/clock';
import { tooManyRequests } from '../../platform/errors';
import { IdParams, sendJson } from '../../platform/schemas';
import { bookSelfSwab, payForSlot, priceForSlot } from './book';
import { bookUntimedWithOrder, orderSlotRange, payWithOrder } from './order-booking';
import { appointmentInfo, appointmentsByShortToken, deleteAppointment, editBookingUsers, reschedule, storeUserVideoToken, updateTerms } from './customer';
import { dayWindow, findSlots, getAppointment, present, rangeWindow, refuseStaleSession, searchDates, upcomingOrPast, userHistory } from './lists';
import { renewLink } from './manage-link';
import { activateKit, kitRegistration, kitsAwaiting, registerKit } from './kits';
import { myAppointments } from './mine';
import { joinAppointment } from './practice';
import { callerOf, signedInCaller } from '../../platform/caller';
import { bookingErrors } from './routes-common';
import { describeService } from './services';
import { changeStatus } from './status';

const tags = ['booking'];
const customerNote =
  'Open to the booked customer: a signed-in patient who booked it, or the x-short-token header of the booking link (410 once the appointment is over, unless cancelled in time with a rebook left); support staff too.';

/** The customer side of the booking service (spec 2 §7), mounted at /api/booking. */
export async function bookingCustomerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.booking;

  r.get('/services', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Bookable services with this caller’s price in pence (GBP)',
      description:
        'video_gp (£45; free for a signed-in patient, whose organisation covers it), video_gp_{product} (£29), video_gp_euro (£29, German), video_gp_tui (partner flows, staff only), self_swab (no time, POST /).',
      response: bookingErrors({ 200: ServicesResponse }),
    },
    handler: async (request) => ({ success: true as const, services: [...deps.services.values()].map((s) => describeService(s, request.auth)) }),
  });

  r.get('/', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Bookable slots of a service: by London day (date=dd-MM-yyyy) or by time range (date_time, date_time_to in epoch seconds)',
      description:
        '200 with slots; 204 "No available slots."; 403 when a bearer token is sent but is not a valid session. With product_id and the order’s short token in x-short-token (issue 18; never in the address) only the slots of the line’s window: FLX-UK-ANT-SNS-001 72 to 57 hours before transport_departure_date_time (the range asked is the window then); others from the day before to the day after `date`, before departure (before_flight) or from landing (after_flight); the order’s refusals as for its payment. Same-day slots start more than 30 minutes from now. `user` narrows to one practitioner, `group` to the practitioners of one organisation; `isEuro` means video_gp_euro; `isPharmacy` is accepted and changes nothing yet (pharmacy booking comes with the pharmacy flow).',
      querystring: OrderSlotsQuery,
      response: bookingErrors({ 200: SlotsResponse, 204: z.null() }),
    },
    handler: async (request, reply) => {
      refuseStaleSession(Boolean(request.headers.authorization), request.auth);
      const q = request.query;
      // An order line's window when a product is named; the order's short token (x-short-token) picks the line. A
      // booking's own manage link travels in the same header without a product, and lists slots as ever.
      const forOrder = q.product_id ? { ...q, short_token: callerOf(request).shortToken ?? '', product_id: q.product_id } : null;
      const window = forOrder
        ? await orderSlotRange(deps, forOrder, q.date_time === undefined ? null : rangeWindow(q.date_time, q.date_time_to))
        : q.date
          ? dayWindow(q.date)
          : rangeWindow(q.date_time, q.date_time_to);
      const slots = await findSlots(deps, callerOf(request), {
        service: q.isEuro ? 'video_gp_euro' : q.service,
        ...window,
        language: q.language,
        practitionerUserId: q.user,
        organisationId: q.group,
      });
      if (slots.length === 0) {
        reply.header('x-message', BOOKING_MSG.noAvailableSlots);
        return reply.status(204).send(null);
      }
      return { success: true as const, slots, appointments: slots };
    },
  });

  r.get('/datesearch', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'London days of a range (dd-MM-yyyy) with whether each has bookable slots', querystring: DateSearchQuery, response: bookingErrors({ 200: DateSearchResponse }) },
    handler: async (request) => ({ success: true as const, dates: await searchDates(deps, callerOf(request), request.query) }),
  });

  r.post('/:id/status', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Hold (LOCKED) or release (AVAILABLE) a slot; call states and supply switches for practitioners and managers',
      description:
        'LOCKED holds the slot until 30 minutes after the holder’s first hold and answers a hold_token (send it to move your hold: one slot at a time, and the 30 minutes never restart while they run; a signed-in session always moves its one hold); a held slot answers 409; an address starting more holds than BOOKING_HOLDS_PER_ADDRESS in 30 minutes answers 429. AVAILABLE with the hold_token releases it. Other statuses need a session: the assigned practitioner or a manager (call states), the booked patient (PATIENT_ATTENDED, PATIENT_LEFT).',
      params: IdParams,
      body: StatusRequest,
      response: bookingErrors({ 200: StatusResponse }),
    },
    handler: async (request) => {
      const outcome = await changeStatus(deps, callerOf(request), request.params.id, request.body.status, request.body.hold_token);
      return {
        success: true as const,
        status: outcome.status,
        ...(outcome.hold ? { hold_token: outcome.hold.token, hold_expires_at: epochSeconds(outcome.hold.expiresAt) } : {}),
      };
    },
  });

  r.post('/:id/price', {
    config: {
      access: PUBLIC,
      rateLimit: { max: BOOKING_PRICE_CHECKS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `booking-price:${request.ip}`, errorResponseBuilder: () => tooManyRequests() },
    },
    schema: {
      tags,
      summary: 'What a held slot costs the caller, with a discount code taken off as the shop does (no use is taken)',
      description: "For the hold's holder only (another or lapsed hold: 409 \"Something went wrong, please try again.\"). A code that cannot be used today (unknown, inactive, out of its days, used up): 400 'Your code is invalid'. The payment must then carry `amount` and the same `discount_code`; it takes the code's use in its transaction.",
      params: IdParams,
      body: PriceRequest,
      response: bookingErrors({ 200: PriceResponse }),
    },
    handler: async (request) => ({ success: true as const, price: await priceForSlot(deps, callerOf(request), request.params.id, request.body) }),
  });

  r.post('/:id/payment', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Pay for a held slot and book it (one transaction)',
      description:
        'Card: amount must equal the slot cost for this caller less its `discount_code` (POST /{id}/price tells it; the code\'s use is taken in the payment\'s transaction, before the charge: a code that cannot be used is 400 "Your code is invalid" and nothing is charged; 0 for a covered patient, or for a rebook with the `token` of a booking deleted in time). Declined card: 402, the hold stays. Lapsed or foreign hold: 409 "Something went wrong, please try again.". ignore_fulfillment=true books without using a rebook credit. The hold token is the idempotency key: a retry of a payment that booked answers 200 with the same booking and charges nothing. Test cards: see README. Order (a body with the order\'s short token as `token` and no `amount`, issue 18): the order pays with its units of `product_id`; 409 "This order has been {flag}" (cancelled, failed), not paid, bought over 6 months ago; 400 for a product that is Virtual, not bookable or booked without a time, a slot outside its window (rechecked), more people than units left; 404 for an unknown token. ignore_fulfillment=true (booking.edit: super admins, customer services) books without taking units.',
      params: IdParams,
      querystring: PaymentQuery,
      body: BookingPaymentBody,
      response: bookingErrors({ 200: BookingConfirmation, 201: BookingConfirmation }),
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const options = { ignoreFulfillment: request.query.ignore_fulfillment ?? false };
      // The order's token in the body is what lets the order pay: its holder is the one who acts.
      const result =
        request.body.paid_by === 'order'
          ? await payWithOrder(deps, { ...caller, shortToken: request.body.token }, request.params.id, request.body, options)
          : await payForSlot(deps, caller, request.params.id, request.body, options);
      const [appointment] = await present(deps, { ...caller, shortToken: result.shortToken }, [result.details]);
      const { row } = result.details;
      return reply.status(result.replayed ? 200 : 201).send({
        success: true as const,
        message: BOOKING_MSG.booked,
        confirmation: {
          id: row.id,
          reference: row.providerBookingReference ?? row.id,
          start_time: row.startTime ? epochSeconds(row.startTime) : null,
          end_time: row.endTime ? epochSeconds(row.endTime) : null,
          tz_location: row.tzLocation,
          amount: result.amountPence,
          currency: 'GBP' as const,
          rebooked: result.rebooked,
        },
        short_token: result.shortToken,
        appointment: appointment!,
      });
    },
  });

  r.post('/', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'An untimed booking (type self_swab): people for a self-swab kit (kits.register), or with an order’s `token` and `product_id` the booking of a booking-skipped product the order pays for',
      description:
        'With `token`: FACE-2-FACE-HOTEL or SELF-SWABBING lines only (else 400), the order’s refusals as for POST /{id}/payment, its units taken in the same transaction. Without: a signed-in caller with kits.register (401 / 403).',
      body: UntimedBookingRequest,
      response: bookingErrors({ 201: AppointmentResponse }),
    },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.token && body.product_id) {
        const caller = { ...callerOf(request), shortToken: body.token };
        const details = await bookUntimedWithOrder(deps, caller, { ...body, token: body.token, product_id: body.product_id });
        const [appointment] = await present(deps, caller, [details]);
        return reply.status(201).send({ success: true as const, appointment: appointment! });
      }
      const caller = signedInCaller(request);
      if (!hasPermission(caller.auth, 'kits.register')) throw forbidden();
      const [appointment] = await present(deps, caller, [await bookSelfSwab(deps, caller, body)]);
      return reply.status(201).send({ success: true as const, appointment: appointment! });
    },
  });

  r.get('/:id/kit-registration', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'The people of a self-swab appointment and who has registered a kit (spec 3 §5)',
      description: 'Open to its booker, the signed-in customer of its order, or the x-short-token header of its order (the order’s short token); anyone else 404.',
      params: IdParams,
      response: bookingErrors({ 200: KitRegistrationResponse }),
    },
    handler: async (request) => ({ success: true as const, appointment_id: request.params.id, people: await kitRegistration(deps, callerOf(request), request.params.id) }),
  });

  r.post('/:id/booking-users/:userId/kit', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Register one person’s kit: a kit the order dispatched and nobody registered, the sample’s London date and time, the tick',
      description:
        'As GET /{id}/kit-registration. Saves kit_id, sample_taken valid, date_sampled, the names and activated_by_user true on the person’s metadata (booking_user.metadata.updated); 409 when the person or the kit is registered already.',
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      body: KitRegistrationRequest,
      response: bookingErrors({ 200: KitRegisteredResponse }),
    },
    handler: async (request) => ({
      success: true as const,
      message: KIT_REGISTRATION_MSG.submitted,
      person: await registerKit(deps, callerOf(request), request.params.id, request.params.userId, request.body),
    }),
  });

  r.post('/-/activate-kit', {
    config: {
      access: PUBLIC,
      rateLimit: { max: KIT_ACTIVATIONS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `activate-kit:${request.ip}`, errorResponseBuilder: () => tooManyRequests() },
    },
    schema: {
      tags,
      summary: 'A kit ID and its order’s reference (short token) open the order’s self-swab appointment for kit registration; a refusal says why (kit not dispatched, another order’s kit, order cancelled or failed, kit already activated)',
      body: ActivateKitRequest,
      response: bookingErrors({ 200: ActivateKitResponse }),
    },
    handler: async (request) => ({ success: true as const, appointment_id: await activateKit(deps, callerOf(request), request.body) }),
  });

  r.get('/kits/mine', {
    config: { access: permission('kits.register') },
    schema: { tags, summary: 'The caller’s own self-swab appointments with someone still to register a kit', response: bookingErrors({ 200: KitsAwaitingResponse }) },
    handler: async (request) => ({ success: true as const, appointments: await kitsAwaiting(deps, signedInCaller(request)) }),
  });

  r.get('/:id/info', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'What the patient’s landing page shows (cancelled appointments answer too)', description: customerNote, params: IdParams, response: bookingErrors({ 200: InfoResponse }) },
    handler: async (request) => ({ success: true as const, appointment: await appointmentInfo(deps, callerOf(request), request.params.id) }),
  });

  r.patch('/:id/updateterms', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Record the customer’s terms and marketing choices', description: customerNote, params: IdParams, body: UpdateTermsRequest, response: bookingErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await updateTerms(deps, callerOf(request), request.params.id, request.body);
      return { success: true as const };
    },
  });

  r.delete('/:id', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Delete (cancel) an appointment',
      description: `${customerNote} More than 24 hours before the start the time returns to supply and the same link may rebook once; within 24 hours it is cancelled with a warning and only the practitioner is notified. Managers and customer services with actor practitioner or admin cancel as the provider.`,
      params: IdParams,
      querystring: DeleteQuery,
      response: bookingErrors({ 200: DeleteResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await deleteAppointment(deps, callerOf(request), request.params.id, request.query.actor)) }),
  });

  r.get('/-/short-token/:token', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'The bookings made with a booking link (short token), and whether one may be rebooked without paying',
      description: 'Only bookings that are not over (or were cancelled in time with a rebook left); 410 when the link has no such booking any more, 404 for an unknown link.',
      params: z.object({ token: text().min(20).max(100) }),
      response: bookingErrors({ 200: ShortTokenResponse }),
    },
    handler: async (request) => {
      const caller = { ...callerOf(request), shortToken: request.params.token };
      const { details, rebookCredit } = await appointmentsByShortToken(deps, request.params.token);
      return { success: true as const, appointments: await present(deps, caller, details, 'windowed'), rebook_credit: rebookCredit };
    },
  });

  r.post('/:id/short-token', {
    config: { access: permission('appointments.replaceLink') },
    schema: {
      tags,
      summary: 'Replace the customer’s booking link (customer services, super admins)',
      description:
        'The old link (short token) stops working for every booking made with it; the new link is e-mailed to the payer and the people on the booking, never answered. 409 when the appointment has no link or is over. Audited as booking.link_renewed.',
      params: IdParams,
      response: bookingErrors({ 200: MessageResponse }),
    },
    handler: async (request) => {
      await renewLink(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: BOOKING_MSG.linkRenewed };
    },
  });

  r.post('/:id/uservideotoken', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Store the patient’s video token', description: customerNote, params: IdParams, body: UserVideoTokenRequest, response: bookingErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await storeUserVideoToken(deps, callerOf(request), request.params.id, request.body.user_video_token);
      return { success: true as const };
    },
  });

  r.post('/:id/join', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Join the call: the assigned practitioner or the booked customer', params: IdParams, body: JoinRequest, response: bookingErrors({ 200: JoinResponse }) },
    handler: async (request) => {
      const caller = callerOf(request);
      const { details, room } = await joinAppointment(deps, caller, request.params.id);
      const [appointment] = await present(deps, caller, [details]);
      return { success: true as const, appointment: appointment!, room };
    },
  });

  r.post('/:id/reschedule/:slotId', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Move a booking to a slot the customer holds (until 24 hours before the start)',
      description: customerNote,
      params: z.object({ id: z.uuid(), slotId: z.uuid() }),
      body: RescheduleRequest,
      response: bookingErrors({ 200: AppointmentResponse }),
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const details = await reschedule(deps, caller, request.params.id, request.params.slotId, request.body.hold_token);
      const [appointment] = await present(deps, caller, [details]);
      return { success: true as const, appointment: appointment! };
    },
  });

  r.patch('/:id', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Edit the people on a booking (never fewer; until 24 hours before the start)', description: `${customerNote} On a booking an order paid for, more people take its units; a session with booking.edit (customer services, super admins) takes none, with or without the order's token.`, params: IdParams, body: EditAppointmentRequest, response: bookingErrors({ 200: AppointmentResponse }) },
    handler: async (request) => {
      const caller = callerOf(request);
      const details = await editBookingUsers(deps, caller, request.params.id, request.body.booking_users);
      const [appointment] = await present(deps, caller, [details]);
      return { success: true as const, appointment: appointment! };
    },
  });

  r.get('/getappointments', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'Upcoming appointments: a patient’s own bookings, a practitioner’s own, everyone’s for managers', querystring: ListRangeQuery, response: bookingErrors({ 200: AppointmentListResponse }) },
    handler: async (request, reply) => sendJson(reply, await upcomingOrPast(deps, signedInCaller(request), false, request.query)),
  });

  r.get('/getpastappointments', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'Past appointments, newest first, scoped like /getappointments', querystring: ListRangeQuery, response: bookingErrors({ 200: AppointmentListResponse }) },
    handler: async (request, reply) => sendJson(reply, await upcomingOrPast(deps, signedInCaller(request), true, request.query)),
  });

  r.get('/mine', {
    config: { access: permission('bookings.own') },
    schema: {
      tags,
      summary: 'The caller’s own bookings (booked signed in): upcoming soonest first, past newest first, each with its manage link while the link works',
      response: bookingErrors({ 200: MyAppointmentsResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await myAppointments(deps, signedInCaller(request))) }),
  });

  r.get('/user/:id/history', {
    config: { access: SIGNED_IN },
    schema: { tags, summary: 'Appointments a user booked (themself, or support staff)', params: IdParams, querystring: ListPaging, response: bookingErrors({ 200: AppointmentListResponse }) },
    handler: async (request, reply) => sendJson(reply, await userHistory(deps, signedInCaller(request), request.params.id, request.query)),
  });

  r.get('/:id', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'One appointment: the booked customer (session or link, as for /info), practitioner own or claimable, managers and support all',
      description: `${customerNote} The manage page reads the people of a booking deleted in time from here, to fill in its rebook.`,
      params: IdParams,
      response: bookingErrors({ 200: AppointmentResponse }),
    },
    handler: async (request) => ({ success: true as const, appointment: await getAppointment(deps, callerOf(request), request.params.id) }),
  });
}
