import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { SuccessOnly, VoiceCall, VoiceDialRequest, VoiceEndRequest, VoiceSignalRequest, VoiceTokenRequest, VoiceTokenResponse } from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, permission } from '../../platform/access';
import { originOf, signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { answer, dial, end, issueVoiceToken, phoneStatus, signal } from './service';

/** The provider's status report: form fields (CallSid, CallStatus, CallDuration, …), each a text. */
const PhoneStatusReport = z.record(z.string().max(100), z.string().max(2000));

const tags = ['voice'];

/**
 * The voice service (spec 2 §7), mounted at /api/voice: the practitioner's call widget readies its
 * device and rings a booking user; the customer answers on their open Vireo page; both exchange
 * their connection's signals and hang up. A call is between its two users alone: anyone else gets 404.
 * By phone, the provider rings the practitioner, connects the customer and reports to /phone/status.
 */
export async function voiceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const practise = permission('appointments.practise');

  r.post('/token', {
    config: { access: practise },
    schema: {
      tags,
      summary: 'The call widget’s device token, for an hour',
      description: 'provider in_app: calls ring the customer’s open Vireo page. phone_calls: a telephone provider is configured (VOICE_PHONE_*), so calls may go via phone; own_phone is the number such a call rings first.',
      body: VoiceTokenRequest,
      response: withErrors({ 200: VoiceTokenResponse }),
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueVoiceToken(ctx.voice, signedInCaller(request), request.body);
    },
  });

  r.post('/calls', {
    config: { access: practise },
    schema: {
      tags,
      summary: 'Ring a booking user',
      description:
        'token: the widget’s device token (401 when it is not the caller’s or has expired). 404 unless the caller practises on the booking user’s appointment. via app: 409 when the booking has no customer account to ring. via phone: 409 without a provider, a customer number or the caller’s own number; 502 when the provider refuses. Ends any call of the caller’s still open.',
      body: VoiceDialRequest,
      response: withErrors({ 200: VoiceCall }),
    },
    handler: async (request) => dial(ctx.voice, signedInCaller(request), request.body),
  });

  r.post('/calls/:id/answer', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'The customer answers',
      description: '409 when the call was answered on another page, has ended, or rang too long.',
      params: IdParams,
      response: withErrors({ 200: VoiceCall }),
    },
    handler: async (request) => answer(ctx.voice, signedInCaller(request), request.params.id),
  });

  r.post('/calls/:id/signal', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'An offer, answer or ICE candidate for the other party',
      description: 'Delivered to the other party as a voice.signal event on the voice topic; 409 unless the call is answered.',
      params: IdParams,
      body: VoiceSignalRequest,
      response: withErrors({ 200: SuccessOnly }),
    },
    handler: async (request) => {
      await signal(ctx.voice, signedInCaller(request), request.params.id, request.body.signal);
      return { success: true as const };
    },
  });

  r.post('/calls/:id/end', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Hang up, decline, or give up ringing',
      description: 'reason no_answer: the caller stopped waiting (missed). A call already over is answered as it is.',
      params: IdParams,
      body: VoiceEndRequest,
      response: withErrors({ 200: VoiceCall }),
    },
    handler: async (request) => end(ctx.voice, signedInCaller(request), request.params.id, request.body),
  });

  r.post('/phone/status', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'The telephone provider reports a phone call’s progress',
      description:
        'Form fields as a Twilio-compatible provider posts them (CallSid, CallStatus, …), signed in X-Twilio-Signature with the API secret over {PUBLIC_URL}/api/voice/phone/status and the fields: 403 when the signature does not match, 404 without a provider.',
      body: PhoneStatusReport,
      response: withErrors({ 200: SuccessOnly }),
    },
    handler: async (request) => {
      const signature = request.headers['x-twilio-signature'];
      await phoneStatus(ctx.voice, { auth: null, origin: originOf(request) }, { url: ctx.voice.phoneStatusUrl, fields: request.body, signature: typeof signature === 'string' ? signature : '' });
      return { success: true as const };
    },
  });
}
