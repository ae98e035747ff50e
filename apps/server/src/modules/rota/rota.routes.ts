import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  ReassignRequest,
  ROTA_MSG,
  RotaDayQuery,
  RotaDayResponse,
  RotaShiftCreate,
  RotaShiftMove,
  RotaShiftResponse,
  ShiftConflict,
  ShiftOverviewResponse,
  ShiftSlotsResponse,
  SlotChangeResponse,
  SlotSelection,
  SuccessOnly,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { createRotaShift, deleteRotaShift, moveRotaShift, reassignSlots, releaseSlots, rotaDay, shiftOverview, shiftSlots, ShiftBookedConflict } from './service';

const tags = ['rota'];

/** Answers a refused shift change with the booked appointments that need reassigning. */
async function orConflict<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShiftBookedConflict) return reply.status(409).send({ success: false as const, message: error.message, booked: error.booked });
    throw error;
  }
}

/**
 * The rota (issue 5), mounted at /api/rota: the shift overview, a day's rota, shift changes through
 * the booking engine, and the selected-slot reassign and release of the shift details page.
 */
export async function rotaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = permission('rota.manage');
  const rotaReaders = permission('rota.read');

  r.get('/overview', {
    config: { access: managers },
    schema: { tags, summary: 'Shift overview: practitioners on shift today with presence, shift times, next appointment, telephone', response: withErrors({ 200: ShiftOverviewResponse }) },
    handler: async (request) => ({ success: true as const, ...(await shiftOverview(ctx.rota, signedInCaller(request))) }),
  });

  r.get('/day', {
    config: { access: rotaReaders },
    schema: { tags, summary: 'The rota of one London day (date dd-MM-yyyy); practitioners see their own row', querystring: RotaDayQuery, response: withErrors({ 200: RotaDayResponse }) },
    handler: async (request) => ({ success: true as const, ...(await rotaDay(ctx.rota, signedInCaller(request), request.query.date)) }),
  });

  r.post('/shifts', {
    config: { access: managers },
    schema: { tags, summary: 'Create a shift for a practitioner: its AVAILABLE slots are made by the booking engine', body: RotaShiftCreate, response: withErrors({ 201: RotaShiftResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, shift: await createRotaShift(ctx.rota, signedInCaller(request), request.body) }),
  });

  r.patch('/shifts/:id', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Move a shift to new times; 409 lists booked appointments the change would take away',
      params: IdParams,
      body: RotaShiftMove,
      response: withErrors({ 200: RotaShiftResponse, 409: ShiftConflict }),
    },
    handler: async (request, reply) =>
      orConflict(reply, async () => ({ success: true as const, shift: await moveRotaShift(ctx.rota, signedInCaller(request), request.params.id, request.body) })),
  });

  r.delete('/shifts/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a shift and its open slots; 409 lists its booked appointments', params: IdParams, response: withErrors({ 200: SuccessOnly, 409: ShiftConflict }) },
    handler: async (request, reply) =>
      orConflict(reply, async () => {
        await deleteRotaShift(ctx.rota, signedInCaller(request), request.params.id);
        return { success: true as const };
      }),
  });

  r.get('/shifts/:id/slots', {
    config: { access: rotaReaders },
    schema: { tags, summary: 'A shift’s 20-minute slots and the colleagues on shift at the same time', params: IdParams, response: withErrors({ 200: ShiftSlotsResponse }) },
    handler: async (request) => ({ success: true as const, ...(await shiftSlots(ctx.rota, signedInCaller(request), request.params.id)) }),
  });

  r.post('/shifts/:id/reassign', {
    config: { access: managers },
    schema: { tags, summary: 'Give selected slots to a colleague on shift: booked ones keep their booking', params: IdParams, body: ReassignRequest, response: withErrors({ 200: SlotChangeResponse }) },
    handler: async (request) => ({
      success: true as const,
      message: ROTA_MSG.reassigned,
      changed: await reassignSlots(ctx.rota, signedInCaller(request), request.params.id, request.body.appointment_ids, request.body.practitioner_id),
    }),
  });

  r.post('/shifts/:id/release', {
    config: { access: rotaReaders },
    schema: { tags, summary: 'Release selected slots: booked ones become CLAIMABLE, open ones leave supply', params: IdParams, body: SlotSelection, response: withErrors({ 200: SlotChangeResponse }) },
    handler: async (request) => ({
      success: true as const,
      message: ROTA_MSG.released,
      changed: await releaseSlots(ctx.rota, signedInCaller(request), request.params.id, request.body.appointment_ids),
    }),
  });
}
