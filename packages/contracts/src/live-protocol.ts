import type { LiveServerMessage } from './live';
import type { LiveTopic, LiveTopicData } from './live-topics';

/**
 * The live-updates protocol as the browser's live client needs it, without a schema: its constants,
 * the server's messages and each topic's payload, checked by small hand-written guards. The web app
 * loads this on every signed-in page, so nothing here may import zod; the server validates with the
 * schemas in `live.ts` and `live-topics.ts`, and `live-protocol.test.ts` holds the guards to them.
 */
export const LIVE_PATH = '/api/live';

/** The server closes a socket that has not authenticated within this time. */
export const LIVE_AUTH_TIMEOUT_MS = 5_000;

/** Largest message the server accepts from a browser (auth, subscribe, ping are tiny; a call's SDP offer a few kB). */
export const LIVE_MAX_CLIENT_MESSAGE_BYTES = 32 * 1024;

export const LIVE_MAX_TOPICS = 32;

/** Close codes the server uses; the browser reconnects after all of them except `sessionInvalid`. */
export const LIVE_CLOSE = {
  goingAway: 1001,
  badMessage: 4400,
  /** Bad token, revoked or expired session, or a first message that was not `auth`. */
  sessionInvalid: 4401,
  authTimeout: 4408,
} as const;

/**
 * Events about the socket's own session. Every authenticated socket receives this topic without
 * subscribing: it is how the other tabs of a browser learn that their session was signed out.
 */
export const LIVE_SESSION_TOPIC = 'session';
export const LIVE_SESSION_REVOKED = 'session.revoked';
/** A user's roles changed: server processes re-read their sessions; sockets are not told. */
export const LIVE_SESSION_CHANGED = 'session.changed';

export interface LiveEventMessage {
  topic: string;
  kind: string;
  data: unknown;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => isString(value) && UUID.test(value);
const orNull = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);
const optional = (check: (value: unknown) => boolean) => (value: unknown) => value === undefined || check(value);
const shape =
  (fields: Record<string, (value: unknown) => boolean>) =>
  (value: unknown): value is Fields =>
    isObject(value) && Object.entries(fields).every(([name, check]) => check(value[name]));

/** A message from the server when it has one of `LiveServerMessage`'s shapes, else null. */
export function readLiveServerMessage(value: unknown): LiveServerMessage | null {
  if (!isObject(value)) return null;
  switch (value.type) {
    case 'ready':
    case 'resync':
    case 'pong':
      return { type: value.type };
    case 'subscribed':
      return Array.isArray(value.topics) && value.topics.every(isString) ? { type: 'subscribed', topics: value.topics } : null;
    case 'event':
      return isString(value.topic) && isString(value.kind) ? { type: 'event', topic: value.topic, kind: value.kind, data: value.data } : null;
    default:
      return null;
  }
}

// Shapes only: the publisher checked the values (an appointment's or a room's status among them) against its schema.
const appointmentItem = /* @__PURE__ */ shape({ id: isUuid, status: /* @__PURE__ */ orNull(isString), previous_status: /* @__PURE__ */ orNull(isString), start_time: /* @__PURE__ */ orNull(isInteger) });
const chatMessage = /* @__PURE__ */ shape({
  id: (v) => isInteger(v) && v > 0,
  room_id: isUuid,
  body: isString,
  author: /* @__PURE__ */ orNull(isUuid),
  author_name: isString,
  author_kind: (v) => v === 'staff' || v === 'customer' || v === 'system',
  internal: (v) => typeof v === 'boolean',
  dateCreated: isInteger,
  image: /* @__PURE__ */ orNull(/* @__PURE__ */ shape({ id: isUuid, width: (v) => isInteger(v) && v > 0, height: (v) => isInteger(v) && v > 0 })),
});

const sessionDescription = /* @__PURE__ */ shape({ type: (v) => v === 'offer' || v === 'answer', sdp: (v) => isString(v) && v.length > 0 && v.length <= 24_000 });
const iceCandidate = /* @__PURE__ */ shape({
  candidate: (v) => isString(v) && v.length <= 1_000,
  sdpMid: /* @__PURE__ */ optional(/* @__PURE__ */ orNull((v) => isString(v) && v.length <= 64)),
  sdpMLineIndex: /* @__PURE__ */ optional(/* @__PURE__ */ orNull((v) => isInteger(v) && (v as number) >= 0 && (v as number) <= 64)),
  usernameFragment: /* @__PURE__ */ optional(/* @__PURE__ */ orNull((v) => isString(v) && v.length <= 256)),
});
const callSignal = (value: unknown) =>
  isObject(value) && ((value.kind === 'description' && sessionDescription(value.description)) || (value.kind === 'candidate' && (value.candidate === null || iceCandidate(value.candidate))));
const VOICE_STATUSES = ['ringing', 'answered', 'ended', 'rejected', 'missed', 'cancelled'];

/** Each topic's payload check, mirroring the publisher's schema in `LIVE_TOPIC_DATA`. */
const LIVE_TOPIC_GUARDS: Record<LiveTopic, (data: unknown) => boolean> = {
  appointments: /* @__PURE__ */ shape({ appointments: (v) => Array.isArray(v) && v.every(appointmentItem) }),
  presence: /* @__PURE__ */ shape({ user_id: isUuid, last_online: isInteger }),
  rota: /* @__PURE__ */ shape({ shift_id: isUuid, practitioner_id: isUuid }),
  doctors: /* @__PURE__ */ shape({ user_id: isUuid, organisation_id: isUuid }),
  chat: /* @__PURE__ */ shape({ room_id: isUuid, status: /* @__PURE__ */ optional(isString), message: /* @__PURE__ */ optional(chatMessage), typing: /* @__PURE__ */ optional(/* @__PURE__ */ shape({ name: isString })) }),
  voice: /* @__PURE__ */ shape({ call_id: isUuid, caller_name: /* @__PURE__ */ optional(isString), signal: /* @__PURE__ */ optional(callSignal), status: /* @__PURE__ */ optional((v) => VOICE_STATUSES.includes(v as string)) }),
};

/** The event's data when it has its topic's shape, else null. */
export function parseLiveData<T extends LiveTopic>(topic: T, data: unknown): LiveTopicData<T> | null {
  return LIVE_TOPIC_GUARDS[topic](data) ? (data as LiveTopicData<T>) : null;
}
