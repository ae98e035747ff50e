import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  e164,
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
import { users, voiceCalls, voiceDevices } from '../../db/schema';
import type { AuditLog } from '../../platform/audit';
import type { Caller, SignedInCaller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { VideoConfig } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JsonValue, LiveHub } from '../../platform/live';
import { hashToken, newToken } from '../../platform/tokens';
import { authoriseVoiceCall, people, type BookingDeps } from '../booking';
import { iceServersFor } from '../video';
import { PhoneProviderError, type PhoneProvider, type ProviderCallStatus } from './phone';

/** Everything the voice service needs; built once per process (ctx.voice). */
export interface VoiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  booking: BookingDeps;
  live: Pick<LiveHub, 'publish'>;
  /** The ICE servers (STUN, TURN with minted credentials) are the video service's. */
  ice: VideoConfig;
  /** The telephone provider (VOICE_PHONE_*); absent, calls ring Vireo pages only. */
  phone: PhoneProvider | undefined;
  /** Where the provider reports a phone call's progress: {PUBLIC_URL}/api/voice/phone/status. */
  phoneStatusUrl: string;
}

type CallRow = typeof voiceCalls.$inferSelect;

const OPEN: VoiceCallStatus[] = ['ringing', 'answered'];

/**
 * POST /api/voice/token: readies the practitioner's call widget (its "device") for an hour. Calls
 * ring the customer's open Vireo page (the built-in provider), and dial numbers when a telephone
 * provider is configured (`phone_calls`; else the widget says phone calls need one).
 */
export async function issueVoiceToken(deps: VoiceDeps, caller: SignedInCaller, input: VoiceTokenRequest): Promise<VoiceTokenResponse> {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VOICE_TOKEN_SECONDS * 1000);
  await deps.db.delete(voiceDevices).where(lt(voiceDevices.expiresAt, now));
  await deps.db.insert(voiceDevices).values({ tokenHash: hashToken(token), userId: caller.auth.userId, identity: input.identity, expiresAt, createdAt: now });
  await deps.audit.record({ action: 'voice.token', outcome: 'success', resourceType: 'user', resourceId: caller.auth.userId }, caller);
  return {
    success: true,
    token,
    identity: input.identity,
    expires_at: epochSeconds(expiresAt),
    provider: 'in_app',
    phone_calls: deps.phone !== undefined,
    own_phone: await ownPhone(deps, caller.auth.userId),
    ice_servers: iceServersFor(deps.ice, caller.auth.userId, now),
  };
}

/** The practitioner's own number from their profile, as the provider dials it; null when there is none. */
async function ownPhone(deps: VoiceDeps, userId: string): Promise<string | null> {
  const [user] = await deps.db.select({ telephone: users.telephone }).from(users).where(eq(users.id, userId));
  return user?.telephone ? e164(user.telephone) : null;
}

/**
 * POST /api/voice/calls: the widget rings a booking user. The caller's device must be theirs and
 * current (401 otherwise); the booking user must belong to an appointment they practise on (404
 * otherwise, as for one that does not exist). In the app, the booking must have a customer account
 * whose pages can ring (409). By phone, a provider must be configured, and the booking user and the
 * practitioner must have numbers (409 each); the provider rings the practitioner, then connects the
 * customer (502 when it refuses). A call of theirs still open (a page reloaded mid-call) ends first.
 */
export async function dial(deps: VoiceDeps, caller: SignedInCaller, input: VoiceDialRequest): Promise<VoiceCall> {
  const now = deps.clock.now();
  const via = input.via ?? 'app';
  const [device] = await deps.db.select().from(voiceDevices).where(eq(voiceDevices.tokenHash, hashToken(input.token)));
  if (!device || device.userId !== caller.auth.userId || device.expiresAt <= now) throw new AppError(401, VOICE_MSG.deviceExpired);
  const { appointmentId, customerUserId, phone } = await authoriseVoiceCall(deps.booking, caller, input.booking_user_id);
  let numbers: { practitioner: string; customer: string } | null = null;
  if (via === 'app' && !customerUserId) throw conflict(VOICE_MSG.noAccount);
  if (via === 'phone') {
    if (!deps.phone) throw conflict(VOICE_MSG.noPhoneProvider);
    const customer = phone ? e164(phone) : null;
    if (!customer) throw conflict(VOICE_MSG.noCustomerPhone);
    const practitioner = await ownPhone(deps, caller.auth.userId);
    if (!practitioner) throw conflict(VOICE_MSG.noOwnPhone);
    numbers = { practitioner, customer };
  }
  const stale = await deps.db
    .update(voiceCalls)
    .set({ status: 'ended', endedAt: now, endedBy: caller.auth.userId })
    .where(and(eq(voiceCalls.callerUserId, caller.auth.userId), inArray(voiceCalls.status, OPEN)))
    .returning();
  for (const row of stale) await announceEnd(deps, caller, row);
  const [inserted] = await deps.db
    .insert(voiceCalls)
    .values({ appointmentId, bookingUserId: input.booking_user_id, callerUserId: caller.auth.userId, calleeUserId: customerUserId, via, status: 'ringing', createdAt: now })
    .returning();
  let row = inserted!;
  await deps.audit.record({ action: 'voice.dial', outcome: 'success', resourceType: 'booking_user', resourceId: input.booking_user_id, details: { call_id: row.id, appointment_id: appointmentId, via } }, caller);
  if (numbers && deps.phone) {
    row = await placePhoneCall(deps, caller, row, deps.phone, numbers);
  } else if (customerUserId) {
    const callerName = (await people(deps.db, [caller.auth.userId])).get(caller.auth.userId)?.name ?? '';
    await publish(deps, [customerUserId], 'voice.ringing', { call_id: row.id, caller_name: callerName });
  }
  return present(deps, row);
}

/** Asks the provider to ring the practitioner and connect the customer; a refusal fails the call (502). */
async function placePhoneCall(deps: VoiceDeps, caller: SignedInCaller, row: CallRow, phone: PhoneProvider, numbers: { practitioner: string; customer: string }): Promise<CallRow> {
  let providerCallId: string;
  try {
    providerCallId = await phone.bridge({ ...numbers, statusUrl: deps.phoneStatusUrl });
  } catch (error) {
    if (!(error instanceof PhoneProviderError)) throw error;
    await finish(deps, caller, row, 'failed', null);
    throw new AppError(502, VOICE_MSG.phoneFailed);
  }
  const [placed] = await deps.db.update(voiceCalls).set({ providerCallId }).where(eq(voiceCalls.id, row.id)).returning();
  return placed!;
}

/**
 * POST /api/voice/phone/status: the provider reports a phone call's progress (signed with the API
 * secret; 403 otherwise). In progress: answered (the practitioner picked up and the customer is
 * being connected); completed: ended, or missed when never answered; busy, no answer: missed;
 * failed: failed; canceled: cancelled. A report on a call that is over changes nothing.
 */
export async function phoneStatus(deps: VoiceDeps, caller: Caller, report: { url: string; fields: Record<string, string>; signature: string }): Promise<void> {
  if (!deps.phone) throw notFound();
  if (!deps.phone.verify(report.url, report.fields, report.signature)) throw new AppError(403, VOICE_MSG.badSignature);
  const { CallSid: providerCallId, CallStatus: status } = report.fields;
  if (!providerCallId || !status) throw badRequest('CallSid and CallStatus are required');
  const [row] = await deps.db.select().from(voiceCalls).where(eq(voiceCalls.providerCallId, providerCallId));
  if (!row || !OPEN.includes(row.status)) return;
  const next = PHONE_STATUS[status as ProviderCallStatus];
  if (next === 'answered') {
    if (row.status !== 'ringing') return;
    const [answered] = await deps.db
      .update(voiceCalls)
      .set({ status: 'answered', answeredAt: deps.clock.now() })
      .where(and(eq(voiceCalls.id, row.id), eq(voiceCalls.status, 'ringing')))
      .returning();
    if (answered) await publish(deps, [row.callerUserId], 'voice.answered', { call_id: row.id, status: 'answered' });
    return;
  }
  if (next) await finish(deps, caller, row, next === 'over' ? (row.status === 'answered' ? 'ended' : 'missed') : next, null);
}

/** What each of the provider's statuses makes of an open call (`over`: ended, or missed if never answered); absent: nothing. */
const PHONE_STATUS: Partial<Record<ProviderCallStatus, VoiceCallStatus | 'over'>> = {
  'in-progress': 'answered',
  completed: 'over',
  busy: 'missed',
  'no-answer': 'missed',
  failed: 'failed',
  canceled: 'cancelled',
};

/**
 * POST /api/voice/calls/{id}/answer: the customer takes the call on one of their pages; the first
 * page wins (409 'answered on another page'), a call already over or rung too long ago answers 409.
 */
export async function answer(deps: VoiceDeps, caller: SignedInCaller, id: string): Promise<VoiceCall> {
  const now = deps.clock.now();
  const row = await callOf(deps, caller, id, 'callee');
  // A phone call is answered on the phone, not on a page.
  if (row.via !== 'app') throw notFound();
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
  await publish(deps, partiesOf(row), 'voice.answered', { call_id: id, status: 'answered' });
  return present(deps, answered);
}

/** POST /api/voice/calls/{id}/signal: an offer, answer or candidate for the other party of an answered call. */
export async function signal(deps: VoiceDeps, caller: SignedInCaller, id: string, sent: CallSignal): Promise<void> {
  const row = await callOf(deps, caller, id, 'either');
  if (row.status !== 'answered') throw conflict(VOICE_MSG.over);
  if (row.via !== 'app') throw conflict(VOICE_MSG.over);
  const other = row.callerUserId === caller.auth.userId ? row.calleeUserId : row.callerUserId;
  if (other) await publish(deps, [other], 'voice.signal', { call_id: id, signal: sent });
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
  // The provider stops ringing or connecting; if it cannot be reached the call ends here all the same.
  if (row.providerCallId && deps.phone) await deps.phone.hangUp(row.providerCallId).catch((error: unknown) => (error instanceof PhoneProviderError ? undefined : Promise.reject(error)));
  const ended = await finish(deps, caller, row, status, caller.auth.userId);
  return present(deps, ended ?? row);
}

async function finish(deps: VoiceDeps, caller: Caller, row: CallRow, status: VoiceCallStatus, endedBy: string | null): Promise<CallRow | undefined> {
  const [ended] = await deps.db
    .update(voiceCalls)
    .set({ status, endedAt: deps.clock.now(), endedBy })
    .where(and(eq(voiceCalls.id, row.id), eq(voiceCalls.status, row.status)))
    .returning();
  if (ended) await announceEnd(deps, caller, ended);
  return ended;
}

/** The call's end is audited (who rang whom, how it ended, how long it lasted) and told to both parties. */
async function announceEnd(deps: VoiceDeps, caller: Caller, row: CallRow): Promise<void> {
  const seconds = row.answeredAt && row.endedAt ? Math.round((row.endedAt.getTime() - row.answeredAt.getTime()) / 1000) : 0;
  await deps.audit.record(
    {
      action: 'voice.call',
      outcome: 'success',
      resourceType: 'booking_user',
      resourceId: row.bookingUserId,
      details: { call_id: row.id, appointment_id: row.appointmentId, caller_user_id: row.callerUserId, via: row.via, status: row.status, duration_seconds: seconds },
      ...(caller.auth ? {} : { actorKind: 'system' as const }),
    },
    caller,
  );
  await publish(deps, partiesOf(row), 'voice.ended', { call_id: row.id, status: row.status });
}

/** The users a call's events go to: the practitioner, and for a call in the app the customer's account. */
function partiesOf(row: CallRow): string[] {
  return row.via === 'app' && row.calleeUserId ? [row.callerUserId, row.calleeUserId] : [row.callerUserId];
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
    via: row.via,
    booking_user_id: row.bookingUserId,
    created_at: epochSeconds(row.createdAt),
    answered_at: seconds(row.answeredAt),
    ended_at: seconds(row.endedAt),
    ice_servers: iceServersFor(deps.ice, row.id, deps.clock.now()),
  };
}
