import { and, eq, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { CALL_MSG, PRACTITIONER_LEAVE_DELAY_MS, VIDEO_TOKEN_COOKIE, VIDEO_TOKEN_SECONDS, type AppointmentStatus, type CallRole, type CallServerMessage, type CallSignal, type VideoTokenRequest, type VideoTokenResponse } from '@vireo/contracts';
import { appointments, users, videoParticipants } from '../../db/schema';
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

/** A seat's joining sets the call state; a supervisor's sets none. */
const JOINED_STATUS: Partial<Record<CallRole, AppointmentStatus>> = { practitioner: 'PRACTITIONER_ATTENDED', patient: 'PATIENT_ATTENDED' };
/** The patient's token from the video cookie of the socket's upgrade request, if any. */
function cookieToken(socket: LiveSocket): string | null {
  const header = socket.request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VIDEO_TOKEN_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** The other of the two seats (practitioner and customer); a supervisor holds none. */
const otherSeat = (role: CallRole): CallRole | null => (role === 'practitioner' ? 'patient' : role === 'patient' ? 'practitioner' : null);

type PeerMessage = Extract<CallServerMessage, { type: 'call.peer' }>;

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
 * `video_participants`: a room has two seats, the practitioner of record's and the customer's, and
 * at most one supervisor (a shift manager listening in), each a socket in any server process.
 * Signalling is relayed only to the member of the sender's room it names (by default the other
 * seat), through the live channel when that member's socket is in another process. Call states
 * (spec 2 §4.1) follow the seats' joins, pauses, hang-ups and departures, including sockets that
 * vanished (their close, or their process's heartbeat stopping); a supervisor's change none.
 */
export class CallRooms implements CallHandler {
  constructor(private readonly deps: VideoDeps) {}

  async message(socket: LiveSocket, message: CallClientMessage): Promise<void> {
    switch (message.type) {
      case 'call.join':
        return this.join(socket, message.token ?? cookieToken(socket));
      case 'call.signal':
        return this.relay(socket, message.signal, message.to);
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
   * One settling at a time in this process: a departure's timer and the heartbeat (or a test) may ask
   * together, and whoever asks returns only once what was due is applied, not while the other's
   * claimed departure is still on its way to PRACTITIONER_LEFT.
   */
  settleDepartures(): Promise<void> {
    const run = this.settling.then(() => this.settleDue());
    this.settling = run.catch(() => undefined);
    return run;
  }

  private settling: Promise<void> = Promise.resolve();

  private async settleDue(): Promise<void> {
    const now = this.deps.clock.now();
    const stale = await this.deps.db
      .update(videoParticipants)
      .set({ connectionId: null, leftAt: videoParticipants.seenAt })
      .where(and(isNotNull(videoParticipants.connectionId), lt(videoParticipants.seenAt, new Date(now.getTime() - this.deps.staleAfterMs))))
      .returning();
    for (const row of stale) {
      if (row.role === 'patient') await this.patientLeft(row, null);
      else if (row.role === 'supervisor') await this.announce(row.appointmentId, null, { type: 'call.peer', event: 'left', role: 'supervisor' });
    }
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
      const [appointment] = await tx
        .select({ id: appointments.id, practitionerUserId: appointments.practitionerUserId })
        .from(appointments)
        .where(eq(appointments.id, participant.appointmentId))
        .for('no key update');
      // The practitioner's seat is the practitioner of record's: a token of one who has since been replaced no longer works.
      if (!appointment || (participant.role === 'practitioner' && appointment.practitionerUserId !== participant.userId)) return { refused: 'invalid' as const, replaced: null };
      const sameSide = await tx
        .select()
        .from(videoParticipants)
        .where(and(eq(videoParticipants.appointmentId, participant.appointmentId), eq(videoParticipants.role, participant.role), isNotNull(videoParticipants.connectionId)));
      const occupant = sameSide.find((row) => row.id !== participant.id && this.live(row, now));
      // The same person may take their place again from another tab or after a reload; nobody else.
      if (occupant && !(occupant.userId && occupant.userId === participant.userId)) return { refused: 'full' as const, replaced: null };
      const replaced = sameSide.filter((row) => row.connectionId !== socket.id).map((row) => row.connectionId!);
      if (occupant) await tx.update(videoParticipants).set({ connectionId: null, leftAt: null }).where(eq(videoParticipants.id, occupant.id));
      await tx.update(videoParticipants).set({ connectionId: socket.id, joinedAt: now, seenAt: now, leftAt: null }).where(eq(videoParticipants.id, participant.id));
      return { refused: null, replaced };
    });
    if (outcome.refused) {
      await this.audit(socket, 'video.join', 'denied', participant.appointmentId, { reason: outcome.refused, role: participant.role });
      if (outcome.refused === 'invalid') return this.refuse(socket, 'invalid', CALL_MSG.invalid);
      return this.refuse(socket, 'full', participant.role === 'supervisor' ? CALL_MSG.supervisorPresent : CALL_MSG.full);
    }
    for (const connectionId of outcome.replaced ?? []) await this.removeFromCall(connectionId, 'replaced');
    socket.call = { appointmentId: participant.appointmentId, participantId: participant.id, role: participant.role, peerConnectionIds: {}, peerChanges: 0 };
    await this.audit(socket, 'video.join', 'success', participant.appointmentId, { role: participant.role });
    const joinedStatus = JOINED_STATUS[participant.role];
    const changed = joinedStatus ? await setCallState(this.deps.booking, participant.appointmentId, { status: joinedStatus, actorUserId: participant.userId }) : null;
    if (changed) await this.audit(socket, 'video.status', 'success', participant.appointmentId, { from: changed.from, to: changed.to });
    const others = (await this.connected(participant.appointmentId, now)).filter((row) => row.id !== participant.id);
    const supervisorRow = others.find((row) => row.role === 'supervisor');
    socket.send({
      type: 'call.joined',
      room: participant.appointmentId,
      role: participant.role,
      polite: participant.role === 'patient',
      peer_present: others.some((row) => row.role === otherSeat(participant.role)),
      present: others.map((row) => row.role),
      supervisor: supervisorRow ? { name: await this.nameOf(supervisorRow.userId) } : null,
      ice_servers: iceServersFor(this.deps.config, participant.id, now),
    });
    const supervisor = participant.role === 'supervisor' ? { supervisor: { name: await this.nameOf(participant.userId) } } : {};
    await this.announce(participant.appointmentId, socket.id, { type: 'call.peer', event: 'joined', role: participant.role, ...supervisor });
  }

  /**
   * A shift manager took the appointment over (booking's `takeOver` has made them its practitioner
   * of record): the practitioner who held the seat leaves the call, told by whom; their token no
   * longer joins. No leave rule applies (the appointment is not left without a practitioner).
   */
  async takenOver(appointmentId: string, formerPractitionerUserId: string, byUserId: string): Promise<void> {
    const seats = await this.deps.db
      .select()
      .from(videoParticipants)
      .where(and(eq(videoParticipants.appointmentId, appointmentId), eq(videoParticipants.role, 'practitioner'), eq(videoParticipants.userId, formerPractitionerUserId), isNotNull(videoParticipants.connectionId)));
    const by = await this.nameOf(byUserId);
    for (const seat of seats) {
      await this.removeFromCall(seat.connectionId!, 'taken_over', by);
      await this.announce(appointmentId, null, { type: 'call.peer', event: 'left', role: 'practitioner' });
    }
  }

  /**
   * Passes a signal to the other side of the sender's room. Who that is comes from the database once,
   * then from the socket's membership until the server tells the socket of a change in the room
   * (every join, departure, pause and hang-up does), so a call's burst of candidates costs no lookups.
   */
  private async relay(socket: LiveSocket, signal: CallSignal, to: CallRole | undefined): Promise<void> {
    const call = socket.call;
    if (!call) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
    const target = to ?? otherSeat(call.role);
    if (!target || target === call.role) return;
    let peer = call.peerConnectionIds[target];
    if (peer === undefined) {
      const changes = call.peerChanges;
      const room = await this.roomOf(socket);
      if (!room) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
      peer = room.others.find((row) => row.role === target)?.connectionId ?? null;
      if (socket.call === call && call.peerChanges === changes) call.peerConnectionIds[target] = peer;
    }
    if (peer) await this.deps.live.sendTo(peer, { type: 'call.signal', signal, from: call.role });
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
    await this.tell(room.others, { type: 'call.peer', event: 'paused', role: 'practitioner' });
  }

  private async hangUp(socket: LiveSocket): Promise<void> {
    const room = await this.roomOf(socket);
    if (!room) return this.refuse(socket, 'not_joined', CALL_MSG.notJoined);
    if (room.me.role === 'patient') {
      await this.removeFromCall(socket.id, 'hangup');
      await this.patientLeft(room.me, socket);
      return;
    }
    if (room.me.role === 'supervisor') {
      // Only the practitioner of record ends the consultation: a supervisor hanging up only leaves.
      await this.removeFromCall(socket.id, 'hangup');
      await this.audit(socket, 'video.leave', 'success', room.me.appointmentId, { role: 'supervisor', vanished: false });
      await this.tell(room.others, { type: 'call.peer', event: 'left', role: 'supervisor' });
      return;
    }
    const changed = await setCallState(this.deps.booking, room.me.appointmentId, { status: 'COMPLETED', actorUserId: room.me.userId });
    if (!changed) return this.refuse(socket, 'status', CALL_MSG.statusFailed);
    await this.audit(socket, 'video.status', 'success', room.me.appointmentId, { from: changed.from, to: changed.to });
    await this.removeFromCall(socket.id, 'hangup');
    for (const other of room.others) {
      await this.deps.live.sendTo(other.connectionId!, { type: 'call.peer', event: 'ended', role: 'practitioner' });
      await this.removeFromCall(other.connectionId!, 'hangup');
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
    await this.announce(row.appointmentId, null, { type: 'call.peer', event: 'left', role: row.role });
    // A supervisor leaving or closing the page changes no status; the practitioner's 2-second rule.
    if (row.role === 'practitioner') this.scheduleSettle();
  }

  private async patientLeft(row: ParticipantRow, socket: LiveSocket | null): Promise<void> {
    const changed = await setCallState(this.deps.booking, row.appointmentId, { status: 'PATIENT_LEFT', actorUserId: row.userId });
    if (changed) await this.audit(socket, 'video.status', 'success', row.appointmentId, { from: changed.from, to: changed.to });
    await this.announce(row.appointmentId, null, { type: 'call.peer', event: 'left', role: 'patient' });
  }

  /** Takes a connection out of its call without a leave rule (pause, hang-up, replaced by a newer join, taken over). */
  private async removeFromCall(connectionId: string, reason: 'hangup' | 'paused' | 'replaced' | 'taken_over', by?: string): Promise<void> {
    await this.deps.db.update(videoParticipants).set({ connectionId: null, leftAt: null }).where(eq(videoParticipants.connectionId, connectionId));
    const message = { type: 'call.left' as const, reason, ...(by ? { by } : {}) };
    const local = this.deps.live.withLocalSocket(connectionId, (socket) => {
      socket.call = null;
      socket.send(message);
    });
    if (!local) await this.deps.live.sendTo(connectionId, message);
  }

  /** Tells everyone in the appointment's room now (but `except`) of a change among its members. */
  private async announce(appointmentId: string, except: string | null, message: PeerMessage): Promise<void> {
    const rows = await this.connected(appointmentId, this.deps.clock.now());
    await this.tell(rows.filter((row) => row.connectionId !== except), message);
  }

  private async tell(rows: readonly ParticipantRow[], message: PeerMessage): Promise<void> {
    for (const row of rows) if (row.connectionId) await this.deps.live.sendTo(row.connectionId, message);
  }

  /** The sender's participant row and the room's other members, or null when the socket is not (or no longer) in a room. */
  private async roomOf(socket: LiveSocket): Promise<{ me: ParticipantRow; others: ParticipantRow[] } | null> {
    if (!socket.call) return null;
    const rows = await this.connected(socket.call.appointmentId, this.deps.clock.now());
    const me = rows.find((row) => row.connectionId === socket.id);
    if (!me) {
      socket.call = null;
      return null;
    }
    return { me, others: rows.filter((row) => row !== me) };
  }

  /** A staff member's name as the room shows it. */
  private async nameOf(userId: string | null): Promise<string> {
    if (!userId) return '';
    const [user] = await this.deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    return user ? `${user.firstName} ${user.lastName}` : '';
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
