import { z } from 'zod';
import { VIDEO_IDENTITIES, MAX_SDP_CHARS, CALL_ERRORS, CALL_LEFT_REASONS, CALL_PEER_EVENTS, CALL_ROLES } from './video-constants';

export * from './video-constants';

/**
 * The video consultation (spec 2 §2.3, §4.1, §7 video service). `POST /api/video/token` gives one
 * participant of one appointment a short-lived token; the browser then joins the appointment's
 * room over its live socket (`call.*` messages below), and the two browsers exchange their
 * WebRTC offer, answer and ICE candidates through the server. Media goes peer to peer.
 */
export const VideoIdentity = z.enum(VIDEO_IDENTITIES);
export type VideoIdentity = z.infer<typeof VideoIdentity>;

export const VideoTokenRequest = z.object({ identity: VideoIdentity, room: z.uuid() });
export type VideoTokenRequest = z.infer<typeof VideoTokenRequest>;

/** POST /api/video/takeover (issue 32): a shift manager listening in becomes the appointment's practitioner. */
export const TakeOverRequest = z.object({ room: z.uuid() });
export const TakeOverResponse = z.object({ success: z.literal(true), message: z.string() });

export const IceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

export const VideoTokenResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  /** Epoch seconds. */
  expires_at: z.number().int(),
  identity: VideoIdentity,
  room: z.uuid(),
  /** STUN/TURN servers with TURN credentials minted for this token; empty when none are configured. */
  ice_servers: z.array(IceServer),
});
export type VideoTokenResponse = z.infer<typeof VideoTokenResponse>;

export const SessionDescription = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(MAX_SDP_CHARS) });
export const IceCandidate = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
/** What one browser sends the other: a description or a candidate (null: end of candidates). */
export const CallSignal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('description'), description: SessionDescription }),
  z.object({ kind: z.literal('candidate'), candidate: /* @__PURE__ */ IceCandidate.nullable() }),
]);
export type CallSignal = z.infer<typeof CallSignal>;

/** Call messages a browser sends on its live socket (a customer's socket may send `call.join` first, without `auth`). */
export const CallClientMessages = [
  /** Without `token`, the patient's video token cookie sent with the socket's upgrade request. */
  z.object({ type: z.literal('call.join'), token: z.string().min(20).max(100).optional() }),
  /** `to`: which member of the room it is for; without it, the other seat (practitioner and customer). */
  z.object({ type: z.literal('call.signal'), signal: CallSignal, to: z.enum(CALL_ROLES).optional() }),
  /** Practitioner: ON_HOLD, and both leave the call. */
  z.object({ type: z.literal('call.pause') }),
  /** Practitioner: the call ends (COMPLETED); customer: they leave (PATIENT_LEFT); supervisor: they leave (no status). */
  z.object({ type: z.literal('call.hangup') }),
  /** Leaving the page: PATIENT_LEFT, or PRACTITIONER_LEFT after PRACTITIONER_LEAVE_DELAY_MS unless on hold or completed. */
  z.object({ type: z.literal('call.leave') }),
] as const;
export type CallErrorCode = (typeof CALL_ERRORS)[number];
export type CallPeerEvent = (typeof CALL_PEER_EVENTS)[number];
export type CallRole = (typeof CALL_ROLES)[number];
export type CallLeftReason = (typeof CALL_LEFT_REASONS)[number];
const Supervisor = z.object({ name: z.string() });

/** Call messages the server sends. */
export const CallServerMessages = [
  z.object({
    type: z.literal('call.joined'),
    room: z.uuid(),
    role: z.enum(CALL_ROLES),
    /** Perfect negotiation: the customer is the polite peer. */
    polite: z.boolean(),
    /** Whether the other seat is in the room now. */
    peer_present: z.boolean(),
    /** Everyone else in the room now (a supervisor connects to each). */
    present: z.array(z.enum(CALL_ROLES)),
    /** The shift manager listening in, if any. */
    supervisor: Supervisor.nullable(),
    ice_servers: z.array(IceServer),
  }),
  z.object({ type: z.literal('call.signal'), signal: CallSignal, from: z.enum(CALL_ROLES) }),
  /** A member of the room joined, left, paused or ended the call; `supervisor` names a supervisor who joined. */
  z.object({ type: z.literal('call.peer'), event: z.enum(CALL_PEER_EVENTS), role: z.enum(CALL_ROLES), supervisor: Supervisor.optional() }),
  /** This socket is no longer in the call (it hung up, paused, the same participant joined elsewhere, or a shift manager took over: `by`). */
  z.object({ type: z.literal('call.left'), reason: z.enum(CALL_LEFT_REASONS), by: z.string().optional() }),
  z.object({ type: z.literal('call.error'), code: z.enum(CALL_ERRORS), message: z.string() }),
] as const;

/** What the server sends a socket about its call (beside the live protocol's own messages). */
export const CallServerMessage = z.discriminatedUnion('type', CallServerMessages);
export type CallServerMessage = z.infer<typeof CallServerMessage>;
