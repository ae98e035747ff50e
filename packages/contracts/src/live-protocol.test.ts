import { describe, expect, it } from 'vitest';
import { LiveServerMessage } from './live';
import { parseLiveData, readLiveServerMessage } from './live-protocol';
import { LIVE_TOPIC_DATA, type LiveTopic } from './live-topics';

const ID = '3f2b8c1e-6a4d-4e0b-9c7a-1d2e3f4a5b6c';
const message = { id: 7, room_id: ID, body: 'Hello', author: null, author_name: 'Vireo', author_kind: 'system', internal: false, dateCreated: 1_700_000_000, image: null };

/** For each topic, payloads its schema accepts and payloads it refuses. */
const SAMPLES: Record<LiveTopic, { valid: unknown[]; invalid: unknown[] }> = {
  appointments: {
    valid: [{ appointments: [] }, { appointments: [{ id: ID, status: 'CLAIMABLE', previous_status: null, start_time: 1_700_000_000 }] }],
    invalid: [null, {}, { appointments: [{ id: 'x', status: null, previous_status: null, start_time: null }] }, { appointments: [{ id: ID, status: null, previous_status: null, start_time: 1.5 }] }],
  },
  presence: { valid: [{ user_id: ID, last_online: 0 }], invalid: [{ user_id: ID }, { user_id: ID, last_online: '1' }] },
  rota: { valid: [{ shift_id: ID, practitioner_id: ID }], invalid: [{ shift_id: ID }, [ID, ID]] },
  doctors: { valid: [{ user_id: ID, organisation_id: ID }], invalid: [{ user_id: 'me', organisation_id: ID }] },
  chat: {
    valid: [{ room_id: ID }, { room_id: ID, status: 'closed' }, { room_id: ID, message }, { room_id: ID, message: { ...message, image: { id: ID, width: 640, height: 480 } } }, { room_id: ID, typing: { name: 'Ann' } }],
    invalid: [{}, { room_id: ID, message: { ...message, id: 0 } }, { room_id: ID, message: { ...message, image: undefined } }, { room_id: ID, message: { ...message, image: { id: ID, width: 0, height: 480 } } }, { room_id: ID, message: { ...message, author_kind: 'bot' } }, { room_id: ID, typing: {} }],
  },
  voice: {
    valid: [
      { call_id: ID },
      { call_id: ID, caller_name: 'Dr Ann Lee' },
      { call_id: ID, status: 'missed' },
      { call_id: ID, signal: { kind: 'description', description: { type: 'offer', sdp: 'v=0' } } },
      { call_id: ID, signal: { kind: 'candidate', candidate: null } },
      { call_id: ID, signal: { kind: 'candidate', candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } },
    ],
    invalid: [
      {},
      { call_id: 'x' },
      { call_id: ID, status: 'on_hold' },
      { call_id: ID, signal: { kind: 'description', description: { type: 'pranswer', sdp: 'v=0' } } },
      { call_id: ID, signal: { kind: 'description', description: { type: 'offer', sdp: '' } } },
      { call_id: ID, signal: { kind: 'candidate', candidate: { candidate: 'c', sdpMLineIndex: 65 } } },
      { call_id: ID, signal: { kind: 'hello' } },
    ],
  },
};

describe('the live client checks without zod', () => {
  for (const [topic, { valid, invalid }] of Object.entries(SAMPLES) as [LiveTopic, (typeof SAMPLES)[LiveTopic]][]) {
    it(`agrees with the publisher's schema on the ${topic} topic`, () => {
      for (const data of [...valid, ...invalid]) {
        expect(parseLiveData(topic, data) !== null, JSON.stringify(data)).toBe(LIVE_TOPIC_DATA[topic].safeParse(data).success);
      }
      for (const data of valid) expect(parseLiveData(topic, data)).toBe(data);
    });
  }

  it("reads the server's messages as the schema does", () => {
    const samples = [
      { type: 'ready' },
      { type: 'resync' },
      { type: 'pong' },
      { type: 'subscribed', topics: ['appointments'] },
      { type: 'subscribed', topics: [1] },
      { type: 'event', topic: 'chat', kind: 'chat.message', data: { room_id: ID } },
      { type: 'event', topic: 'chat', data: {} },
      { type: 'hello' },
      'ready',
      null,
    ];
    for (const sample of samples) {
      const parsed = LiveServerMessage.safeParse(sample);
      expect(readLiveServerMessage(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
