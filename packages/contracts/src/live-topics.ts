import type { z } from 'zod';
import { BOOKING_LIVE } from './booking';
import { ROTA_LIVE } from './rota';

/**
 * Every live topic a page may subscribe to, with the one schema of its events' `data`. A topic has
 * one publisher, which checks its payload before publishing; the web app parses each event and
 * ignores one that does not match.
 */
export const LIVE_TOPIC_DATA = { ...BOOKING_LIVE.data, ...ROTA_LIVE.data };

export type LiveTopic = keyof typeof LIVE_TOPIC_DATA;
export type LiveTopicData<T extends LiveTopic> = z.infer<(typeof LIVE_TOPIC_DATA)[T]>;

/** The event's data when it has its topic's shape, else null. */
export function parseLiveData<T extends LiveTopic>(topic: T, data: unknown): LiveTopicData<T> | null {
  const parsed = LIVE_TOPIC_DATA[topic].safeParse(data);
  return parsed.success ? (parsed.data as LiveTopicData<T>) : null;
}
