import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  VOICE_MSG,
  VOICE_RING_SECONDS,
  VOICE_TOKEN_SECONDS,
  type CallSignal,
  type VoiceCall,
  type VoiceCallStatus,
  type VoiceDialRequest,
  type VoiceEndRequest,
  type VoiceLiveData,
  type VoiceTokenRequest,
  type VoiceTokenResponse,
} from '@vireo/contracts';
import { voiceCalls, voiceDevices } from '../../db/schema';
import type { AuditLog } from '../../platform/audit';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { VideoConfig } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { JsonValue, LiveHub } from '../../platform/live';
import { hashToken, newToken } from '../../platform/tokens';
import { authoriseVoiceCall, people, type BookingDeps } from '../booking';
import { iceServersFor } from '../video';

/** Everything the voice service needs; built once per process (ctx.voice). */
export interface VoiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  booking: BookingDeps;
  live: Pick<LiveHub, 'publish'>;
  /** The ICE servers (STUN, TURN with minted credentials) are the video service's. */
  ice: VideoConfig;
}

type CallRow = typeof voiceCalls.$inferSelect;

const OPEN: VoiceCallStatus[] = ['ringing', 'answered'];

/**
 * POST /api/voice/token: readies the practitioner's call widget (its "device") for an hour. Calls
 * ring the customer's open Vireo page (the built-in provider); no telephone provider is configured,
 * so `phone_calls` is false and the widget says so.
 */
export async function issueVoiceToken(deps: VoiceDeps, caller: SignedInCaller, input: VoiceTokenRequest): Promise<VoiceTokenResponse> {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VOICE_TOKEN_SECONDS * 1000);
  await deps.db.delete(voiceDevices).where(lt(voiceDevices.expiresAt, now));
  await deps.db.insert(voiceDevices).values({ tokenHash: hashToken(token), userId: caller.auth.userId, identity: input.identity, expiresAt, createdAt: now });
  await deps.audit.record({ action: 'voice.token', outcome: 'success', resourceType: 'user', resourceId: caller.auth.userId }, caller);
  return { success: true, token, identity: input.identity, expires_at: epochSeconds(expiresAt), provider: 'in_app', phone_calls: false, ice_servers: iceServersFor(deps.ice, caller.auth.userId, now) };
}

/**
 * POST /api/voice/calls: the widget rings a booking user. The caller's device must be theirs and
 * current (401 otherwise); the booking user must belong to an appointment they practise on (404
 * otherwise, as for one that does not exist); the booking must have a customer account whose pages
 * can ring (409). A call of theirs still open (a page reloaded mid-call) ends first.
 */
export async function dial(deps: VoiceDeps, caller: SignedInCaller, input: VoiceDialRequest): Promise<VoiceCall> {
  const now = deps.clock.now();
  const [device] = await deps.db.select().from(voiceDevices).where(eq(voiceDevices.tokenHash, hashToken(input.token)));
  if (!device || device.userId !== caller.auth.userId || device.expiresAt <= now) throw new AppError(401, VOICE_MSG.deviceExpired);
  const { appointmentId, customerUserId } = await authoriseVoiceCall(deps.booking, caller, input.booking_user_id);
  if (!customerUserId) throw conflict(VOICE_MSG.noAccount);
  const stale = await deps.db
    .update(voiceCalls)
    .set({ status: 'ended', endedAt: now, endedBy: caller.auth.userId })
    .where(and(eq(voiceCalls.callerUserId, caller.auth.userId), inArray(voiceCalls.status, OPEN)))
    .returning();
  for (const row of stale) await announceEnd(deps, caller, row);
  const [row] = await deps.db
    .insert(voiceCalls)
    .values({ appointmentId, bookingUserId: input.booking_user_id, callerUserId: caller.auth.userId, calleeUserId: customerUserId, status: 'ringing', createdAt: now })
    .returning();
  await deps.audit.record({ action: 'voice.dial', outcome: 'success', resourceType: 'booking_user', resourceId: input.booking_user_id, details: { call_id: row!.id, appointment_id: appointmentId } }, caller);
  const callerName = (await people(deps.db, [caller.auth.userId])).get(caller.auth.userId)?.name ?? '';
  await publish(deps, [customerUserId], 'voice.ringing', { call_id: row!.id, caller_name: callerName });
  return present(deps, row!);
}

/**
 * POST /api/voice/calls/{id}/answer: the customer takes the call on one of their pages; the first
 * page wins (409 'answered on another page'), a call already over or rung too long ago answers 409.
 */
export async function answer(deps: VoiceDeps, caller: SignedInCaller, id: string): Promise<VoiceCall> {
  const now = deps.clock.now();
  const row = await callOf(deps, caller, id, 'callee');
  if (row.status === 'ringing' && now.getTime() - row.createdAt.getTime() > VOICE_RING_SECONDS * 1000) {
    await finish(deps, caller, row, 'missed', null);
    throw conflict(VOICE_MSG.over);
  }
  const [answered] = await deps.db
    .update(voiceCalls)
    .set({ status: 'answered', answeredAt: now })
    .where(and(eq(voiceCalls.id, id), eq(voiceCalls.status, 'ringing')))
    .returning();
  if (!answered) throw conflict(row.status === 'answered' ? VOICE_MSG.answeredElsewhere : VOICE_MSG.over);
  await deps.audit.record({ action: 'voice.answer', outcome: 'success', resourceType: 'booking_user', resourceId: row.bookingUserId, details: { call_id: id } }, caller);
  // The caller's widget starts the connection; the customer's other pages stop ringing.
  await publish(deps, [row.callerUserId, row.calleeUserId], 'voice.answered', { call_id: id, status: 'answered' });
  return present(deps, answered);
}

/** POST /api/voice/calls/{id}/signal: an offer, answer or candidate for the other party of an answered call. */
export async function signal(deps: VoiceDeps, caller: SignedInCaller, id: string, sent: CallSignal): Promise<void> {
  const row = await callOf(deps, caller, id, 'either');
  if (row.status !== 'answered') throw conflict(VOICE_MSG.over);
  const other = row.callerUserId === caller.auth.userId ? row.calleeUserId : row.callerUserId;
  await publish(deps, [other], 'voice.signal', { call_id: id, signal: sent });
}

/**
 * POST /api/voice/calls/{id}/end: either party hangs up. Unanswered, the caller's end is `cancelled`
 * (`missed` when they gave up waiting) and the customer's `rejected`; answered, `ended`. Ending a
 * call that is over answers it as it is.
 */
export async function end(deps: VoiceDeps, caller: SignedInCaller, id: string, input: VoiceEndRequest): Promise<VoiceCall> {
  const row = await callOf(deps, caller, id, 'either');
  if (!OPEN.includes(row.status)) return present(deps, row);
  const byCaller = row.callerUserId === caller.auth.userId;
  const status: VoiceCallStatus = row.status === 'answered' ? 'ended' : !byCaller ? 'rejected' : input.reason === 'no_answer' ? 'missed' : 'cancelled';
  const ended = await finish(deps, caller, row, status, caller.auth.userId);
  return present(deps, ended ?? row);
}

async function finish(deps: VoiceDeps, caller: SignedInCaller, row: CallRow, status: VoiceCallStatus, endedBy: string | null): Promise<CallRow | undefined> {
  const [ended] = await deps.db
    .update(voiceCalls)
    .set({ status, endedAt: deps.clock.now(), endedBy })
    .where(and(eq(voiceCalls.id, row.id), eq(voiceCalls.status, row.status)))
    .returning();
  if (ended) await announceEnd(deps, caller, ended);
  return ended;
}

/** The call's end is audited (who rang whom, how it ended, how long it lasted) and told to both parties. */
async function announceEnd(deps: VoiceDeps, caller: SignedInCaller, row: CallRow): Promise<void> {
  const seconds = row.answeredAt && row.endedAt ? Math.round((row.endedAt.getTime() - row.answeredAt.getTime()) / 1000) : 0;
  await deps.audit.record(
    {
      action: 'voice.call',
      outcome: 'success',
      resourceType: 'booking_user',
      resourceId: row.bookingUserId,
      details: { call_id: row.id, appointment_id: row.appointmentId, caller_user_id: row.callerUserId, status: row.status, duration_seconds: seconds },
    },
    caller,
  );
  await publish(deps, [row.callerUserId, row.calleeUserId], 'voice.ended', { call_id: row.id, status: row.status });
}

/** The call when the caller is its party (`callee`: its customer); 404 for anyone else and for no such call. */
async function callOf(deps: VoiceDeps, caller: SignedInCaller, id: string, as: 'callee' | 'either'): Promise<CallRow> {
  const [row] = await deps.db.select().from(voiceCalls).where(eq(voiceCalls.id, id));
  const me = caller.auth.userId;
  if (!row || (row.calleeUserId !== me && (as === 'callee' || row.callerUserId !== me))) throw notFound();
  return row;
}

function publish(deps: VoiceDeps, userIds: string[], kind: string, data: VoiceLiveData): Promise<void> {
  return deps.live.publish({ topic: 'voice', kind, audience: { userIds }, data: data as JsonValue });
}

function present(deps: VoiceDeps, row: CallRow): VoiceCall {
  const seconds = (date: Date | null) => (date ? epochSeconds(date) : null);
  return {
    id: row.id,
    status: row.status,
    booking_user_id: row.bookingUserId,
    created_at: epochSeconds(row.createdAt),
    answered_at: seconds(row.answeredAt),
    ended_at: seconds(row.endedAt),
    ice_servers: iceServersFor(deps.ice, row.id, deps.clock.now()),
  };
}
