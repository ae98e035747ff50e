import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { CreateDoctorRequest, DoctorResponse, DoctorShiftsQuery, DoctorShiftsResponse, DoctorsResponse, MessageResponse, ROTA_MSG, UpdateDoctorRequest } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { shiftsOfPractitioner } from '../rota';
import { createDoctor, listDoctors, resendInvitation, setDoctorDisabled } from './service';

const tags = ['doctors management'];

/**
 * Doctors Management (spec 2 §2.1, issue 5), mounted at /api/doctors: shift managers and super admins
 * list, invite, disable and enable the practitioners of the organisations they manage.
 */
export async function doctorsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = permission('doctors.manage');

  r.get('/', {
    config: { access },
    schema: { tags, summary: 'The practitioners of the organisations the caller manages', response: withErrors({ 200: DoctorsResponse }) },
    handler: async (request) => ({ success: true as const, doctors: await listDoctors(ctx.doctors, signedInCaller(request)) }),
  });

  r.post('/', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a practitioner account; its owner sets a password through the e-mailed invitation before signing in',
      body: CreateDoctorRequest,
      response: withErrors({ 201: DoctorResponse }),
    },
    handler: async (request, reply) => {
      const doctor = await createDoctor(ctx.doctors, signedInCaller(request), request.body);
      return reply.status(201).send({ success: true as const, message: ROTA_MSG.doctorCreated, doctor });
    },
  });

  r.patch('/:id', {
    config: { access },
    schema: { tags, summary: 'Disable (ends every session; booked appointments not yet started become claimable, open slots are withdrawn) or enable a practitioner', params: IdParams, body: UpdateDoctorRequest, response: withErrors({ 200: DoctorResponse }) },
    handler: async (request) => {
      const doctor = await setDoctorDisabled(ctx.doctors, signedInCaller(request), request.params.id, request.body.disabled);
      return { success: true as const, message: request.body.disabled ? ROTA_MSG.doctorDisabled : ROTA_MSG.doctorEnabled, doctor };
    },
  });

  r.post('/:id/invitation', {
    config: { access },
    schema: { tags, summary: 'Send a new set-password invitation (the previous link stops working)', params: IdParams, response: withErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await resendInvitation(ctx.doctors, signedInCaller(request), request.params.id);
      return { success: true as const, message: ROTA_MSG.invitationSent };
    },
  });

  r.get('/:id/shifts', {
    config: { access },
    schema: { tags, summary: 'A practitioner’s shifts between date_from and date_to (epoch seconds)', params: IdParams, querystring: DoctorShiftsQuery, response: withErrors({ 200: DoctorShiftsResponse }) },
    handler: async (request) => ({
      success: true as const,
      shifts: await shiftsOfPractitioner(ctx.rota, signedInCaller(request), request.params.id, request.query.date_from, request.query.date_to),
    }),
  });
}
