import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { BOOKING_MSG, TakeOverRequest, TakeOverResponse, VIDEO_TOKEN_COOKIE, VIDEO_TOKEN_SECONDS, VideoTokenRequest, VideoTokenResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { withErrors } from '../../platform/schemas';
import { takeOver } from '../booking';
import { issueVideoToken } from './service';

const tags = ['video'];

/** The video service (spec 2 §7), mounted at /api/video. */
export async function videoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith('https:');

  r.post('/token', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'A short-lived token for one participant of one appointment’s video room',
      description:
        'identity "nurse": the appointment’s practitioner of record (the practitioner’s seat) or a shift manager of its organisation (a supervisor, listening in: never one of the two seats; their hang-up or leaving changes no status); "patient": its customer (the booker’s session, or the link token in x-short-token). Anyone else, and an appointment that does not exist, answers 404; no session nor link 401; a call that is over 409. The token joins the room over the live socket (`call.join`) for an hour; the patient’s is also set in a cookie for 3600 s. ice_servers carries TURN credentials minted for this token.',
      body: VideoTokenRequest,
      response: withErrors({ 200: VideoTokenResponse }),
    },
    handler: async (request, reply) => {
      const answer = await issueVideoToken(ctx.video, callerOf(request), request.body);
      if (answer.identity === 'patient') {
        reply.header('set-cookie', `${VIDEO_TOKEN_COOKIE}=${answer.token}; Max-Age=${VIDEO_TOKEN_SECONDS}; Path=/api; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
      }
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });

  r.post('/takeover', {
    config: { access: permission('appointments.manage') },
    schema: {
      tags,
      summary: 'A shift manager takes the consultation over: they become the appointment’s practitioner of record',
      description:
        'As a reassign to them, with its supply checks: 400 when they are not a practitioner on shift at its time, 409 when they have another appointment then, when its call is over or it is theirs already; 404 for an appointment of another organisation. The practitioner in the room leaves it (call.left taken_over, with the manager’s name) and their token no longer joins. Audited. The manager then joins again with a "nurse" token, now for the practitioner’s seat.',
      body: TakeOverRequest,
      response: withErrors({ 200: TakeOverResponse }),
    },
    handler: async (request) => {
      const caller = signedInCaller(request);
      const { fromUserId } = await takeOver(ctx.booking, caller, request.body.room);
      await ctx.calls.takenOver(request.body.room, fromUserId, caller.auth.userId);
      return { success: true as const, message: BOOKING_MSG.takenOver };
    },
  });
}
