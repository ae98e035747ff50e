import { and, eq, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { CALL_MSG, PRACTITIONER_LEAVE_DELAY_MS, VIDEO_TOKEN_COOKIE, VIDEO_TOKEN_SECONDS, type AppointmentStatus, type CallRole, type CallServerMessage, type CallSignal, type VideoTokenRequest, type VideoTokenResponse } from '@vireo/contracts';
import { appointments, videoParticipants } from '../../db/schema';
import type { AuditActorKind, AuditLog, AuditOutcome } from '../../platform/audit';
import { originOf, type Caller } from '../../platform/caller';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { VideoConfig } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { CallClientMessage, CallHandler, LiveHub, LiveSocket } from '../../platform/live';
import { hashToken, newToken } from '../../platform/tokens';
import { authoriseCallParticipant, setCallState, type BookingDeps } from '../booking';
import { iceServersFor } from './ice';

/** Everything the video service needs; built once per process (ctx.video). */
export interface VideoDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  booking: BookingDeps;
  live: LiveHub;
  config: VideoConfig;
  /** A connection not refreshed by its process's heartbeat for this long is gone (the process died). */
  staleAfterMs: number;
}

type ParticipantRow = typeof videoParticipants.$inferSelect;

const JOINED_STATUS: Record<CallRole, AppointmentStatus> = { practitioner: 'PRACTITIONER_ATTENDED', patient: 'PATIENT_ATTENDED' };
/** The patient's token from the video cookie of the socket's upgrade request, if any. */
function cookieToken(socket: LiveSocket): string | null {
  const header = socket.request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VIDEO_TOKEN_COOKIE) return value.join('=') || null;
  }
  return null;
}

const other = (role: CallRole): CallRole => (role === 'practitioner' ? 'patient' : 'practitioner');

/**
 * POST /api/video/token: a token for one participant of one appointment's room, valid for
 * VIDEO_TOKEN_SECONDS, stored as its hash; with the ICE servers (TURN credentials minted for it).
 */
export async function issueVideoToken(deps: VideoDeps, caller: Caller, input: VideoTokenRequest): Promise<VideoTokenResponse> {
  const { role, userId } = await authoriseCallParticipant(deps.booking, caller, input.room, input.identity);
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VIDEO_TOKEN_SECONDS * 1000);
  const [row] = await deps.db
    .insert(videoParticipants)
    .values({ appointmentId: input.room, role, tokenHash: hashToken(token), userId, expiresAt, createdAt: now })
    .returning({ id: videoParticipants.id });
  await deps.audit.record({ action: 'video.token', outcome: 'success', resourceType: 'appointment', resourceId: input.room, details: { role } }, caller);
  return { success: true, token, expires_at: epochSeconds(expiresAt), identity: input.identity, room: input.room, ice_servers: iceServersFor(deps.config, row!.id, now) };
}

/**
 * The call rooms: the live hub hands every `call.*` message here. Who is in which room is kept in
 * `video_participants` (a room has at most one practitioner's side and one patient's side, each a
 * socket in any server process), so signalling is relayed only to the other member of the
 * sender's room, through the live channel when that member's socket is in another process. Call
 * states (spec 2 §4.1) follow joins, pauses, hang-ups and departures, including sockets that
 * vanished (their close, or their process's heartbeat stopping).
 */
export class CallRooms implements CallHandler {
  constructor(private readonly deps: VideoDeps) {}

  async message(socket: LiveSocket, message: CallClientMessage): Promise<void> {
    switch (message.type) {
      case 'call.join':
        return this.join(socket, message.token ?? cookieToken(socket));
      case 'call.signal':
        return this.relay(socket, message.signal);
      case 'call.pause':
        return this.pause(socket);
      case 'call.hangup':
        return this.hangUp(socket);
      case 'call.leave':
        return this.depart(socket, 'left');
    }
  }

  async closed(socket: LiveSocket): Promise<void> {
    await this.depart(socket, null);
  }

  async heartbeat(connectionIds: readonly string[]): Promise<void> {
    if (connectionIds.length > 0) {
      await this.deps.db.update(videoParticipants).set({ seenAt: this.deps.clock.now() }).where(inArray(videoParticipants.connectionId, [...connectionIds]));
    }
    await this.settleDepartures();
  }

  /**
   * Applies the departures that are due by the clock: a practitioner's side gone for
   * PRACTITIONER_LEAVE_DELAY_MS (and not back) makes the appointment PRACTITIONER_LEFT unless it is
   * ON_HOLD or COMPLETED; a connection whose process stopped refreshing it is treated as closed then.
   */
  async settleDepartures(): Promise<void> {
    const now = this.deps.clock.now();
    const stale = await this.deps.db
      .update(videoParticipants)
      .set({ connectionId: null, leftAt: videoParticipants.seenAt })
      .where(and(isNotNull(videoParticipants.connectionId), lt(videoParticipants.seenAt, new Date(now.getTime() - this.deps.staleAfterMs))))
      .returning();
    for (const row of stale.filter((r) => r.role === 'patient')) await this.patientLeft(row, null);
    const due = await this.deps.db
      .select()
      .from(videoParticipants)
      .where(and(eq(videoParticipants.role, 'practitioner'), isNull(videoParticipants.connectionId), lte(videoParticipants.leftAt, new Date(now.getTime() - PRACTITIONER_LEAVE_DELAY_MS))));
    for (const row of due) {
      const [claimed] = await this.deps.db
        .update(videoParticipants)
        .set({ leftAt: null })
        .where(and(eq(videoParticipants.id, row.id), isNotNull(videoParticipants.leftAt), isNull(videoParticipants.connectionId)))
        .returning();
      if (!claimed) continue;
      const present = await this.connected(row.appointmentId, now);
      if (present.some((p) => p.role === 'practitioner')) continue;
      const changed = await setCallState(this.deps.booking, row.appointmentId, { status: 'PRACTITIONER_LEFT', actorUserId: null, unless: ['ON_HOLD', 'COMPLETED'] });
      if (changed) await this.audit(null, 'video.status', 'success', row.appointmentId, { from: changed.from, to: changed.to });
    }
  }

  private async join(socket: LiveSocket, sentToken: string | null): Promise<void> {
    const now = this.deps.clock.now();
    const [participant] = sentToken ? await this.deps.db.select().from(videoParticipants).where(eq(videoParticipants.tokenHash, hashToken(sentToken))) : [];
    if (!participant || participant.expiresAt <= now) {
      await this.audit(socket, 'video.join', 'denied', null, { reason: 'invalid' });
      return this.refuse(socket, 'invalid', CALL_MSG.invalid);
    }
    if (socket.call && socket.call.participantId !== participant.id) await this.depart(socket, null);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const [appointment] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, participant.appointmentId)).for('no key update');
      if (!appointment) return { full: true, replaced: null };
      const sameSide = await tx
        .select()
        .from(videoParticipants)
        .where(and(eq(videoParticipants.appointmentId, participant.appointmentId), eq(videoParticipants.role, participant.role), isNotNull(videoParticipants.connectionId)));
      const occupant = sameSide.find((row) => row.id !== participant.id && this.live(row, now));
      // The same person may take their place again from another tab or after a reload; nobody else.
      if (occupant && !(occupant.userId && occupant.userId === participant.userId)) return { full: true, replaced: null };
      const replaced = sameSide.filter((row) => row.connectionId !== socket.id).map((row) => row.connectionId!);
      if (occupant) await tx.update(videoParticipants).set({ connectionId: null, leftAt: null }).where(eq(videoParticipants.id, occupant.id));
      await tx.update(videoParticipants).set({ connectionId: socket.id, joinedAt: now, seenAt: now, leftAt: null }).where(eq(videoParticipants.id, participant.id));
      return { full: false, replaced };
    });
    if (outcome.full) {
      await this.audit(socket, 'video.join', 'denied', participant.appointmentId, { reason: 'full', role: participant.role });
      return this.refuse(socket, 'full', CALL_MSG.full);
    }
    for (const connectionId of outcome.replaced ?? []) await this.removeFromCall(connectionId, 'replaced');
    socket.call = { appointmentId: participant.appointmentId, participantId: participant.id, role: participant.role, peerChanges: 0 };
    await this.audit(socket, 'video.join', 'success', participant.appointmentId, { role: participant.role });
    const changed = await setCallState(this.deps.booking, participant.appointmentId, { status: JOINED_STATUS[participant.role], actorUserId: participant.userId });
    if (changed) await this.audit(socket, 'video.status', 'success', participant.appointmentId, { from: changed.from, to: changed.to });
    const peer = (await this.connected(participant.appointmentId, now)).find((row) => row.role === other(participant.role));
    socket.send({
      type: 'call.joined',
      room: participant.appointmentId,
      role: participant.role,
      polite: participant.role === 'patient',
      peer_present: Boolean(peer),
      ice_servers: iceServersFor(this.deps.config, participant.id, now),
    });
    if (peer?.connectionId) await this.deps.live.sendTo(peer.connectionId, { type: 'call.peer', event: 'joined' });
  }

  /**
   * Passes a signal to the other side of the sender's room. Who that is comes from the database once,
   * then from the socket's membership until the server tells the socket of a change in the room
   * (every join, departure, pause and hang-up does), so a call's burst of candidates costs no lookups.
   */
  private async relay(socket: LiveSocket, signal: CallSignal): Promise<void> {
    const call = socket.call;
    if (!call) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
    let peer = call.peerConnectionId;
    if (peer === undefined) {
      const changes = call.peerChanges;
      const room = await this.roomOf(socket);
      if (!room) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
      peer = room.peer?.connectionId ?? null;
      if (socket.call === call && call.peerChanges === changes) call.peerConnectionId = peer;
    }
    if (peer) await this.deps.live.sendTo(peer, { type: 'call.signal', signal });
  }

  private async pause(socket: LiveSocket): Promise<void> {
    const room = await this.roomOf(socket);
    if (!room) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
    if (room.me.role !== 'practitioner') return this.refuse(socket, 'not_allowed', CALL_MSG.notAllowed);
    const changed = await setCallState(this.deps.booking, room.me.appointmentId, { status: 'ON_HOLD', actorUserId: room.me.userId });
    if (!changed) return this.refuse(socket, 'status', CALL_MSG.statusFailed);
    await this.audit(socket, 'video.status', 'success', room.me.appointmentId, { from: changed.from, to: changed.to });
    // The practitioner leaves; the customer stays in the room, waiting (the Waiting Rooms table).
    await this.removeFromCall(socket.id, 'paused');
    if (room.peer?.connectionId) await this.deps.live.sendTo(room.peer.connectionId, { type: 'call.peer', event: 'paused' });
  }

  private async hangUp(socket: LiveSocket): Promise<void> {
    const room = await this.roomOf(socket);
    if (!room) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
    if (room.me.role === 'patient') {
      await this.removeFromCall(socket.id, 'hangup');
      await this.patientLeft(room.me, socket);
      return;
    }
    const changed = await setCallState(this.deps.booking, room.me.appointmentId, { status: 'COMPLETED', actorUserId: room.me.userId });
    if (!changed) return this.refuse(socket, 'status', CALL_MSG.statusFailed);
    await this.audit(socket, 'video.status', 'success', room.me.appointmentId, { from: changed.from, to: changed.to });
    await this.removeFromCall(socket.id, 'hangup');
    if (room.peer?.connectionId) {
      await this.deps.live.sendTo(room.peer.connectionId, { type: 'call.peer', event: 'ended' });
      await this.removeFromCall(room.peer.connectionId, 'hangup');
    }
  }

  /** The socket left the page (`reason` 'left') or vanished (null): the spec's leave rules. */
  private async depart(socket: LiveSocket, reason: 'left' | null): Promise<void> {
    if (!socket.call) return;
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(videoParticipants)
      .set({ connectionId: null, leftAt: now })
      .where(and(eq(videoParticipants.id, socket.call.participantId), eq(videoParticipants.connectionId, socket.id)))
      .returning();
    socket.call = null;
    if (reason) socket.send({ type: 'call.left', reason });
    if (!row) return;
    await this.audit(socket, 'video.leave', 'success', row.appointmentId, { role: row.role, vanished: reason === null });
    if (row.role === 'patient') {
      await this.patientLeft(row, socket);
      return;
    }
    const peer = (await this.connected(row.appointmentId, now)).find((p) => p.role === 'patient');
    if (peer?.connectionId) await this.deps.live.sendTo(peer.connectionId, { type: 'call.peer', event: 'left' });
    this.scheduleSettle();
  }

  private async patientLeft(row: ParticipantRow, socket: LiveSocket | null): Promise<void> {
    const changed = await setCallState(this.deps.booking, row.appointmentId, { status: 'PATIENT_LEFT', actorUserId: row.userId });
    if (changed) await this.audit(socket, 'video.status', 'success', row.appointmentId, { from: changed.from, to: changed.to });
    const peer = (await this.connected(row.appointmentId, this.deps.clock.now())).find((p) => p.role === 'practitioner');
    if (peer?.connectionId) await this.deps.live.sendTo(peer.connectionId, { type: 'call.peer', event: 'left' });
  }

  /** Takes a connection out of its call without a leave rule (pause, hang-up, replaced by a newer join). */
  private async removeFromCall(connectionId: string, reason: 'hangup' | 'paused' | 'replaced'): Promise<void> {
    await this.deps.db.update(videoParticipants).set({ connectionId: null, leftAt: null }).where(eq(videoParticipants.connectionId, connectionId));
    const local = this.deps.live.withLocalSocket(connectionId, (socket) => {
      socket.call = null;
      socket.send({ type: 'call.left', reason });
    });
    if (!local) await this.deps.live.sendTo(connectionId, { type: 'call.left', reason });
  }

  /** The sender's participant row and the other side's, or null when the socket is not (or no longer) in a room. */
  private async roomOf(socket: LiveSocket): Promise<{ me: ParticipantRow; peer: ParticipantRow | undefined } | null> {
    if (!socket.call) return null;
    const rows = await this.connected(socket.call.appointmentId, this.deps.clock.now());
    const me = rows.find((row) => row.connectionId === socket.id);
    if (!me) {
      socket.call = null;
      return null;
    }
    return { me, peer: rows.find((row) => row.role === other(me.role)) };
  }

  private async connected(appointmentId: string, now: Date): Promise<ParticipantRow[]> {
    const rows = await this.deps.db
      .select()
      .from(videoParticipants)
      .where(and(eq(videoParticipants.appointmentId, appointmentId), isNotNull(videoParticipants.connectionId)));
    return rows.filter((row) => this.live(row, now));
  }

  private live(row: ParticipantRow, now: Date): boolean {
    return Boolean(row.connectionId && row.seenAt && row.seenAt.getTime() > now.getTime() - this.deps.staleAfterMs);
  }

  private refuse(socket: LiveSocket, code: Extract<CallServerMessage, { type: 'call.error' }>['code'], message: string): void {
    socket.send({ type: 'call.error', code, message });
  }

  /** Settles this departure once its 2 seconds are over (the heartbeat settles any a timer missed). */
  private scheduleSettle(): void {
    const timer = setTimeout(() => {
      this.settleDepartures().catch((error: unknown) => this.deps.live.log?.error({ err: error }, 'video: settling departures failed'));
    }, PRACTITIONER_LEAVE_DELAY_MS + 100);
    timer.unref();
  }

  private async audit(socket: LiveSocket | null, action: string, outcome: AuditOutcome, appointmentId: string | null, details: Record<string, unknown>): Promise<void> {
    const caller: Caller = { auth: socket?.auth ?? null, origin: socket ? originOf(socket.request) : null };
    const actorKind: AuditActorKind | undefined = socket && !socket.auth ? 'short_token' : socket ? undefined : 'system';
    await this.deps.audit.record({ action, outcome, resourceType: 'appointment', ...(appointmentId ? { resourceId: appointmentId } : {}), ...(actorKind ? { actorKind } : {}), details }, caller);
  }
}
