import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  AlternativeLinkResponse,
  AppointmentResponse,
  AppointmentListResponse,
  BOOKING_MSG,
  BookingUserUpdate,
  CERTIFICATE_MSG,
  ClaimableCountResponse,
  ClaimBody,
  ClaimQuery,
  FileResponse,
  IssuedCertificate,
  MessageResponse,
  NoteRequest,
  NotesHistoryResponse,
  PractitionerInfoResponse,
  ReopenRequest,
  ListRangeQuery,
  ResultFields,
  ResultsQuery,
  ResultsResponse,
  SearchQuery,
  SuccessOnly,
  UploadFields,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { parseFields, readMultipart, registerMultipart } from '../../platform/multipart';
import { IdParams, sendJson } from '../../platform/schemas';
import { claimAppointment, countClaimable, listClaimable, releaseAppointment } from './claims';
import { allAppointments, present, practitionerAppointments, resultsBetween, searchAppointments } from './lists';
import {
  addNote,
  appointmentDetails,
  clearPractitioner,
  createAlternativeLink,
  markOnline,
  MAX_IMAGE_BYTES,
  notesHistory,
  practitionerInfo,
  submitResult,
  updateBookingUser,
  uploadFile,
} from './practice';
import { callerOf, signedInCaller } from '../../platform/caller';
import { reopenAppointment } from './status';
import { bookingErrors } from './routes-common';
import { submitCertificate } from '../certificates';

const tags = ['booking: practitioner'];

/** The practitioner and manager side of the booking service (spec 2 §7), mounted at /api/booking. */
export async function bookingPracticeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMultipart(app, MAX_IMAGE_BYTES);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.booking;
  const claim = permission('appointments.claim');
  const practice = permission('appointments.practise');

  r.get('/getclaimappointments', {
    config: { access: claim },
    schema: {
      tags,
      summary: 'Claimable appointments that have not ended, soonest first: starting between date_from and date_to (epoch seconds) when given, else in the next 62 days; one page (limit, offset, sort) with the total',
      querystring: ListRangeQuery,
      response: bookingErrors({ 200: AppointmentListResponse }),
    },
    handler: async (request, reply) => sendJson(reply, await listClaimable(deps, signedInCaller(request), request.query)),
  });

  r.get('/getclaimappointments/count', {
    config: { access: claim },
    schema: {
      tags,
      summary: 'How many claimable appointments start between the start of today and the end of the day three days ahead (UTC): the top bar’s badge',
      response: bookingErrors({ 200: ClaimableCountResponse }),
    },
    handler: async () => ({ success: true as const, count: await countClaimable(deps) }),
  });

  r.post('/:id/claim', {
    config: { access: claim },
    schema: {
      tags,
      summary: 'Claim a claimable appointment (405 when you already have one at that time; retry with override=true)',
      description: 'A manager may claim for a practitioner by their practitioner role id (assigneeRoleId). Of concurrent claims exactly one wins; the others answer 409.',
      params: IdParams,
      querystring: ClaimQuery,
      body: ClaimBody.optional(),
      response: bookingErrors({ 200: AppointmentResponse.extend({ message: z.string() }) }),
    },
    handler: async (request) => {
      const caller = signedInCaller(request);
      const details = await claimAppointment(deps, caller, request.params.id, request.query);
      const [appointment] = await present(deps, caller, [details]);
      return { success: true as const, message: BOOKING_MSG.appointmentClaimed, appointment: appointment! };
    },
  });

  r.post('/:id/release', {
    config: { access: practice },
    schema: { tags, summary: 'Release an appointment: booked → CLAIMABLE, open slot → UNAVAILABLE', params: IdParams, response: bookingErrors({ 200: MessageResponse }) },
    handler: async (request) => {
      await releaseAppointment(deps, signedInCaller(request), request.params.id);
      return { success: true as const, message: BOOKING_MSG.appointmentReleased };
    },
  });

  r.post('/:id/reopen', {
    config: { access: permission('appointments.manage') },
    schema: {
      tags,
      summary: 'Reopen a completed or abandoned appointment without any result or sample (shift managers of its organisation): back to WAITING, the customer’s link works again',
      description: '404 for an appointment of another organisation; 409 from another status, with a result or a sample recorded, or once its end has passed. Audited with the reason.',
      params: IdParams,
      body: ReopenRequest,
      response: bookingErrors({ 200: MessageResponse }),
    },
    handler: async (request) => {
      await reopenAppointment(deps, signedInCaller(request), request.params.id, request.body.reason);
      return { success: true as const, message: BOOKING_MSG.reopened };
    },
  });

  r.put('/:id/booking-users/:userId', {
    config: { access: practice },
    schema: {
      tags,
      summary: 'Update one person on the appointment: result metadata, kit ID, sample taken, address and ID (emits booking_user.metadata.updated)',
      description:
        'With `certificate` (and nothing else) the claimed practitioner creates the person’s certificate: spec 2 §5’s rules answer 400 with a message per field and store nothing; ' +
        'the payload of spec 2 §3 goes on the metadata, and a Positive or Negative result issues a signed certificate (replacing and revoking an earlier one).',
      params: z.object({ id: z.uuid(), userId: z.uuid() }),
      body: BookingUserUpdate,
      response: bookingErrors({ 200: AppointmentResponse.extend({ message: z.string().optional(), certificate: IssuedCertificate.nullable().optional() }) }),
    },
    handler: async (request) => {
      const { certificate, ...changes } = request.body;
      if (certificate) {
        if (Object.keys(changes).length > 0) throw badRequest(CERTIFICATE_MSG.certificateAlone);
        const caller = signedInCaller(request);
        const issued = await submitCertificate(ctx.certificates, caller, request.params.id, request.params.userId, certificate);
        const [appointment] = await present(deps, caller, [await appointmentDetails(deps, request.params.id)]);
        return { success: true as const, message: CERTIFICATE_MSG.generated, appointment: appointment!, certificate: issued };
      }
      const caller = callerOf(request);
      const details = await updateBookingUser(deps, caller, request.params.id, request.params.userId, changes);
      const [appointment] = await present(deps, caller, [details]);
      return { success: true as const, appointment: appointment! };
    },
  });

  r.post('/:id/8x8link', {
    config: { access: practice },
    schema: { tags, summary: 'Create an alternative video room link and e-mail it to the appointment’s people', params: IdParams, response: bookingErrors({ 200: AlternativeLinkResponse }) },
    handler: async (request) => ({ success: true as const, message: BOOKING_MSG.alternativeLinkSent, link: await createAlternativeLink(deps, callerOf(request), request.params.id) }),
  });

  r.post('/:id/addnote', {
    config: { access: practice },
    schema: { tags, summary: 'Add a note to an appointment', params: IdParams, body: NoteRequest, response: bookingErrors({ 201: MessageResponse }) },
    handler: async (request, reply) => {
      await addNote(deps, signedInCaller(request), request.params.id, request.body.content);
      return reply.status(201).send({ success: true as const, message: BOOKING_MSG.noteSaved });
    },
  });

  r.get('/:id/noteshistory', {
    config: { access: practice },
    schema: { tags, summary: 'Notes and status changes of an appointment', params: IdParams, response: bookingErrors({ 200: NotesHistoryResponse }) },
    handler: async (request) => ({ success: true as const, ...(await notesHistory(deps, callerOf(request), request.params.id)) }),
  });

  r.post('/:id/uploadfile', {
    config: { access: practice },
    schema: {
      tags,
      summary: 'Upload an image for the appointment (multipart: file, optional booking_user_id); JPEG, PNG or WebP up to 5 MB',
      params: IdParams,
      consumes: ['multipart/form-data'],
      response: bookingErrors({ 201: FileResponse }),
    },
    handler: async (request, reply) => {
      const { file, fields } = await readMultipart(request, () => badRequest(BOOKING_MSG.noImage, { file: BOOKING_MSG.noImage }));
      const { booking_user_id } = parseFields(UploadFields, fields);
      const id = await uploadFile(deps, ctx.files, callerOf(request), request.params.id, file, booking_user_id);
      return reply.status(201).send({ success: true as const, message: BOOKING_MSG.fileUploaded, file_id: id });
    },
  });

  r.patch('/:id/result', {
    config: { access: practice },
    schema: {
      tags,
      summary: 'Submit one person’s result (multipart: fields of ResultFields, and the photo in file)',
      params: IdParams,
      consumes: ['multipart/form-data'],
      response: bookingErrors({ 200: MessageResponse }),
    },
    handler: async (request) => {
      const { file, fields } = await readMultipart(request, () => badRequest(BOOKING_MSG.noImage, { file: BOOKING_MSG.noImage }));
      await submitResult(deps, ctx.files, callerOf(request), request.params.id, parseFields(ResultFields, fields), file);
      return { success: true as const, message: BOOKING_MSG.resultSent };
    },
  });

  r.patch('/practitioner', {
    config: { access: permission('appointments.attend') },
    schema: { tags, summary: 'Mark the practitioner online now (last online)', response: bookingErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await markOnline(deps, signedInCaller(request));
      return { success: true as const };
    },
  });

  r.get('/practitioner/me', {
    config: { access: permission('appointments.attend') },
    schema: { tags, summary: 'The practitioner’s information: last online and last attended appointment', response: bookingErrors({ 200: PractitionerInfoResponse }) },
    handler: async (request) => ({ success: true as const, practitioner: await practitionerInfo(deps, signedInCaller(request)) }),
  });

  r.delete('/practitioner/:id/clear', {
    config: { access: practice },
    schema: { tags, summary: 'Forget a practitioner’s last attended appointment (themself, or a manager)', params: IdParams, response: bookingErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await clearPractitioner(deps, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });

  r.get('/admin/allappointments', {
    config: { access: permission('appointments.manage') },
    schema: { tags, summary: 'Every appointment in a window (default: from yesterday to a week ahead), one page (limit, offset, sort) with the total', querystring: ListRangeQuery, response: bookingErrors({ 200: AppointmentListResponse }) },
    handler: async (request, reply) => sendJson(reply, await allAppointments(deps, signedInCaller(request), request.query)),
  });

  r.get('/practitioner', {
    config: { access: practice },
    schema: {
      tags,
      summary: 'A practitioner’s appointments of every status between date_from and date_to (epoch seconds; managers: everyone’s)',
      querystring: ListRangeQuery,
      response: bookingErrors({ 200: AppointmentListResponse }),
    },
    handler: async (request, reply) => sendJson(reply, await practitionerAppointments(deps, signedInCaller(request), request.query)),
  });

  r.get('/search', {
    config: { access: permission('appointments.search') },
    schema: {
      tags,
      summary: 'Search appointments (status list, start/end ranges, user, claimable_slot, type, sort); one page (limit, offset, sort) with the total',
      querystring: SearchQuery,
      response: bookingErrors({ 200: AppointmentListResponse }),
    },
    handler: async (request, reply) => sendJson(reply, await searchAppointments(deps, signedInCaller(request), request.query)),
  });

  r.get('/getresults', {
    config: { access: practice },
    schema: { tags, summary: 'People with a result on appointments between time_from and time_to (epoch seconds)', querystring: ResultsQuery, response: bookingErrors({ 200: ResultsResponse }) },
    handler: async (request) => ({ success: true as const, results: await resultsBetween(deps, signedInCaller(request), request.query) }),
  });
}
