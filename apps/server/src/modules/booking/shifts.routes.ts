import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ShiftInput, ShiftResponse, ShiftsQuery, ShiftsResponse, ShiftUpdate, SuccessOnly } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { IdParams } from '../../platform/schemas';
import { signedInCaller } from '../../platform/caller';
import { bookingErrors } from './routes-common';
import { rangeWindow } from './lists';
import { createShift, listShifts, removeShift, updateShift } from './supply';

const tags = ['booking: shifts'];

/**
 * Shifts: a practitioner's working time, which makes AVAILABLE 20-minute slots (three an hour).
 * Practitioners plan their own; shift managers and super admins plan anyone's.
 */
export async function shiftRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.booking;
  const access = permission('shifts.edit');

  r.get('/shifts', {
    config: { access },
    schema: { tags, summary: 'Shifts overlapping a window (epoch seconds); practitioners see their own', querystring: ShiftsQuery, response: bookingErrors({ 200: ShiftsResponse }) },
    handler: async (request) => {
      const window = rangeWindow(request.query.date_from, request.query.date_to);
      return { success: true as const, shifts: await listShifts(deps, signedInCaller(request), { ...window, practitionerId: request.query.practitioner_id }) };
    },
  });

  r.post('/shifts', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a shift and its slots (start and end on :00, :20 or :40; at most 16 hours; no overlap with the practitioner’s other shifts)',
      body: ShiftInput,
      response: bookingErrors({ 201: ShiftResponse }),
    },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, shift: await createShift(deps, signedInCaller(request), request.body) }),
  });

  r.patch('/shifts/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Change a shift: slots outside the new times leave supply (booked ones become claimable), new times get slots',
      params: IdParams,
      body: ShiftUpdate,
      response: bookingErrors({ 200: ShiftResponse }),
    },
    handler: async (request) => ({ success: true as const, shift: await updateShift(deps, signedInCaller(request), request.params.id, request.body) }),
  });

  r.delete('/shifts/:id', {
    config: { access },
    schema: { tags, summary: 'Remove a shift: its open slots are deleted, booked ones become claimable', params: IdParams, response: bookingErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await removeShift(deps, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });
}
